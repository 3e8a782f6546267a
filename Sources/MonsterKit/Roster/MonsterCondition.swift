/// Something a monster must be for a ``MonsterSelection`` to pick it: one field equal to
/// one value.
///
/// The field is named by its key, a built-in or declared one in any case; the roster reads
/// the value by the field's description, so a weapon may be typed forgivingly:
///
/// ```swift
/// let picked = try roster.indices(matching: [.weapon(.ninjaStar), .icon("meetcatbot.png")])
/// let red = try roster.indices(matching: [MonsterCondition("team", .typed("red"))])
/// ```
public struct MonsterCondition: Hashable, Sendable {
  /// The field's key.
  public var key: String
  /// The value the field must have, or `nil` for a monster that has none.
  public var value: FieldInput?

  /// A condition on a field.
  ///
  /// - Parameters:
  ///   - key: The field's key: a built-in or declared field's in any case, or a key some
  ///     monster has.
  ///   - value: The value, or `nil` for a monster that has none (no colour, no team).
  public init(_ key: String, _ value: FieldInput?) {
    self.key = key
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
