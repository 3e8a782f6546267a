/// Which monster of one roster is which of another: the same monster by its name, or by
/// its place and its other fields when it was renamed; and which monsters moved.
///
/// Names are matched as ``Roster`` finds a monster by name, so two names that the roster
/// calls the same name match. Most monsters stand in the same order in both rosters, so the
/// rosters are walked side by side, and a name is looked up only where they differ: a
/// change costs a few lookups, and a million unchanged monsters a million byte
/// comparisons.
///
/// A monster of the old roster that no name matches and one of the new roster that no name
/// matches are the same monster, renamed, when they stand in the same place (between the
/// same two matched monsters), all their other fields are the same, and no other monster
/// that left or came in that place has those fields too. A monster
/// renamed and changed otherwise in the same step reads as removed, and another added.
///
/// Only the old roster's names need be indexed: the new roster's are looked up through it
/// (see ``newOffset(named:)``), and found to be all different through it (see
/// ``sameNames``), so that a new roster read for a merge needs no index of its own.
struct RosterMatching: Sendable {
  /// The old roster's monsters by offset.
  let old: RosterOffsets
  /// The new roster's monsters by offset.
  let new: RosterOffsets
  /// For each monster of the old roster, by offset, the offset of the same monster in the
  /// new roster, or `nil` when it is not there.
  private(set) var newOffset: OffsetTable
  /// For each monster of the new roster, by offset, the offset of the same monster in the
  /// old roster, or `nil` when it was not there.
  private(set) var oldOffset: OffsetTable
  /// For each monster of the new roster, by offset, whether it moved: it is in both rosters
  /// and not among the most monsters that kept their order.
  private(set) var moved: [Bool]
  /// For each monster of the new roster, by offset, whether it is known to be the same in
  /// every field as its match, its name spelled the same: found so as the rosters are
  /// walked side by side. `false` says nothing either way.
  private(set) var unchanged: [Bool]
  /// For each monster of the new roster, by offset, whether it has the name of its match,
  /// spelled the same.
  private(set) var keepsName: [Bool]
  /// The names of the new roster's monsters that do not keep their match's name, as
  /// monsters of their own, to look names up among; and the new offset of each.
  private(set) var otherNames = Roster()
  private(set) var otherNameOffsets: [Int32] = []
  /// Two monsters of the new roster, by offset, that have the same name as ``Roster``
  /// compares names, if any: a roster read without an index of its names has not been
  /// checked for them.
  private(set) var sameNames: (Int, Int)?
  /// The monsters whose match the files do not settle (see ``IdentityEvidence``): each group
  /// is linked as the best reading has it, which a merge must not rest on.
  private(set) var uncertain: [IdentityEvidence.Group] = []
  /// The old roster, whose index of names finds the new roster's names.
  private let oldRoster: Roster

  /// Matches the monsters of two rosters.
  ///
  /// - Parameters:
  ///   - oldRoster: The old roster, its names indexed.
  ///   - newRoster: The new roster.
  ///   - shared: Runs of the new roster's monsters known to be the old roster's, byte for
  ///     byte, names and all, in order (``RosterFile/readForMatching(against:)-(Roster)``): linked
  ///     without a comparison.
  init(old oldRoster: Roster, new newRoster: Roster, sharing shared: [SharedMonsters] = []) {
    old = RosterOffsets(oldRoster)
    new = RosterOffsets(newRoster)
    newOffset = OffsetTable(absent: old.count)
    oldOffset = OffsetTable(absent: new.count)
    moved = []
    unchanged = [Bool](repeating: false, count: new.count)
    keepsName = [Bool](repeating: false, count: new.count)
    self.oldRoster = oldRoster
    for run in shared {
      linkRun(from: run.earlierStart, run.offsets.lowerBound, count: run.offsets.count)
    }
    matchNames(oldRoster, newRoster, between: shared)
    _ = matchByEvidence(oldRoster, newRoster)
    moved = Self.outOfOrder(oldOffset)
    indexOtherNames(newRoster)
  }

