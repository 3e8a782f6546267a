import MonstersSystem

/// A field of a monster: a key of its object in the roster file, what its value may be, and
/// whether every monster has it.
///
/// This is the one description of fields. The five built-in ones and those a roster
/// declares (``Roster/declaredFields``) are values of this one type, and everything that
/// reads or writes a field goes by it: the reader and `check`, edits, diffs and merges,
/// imports, and every listing of the command line. A key that is neither (one the roster
/// neither builds in nor declares) is ``other(_:)``: any JSON value, kept as it is.
///
/// ```swift
/// MonsterField.weapon.key                      // "weapon"
/// MonsterField.builtIn.map(\.key)              // name, description, icon, weapon, nameColor
/// let health = try MonsterField(
///   declaring: "health", kind: .integer(minimum: 1, maximum: 100))
/// health.problem(with: .number("500"))         // "is 500; it takes an integer from 1 to 100"
/// Monster.seeded[0][.weapon]                   // .string("sword")
/// ```
public struct MonsterField: Hashable, Sendable {
  /// The key of the monster's object, as the file spells it, such as `nameColor` or `team`.
  public let key: String
  /// What values the field takes.
  public let kind: Kind
  /// Whether every monster has a value; an optional field may be left out.
  public let isRequired: Bool
  /// For a declared required field, the value a monster without one is given, if any.
  public let defaultValue: JSONValue?
  /// Where the field comes from.
  package let origin: Origin

  /// What values a field takes.
  public enum Kind: Hashable, Sendable {
    /// A monster's name: text that follows the rules of names (``Roster``).
    case name
    /// Any text.
    case text
    /// One of the roster's weapons, by name (``Roster/weapons``).
    case weapon
    /// A ``NameColor``, as the file spells it.
    case color
    /// A whole number, at least `minimum` and at most `maximum` where they are given.
    case integer(minimum: Int?, maximum: Int?)
    /// One of these texts, exactly.
    case values([String])
    /// Any JSON value: a key the roster neither builds in nor declares.
    case any
  }

  /// Where a field comes from.
  package enum Origin: Hashable, Sendable {
    /// One of the five fields every roster has.
    case builtIn(BuiltIn)
    /// A field the roster declares.
    case declared
    /// A key the roster neither builds in nor declares.
    case undeclared
  }

  private init(
    key: String, kind: Kind, isRequired: Bool, defaultValue: JSONValue? = nil, origin: Origin
  ) {
    self.key = key
    self.kind = kind
    self.isRequired = isRequired
    self.defaultValue = defaultValue
    self.origin = origin
  }

  /// Whether the field is one of the five every roster has.
  public var isBuiltIn: Bool {
    builtIn != nil
  }

  /// Whether the roster declares the field.
  public var isDeclared: Bool {
    origin == .declared
  }

  /// The built-in field this is, if it is one.
  package var builtIn: BuiltIn? {
    guard case .builtIn(let field) = origin else { return nil }
    return field
  }

  /// How messages name the field: `name colour`, `weapon`, or a declared field's key.
  public var label: String {
    builtIn?.label ?? key
  }
}

// MARK: - Equality

extension MonsterField {
  /// Whether two fields are the same, with keys and values compared code point by code
  /// point, as the roster file holds them.
  public static func == (lhs: MonsterField, rhs: MonsterField) -> Bool {
    lhs.key.hasSameCodePoints(as: rhs.key) && lhs.kind == rhs.kind
      && lhs.isRequired == rhs.isRequired && lhs.defaultValue == rhs.defaultValue
      && lhs.origin == rhs.origin
  }
}

extension MonsterField.Kind {
  /// Whether two kinds are the same, a list of values compared code point by code point.
  public static func == (lhs: MonsterField.Kind, rhs: MonsterField.Kind) -> Bool {
    switch (lhs, rhs) {
    case (.name, .name), (.text, .text), (.weapon, .weapon), (.color, .color), (.any, .any):
      true
    case (.integer(let lowest, let highest), .integer(let otherLowest, let otherHighest)):
      lowest == otherLowest && highest == otherHighest
    case (.values(let values), .values(let others)):
      values.elementsEqual(others) { $0.hasSameCodePoints(as: $1) }
    default: false
    }
  }
}

