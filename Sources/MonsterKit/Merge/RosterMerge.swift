/// A three-way merge of rosters: the changes from a common ancestor to theirs, made to ours.
///
/// Monsters are matched by name as ``Roster`` compares names, and renames are followed
/// (see ``RosterDiff``), so edits of different monsters or of different fields of one,
/// additions on both sides (ours first, then theirs; a monster added the same on both
/// sides is one), removals, renames and keys `monsters` does not know merge without
/// conflict. What cannot be merged is a ``MergeConflict``: one field given two values,
/// one name added twice differently, a change to a monster the other side removed, names
/// that would become the same name, and a monster that a side may have given another's
/// name (see ``MergeConflict/Reason/uncertainMatch(_:_:)``).
///
/// ```swift
/// var ours = Roster.seeded
/// try ours.apply(.set("Cat-Bot", .init(weapon: .fire)))
/// var theirs = Roster.seeded
/// try theirs.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
/// let merge = RosterMerge(base: .seeded, ours: ours, theirs: theirs)
/// merge.result?.monster(named: "Kitty-Bot")?.weapon  // .fire
/// ```
public struct RosterMerge: Sendable {
  /// What the sides did that cannot both be had; none for a clean merge.
  public let conflicts: [MergeConflict]
  /// The merged roster with every conflict resolved as ours has it: the result, when the
  /// merge is clean. Its names are not indexed.
  let oursVersion: Roster
  /// The merged roster with every conflict resolved as theirs has it. Its names are not
  /// indexed.
  let theirsVersion: Roster
  /// For each monster of the merged file, where it is in each version and whether it is in
  /// conflict; empty for a clean merge.
  let entries: [MarkedEntry]
  /// Whether the result is ours as it was read: the same monsters, from the same bytes, in
  /// the same order.
  let keepsOurs: Bool
  /// When the merge cannot be made monster by monster, because what the sides declare
  /// conflicts or no longer fits the merged monsters: the sides, which the merged file
  /// holds whole, each between markers, as git's own merge writes two files it cannot merge.
  let wholeSides: (ours: Roster, theirs: Roster)?

  /// Whether the sides merged without a conflict.
  public var isClean: Bool {
    conflicts.isEmpty
  }

  /// The merged roster, valid, when the merge is clean; `nil` when there are conflicts.
  ///
  /// Its names are indexed when it is asked for, which takes time in proportion to the
  /// roster: keep the value rather than ask again. Writing the merged file needs no index.
  public var result: Roster? {
    guard isClean else { return nil }
    var roster = oursVersion
    _ = roster.indexNames()
    return roster
  }

  /// Merges two rosters.
  ///
  /// - Parameters:
  ///   - base: The common ancestor (an empty roster when there is none).
  ///   - ours: Our roster, which the result replaces.
  ///   - theirs: Their roster.
  public init(base: Roster, ours: Roster, theirs: Roster) {
    self.init(
      base: base, ours: MatchedRoster(ours, with: base), theirs: MatchedRoster(theirs, with: base))
  }

