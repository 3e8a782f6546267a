/// A three-way merge of rosters: the changes from a common ancestor to theirs, made to ours.
///
/// Monsters are matched by name as ``Roster`` compares names, and renames are followed
/// (see ``RosterDiff``), so edits of different monsters or of different fields of one,
/// additions on both sides (ours first, then theirs; a monster added the same on both
/// sides is one), removals, renames and keys `monsters` does not know merge without
/// conflict. What cannot be merged is a ``MergeConflict``: one field given two values,
/// one name added twice differently, a change to a monster the other side removed, names
/// that would become the same name, and monsters whose identities a side's files do not
/// settle where the other side changed them (see
/// ``MergeConflict/Reason/uncertainIdentity(_:old:new:)``). Monsters are told apart by
/// what they hold, so a name handed from one monster to another (a swap, a chain of
/// renames) is followed as renames.
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
    var merged = base.withView { base in
      ours.withView { ours in
        theirs.withView { theirs in
          let rosters = MonsterMerge.Rosters(base: base, ours: ours, theirs: theirs)
          var merged = MergedMonsters(identities, rosters)
          merged.settle(UncertainIdentities(identities, rosters), identities, rosters)
          return merged
        }
      }
    }
    var conflicts = merged.conflicts
    let fields = mergeMembers(
      base: base.otherFields, ours: ours.otherFields, theirs: theirs.otherFields)
    for conflict in fields.conflicts {
      conflicts.append(
        MergeConflict(
          monster: nil,
          reason: .rosterField(conflict.key, ours: conflict.ours, theirs: conflict.theirs)))
    }
    var declared = RosterDeclarations.merge(
      base: base.declarations, ours: ours.declarations, theirs: theirs.declarations)
    let outcomes = merged.outcomes
    let order = identities.order { outcomes[$0] != .removed }
    // The fields the ancestor declares: one a version no longer declares was removed, and
    // no monster of that version keeps it.
    let baseFields = Set(base.declarations.fields.map { CodePointKey($0.key) })
    let declarationsChanged =
      ours.declarations != base.declarations || theirs.declarations != base.declarations

    // Assemble each side's version. Names that would be the same name put both monsters
    // in conflict, each side's version as that side has it; so does a monster that does
    // not fit what the version declares (a weapon one side removed and the other gave a
    // monster, a value one side took from a field's values and the other set), with the
    // declaration too. Each changes the versions, until each is one of names all
    // different and of monsters that fit: each round puts at least one more monster or
    // declaration in conflict, and once all are, each version is one side's.
    let assembly = MergeAssembly(
      identities: identities, outcomes: outcomes, merged: merged.monsters, ours: ours,
      theirs: theirs)
    var sameNames: Set<MergeConflict> = []
    var misfits: Set<MergeConflict> = []
    while true {
      let oursSide = assembly.version(
        of: order, side: .ours, conflicted: merged.conflicted, otherFields: fields.ours,
        declarations: declared.ours)
      let theirsSide =
        merged.conflicted.isEmpty && fields.conflicts.isEmpty && declared.ours == declared.theirs
        ? oursSide
        : assembly.version(
          of: order, side: .theirs, conflicted: merged.conflicted, otherFields: fields.theirs,
          declarations: declared.theirs)
      var changed = false
      for side in [oursSide, theirsSide] {
        for (offset, earlier) in side.duplicates {
          let pair = [side.identities[earlier], side.identities[offset]]
          for identity in pair {
            let put = merged.putInConflict(identity, versions: assembly.sideVersions(of:))
            changed = changed || put.changed
            conflicts += put.conflicts
          }
          merged.join(pair[0], pair[1])
          let names = [earlier, offset].map {
            side.roster.name(at: side.roster.index(atOffset: $0))
          }
          let conflict = MergeConflict(monster: names[0], reason: .sameName(names[1]))
          if sameNames.insert(conflict).inserted { conflicts.append(conflict) }
        }
      }
      guard !changed else { continue }
      if declarationsChanged {
        for side in [oursSide, theirsSide] {
          let removed = baseFields.subtracting(
            side.roster.declaredFields.map { CodePointKey($0.key) })
          for misfit in side.roster.misfits(removedFields: removed) {
            let identity = side.identities[misfit.offset]
            let put = merged.putInConflict(identity, versions: assembly.sideVersions(of:))
            changed = changed || put.changed
            conflicts += put.conflicts
            if declared.markConflict(misfit.entry) { changed = true }
            let conflict = MergeConflict(
              monster: side.roster.name(at: side.roster.index(atOffset: misfit.offset)),
              reason: .notAllowed(misfit.why))
            if misfits.insert(conflict).inserted { conflicts.append(conflict) }
          }
        }
        guard !changed else { continue }
      }
      for entry in declared.conflictOrder {
        guard let (mine, other) = declared.conflicts[entry] else { continue }
        conflicts.append(
          MergeConflict(
            monster: nil, reason: .declaration(entry, ours: mine, theirs: other)))
      }
      self.conflicts = conflicts
      oursVersion = oursSide.roster
      theirsVersion = theirsSide.roster
      entries =
        conflicts.isEmpty
        ? [] : Self.entries(order, oursSide, theirsSide, pieces: merged.pieces(in: order))
      keepsOurs =
        conflicts.isEmpty && fields.ours == ours.otherFields
        && declared.ours == ours.declarations && order.count == ours.count
        && order.enumerated().allSatisfy { offset, identity in
          outcomes[Int(identity)] == .ours && identities.ours[Int(identity)] == offset
        }
      return
    }
  }

  /// Where each monster of the marked file is in the two versions, in the order of the
  /// result, and the piece of the file it stands in (see ``MergedMonsters/pieces(in:)``).
  private static func entries(
    _ order: [Int32], _ ours: MergeAssembly.Side, _ theirs: MergeAssembly.Side,
    pieces: [Int?]
  ) -> [MarkedEntry] {
    var entries: [MarkedEntry] = []
    entries.reserveCapacity(order.count)
    var (oursOffset, theirsOffset) = (0, 0)
    for (position, identity) in order.enumerated() {
      let inOurs = ours.offsets[Int(identity)] != nil
      let inTheirs = theirs.offsets[Int(identity)] != nil
      entries.append(
        MarkedEntry(
          ours: inOurs ? oursOffset : nil, theirs: inTheirs ? theirsOffset : nil,
          conflict: pieces[position]))
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