// MARK: - Finding a field by name

extension [MonsterField] {
  /// The place of the field a person names: by its key exactly, code point by code point,
  /// or, where no key is that, in any case and normal form.
  func firstIndex(named name: String) -> Int? {
    if let exact = firstIndex(where: { $0.key.hasSameCodePoints(as: name) }) { return exact }
    let folded = MonsterField.foldedKey(name)
    return firstIndex { MonsterField.foldedKey($0.key) == folded }
  }
}

extension MonsterField {
  /// A field's name as names of fields are compared where a person types them: case-folded
  /// as monsters' names are (``Monster/foldedName(_:)``: full case folding, any normal
  /// form), so that `Team`, `TEAM` and `team` are one field, and `deſcription` is
  /// `description`. Two declared fields never fold alike.
  ///
  /// - Parameter key: A field's key, or a name typed for one.
  /// - Returns: The folded name.
  package static func foldedKey(_ key: String) -> String {
    Monster.foldedName(key)
  }

  /// The field a key that is none was likely meant to name, for "did you mean": one that is
  /// the same ignoring case, normal form, white space, `-` and `_` (`Faction`, `Level `,
  /// `Name Color`, `name_color`), else the closest by a few typed letters (`levl`).
  ///
  /// - Parameters:
  ///   - key: The key, as given.
  ///   - candidates: The fields' keys.
  /// - Returns: The key meant, or `nil` when none is close.
  package static func fieldMeant(by key: String, among candidates: [String]) -> String? {
    func loose(_ text: String) -> String {
      var kept = String.UnicodeScalarView()
      kept.append(
        contentsOf: foldedKey(text).unicodeScalars.filter {
          !$0.properties.isWhitespace && $0 != "-" && $0 != "_"
        })
      return String(kept)
    }
    let wanted = loose(key)
    if let same = candidates.first(where: { loose($0) == wanted }) { return same }
    return closestMatch(to: key, among: candidates)
  }
}

// MARK: - The built-in fields

extension MonsterField {
  /// The five fields every roster has, in the order the canonical form writes them: the
  /// one table a built-in field is spelled in.
  package enum BuiltIn: Int, CaseIterable, Sendable {
    case name, description, icon, weapon, nameColor

    /// The key as the file spells it.
    package var spelling: StaticString {
      switch self {
      case .name: "name"
      case .description: "description"
      case .icon: "icon"
      case .weapon: "weapon"
      case .nameColor: "nameColor"
      }
    }

    /// What the field's values are.
    var kind: Kind {
      switch self {
      case .name: .name
      case .description, .icon: .text
      case .weapon: .weapon
      case .nameColor: .color
      }
    }

    /// Whether every monster has the field.
    var isRequired: Bool {
      self != .nameColor
    }

    /// How messages name the field.
    var label: String {
      self == .nameColor ? "name colour" : spelling.description
    }

    /// The text field of a record the key's value is, for `name`, `description` and `icon`.
    package var textField: MonsterTextField? {
      MonsterTextField(rawValue: rawValue)
    }

    /// The key a spelling names, if any.
    init?(spelling text: String) {
      guard let key = Self.allCases.first(where: { $0.spelling.description == text }) else {
        return nil
      }
      self = key
    }

    /// The key an unescaped key token's bytes name, compared bytewise: how the reader tells
    /// a million monsters' keys apart.
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
      let key: BuiltIn
      switch bytes.count {
      case 4: key = bytes[0] == UInt8(ascii: "n") ? .name : .icon
      case 6: key = .weapon
      case 9: key = .nameColor
      case 11: key = .description
      default: return nil
      }
      guard key.spelling.matches(bytes) else { return nil }
      self = key
    }

    /// The key's bit in a set of keys seen.
    @inline(__always)
    var bit: UInt8 { 1 << UInt8(rawValue) }

    /// The keys in order, made once: what a loop over every monster's keys goes through.
    static let ordered = allCases