  /// Merges two rosters matched with the common ancestor.
  ///
  /// - Parameters:
  ///   - base: The common ancestor the sides were matched with.
  ///   - oursSide: Our side, which the result replaces.
  ///   - theirsSide: Their side.
  public init(base: Roster, ours oursSide: MatchedRoster, theirs theirsSide: MatchedRoster) {
    precondition(
      oursSide.matching.old.count == base.count && theirsSide.matching.old.count == base.count,
      "sides matched with another ancestor")
    let (ours, theirs) = (oursSide.roster, theirsSide.roster)
    let identities = MergeIdentities(
      oursSide.matching, theirs: theirs, theirsSide.matching)
    var (outcomes, monsters, conflicted, conflicts) = base.withView { base in
      ours.withView { ours in
        theirs.withView { theirs in
          let rosters = MonsterMerge.Rosters(base: base, ours: ours, theirs: theirs)
          var merged = Self.mergeMonsters(identities, rosters)
          func lookalike(_ uncertain: UncertainMatch) -> MergeConflict.Lookalike {
            switch uncertain.lookalike {
            case .ancestor(let offset):
              .ancestor(base.roster.name(at: identities.toOurs.old[offset]))
            case .added(let offset):
              .added(
                uncertain.side == .ours
                  ? ours.roster.name(at: identities.toOurs.new[offset])
                  : theirs.roster.name(at: identities.toTheirs.new[offset]))
            }
          }
          for uncertain in UncertainMatch.find(identities, merged.0, rosters) {
            let identity = uncertain.identity
            guard merged.0[identity] != .conflicted else { continue }
            merged.0[identity] = .conflicted
            merged.2[identity] = ConflictedMonster(
              ours: identities.ours[identity].map { ours.roster[identities.toOurs.new[$0]] },
              theirs: identities.theirs[identity].map {
                theirs.roster[identities.toTheirs.new[$0]]
              })
            merged.3.append(
              MergeConflict(
                monster: base.roster.name(at: identities.toOurs.old[uncertain.named]),
                reason: .uncertainMatch(uncertain.side, lookalike(uncertain))))
          }
          return merged
        }
      }
    }
    let fields = mergeMembers(
      base: base.otherFields, ours: ours.otherFields, theirs: theirs.otherFields)
    for conflict in fields.conflicts {
      conflicts.append(
        MergeConflict(
          monster: nil,
          reason: .rosterField(conflict.key, ours: conflict.ours, theirs: conflict.theirs)))
    }
    let declared = RosterDeclarations.merge(
      base: base.declarations, ours: ours.declarations, theirs: theirs.declarations)
    let order = identities.order { outcomes[$0] != .removed }

    // Assemble each side's version. Names that would be the same name make both monsters
    // conflicts named as each side names them, which changes the versions, until no two
    // names are the same: each round names at least one more monster so, and once all
    // are, each version's names are one side's, all different.
    let assembly = MergeAssembly(
      identities: identities, outcomes: outcomes, merged: monsters, ours: ours, theirs: theirs)
    var ownNamed: Set<Int> = []
    var sameNames: Set<MergeConflict> = []
    while true {
      let oursSide = assembly.version(
        of: order, side: .ours, conflicted: conflicted, otherFields: fields.ours,
        declarations: declared.ours)
      let theirsSide =
        conflicted.isEmpty && fields.conflicts.isEmpty && declared.conflicts.isEmpty
        ? oursSide
        : assembly.version(
          of: order, side: .theirs, conflicted: conflicted, otherFields: fields.theirs,
          declarations: declared.theirs)
      var renamed = false
      for side in [oursSide, theirsSide] {
        for (offset, earlier) in side.duplicates {
          let pair = [side.identities[earlier], side.identities[offset]]
          for identity in pair where ownNamed.insert(identity).inserted {
            conflicted[identity] = assembly.ownNamedVersions(of: identity, conflicted[identity])
            renamed = true
          }
          let names = [earlier, offset].map {
            side.roster.name(at: side.roster.index(atOffset: $0))
          }
          let conflict = MergeConflict(monster: names[0], reason: .sameName(names[1]))
          if sameNames.insert(conflict).inserted { conflicts.append(conflict) }
        }
      }
      guard !renamed else { continue }
      // What the sides declare, merged, must fit every monster of each version: else the
      // merge keeps both files whole.
      for conflict in declared.conflicts {
        conflicts.append(
          MergeConflict(
            monster: nil,
            reason: .rosterField(
              conflict.key.rawValue, ours: conflict.ours, theirs: conflict.theirs)))
      }
      // The last check before the merge is called clean, by the rules `check` reads a
      // roster by: each version's lists must break none (the merge of the lists above
      // makes one that does a conflict, so this finds nothing it missed), and each version's
      // monsters must fit them.
      var misfit: String?
      if declared.conflicts.isEmpty {
        misfit =
          oursSide.roster.declarations.firstProblem()
          ?? theirsSide.roster.declarations.firstProblem()
      }
      if misfit == nil
        && (declared.ours != ours.declarations || declared.ours != theirs.declarations)
      {
        misfit = oursSide.roster.firstUndeclaredValue() ?? theirsSide.roster.firstUndeclaredValue()
      }
      if let misfit { conflicts.append(MergeConflict(monster: nil, reason: .notAllowed(misfit))) }
      wholeSides = declared.conflicts.isEmpty && misfit == nil ? nil : (ours, theirs)
      self.conflicts = conflicts
      oursVersion = oursSide.roster
      theirsVersion = theirsSide.roster
      entries = conflicts.isEmpty ? [] : Self.entries(order, oursSide, theirsSide, conflicted)
      keepsOurs =
        conflicts.isEmpty && fields.ours == ours.otherFields
        && declared.ours == ours.declarations && order.count == ours.count
        && order.enumerated().allSatisfy { offset, identity in
          outcomes[Int(identity)] == .ours && identities.ours[Int(identity)] == offset
        }
      return
    }
  }

