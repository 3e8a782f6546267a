/// The monsters of a merge whose identities a side's files do not settle (see
/// ``IdentityEvidence``), where it matters: the other side changed one of them, so that
/// giving its changes to the monster the best reading names could give them to another.
///
/// A group whose monsters of the ancestor the other side left as they were merges as the
/// side has it, whichever monster is which; so does one that both sides left the same. The
/// others are conflicts, each a class of identities (groups that share a monster are one),
/// which the merged file marks in one piece.
struct UncertainIdentities {
  /// One class of identities in doubt.
  struct Doubt {
    /// The identities, in increasing order.
    var identities: [Int]
    /// Whether both sides have the same monsters for them, so that it merges as either has
    /// it.
    var isAlike = false
    /// For each side's group in it: the side, the ancestor's names of its old monsters, and
    /// the side's names of its new ones.
    var groups: [(side: MergeSide, old: [String], new: [String])] = []
  }

  /// The classes of identities in doubt.
  private(set) var doubts: [Doubt] = []
  /// The groups of identities in doubt that merge as the side has them, the other side
  /// having left them alone, each with its side and names: should one of them come into
  /// conflict after all (a name taken twice, a monster that no longer fits the merged
  /// declarations), which monster is which matters again, and the whole group goes with it.
  private(set) var leftAlone: [Doubt] = []

  init(_ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters) {
    var sets = DisjointSets(count: identities.count)
    var found: [(member: Int, side: MergeSide, old: [String], new: [String])] = []
    var inDoubt: Set<Int> = []
    for side in [MergeSide.ours, .theirs] {
      let (matching, view, ofSide) =
        side == .ours
        ? (identities.toOurs, rosters.ours, identities.ofOurs)
        : (identities.toTheirs, rosters.theirs, identities.ofTheirs)
      let (otherMatching, otherView, onOther) =
        side == .ours
        ? (identities.toTheirs, rosters.theirs, identities.theirs)
        : (identities.toOurs, rosters.ours, identities.ours)
      for group in matching.uncertain {
        let members = group.old + group.new.map { Int(ofSide[$0]) }
        // The other side left every monster of the ancestor in it as it was, and has none
        // of the side's new ones: whichever is which, the side's version is the merge.
        let leftAlone =
          group.old.allSatisfy { identity in
            guard let offset = otherMatching.newOffset[identity] else { return false }
            return otherMatching.unchanged[offset]
              || otherView.sameMonster(
                at: otherMatching.new[offset], as: rosters.base, at: otherMatching.old[identity])
          } && members.allSatisfy { $0 < identities.baseCount || onOther[$0] == nil }
        let names = (
          group.old.map { rosters.base.roster.name(at: matching.old[$0]) },
          group.new.map { view.roster.name(at: matching.new[$0]) }
        )
        guard !leftAlone else {
          self.leftAlone.append(
            Doubt(identities: members.sorted(), groups: [(side, names.0, names.1)]))
          continue
        }
        inDoubt.formUnion(members)
        for member in members.dropFirst() { sets.join(members[0], member) }
        found.append((members[0], side, names.0, names.1))
      }
    }
    guard !found.isEmpty else { return }
    var byRoot: [Int: Doubt] = [:]
    for identity in inDoubt.sorted() {
      byRoot[sets.root(identity), default: Doubt(identities: [])].identities.append(identity)
    }
    for group in found {
      byRoot[sets.root(group.member)]?.groups.append((group.side, group.old, group.new))
    }
    doubts = byRoot.values.map { doubt in
      var doubt = doubt
      doubt.isAlike = Self.isAlike(doubt.identities, identities, rosters)
      return doubt
    }.sorted { $0.identities[0] < $1.identities[0] }
  }

  /// Whether both sides have the same monsters, field by field and name by name, for some
  /// identities.
  private static func isAlike(
    _ members: [Int], _ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters
  ) -> Bool {
    var oursMonsters: [Monster] = []
    var theirsMonsters: [Monster] = []
    for identity in members {
      if let offset = identities.ours[identity] {
        oursMonsters.append(rosters.ours.roster[identities.toOurs.new[offset]])
      }
      if let offset = identities.theirs[identity] {
        theirsMonsters.append(rosters.theirs.roster[identities.toTheirs.new[offset]])
      }
    }
    guard oursMonsters.count == theirsMonsters.count else { return false }
    for monster in oursMonsters {
      guard let index = theirsMonsters.firstIndex(of: monster) else { return false }
      theirsMonsters.remove(at: index)
    }
    return true
  }
}