    /// The field this key is.
    package var field: MonsterField {
      MonsterField.builtIn[rawValue]
    }
  }

  /// The five built-in fields, in the order the canonical form writes them.
  public static let builtIn: [MonsterField] = BuiltIn.allCases.map { key in
    MonsterField(
      key: key.spelling.description, kind: key.kind, isRequired: key.isRequired,
      origin: .builtIn(key))
  }

  /// The name.
  public static var name: MonsterField { BuiltIn.name.field }
  /// The description.
  public static var description: MonsterField { BuiltIn.description.field }
  /// The icon's file name.
  public static var icon: MonsterField { BuiltIn.icon.field }
  /// The weapon.
  public static var weapon: MonsterField { BuiltIn.weapon.field }
  /// The name colour.
  public static var nameColor: MonsterField { BuiltIn.nameColor.field }

  /// A key the roster neither builds in nor declares, as the file spells it: any JSON
  /// value, kept as it is.
  ///
  /// - Parameter key: The key.
  /// - Returns: The field.
  public static func other(_ key: String) -> MonsterField {
    if let builtIn = BuiltIn(spelling: key) { return builtIn.field }
    return MonsterField(key: key, kind: .any, isRequired: false, origin: .undeclared)
  }
}

// MARK: - Declared fields

extension MonsterField {
  /// A field a roster declares.
  ///
  /// ```swift
  /// let team = try MonsterField(declaring: "team", kind: .values(["red", "blue"]))
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key: not a built-in one (in any case), not empty, without control or
  ///     format characters, white space at either end, `=` or `,` (which the command line
  ///     reads between a field and its value).
  ///   - kind: ``Kind/text``, ``Kind/integer(minimum:maximum:)`` or ``Kind/values(_:)``.
  ///   - isRequired: Whether every monster has a value.
  ///   - defaultValue: For a required field, the value a monster without one is given.
  /// - Throws: ``RosterError/invalidDeclaration(_:reason:)`` for a key, kind or default
  ///   that is not allowed.
  public init(
    declaring key: String, kind: Kind = .text, isRequired: Bool = false,
    defaultValue: JSONValue? = nil
  ) throws(RosterError) {
    self.init(
      uncheckedDeclaring: key, kind: kind, isRequired: isRequired, defaultValue: defaultValue)
    if let reason = declarationProblem() { throw .invalidDeclaration(key, reason: reason) }
  }

  /// A declared field as the reader found it, checked with ``declarationProblem()``: its
  /// default, when the field takes it, in the canonical form (an integer's `5.0` is `5`).
  init(
    uncheckedDeclaring key: String, kind: Kind, isRequired: Bool, defaultValue: JSONValue?
  ) {
    self.init(
      key: key, kind: kind, isRequired: isRequired, defaultValue: defaultValue,
      origin: .declared)
    if let value = defaultValue, problem(with: value) == nil {
      self = MonsterField(
        key: key, kind: kind, isRequired: isRequired, defaultValue: canonical(value),
        origin: .declared)
    }
  }

  /// What is wrong with the field as a declaration, or `nil` for none.
  func declarationProblem() -> String? {
    if let reason = Self.keyProblem(key) { return reason }
    switch kind {
    case .text: break
    case .integer(let minimum?, let maximum?) where minimum > maximum:
      return "its minimum, \(minimum), is more than its maximum, \(maximum)"
    case .integer: break
    case .values(let values):
      if values.isEmpty { return "it lists no values" }
      // An empty value reads as no value where a person types it: `--field team=` takes
      // the field away.
      if values.contains("") { return "it lists an empty value" }
      // Two values that typed text matches alike (one text in two Unicode forms, or in two
      // cases) are one: `--field`, `--where` and an import could pick neither.
      var seen: [String: String] = [:]
      // Where the two differ only in code points, each is spelled by them.
      func spelled(_ text: String) -> String {
        escaping(escapedForMessage(text)) { $0.isASCII ? nil : unicodeEscape($0) }
      }
      for value in values {
        guard let earlier = seen.updateValue(value, forKey: Self.typedForm(of: value)) else {
          continue
        }
        if earlier != value {
          return "it lists '\(escapedForMessage(earlier))' and '\(escapedForMessage(value))', "
            + "the same value ignoring case, as a value is typed"
        }
        return "it lists the value '\(escapedForMessage(value))' twice"
          + (earlier.hasSameCodePoints(as: value)
            ? ""
            : " (as '\(spelled(earlier))' and '\(spelled(value))', one text in two Unicode forms)")
      }
    case .name, .weapon, .color, .any:
      return "a declared field is text, an integer or one of a list of values"
    }
    if let value = defaultValue {
      guard isRequired else { return "a default goes with a required field" }
      if let problem = problem(with: value) { return "its default \(problem)" }
    }
    return nil
  }