  /// The offset of the new roster's monster with a name, as ``Roster`` compares names: the
  /// old roster's monster of that name, where the new roster keeps its name, or one of the
  /// new roster's other names.
  func newOffset(named name: String) -> Int? {
    if let found = oldRoster.index(named: name).map(old.offset(of:)) {
      if let match = newOffset[found], keepsName[match] { return match }
    }
    return otherNames.index(named: name).map { Int(otherNameOffsets[$0.slot]) }
  }

  /// Indexes the new roster's names that are not its match's, and finds two that are the
  /// same name. The names it keeps are all different, as the old roster's are; another name
  /// can only be the same as one of those, found through the old roster's index, or as
  /// another of these.
  private mutating func indexOtherNames(_ newRoster: Roster) {
    for j in 0..<new.count where !keepsName[j] {
      let name = newRoster.name(at: new[j])
      if sameNames == nil, let holder = newOffset(named: name) {
        sameNames = (holder, j)
      }
      if (try? otherNames.add(Monster(name: name, description: "", weapon: .blowgun))) != nil {
        otherNameOffsets.append(Int32(truncatingIfNeeded: j))
      }
    }
  }

  /// Links runs of monsters that are the same, name and all, in both rosters.
  private mutating func linkRun(from oldStart: Int, _ newStart: Int, count: Int) {
    newOffset.setRun(oldStart..<oldStart + count, from: newStart)
    oldOffset.setRun(newStart..<newStart + count, from: oldStart)
    unchanged.withUnsafeMutableBufferPointer {
      $0[newStart..<newStart + count].update(repeating: true)
    }
    keepsName.withUnsafeMutableBufferPointer {
      $0[newStart..<newStart + count].update(repeating: true)
    }
  }

  private mutating func link(_ oldIndex: Int, _ newIndex: Int) {
    newOffset[oldIndex] = newIndex
    oldOffset[newIndex] = oldIndex
  }

  // MARK: - Names

  /// Matches monsters by name, walking both rosters in order, around the runs of new
  /// monsters linked already.
  private mutating func matchNames(
    _ oldRoster: Roster, _ newRoster: Roster, between linked: [SharedMonsters]
  ) {
    oldRoster.withView { oldView in
      newRoster.withView { newView in matchNames(oldView, newView, between: linked) }
    }
  }

  private mutating func matchNames(
    _ oldView: RosterView, _ newView: RosterView, between linked: [SharedMonsters]
  ) {
    let (oldRoster, newRoster) = (oldView.roster, newView.roster)
    var i = 0
    var j = 0
    var nextLinked = 0
    while j < new.count {
      if nextLinked < linked.count, linked[nextLinked].offsets.lowerBound == j {
        j = linked[nextLinked].offsets.upperBound
        nextLinked += 1
        continue
      }
      let gapEnd = nextLinked < linked.count ? linked[nextLinked].offsets.lowerBound : new.count
      while i < old.count && newOffset[i] != nil { i += 1 }
      // Most monsters stand the same in both rosters: a run of them is linked at once.
      if let run = oldView.sameRun(from: i, as: newView, from: j, count: gapEnd - j), run > 1 {
        let end = (i..<i + run).first { newOffset[$0] != nil } ?? i + run
        linkRun(from: i, j, count: end - i)
        (i, j) = (end, j + end - i)
        continue
      }
      if i < old.count, newView.isKnownSameObject(at: new[j], as: oldView, at: old[i]) {
        link(i, j)
        unchanged[j] = true
        keepsName[j] = true
        i += 1
        j += 1
        continue
      }
      if i < old.count, oldView.sameText(.name, at: old[i], as: newView, at: new[j]) {
        link(i, j)
        unchanged[j] = newView.sameFieldsButName(at: new[j], as: oldView, at: old[i])
        keepsName[j] = true
        i += 1
        j += 1
        continue
      }
      // The rosters differ here: find the new monster in the old roster.
      let name = newRoster.name(at: new[j])
      guard let found = oldRoster.index(named: name).map(old.offset(of:)), newOffset[found] == nil
      else {
        j += 1
        continue
      }
      if found > i && !comesSoon(old[i], after: j, oldView, newView) {
        // The old monster here went away, or far on: skip it. (If it is further on, its
        // name finds it when the walk gets there.)
        i += 1
        continue
      }
      link(found, j)
      keepsName[j] = newView.sameText(.name, at: new[j], as: oldView, at: old[found])
      j += 1
    }
  }

