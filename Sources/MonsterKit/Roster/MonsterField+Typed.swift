// A declared field read and set as a Swift value: an integer field as an `Int`, a text
// field or a field of values as a `String`, rather than as the `JSONValue` the file holds.

/// A Swift type a declared field's value is read and set as: `Int` for an integer field,
/// `String` for a text field or a field of values.
public protocol MonsterFieldValue: Hashable, Sendable {
  /// Whether a field of a kind holds values of this type.
  ///
  /// - Parameter kind: The field's kind.
  static func isHeld(by kind: MonsterField.Kind) -> Bool
  /// The value a field holds as the file holds it, or `nil` when it is no value of this
  /// type.
  ///
  /// - Parameter json: The value, as the file holds it.
  init?(json: JSONValue)
  /// The value as the file holds it.
  var json: JSONValue { get }
}

extension Int: MonsterFieldValue {
  /// Whether the kind is an integer field's.
  ///
  /// - Parameter kind: The field's kind.
  public static func isHeld(by kind: MonsterField.Kind) -> Bool {
    if case .integer = kind { return true }
    return false
  }

  /// The whole number a JSON number is, read exactly from its digits (`7`, `7.0` and `0.7e1`
  /// are 7), or `nil` for anything else: a fraction, a number beyond `Int`, a string.
  ///
  /// - Parameter json: The value, as the file holds it.
  public init?(json: JSONValue) {
    guard case .number(let text) = json, let value = IntegerReading(json: text)?.value else {
      return nil
    }
    self = value
  }

  /// The number, in plain digits.
  public var json: JSONValue {
    .number(String(self))
  }
}

extension String: MonsterFieldValue {
  /// Whether the kind is a text field's or a field of values'.
  ///
  /// - Parameter kind: The field's kind.
  public static func isHeld(by kind: MonsterField.Kind) -> Bool {
    switch kind {
    case .text, .values: true
    default: false
    }
  }

  /// The text of a JSON string, or `nil` for anything else.
  ///
  /// - Parameter json: The value, as the file holds it.
  public init?(json: JSONValue) {
    guard case .string(let text) = json else { return nil }
    self = text
  }

  /// The text, as a JSON string.
  public var json: JSONValue {
    .string(self)
  }
}

extension MonsterField {
  /// A declared field read and set as a Swift value: an integer field as an `Int`, text
  /// and values as a `String`.
  ///
  /// ```swift
  /// let level = try #require(roster.field("level", as: Int.self))
  /// let value: Int? = monster[level]  // 12, or nil when the monster has none
  /// try roster.update(id: monster.id) { $0[level] = 13 }  // checked by the roster
  /// ```
  public struct Typed<Value: MonsterFieldValue>: Hashable, Sendable {
    /// The field.
    public let field: MonsterField

    /// The field's key.
    public var key: String {
      field.key
    }

    /// The field's value in a monster, as a `Value`; `nil` when the monster has none.
    ///
    /// - Parameter monster: The monster.
    public func value(in monster: Monster) -> Value? {
      field.value(in: monster).flatMap(Value.init(json:))
    }
  }

  /// The field read and set as a Swift type, when its values are of that type: an integer
  /// field as `Int`, a text field or a field of values as `String`.
  ///
  /// - Parameter type: `Int.self` or `String.self`.
  /// - Returns: The typed field, or `nil` for a field of another kind (a built-in field, a
  ///   key no field declares, another type).
  public func typed<Value: MonsterFieldValue>(as type: Value.Type) -> Typed<Value>? {
    origin == .declared && Value.isHeld(by: kind) ? Typed(field: self) : nil
  }
}

extension Roster {
  /// A field the roster declares, read and set as a Swift type (see
  /// ``MonsterField/typed(as:)``), found by its key as ``field(named:)`` finds it.
  ///
  /// ```swift
  /// let health = roster.field("health", as: Int.self)   // an integer field
  /// let team = roster.field("team", as: String.self)    // a field of values
  /// roster.field("team", as: Int.self)                  // nil: not an integer field
  /// ```
  ///
  /// - Parameters:
  ///   - key: The field's key.
  ///   - type: `Int.self` for an integer field, `String.self` for a text field or a field
  ///     of values.
  /// - Returns: The typed field, or `nil` when the roster declares no such field of such a
  ///   type.
  public func field<Value: MonsterFieldValue>(_ key: String, as type: Value.Type)
    -> MonsterField.Typed<Value>?
  {
    field(named: key)?.typed(as: type)
  }
}

extension Monster {
  /// The monster's value of a declared field, as a Swift value: an `Int` of an integer
  /// field, a `String` of a text field or a field of values; `nil` when it has none.
  ///
  /// Setting it gives the monster the value, or takes it away for `nil`; a roster checks it
  /// when it takes the monster (an edit of a roster's monster, ``Roster/add(_:)``), and
  /// refuses one the field does not take with ``RosterError/invalidValue(_:field:reason:)``
  /// (`800` for a field from 1 to 100, a value not among a field's values) or
  /// ``RosterError/missingValue(field:monster:)`` for a required field taken away.
  ///
  /// ```swift
  /// try roster.update(named: "Cat-Bot") { $0[health] = 75 }
  /// let health: Int? = roster.monster(named: "Cat-Bot")?[health]  // 75
  /// ```
  public subscript<Value>(field: MonsterField.Typed<Value>) -> Value? {
    get { field.value(in: self) }
    set { otherFields.setValue(newValue?.json, forKey: field.key) }
  }
}

extension RosterEdit.Changes {
  /// Sets a declared field to a Swift value, after the fields set before, or takes it away
  /// for `nil`: the edit checks it as it checks every value.
  ///
  /// ```swift
  /// var changes = RosterEdit.Changes()
  /// changes.set(health, to: 75)
  /// try roster.apply(.set("Cat-Bot", changes))
  /// ```
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - value: The value, or `nil` to take it away.
  public mutating func set<Value>(_ field: MonsterField.Typed<Value>, to value: Value?) {
    assignments.append(Assignment(field.key, value.map { .json($0.json) }, keyIsExact: true))
  }
}