  /// The characters a declared field's name may not hold, as the command line reads them
  /// between a field and its value (`--where F=V`, `F!=V`, `F<V`, `F>=V`) or between fields
  /// (`--fields a,b`).
  static let reservedInNames: Set<Unicode.Scalar> = ["=", ",", "<", ">", "!"]

  /// Why a key cannot be a declared field's, or `nil` when it can.
  static func keyProblem(_ key: String) -> String? {
    if let reason = Roster.problem(withName: key) { return "the name " + reason }
    let folded = foldedKey(key)
    if let builtIn = BuiltIn.allCases.first(where: { foldedKey($0.spelling.description) == folded })
    {
      return builtIn.spelling.description == key
        ? "'\(escapedForMessage(key))' is a built-in field"
        : "'\(escapedForMessage(key))' is the built-in field '\(builtIn.spelling)' in another case "
          + "or form"
    }
    if let mark = key.unicodeScalars.first(where: { Self.reservedInNames.contains($0) }) {
      return "the name holds '\(mark)', which the command line reads between a field and its "
        + "value (FIELD=VALUE, FIELD<VALUE, a,b)"
    }
    return nil
  }
}

// MARK: - Values

extension MonsterField {
  /// The field's value in a monster, as the file holds it; `nil` when the monster has none.
  ///
  /// - Parameter monster: The monster.
  /// - Returns: A string for the built-in fields (the weapon's name, the colour as the file
  ///   spells it), the value of another key, or `nil` for no colour or a key the monster
  ///   lacks.
  public func value(in monster: Monster) -> JSONValue? {
    switch builtIn {
    case .name?: .string(monster.name)
    case .description?: .string(monster.description)
    case .icon?: .string(monster.icon)
    case .weapon?: .string(monster.weapon.name)
    case .nameColor?: monster.nameColor.map { .string($0.description) }
    case nil: monster.otherFields.value(forKey: key)
    }
  }

  /// Gives a monster a value of the field, or takes it away, once the value is known to be
  /// one the field takes.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it; `nil` for none.
  ///   - monster: The monster.
  ///   - weapons: The weapons a weapon's name is one of, for its image.
  func set(_ value: JSONValue?, in monster: inout Monster, weapons: [Weapon]) {
    let text: String? = if case .string(let text)? = value { text } else { nil }
    switch builtIn {
    case .name?: monster.name = text ?? monster.name
    case .description?: monster.description = text ?? monster.description
    case .icon?: monster.icon = text ?? monster.icon
    case .weapon?:
      monster.weapon = text.map { weapons.weapon(named: $0) ?? Weapon(name: $0) } ?? monster.weapon
    case .nameColor?: monster.nameColor = text.flatMap { NameColor(spelling: $0) }
    case nil: monster.otherFields.setValue(value, forKey: key)
    }
  }

  /// The values the field takes, when they are a closed list of words: a weapon's names, a
  /// colour's names (`#RRGGBB` aside), or a declared field's values; `nil` otherwise.
  ///
  /// - Parameter weapons: The roster's weapons, for a weapon.
  /// - Returns: The words, in order.
  public func words(weapons: [Weapon] = Weapon.builtIn) -> [String]? {
    switch kind {
    case .weapon: weapons.names
    case .color: NameColor.named.map(\.description)
    case .values(let values): values
    case .name, .text, .integer, .any: nil
    }
  }

