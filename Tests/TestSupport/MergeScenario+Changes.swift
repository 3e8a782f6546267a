import MonsterKit

// The changes each side made, from what the scenario knows of its monsters: the truth a
// diff of the files is held to.

extension MergeScenario {
  /// Whether two lists of changes hold the same changes, in any order.
  static func sameChanges(_ a: [RosterDiff.Change], _ b: [RosterDiff.Change]) -> Bool {
    func counts(_ changes: [RosterDiff.Change]) -> [RosterDiff.Change: Int] {
      changes.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
    return a.count == b.count && counts(a) == counts(b)
  }

  /// The changes from the ancestor to a side, as `RosterDiff` names them.
  static func changes(from base: Version, to side: Version) -> [RosterDiff.Change] {
    var changes: [RosterDiff.Change] = []
    for tracked in base.monsters {
      guard let now = side.monster(tracked.identity) else {
        changes.append(.removed(tracked.monster))
        continue
      }
      let before = tracked.monster
      if !before.name.utf8.elementsEqual(now.name.utf8) {
        changes.append(.renamed(from: before.name, to: now.name))
      }
      for field in [MonsterField.description, .icon, .weapon, .nameColor] {
        let (from, to) = (field.value(in: before), field.value(in: now))
        if from != to { changes.append(.changed(now.name, field, from: from, to: to)) }
      }
      changes += memberChanges(before.otherFields, now.otherFields).map {
        .changed(now.name, side.declared.field($0.key) ?? .other($0.key), from: $0.from, to: $0.to)
      }
    }
    let baseIdentities = Set(base.monsters.map(\.identity))
    for tracked in side.monsters where !baseIdentities.contains(tracked.identity) {
      changes.append(.added(tracked.monster))
    }
    // What the roster declares and its other keys, each a key of the roster's object: the
    // diff of two rosters that hold them and no monster.
    func keys(_ version: Version) -> Roster? {
      version.declared.roster([], otherFields: version.otherFields)
    }
    if let before = keys(base), let after = keys(side) {
      changes += RosterDiff(from: before, to: after).changes
    }
    return changes
  }

  static func memberChanges(_ before: [JSONMember], _ after: [JSONMember])
    -> [(key: String, from: JSONValue?, to: JSONValue?)]
  {
    var keys: [String] = []
    for key in before.map(\.key) + after.map(\.key) where !keys.contains(key) {
      keys.append(key)
    }
    return keys.compactMap { key in
      let from = before.first { $0.key == key }?.value
      let to = after.first { $0.key == key }?.value
      return from == to ? nil : (key, from, to)
    }
  }
}
