/// Something a monster must be for a ``MonsterSelection`` to pick it: one field compared
/// with one value, equal to it by default.
///
/// The field is named by its key, a built-in or declared one in any case; the roster reads
/// the value by the field's description, so a weapon may be typed forgivingly:
///
/// ```swift
/// let picked = try roster.indices(matching: [.weapon(.ninjaStar), .icon("meetcatbot.png")])
/// let red = try roster.indices(matching: [MonsterCondition("team", .typed("red"))])
/// let young = try roster.indices(matching: [MonsterCondition("level", .less, .typed("10"))])
/// ```
public struct MonsterCondition: Hashable, Sendable {
  /// The field's key.
  public var key: String
  /// How the field's value is compared with ``value``.
  public var comparison: Comparison
  /// The value the field is compared with, or `nil` for none: with ``Comparison/equal``, a
  /// monster that has no value; with ``Comparison/notEqual``, one that has a value.
  public var value: FieldInput?

  /// How a condition compares a monster's value with the value it gives.
  ///
  /// Equality is the field's: a name ignoring case, a weapon as read forgivingly, an
  /// integer by its number however the file writes it. The orderings compare an integer
  /// field's numbers exactly, and other values as text, code point by code point (a key of
  /// a monster's own that holds a number, given a number, as numbers); a monster without a
  /// value of the field meets none of them. ``notEqual`` is met by every monster that
  /// ``equal`` is not, those without a value too.
  public enum Comparison: String, CaseIterable, Hashable, Sendable {
    /// `F=V`: the value is this one (or, with no value, the monster has none).
    case equal = "="
    /// `F!=V`: the value is another, or the monster has none (with no value: it has one).
    case notEqual = "!="
    /// `F<V`.
    case less = "<"
    /// `F<=V`.
    case lessOrEqual = "<="
    /// `F>V`.
    case greater = ">"
    /// `F>=V`.
    case greaterOrEqual = ">="

    /// Whether the comparison orders values rather than tell them equal.
    public var isOrdering: Bool {
      self != .equal && self != .notEqual
    }

    /// Whether two values in an order meet the comparison: `order` is how the monster's
    /// value stands to the one given.
    func holds(_ order: Order) -> Bool {
      switch self {
      case .equal: order == .same
      case .notEqual: order != .same
      case .less: order == .before
      case .lessOrEqual: order != .after
      case .greater: order == .after
      case .greaterOrEqual: order != .before
      }
    }

    /// How one value stands to another.
    enum Order {
      case before, same, after
    }
  }

  /// A condition that a field has a value.
  ///
  /// - Parameters:
  ///   - key: The field's key: a built-in or declared field's in any case, or a key some
  ///     monster has.
  ///   - value: The value, or `nil` for a monster that has none (no colour, no team).
  public init(_ key: String, _ value: FieldInput?) {
    self.init(key, .equal, value)
  }

  /// A condition that compares a field's value with a value.
  ///
  /// - Parameters:
  ///   - key: The field's key: a built-in or declared field's in any case, or a key some
  ///     monster has.
  ///   - comparison: How the values are compared.
  ///   - value: The value; `nil` for none, with ``Comparison/equal`` or
  ///     ``Comparison/notEqual`` only.
  public init(_ key: String, _ comparison: Comparison, _ value: FieldInput?) {
    self.key = key
    self.comparison = comparison
    self.value = value
  }

  /// The name is this one, compared as the roster compares names (ignoring case).
  public static func name(_ name: String) -> MonsterCondition {
    .field(.name, .string(name))
  }

  /// The weapon is this one.
  public static func weapon(_ weapon: Weapon) -> MonsterCondition {
    .field(.weapon, .string(weapon.name))
  }

  /// The description is exactly this text.
  public static func description(_ text: String) -> MonsterCondition {
    .field(.description, .string(text))
  }

  /// The icon's file name is exactly this text.
  public static func icon(_ text: String) -> MonsterCondition {
    .field(.icon, .string(text))
  }

  /// A field has exactly this value, as the file holds it; `nil` matches a monster that has
  /// none.
  public static func field(_ field: MonsterField, _ value: JSONValue?) -> MonsterCondition {
    MonsterCondition(field.key, value.map(FieldInput.json))
  }
}