  /// What the field takes, in a user's words, such as `an integer from 1 to 100`.
  ///
  /// - Parameter weapons: The roster's weapons, for a weapon.
  /// - Returns: The words, after "it takes".
  public func allowedValues(weapons: [Weapon] = Weapon.builtIn) -> String {
    switch kind {
    case .name: "a name"
    case .text: "text"
    case .weapon: "one of the weapons " + listedForMessage(weapons.names)
    case .color: "a colour: " + NameColor.spellings
    case .integer(nil, nil): "an integer"
    case .integer(let minimum?, nil): "an integer of at least \(minimum)"
    case .integer(nil, let maximum?): "an integer of at most \(maximum)"
    case .integer(let minimum?, let maximum?): "an integer from \(minimum) to \(maximum)"
    case .values(let values):
      "one of " + listedForMessage(values)
    case .any: "any JSON value"
    }
  }

  /// What is wrong with a value of the field, or `nil` when the field takes it.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it.
  ///   - weapons: The roster's weapons, for a weapon.
  /// - Returns: Words after the field's name, such as `is 500; it takes an integer from 1
  ///   to 100`, or `nil`.
  public func problem(with value: JSONValue, weapons: [Weapon] = Weapon.builtIn) -> String? {
    let fits: Bool
    switch (kind, value) {
    case (.any, _): return nil
    case (.name, .string(let text)):
      return Roster.problem(withName: text).map { "is not a name: it " + $0 }
    case (.text, .string): return nil
    case (.weapon, .string(let text)): fits = weapons.weapon(named: text) != nil
    case (.color, .string(let text)): fits = NameColor(spelling: text) != nil
    case (.values(let values), .string(let text)):
      fits = values.contains { $0.hasSameCodePoints(as: text) }
    case (.integer, .number(let text)):
      return integerRefusal(of: text)?.problem(text, allowed: allowedValues())
    case (.integer, _):
      return "must be a number: \(allowedValues(weapons: weapons))"
    default:
      return "must be a string: \(allowedValues(weapons: weapons))"
    }
    guard !fits else { return nil }
    return "is \(Self.quoted(value)); it takes \(allowedValues(weapons: weapons))"
  }

