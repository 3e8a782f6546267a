/// What a merge makes of each monster, identity by identity: its outcome, the monsters
/// with fields from both sides, each conflict's two versions (each as that side has it),
/// the conflicts, and which monsters in conflict stand in one piece of the marked file.
struct MergedMonsters {
  /// For each identity, what becomes of it.
  private(set) var outcomes: [MergedMonster] = []
  /// The monsters with fields from both sides, by the index their outcome gives.
  private(set) var monsters: [Monster] = []
  /// The two versions of each monster in conflict, each as its side has it.
  var conflicted: [Int: ConflictedMonster] = [:]
  /// The conflicts, each with the identity it is of.
  private var found: [(identity: Int, conflict: MergeConflict)] = []
  /// The identities that must be resolved together: each class of them, by a member.
  private var together: [Int: Int] = [:]
  /// The identities in doubt that merge as one side has them, each class by its members,
  /// until one of them comes into conflict (see ``putInConflict(_:versions:)``).
  private var quiet: [Int: UncertainIdentities.Doubt] = [:]

  /// Merges each monster on its own.
  init(_ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters) {
    outcomes.reserveCapacity(identities.count)
    for identity in 0..<identities.count {
      let baseIndex = identity < identities.baseCount ? identities.toOurs.old[identity] : nil
      let oursOffset = identities.ours[identity]
      let theirsOffset = identities.theirs[identity]
      let oursIndex = oursOffset.map { identities.toOurs.new[$0] }
      let theirsIndex = theirsOffset.map { identities.toTheirs.new[$0] }
      let outcome = MonsterMerge.merge(
        rosters, base: baseIndex, ours: oursIndex, theirs: theirsIndex,
        oursUnchanged: baseIndex != nil
          && oursOffset.map { identities.toOurs.unchanged[$0] } == true,
        theirsUnchanged: baseIndex != nil
          && theirsOffset.map { identities.toTheirs.unchanged[$0] } == true)
      switch outcome {
      case .removed: outcomes.append(.removed)
      case .ours: outcomes.append(.ours)
      case .theirs: outcomes.append(.theirs)
      case .merged(let monster):
        outcomes.append(.merged(Int32(truncatingIfNeeded: monsters.count)))
        monsters.append(monster)
      case .conflict(let mine, let other, let reasons):
        outcomes.append(.conflicted)
        conflicted[identity] = ConflictedMonster(ours: mine, theirs: other)
        let name =
          baseIndex.map(rosters.base.roster.name(at:))
          ?? oursIndex.map(rosters.ours.roster.name(at:))
          ?? theirsIndex.map(rosters.theirs.roster.name(at:))
        found += reasons.map { (identity, MergeConflict(monster: name, reason: $0)) }
      }
    }
  }

  /// The conflicts, in the order of the identities they are of.
  var conflicts: [MergeConflict] {
    found.map(\.conflict)
  }

  /// Settles the identities a side's files leave in doubt (see ``UncertainIdentities``):
  /// those both sides have alike merge as ours has them; the others are one conflict each
  /// class, both sides' versions as they have them.
  mutating func settle(
    _ uncertain: UncertainIdentities, _ identities: MergeIdentities,
    _ rosters: MonsterMerge.Rosters
  ) {
    for doubt in uncertain.leftAlone + uncertain.doubts.filter(\.isAlike) {
      for identity in doubt.identities { quiet[identity] = doubt }
    }
    guard !uncertain.doubts.isEmpty else { return }
    var doubted: [Int: [MergeConflict]] = [:]
    for doubt in uncertain.doubts {
      for identity in doubt.identities {
        let inOurs = identities.ours[identity]
        if doubt.isAlike {
          outcomes[identity] = inOurs == nil ? .removed : .ours
          conflicted[identity] = nil
          continue
        }
        outcomes[identity] = .conflicted
        conflicted[identity] = ConflictedMonster(
          ours: inOurs.map { rosters.ours.roster[identities.toOurs.new[$0]] },
          theirs: identities.theirs[identity].map {
            rosters.theirs.roster[identities.toTheirs.new[$0]]
          })
        join(doubt.identities[0], identity)
      }
      guard !doubt.isAlike else { continue }
      doubted[doubt.identities[0]] = Self.conflicts(of: doubt)
    }
    let members = Set(uncertain.doubts.flatMap(\.identities))
    var settled: [(identity: Int, conflict: MergeConflict)] = []
    var placed: Set<Int> = []
    for entry in found where !members.contains(entry.identity) {
      settled.append(entry)
    }
    for (first, conflicts) in doubted where placed.insert(first).inserted {
      settled += conflicts.map { (first, $0) }
    }
    found = settled.sorted { $0.identity < $1.identity }
  }

  /// The conflicts that say which monsters of a class in doubt a side's files leave
  /// uncertain.
  private static func conflicts(of doubt: UncertainIdentities.Doubt) -> [MergeConflict] {
    doubt.groups.map { group in
      MergeConflict(
        monster: group.old.first,
        reason: .uncertainIdentity(group.side, old: group.old, new: group.new))
    }
  }

  /// Puts a monster in conflict, each side's version as `versions` gives it, unless it is
  /// already. A monster whose identity is in doubt, where the doubt did not matter until
  /// now, takes the whole class with it: every monster of it in conflict, in one piece,
  /// and the conflicts that say so.
  ///
  /// - Returns: Whether a monster came into conflict, and the conflicts of a class that
  ///   came with it.
  mutating func putInConflict(
    _ identity: Int, versions: (Int) -> ConflictedMonster
  ) -> (changed: Bool, conflicts: [MergeConflict]) {
    guard conflicted[identity] == nil else { return (false, []) }
    guard let doubt = quiet[identity] else {
      conflicted[identity] = versions(identity)
      return (true, [])
    }
    for member in doubt.identities {
      quiet[member] = nil
      if conflicted[member] == nil { conflicted[member] = versions(member) }
      join(doubt.identities[0], member)
    }
    return (true, Self.conflicts(of: doubt))
  }

  /// Makes two identities in conflict one piece of the marked file, to be resolved
  /// together.
  mutating func join(_ a: Int, _ b: Int) {
    let (x, y) = (representative(of: a), representative(of: b))
    guard x != y else { return }
    together[max(x, y)] = min(x, y)
  }

  private func representative(of identity: Int) -> Int {
    var identity = identity
    while let next = together[identity] { identity = next }
    return identity
  }

  /// For each position of the result's order, the piece of the marked file the monster
  /// there stands in, by a number, or `nil` for a monster outside every conflict.
  ///
  /// Monsters in conflict that must be resolved together stand in one piece, with every
  /// monster between them, so that each side's block holds the whole class as that side
  /// has it, in its order; pieces that overlap are one.
  func pieces(in order: [Int32]) -> [Int?] {
    var pieces = [Int?](repeating: nil, count: order.count)
    // The span of each class over the order.
    var spans: [Int: ClosedRange<Int>] = [:]
    for (position, identity) in order.enumerated() where conflicted[Int(identity)] != nil {
      let key = representative(of: Int(identity))
      spans[key] = spans[key].map { $0.lowerBound...position } ?? position...position
    }
    var current: (number: Int, end: Int)?
    for span in spans.values.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let open = current, span.lowerBound <= open.end {
        current = (open.number, max(open.end, span.upperBound))
      } else {
        current = (span.lowerBound, span.upperBound)
      }
      guard let (number, _) = current else { continue }
      for position in span { pieces[position] = number }
    }
    return pieces
  }
}
