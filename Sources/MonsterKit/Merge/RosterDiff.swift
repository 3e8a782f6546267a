/// What changed from one roster to another, monster by monster.
///
/// Monsters are matched by name, as ``Roster`` compares names; a monster renamed in place
/// with its other fields kept is matched by its place (see `RosterMatching`), so a rename
/// reads as a rename, not as a removal and an addition:
///
/// ```swift
/// var new = Roster.seeded
/// try new.apply(.rename("Fire-Bot", to: "Blaze-Bot"))
/// try new.apply(.set("Cat-Bot", .init(weapon: .fire)))
/// RosterDiff(from: .seeded, to: new).changes
/// // [.changed("Cat-Bot", .weapon, from: .string("sword"), to: .string("fire")),
/// //  .renamed(from: "Fire-Bot", to: "Blaze-Bot")]
/// ```
public struct RosterDiff: Sendable {
  /// One change.
  public enum Change: Hashable, Sendable {
    /// A monster that the old roster did not have.
    case added(Monster)
    /// A monster that the new roster does not have.
    case removed(Monster)
    /// A monster given a new name.
    case renamed(from: String, to: String)
    /// A field of a monster, named as the new roster names it, with its old and new value as
    /// ``MonsterField/value(in:)`` gives them (`nil` for none).
    case changed(String, MonsterField, from: JSONValue?, to: JSONValue?)
    /// A monster, named as the new roster names it, that stands elsewhere in the order.
    case moved(String)
    /// A key of the roster's object that `monsters` does not know, or the weapons or fields
    /// it declares (`weapons`, `fields`), with its old and new value (`nil` for none).
    case rosterField(String, from: JSONValue?, to: JSONValue?)
  }

  /// The changes: the new roster's monsters in order, each removed monster where it stood,
  /// then the roster's own keys.
  public let changes: [Change]

  /// Whether the rosters hold the same monsters in the same order, with the same fields.
  ///
  /// The order of unknown keys in an object, and the bytes of a file (its layout, escapes),
  /// are not changes.
  public var isEmpty: Bool {
    changes.isEmpty
  }

  /// Compares two rosters.
  ///
  /// - Parameters:
  ///   - old: The roster before.
  ///   - new: The roster after.
  public init(from old: Roster, to new: Roster) {
    self.init(from: old, to: MatchedRoster(new, with: old))
  }

  /// Compares a roster with an earlier one it was matched with.
  ///
  /// - Parameters:
  ///   - old: The roster before.
  ///   - matched: The roster after, matched with `old`.
  public init(from old: Roster, to matched: MatchedRoster) {
    precondition(matched.matching.old.count == old.count, "a roster matched with another")
    let (new, matching) = (matched.roster, matched.matching)
    var changes = old.withView { old in
      new.withView { new in Self.monsterChanges(matching, old, new) }
    }
    // What the rosters declare, then their other keys: keys of the roster's object, each
    // compared as a whole.
    let members = [
      old.declarations.jsonMembers + old.otherFields,
      new.declarations.jsonMembers + new.otherFields,
    ]
    let (from, to) = (members[0].valuesByKey, members[1].valuesByKey)
    for key in JSONMember.keys(of: members) {
      let (old, new) = (from[CodePointKey(key)], to[CodePointKey(key)])
      if old != new { changes.append(.rosterField(key, from: old, to: new)) }
    }
    self.changes = changes
  }

  /// The changes of the monsters, in order.
  private static func monsterChanges(
    _ matching: RosterMatching, _ oldView: RosterView, _ newView: RosterView
  ) -> [Change] {
    let (old, new) = (oldView.roster, newView.roster)
    var changes: [Change] = []
    var nextOld = 0
    func removals(upTo end: Int) {
      while nextOld < end {
        if matching.newOffset[nextOld] == nil {
          changes.append(.removed(old[matching.old[nextOld]]))
        }
        nextOld += 1
      }
    }
    // The new offset of the next monster that kept its place, found once per run of
    // monsters that did not: the monsters removed before it are listed before those added.
    var nextKept = 0
    for j in 0..<matching.new.count {
      guard let match = matching.oldOffset[j] else {
        if nextKept <= j {
          nextKept = j + 1
          while nextKept < matching.new.count
            && (matching.oldOffset[nextKept] == nil || matching.moved[nextKept])
          {
            nextKept += 1
          }
        }
        let keptOld = nextKept < matching.new.count ? matching.oldOffset[nextKept] : nil
        removals(upTo: keptOld ?? old.count)
        changes.append(.added(new[matching.new[j]]))
        continue
      }
      if !matching.moved[j] {
        removals(upTo: match)
        nextOld = max(nextOld, match + 1)
      }
      let oldIndex = matching.old[match]
      let newIndex = matching.new[j]
      let renamed =
        !matching.unchanged[j] && !newView.sameText(.name, at: newIndex, as: oldView, at: oldIndex)
      if renamed
        || !(matching.unchanged[j]
          || newView.sameFieldsButName(at: newIndex, as: oldView, at: oldIndex))
      {
        changes += Self.changes(
          from: old[oldIndex], to: new[newIndex], declared: new.declaredFields)
      }
      if matching.moved[j] { changes.append(.moved(new.name(at: newIndex))) }
    }
    removals(upTo: old.count)
    return changes
  }

  /// What changed from one version of a monster to another: its new name, if its name is
  /// spelled otherwise, then each field that differs, the built-in ones in the file's
  /// order, then the others, a declared one described as the roster declares it.
  static func changes(
    from before: Monster, to after: Monster, declared: [MonsterField] = []
  ) -> [Change] {
    var changes: [Change] = []
    // Byte for byte: a name in another normalisation is renamed, though Swift calls the two
    // strings equal.
    if !before.name.utf8.elementsEqual(after.name.utf8) {
      changes.append(.renamed(from: before.name, to: after.name))
    }
    for change in MonsterChange(from: before, to: after, declared: declared).fields {
      changes.append(.changed(after.name, change.field, from: change.old, to: change.new))
    }
    return changes
  }

}