  /// Checks a value of the field, as an edit gives it.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it.
  ///   - weapons: The roster's weapons, for a weapon.
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` for a weapon the roster does not
  ///   have, ``RosterError/invalidValue(_:field:reason:)`` for any other value the field
  ///   does not take.
  public func check(_ value: JSONValue, weapons: [Weapon] = Weapon.builtIn) throws(RosterError) {
    guard problem(with: value, weapons: weapons) != nil else { return }
    if kind == .weapon, case .string(let text) = value {
      throw .unknownWeapon(text, weapons: weapons.names)
    }
    if kind == .name, case .string(let text) = value, let reason = Roster.problem(withName: text) {
      throw .invalidName(text, reason: "it " + reason)
    }
    if case .number(let text) = value, let refusal = integerRefusal(of: text) {
      throw .invalidValue(
        text, field: key, reason: "it " + refusal.reason(allowed: allowedValues()))
    }
    throw .invalidValue(
      Self.text(of: value), field: key, reason: "it takes " + allowedValues(weapons: weapons))
  }

  /// A value as the roster holds it: for an integer field, a whole number in canonical
  /// integer form (`5.0` and `1E1` are `5` and `10`); any other value as it is.
  ///
  /// - Parameter value: A value the field takes.
  /// - Returns: The value as the file writes it.
  package func canonical(_ value: JSONValue) -> JSONValue {
    guard case .integer = kind, case .number(let text) = value,
      let canonical = IntegerReading(json: text)?.canonicalText, canonical != text
    else { return value }
    return .number(canonical)
  }

  /// A value as a message shows what was given: a string's text, anything else as JSON.
  static func text(of value: JSONValue) -> String {
    if case .string(let text) = value { return text }
    var bytes: [UInt8] = []
    bytes.appendJSON(value, indent: nil)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A value as a message quotes it: a string in quotes, anything else as compact JSON.
  static func quoted(_ value: JSONValue) -> String {
    if case .string(let text) = value { return "'\(escapedForMessage(text))'" }
    return escapedForMessage(text(of: value))
  }

  /// The value a person means by some text, as a command line, a TSV or a CSV gives it: a
  /// weapon read forgivingly (`ninja-star`), a colour in any case, an integer in decimal
  /// digits or as any whole JSON number (`7.0`), one of a field's values in any case where only one matches; anything else
  /// as it is. Empty text is no value, for a field a monster may be without.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - weapons: The roster's weapons.
  /// - Returns: The value as the file holds it, or `nil` for none.
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` or
  ///   ``RosterError/invalidValue(_:field:reason:)`` for text that is no value of the field.
  public func value(typed text: String, weapons: [Weapon] = Weapon.builtIn) throws(RosterError)
    -> JSONValue?
  {
    if text.isEmpty && !isRequired { return nil }
    func invalid() -> RosterError {
      .invalidValue(text, field: key, reason: "it takes " + allowedValues(weapons: weapons))
    }
    switch kind {
    case .name, .text, .any:
      return .string(text)
    case .weapon:
      guard let weapon = weapons.weapon(parsing: text) else {
        throw .unknownWeapon(text, weapons: weapons.names)
      }
      return .string(weapon.name)
    case .color:
      guard let color = NameColor(parsing: text) else { throw invalid() }
      return .string(color.description)
    case .integer:
      let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
      let isDecimal =
        text.utf8.count - digits.count <= 1 && !digits.isEmpty
        && digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
      let number: String
      if isJSONNumber(text) {
        // As JSON writes it (`7`, `7.0`, `0.7e1`).
        number = text
      } else if isDecimal {
        // Digits as a person may type them, leading zeros and all (`007` is 7), which JSON
        // does not allow, however long: without the zeros they are a JSON number.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        number =
          significant.isEmpty
          ? "0"
          : (digits.count < text.utf8.count ? "-" : "")
            + String(decoding: significant, as: UTF8.self)
      } else {
        throw invalid()
      }
      if let refusal = integerRefusal(of: number) {
        throw .invalidValue(
          text, field: key, reason: "it " + refusal.reason(allowed: allowedValues()))
      }
      // In canonical integer form: `7.0` and `007` are stored as `7`, `-0` as `0`.
      return canonical(.number(number))
    case .values(let values):
      if values.contains(where: { $0.hasSameCodePoints(as: text) }) { return .string(text) }
      let typed = Self.typedForm(of: text)
      let matches = values.filter { Self.typedForm(of: $0) == typed }
      guard matches.count == 1 else { throw invalid() }
      return .string(matches[0])
    }
  }

  /// One of a field's values as typed text is matched with it: case-folded as names are, in
  /// any normal form. Two values of one form are one value to a person.
  static func typedForm(of text: String) -> String {
    foldedKey(text)
  }
}

// MARK: - Bounds

extension MonsterField {
  /// What a bound of an integer field (its `minimum` or `maximum`) reads as.
  package enum BoundReading: Equatable {
    /// A whole number an `Int` holds.
    case bound(Int)
    /// No whole number.
    case notWhole
    /// A whole number beyond what an `Int` holds.
    case beyond

    /// What is wrong, in words after the bound's name (`must be a whole number`), or `nil`.
    package var problem: String? {
      switch self {
      case .bound: nil
      case .notWhole: "must be a whole number"
      case .beyond: "must be a whole number from \(Int.min) to \(Int.max)"
      }
    }
  }

  /// A bound as the file holds it: a JSON number whose value is whole, as an integer
  /// field's values are read (`7`, `7.0`, `0.7e1`).
  package static func bound(json value: JSONValue) -> BoundReading {
    guard case .number(let text) = value else { return .notWhole }
    switch IntegerReading(json: text) {
    case .integer(let whole)?: return .bound(whole)
    case .beyond?: return .beyond
    case .fraction?, nil: return .notWhole
    }
  }

