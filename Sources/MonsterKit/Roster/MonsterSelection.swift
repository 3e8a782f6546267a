/// Which monsters an edit of several monsters changes.
///
/// ```swift
/// try roster.apply(.setEach(.matching([.weapon(.ninjaStar)]), .init(weapon: .fire)))
/// try roster.apply(.removeEach(.namesIfPresent(["Cat-Bot", "No-Such-Bot"])))
/// ```
public enum MonsterSelection: Hashable, Sendable {
  /// The monsters with these names, ignoring case, in this order. Each must be on the
  /// roster; a name given twice picks its monster once.
  case names([String])
  /// The monsters with these names that are on the roster; a name no monster has is
  /// skipped, and the edit says so (``RosterChange/skippedMissing(_:)``).
  case namesIfPresent([String])
  /// Every monster for which all the conditions hold, in roster order; none is no error
  /// (``RosterChange/noMatch(_:)``).
  case matching([MonsterCondition])
}