  /// How far ahead the walk looks for an old monster that the new roster has a little
  /// later: a few monsters inserted or moved in before it.
  static let lookahead = 8

  /// Whether the new roster has an old monster's name, spelled the same, a few monsters
  /// after an offset.
  private func comesSoon(
    _ oldIndex: Roster.Index, after j: Int, _ oldView: RosterView, _ newView: RosterView
  ) -> Bool {
    var next = j + 1
    while next < min(new.count, j + 1 + Self.lookahead) {
      if oldView.sameText(.name, at: oldIndex, as: newView, at: new[next]) { return true }
      next += 1
    }
    return false
  }

  // MARK: - Order

  /// For each new offset, whether its monster is matched and not on a longest run of
  /// matched monsters whose old offsets increase (patience sorting, with the common case of
  /// a monster that follows the last one in constant time; where every one does, none moved).
  static func outOfOrder(_ oldOffset: OffsetTable) -> [Bool] {
    var lastMatch = -1
    let allInOrder = oldOffset.allSatisfy { match in
      guard let match else { return true }
      defer { lastMatch = match }
      return match > lastMatch
    }
    if allInOrder { return [Bool](repeating: false, count: oldOffset.count) }
    // The new offset that ends the best run of each length, and each one's predecessor.
    var tails: [Int32] = []
    var previous = OffsetTable(absent: oldOffset.count)
    // Whether the monster that ends a run (a matched one) stands before an old offset.
    func endsBefore(_ tail: Int32, _ match: Int) -> Bool {
      oldOffset[Int(tail)].map { $0 < match } ?? false
    }
    for (newIndex, match) in oldOffset.enumerated() {
      guard let match else { continue }
      if let last = tails.last, !endsBefore(last, match) {
        var low = 0
        var high = tails.count - 1
        while low < high {
          let middle = (low + high) / 2
          if endsBefore(tails[middle], match) { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[newIndex] = Int(tails[low - 1]) }
        tails[low] = Int32(truncatingIfNeeded: newIndex)
      } else {
        if let last = tails.last { previous[newIndex] = Int(last) }
        tails.append(Int32(truncatingIfNeeded: newIndex))
      }
    }
    var moved = oldOffset.map { $0 != nil }
    var kept = tails.last.map(Int.init)
    while let offset = kept {
      moved[offset] = false
      kept = previous[offset]
    }
    return moved
  }

  // MARK: - Evidence

  /// Reads the monsters that matching by name leaves in doubt by what they hold (see
  /// ``IdentityEvidence``), and links them as the best reading has them.
  ///
  /// - Returns: Whether it changed a link.
  private mutating func matchByEvidence(_ oldRoster: Roster, _ newRoster: Roster) -> Bool {
    let (old, new, byName, known) = (self.old, self.new, self.oldOffset, self.unchanged)
    let reading = IdentityEvidence(
      oldRoster, newRoster, old: old, new: new, newOffset: newOffset, oldOffset: byName
    ) { j in
      known[j]
        || byName[j].map {
          newRoster.sameFieldsButName(at: new[j], as: oldRoster, at: old[$0])
        } == true
    }
    uncertain = reading.groups
    guard reading.links.contains(where: { newOffset[$0.old] != $0.new }) else { return false }
    // Every link of the changed set is one of its old monsters': undone, then made anew.
    for (i, _) in reading.links {
      if let j = newOffset[i] { oldOffset[j] = nil }
      newOffset[i] = nil
    }
    for (i, j) in reading.links {
      guard let j else { continue }
      link(i, j)
      unchanged[j] = false
      keepsName[j] = newRoster.sameText(.name, at: new[j], as: oldRoster, at: old[i])
    }
    for j in 0..<new.count where oldOffset[j] == nil {
      unchanged[j] = false
      keepsName[j] = false
    }
    return true
  }
}

/// A monster's fields but its name, for finding a renamed monster by the rest.
struct MonsterFields: Hashable {
  var members: [JSONMember]

  init(_ monster: Monster) {
    members = Array(monster.jsonMembers.dropFirst())
  }
}