  /// A bound as a person types it, read as an integer field's typed values are read
  /// (`7`, `7.0`, `0.7e1`, `007`).
  package static func bound(typed text: String) -> BoundReading {
    let field = MonsterField(
      uncheckedDeclaring: "bound", kind: .integer(minimum: nil, maximum: nil), isRequired: true,
      defaultValue: nil)
    let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
    if !isJSONNumber(text), text.utf8.count - digits.count <= 1, !digits.isEmpty,
      digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
    {
      // Digits with leading zeros, however many.
      guard let value = try? field.value(typed: text) else { return .beyond }
      return bound(json: value)
    }
    return bound(json: .number(text))
  }
}

// MARK: - Conditions

extension MonsterField {
  /// Whether a monster's value of the field is the value a condition asks for: the same
  /// JSON; for an integer field, the same whole number however the file writes it (`7`,
  /// `7.0`, `0.7e1`; `-0` is `0`), as the field reads it; for a key the roster neither
  /// builds in nor declares, the text `list --fields` shows.
  ///
  /// - Parameters:
  ///   - held: The monster's value, or `nil` for none.
  ///   - wanted: The value asked for, or `nil` for none.
  func holds(_ held: JSONValue?, asked wanted: JSONValue?) -> Bool {
    if held == wanted { return true }
    switch (kind, held, wanted) {
    case (.integer, .number(let heldText)?, .number(let wantedText)?):
      guard let heldNumber = IntegerReading(json: heldText)?.value,
        let wantedNumber = IntegerReading(json: wantedText)?.value
      else { return false }
      return heldNumber == wantedNumber
    case (.any, let held?, .string(let text)?):
      // A key the roster neither builds in nor declares is asked for as text: a value
      // that is no string holds it by its compact JSON, as `list --fields` shows it
      // (`1.0`, `true`, `null`).
      if case .string = held { return false }
      return Self.text(of: held).hasSameCodePoints(as: text)
    default:
      return false
    }
  }
}

// MARK: - Whole numbers

extension MonsterField {
  /// Why an integer field does not take a JSON number, read exactly.
  enum IntegerRefusal {
    /// The number has a fraction.
    case notWhole
    /// The number is whole, but beyond `Int`'s range, which no field holds.
    case beyond
    /// The number is outside the field's range.
    case outOfRange

    /// Why, after `it` in a message about the value: `is not a whole number; it takes an
    /// integer`, `takes an integer from 1 to 100`.
    func reason(allowed: String) -> String {
      switch self {
      case .notWhole: "is not a whole number; it takes " + allowed
      case .beyond: "is beyond the whole numbers a field holds, \(Int.min) to \(Int.max)"
      case .outOfRange: "takes " + allowed
      }
    }

    /// What is wrong with a value, after the field's name: `is 5.5, not a whole number; it
    /// takes an integer`.
    func problem(_ text: String, allowed: String) -> String {
      let value = escapedForMessage(text)
      return switch self {
      case .notWhole: "is \(value), not a whole number; it takes " + allowed
      case .beyond:
        "is \(value), beyond the whole numbers a field holds, \(Int.min) to \(Int.max)"
      case .outOfRange: "is \(value); it takes " + allowed
      }
    }
  }

  /// Why the field, an integer one, does not take a JSON number, or `nil` when it does.
  func integerRefusal(of text: String) -> IntegerRefusal? {
    guard case .integer(let minimum, let maximum) = kind else { return nil }
    switch IntegerReading(json: text) {
    case .integer(let number)?:
      return number >= (minimum ?? .min) && number <= (maximum ?? .max) ? nil : .outOfRange
    case .beyond?: return .beyond
    case .fraction?, nil: return .notWhole
    }
  }
}

// MARK: - A monster's fields

extension Monster {
  /// The value of a field, as the file holds it; `nil` when the monster has none.
  ///
  /// ```swift
  /// Monster.seeded[0][.weapon]  // .string("sword")
  /// ```
  public subscript(field: MonsterField) -> JSONValue? {
    field.value(in: self)
  }

  /// The monster's object as the file holds it: the built-in keys in order, then the others.
  package var jsonMembers: [JSONMember] {
    MonsterField.builtIn.compactMap { field in
      field.value(in: self).map { JSONMember(field.key, $0) }
    } + otherFields
  }
}
