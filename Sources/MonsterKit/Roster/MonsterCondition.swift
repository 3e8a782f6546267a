/// Something a monster must be for a ``MonsterSelection`` to pick it: one field equal to
/// one value.
///
/// ```swift
/// let fire = roster.indices(matching: [.weapon(.ninjaStar), .nameColor(nil)])
/// ```
public enum MonsterCondition: Hashable, Sendable {
  /// The name is this one, compared as the roster compares names (ignoring case).
  case name(String)
  /// The weapon is this one.
  case weapon(WeaponType)
  /// The description is exactly this text.
  case description(String)
  /// The icon's file name is exactly this text.
  case icon(String)
  /// The name colour is this one; `nil` matches a name with no colour.
  case nameColor(NameColor?)
}
