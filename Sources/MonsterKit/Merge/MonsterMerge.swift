/// The three-way merge of one monster: its version in the common ancestor (if any) and on
/// each side (if there), field by field.
enum MonsterMerge {
  /// What becomes of a monster.
  enum Outcome {
    /// It is not in the result: removed on one side and unchanged, or removed on both.
    case removed
    /// Ours, as it is.
    case ours
    /// Theirs, as it is.
    case theirs
    /// A monster with fields from both sides.
    case merged(Monster)
    /// The sides cannot both be had: each side's version as that side has it (`nil` where
    /// that side has no monster), and why.
    case conflict(ours: Monster?, theirs: Monster?, [MergeConflict.Reason])
  }

  /// The three rosters of a merge.
  struct Rosters {
    var base: RosterView
    var ours: RosterView
    var theirs: RosterView
  }

  /// Merges one monster, given its position on each roster that has it. Most monsters are
  /// the same on a side as in the ancestor, which is told from the file's bytes without
  /// building the monster.
  ///
  /// - Parameters:
  ///   - oursUnchanged: Whether ours is known to be the ancestor's monster as it was.
  ///   - theirsUnchanged: Whether theirs is.
  static func merge(
    _ rosters: Rosters, base: Roster.Index?, ours: Roster.Index?, theirs: Roster.Index?,
    oursUnchanged: Bool, theirsUnchanged: Bool
  ) -> Outcome {
    func same(_ a: RosterView, _ i: Roster.Index, _ b: RosterView, _ j: Roster.Index) -> Bool {
      a.sameMonster(at: i, as: b, at: j)
    }
    switch (base, ours, theirs) {
    case (let b?, let o?, let t?):
      if theirsUnchanged || same(rosters.theirs, t, rosters.base, b) { return .ours }
      if oursUnchanged || same(rosters.ours, o, rosters.base, b) { return .theirs }
      if same(rosters.ours, o, rosters.theirs, t) { return .ours }
      return merge(rosters.base.roster[b], rosters.ours.roster[o], rosters.theirs.roster[t])
    case (let b?, let o?, nil):
      guard !same(rosters.ours, o, rosters.base, b) else { return .removed }
      let kept = rosters.ours.roster[o]
      let changes = RosterDiff.changes(from: rosters.base.roster[b], to: kept)
      return .conflict(ours: kept, theirs: nil, [.removed(by: .theirs, otherSideChanged: changes)])
    case (let b?, nil, let t?):
      guard !same(rosters.theirs, t, rosters.base, b) else { return .removed }
      let kept = rosters.theirs.roster[t]
      let changes = RosterDiff.changes(from: rosters.base.roster[b], to: kept)
      return .conflict(ours: nil, theirs: kept, [.removed(by: .ours, otherSideChanged: changes)])
    case (nil, let o?, let t?):
      guard !same(rosters.ours, o, rosters.theirs, t) else { return .ours }
      let (mine, other) = (rosters.ours.roster[o], rosters.theirs.roster[t])
      return .conflict(
        ours: mine, theirs: other,
        [.addedTwice(differences: RosterDiff.changes(from: mine, to: other))])
    case (_, _?, nil):
      return .ours
    case (_, nil, _?):
      return .theirs
    case (_, nil, nil):
      return .removed
    }
  }

  /// Merges the fields of a monster that both sides changed.
  static func merge(_ base: Monster, _ ours: Monster, _ theirs: Monster) -> Outcome {
    var reasons: [MergeConflict.Reason] = []
    var merged = ours
    for field in MonsterField.builtIn {
      let values = (field.value(in: base), field.value(in: ours), field.value(in: theirs))
      switch threeWay(values.0, values.1, values.2) {
      case .agreed(let value):
        // A side's value comes with its weapon, whose image the side's roster gave it.
        field.set(value, in: &merged, weapons: [ours.weapon, theirs.weapon])
      case .conflict(let mine, let other):
        reasons.append(.field(field, ours: mine, theirs: other))
      }
    }
    let members = mergeMembers(
      base: base.otherFields, ours: ours.otherFields, theirs: theirs.otherFields)
    merged.otherFields = members.ours
    for conflict in members.conflicts {
      reasons.append(.field(.other(conflict.key), ours: conflict.ours, theirs: conflict.theirs))
    }
    guard reasons.isEmpty else {
      // Each side's version as that side has it: keeping one side of the conflict keeps
      // every change that side made to the monster, and no monster neither side had.
      return .conflict(ours: ours, theirs: theirs, reasons)
    }
    return .merged(merged)
  }
}

// MARK: - Values

/// What a three-way merge of one value gives.
enum ThreeWay<Value> {
  /// The sides agree, or only one changed the value: the value to keep.
  case agreed(Value)
  /// Each side changed the value its own way.
  case conflict(ours: Value, theirs: Value)
}

/// Merges one value: a side that left it as it was takes the other side's.
func threeWay<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> ThreeWay<Value> {
  if ours == theirs || theirs == base { return .agreed(ours) }
  if ours == base { return .agreed(theirs) }
  return .conflict(ours: ours, theirs: theirs)
}

/// Merges the members of an object key by key: a key one side added, removed or changed is
/// added, removed or changed, and a key both sides changed differently is a conflict.
///
/// The members keep the order of the side that reordered them, ours if both did; keys
/// only the other side has follow, in its order.
///
/// - Returns: The members with every conflict resolved ours' way and theirs' way (the same
///   when there is no conflict), and each key in conflict with each side's value.
func mergeMembers(base: [JSONMember], ours: [JSONMember], theirs: [JSONMember]) -> (
  ours: [JSONMember], theirs: [JSONMember], conflicts: [MemberConflict]
) {
  if ours == theirs || theirs == base { return (ours, ours, []) }
  if ours == base { return (theirs, theirs, []) }
  let values = (base: base.valuesByKey, ours: ours.valuesByKey, theirs: theirs.valuesByKey)
  let oursKeepsBaseOrder = ours.elementsEqual(base) { $0.key.hasSameCodePoints(as: $1.key) }
  let primary = oursKeepsBaseOrder ? theirs : ours
  let secondary = oursKeepsBaseOrder ? ours : theirs
  var mine: [JSONMember] = []
  var other: [JSONMember] = []
  var conflicts: [MemberConflict] = []
  for key in JSONMember.keys(of: [primary, secondary]) {
    let byKey = CodePointKey(key)
    switch threeWay(values.base[byKey], values.ours[byKey], values.theirs[byKey]) {
    case .agreed(let value):
      if let value {
        mine.append(JSONMember(key, value))
        other.append(JSONMember(key, value))
      }
    case .conflict(let oursValue, let theirsValue):
      conflicts.append(MemberConflict(key: key, ours: oursValue, theirs: theirsValue))
      if let oursValue { mine.append(JSONMember(key, oursValue)) }
      if let theirsValue { other.append(JSONMember(key, theirsValue)) }
    }
  }
  return (mine, other, conflicts)
}

/// A key of an object that both sides changed differently, with each side's value (`nil`
/// where it removed the key).
struct MemberConflict {
  let key: String
  let ours: JSONValue?
  let theirs: JSONValue?
}
