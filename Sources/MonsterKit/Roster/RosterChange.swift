/// One thing an edit did to a roster, or chose not to do: what a front end reports, one
/// line each.
///
/// ``Roster/applyReporting(_:)`` gives the changes of one edit, in order:
///
/// ```swift
/// var roster = Roster.seeded
/// let changes = try roster.applyReporting(.set("cat-bot", .init(weapon: .fire)))
/// // [.changed(Cat-Bot: weapon sword -> fire)]
/// ```
public enum RosterChange: Hashable, Sendable {
  /// A monster's fields changed, its name perhaps too.
  case changed(MonsterChange)
  /// A monster was added at the end: its name.
  case added(String)
  /// A monster was removed: its name.
  case removed(String)
  /// A monster was not added because one has its name already, ignoring case: the name
  /// asked for, and the name of the monster that has it.
  case skippedExisting(String, holder: String)
  /// A monster was not removed or renamed because no monster has the name.
  case skippedMissing(String)
  /// No monster meets the conditions, so nothing was changed.
  case noMatch([MonsterCondition])
  /// A weapon was added to the roster's weapons.
  case weaponAdded(Weapon)
  /// A weapon was taken off the roster's weapons.
  case weaponRemoved(Weapon)
  /// A field was declared, and given, by its default, to this many monsters.
  case fieldAdded(MonsterField, givenTo: Int)
  /// A declared field was taken away, and taken from this many monsters that had it.
  case fieldRemoved(MonsterField, takenFrom: Int)
  /// A declared field's declaration changed (its name, values, range, requirement or
  /// default), in this many monsters: those given its default, or whose key was renamed.
  case fieldChanged(from: MonsterField, to: MonsterField, monsters: Int)
  /// A weapon was renamed or given another image; this many monsters carry it.
  case weaponChanged(from: Weapon, to: Weapon, monsters: Int)
  /// The roster now says what it makes of keys no field declares.
  case otherKeysChanged(OtherKeys)

  /// Whether the roster changed: a change, an addition or a removal, rather than a skip.
  public var changesRoster: Bool {
    switch self {
    case .changed, .added, .removed, .weaponAdded, .weaponRemoved, .fieldAdded, .fieldRemoved,
      .fieldChanged, .weaponChanged, .otherKeysChanged:
      true
    case .skippedExisting, .skippedMissing, .noMatch: false
    }
  }
}