  /// Merges each monster: what becomes of it, the monsters with fields from both sides,
  /// the versions of those in conflict, and the conflicts.
  private static func mergeMonsters(_ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters)
    -> ([MergedMonster], [Monster], [Int: ConflictedMonster], [MergeConflict])
  {
    var outcomes: [MergedMonster] = []
    outcomes.reserveCapacity(identities.count)
    var monsters: [Monster] = []
    var conflicted: [Int: ConflictedMonster] = [:]
    var conflicts: [MergeConflict] = []
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
        conflicts += reasons.map { MergeConflict(monster: name, reason: $0) }
      }
    }
    return (outcomes, monsters, conflicted, conflicts)
  }

  /// Where each monster of the marked file is in the two versions, in the order of the
  /// result.
  private static func entries(
    _ order: [Int32], _ ours: MergeAssembly.Side, _ theirs: MergeAssembly.Side,
    _ conflicted: [Int: ConflictedMonster]
  ) -> [MarkedEntry] {
    var entries: [MarkedEntry] = []
    entries.reserveCapacity(order.count)
    var (oursOffset, theirsOffset) = (0, 0)
    for identity in order {
      let inOurs = ours.offsets[Int(identity)] != nil
      let inTheirs = theirs.offsets[Int(identity)] != nil
      entries.append(
        MarkedEntry(
          ours: inOurs ? oursOffset : nil, theirs: inTheirs ? theirsOffset : nil,
          conflict: conflicted[Int(identity)] != nil ? Int(identity) : nil))
      if inOurs { oursOffset += 1 }
      if inTheirs { theirsOffset += 1 }
    }
    return entries
  }
}

// MARK: - The merged file

extension RosterMerge {
  /// Writes the merged file, a chunk at a time: the result's canonical form when the merge
  /// is clean; otherwise the canonical form of the merge with each conflict's monsters
  /// between markers, ours' versions then theirs', with everything else merged.
  ///
  /// - Parameters:
  ///   - markers: The conflict markers.
  ///   - chunkSize: About how many bytes to hand over at once.
  ///   - sink: Takes each chunk, in order.
  /// - Throws: Whatever `sink` throws.
  public func write<Failure: Error>(
    markers: ConflictMarkers, chunkSize: Int = 1 << 20,
    to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    if isClean {
      try oursVersion.writeCanonical(chunkSize: chunkSize, to: sink)
    } else if let (ours, theirs) = wholeSides {
      var bytes: [UInt8] = []
      markers.appendOpening(to: &bytes)
      bytes += ours.canonicalJSON()
      markers.appendSeparator(to: &bytes)
      bytes += theirs.canonicalJSON()
      markers.appendClosing(to: &bytes)
      try bytes.withUnsafeBytes(typed: sink)
    } else {
      try MarkedRosterWriter(
        ours: oursVersion, theirs: theirsVersion, entries: entries, markers: markers
      ).write(chunkSize: chunkSize, to: sink)
    }
  }

  /// The merged file's bytes, as ``write(markers:chunkSize:to:)`` writes them.
  ///
  /// - Parameter markers: The conflict markers.
  /// - Returns: The bytes.
  public func fileBytes(markers: ConflictMarkers = ConflictMarkers()) -> [UInt8] {
    var bytes: [UInt8] = []
    write(markers: markers) { bytes.append(contentsOf: $0) }
    return bytes
  }
}
