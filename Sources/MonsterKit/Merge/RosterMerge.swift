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
    var merged = Self.mergeMonsters(base: base, ours: ours, theirs: theirs, identities)
    var found = FoundConflicts(merged.conflicts)
    let fields = mergeMembers(
      base: base.otherFields, ours: ours.otherFields, theirs: theirs.otherFields)
    for conflict in fields.conflicts {
      found.append(
        MergeConflict(
          monster: nil,
          reason: .rosterField(conflict.key, ours: conflict.ours, theirs: conflict.theirs)))
    }
    var declared = RosterDeclarations.merge(
      base: base.declarations, ours: ours.declarations, theirs: theirs.declarations)
    let outcomes = merged.outcomes
    let order = identities.order { outcomes[$0] != .removed }
    // The fields the ancestor declares, where a side changed the declarations: one a
    // version no longer declares was removed, and no monster of that version keeps it.
    let baseFields =
      ours.declarations != base.declarations || theirs.declarations != base.declarations
      ? Set(base.declarations.fields.map { CodePointKey($0.key) }) : nil
    let assembly = MergeAssembly(
      identities: identities, outcomes: outcomes, merged: merged.monsters, ours: ours,
      theirs: theirs)
    let versions = Self.assembleVersions(
      of: order, assembly, otherFields: fields, baseFields: baseFields, merged: &merged,
      declared: &declared, found: &found)
    for entry in declared.conflictOrder {
      guard let (mine, other) = declared.conflicts[entry] else { continue }
      found.append(
        MergeConflict(monster: nil, reason: .declaration(entry, ours: mine, theirs: other)))
    }
    conflicts = found.conflicts
    oursVersion = versions.ours.roster
    theirsVersion = versions.theirs.roster
    entries =
      conflicts.isEmpty
      ? []
      : Self.entries(order, versions.ours, versions.theirs, pieces: merged.pieces(in: order))
    keepsOurs =
      conflicts.isEmpty && fields.ours == ours.otherFields
      && declared.ours == ours.declarations && order.count == ours.count
      && order.enumerated().allSatisfy { offset, identity in
        outcomes[Int(identity)] == .ours && identities.ours[Int(identity)] == offset
      }
  }

  /// Merges the sides' monsters identity by identity, then settles the identities a side's
  /// files leave in doubt (see ``UncertainIdentities``).
  private static func mergeMonsters(
    base: Roster, ours: Roster, theirs: Roster, _ identities: MergeIdentities
  ) -> MergedMonsters {
    base.withView { base in
      ours.withView { ours in
        theirs.withView { theirs in
          let rosters = MonsterMerge.Rosters(base: base, ours: ours, theirs: theirs)
          var merged = MergedMonsters(identities, rosters)
          merged.settle(UncertainIdentities(identities, rosters), identities, rosters)
          return merged
        }
      }
    }
  }

  /// Assembles each side's version of the merge, in rounds. Names that would be the same
  /// name put both monsters in conflict, each side's version as that side has it; so does
  /// a monster that does not fit what the version declares (a weapon one side removed and
  /// the other gave a monster, a value one side took from a field's values and the other
  /// set), with the declaration too. Each changes the versions, until each is one of names
  /// all different and of monsters that fit: each round puts at least one more monster or
  /// declaration in conflict, and once all are, each version is one side's.
  ///
  /// - Parameters:
  ///   - order: The identities in the result, in order.
  ///   - assembly: What builds the versions.
  ///   - fields: The roster's keys that `monsters` does not know, merged.
  ///   - baseFields: The fields the ancestor declares; `nil` when neither side changed
  ///     the declarations, so that no monster can stop fitting them.
  ///   - merged: The merged monsters, where monsters are put in conflict.
  ///   - declared: The merged declarations, where declarations are put in conflict.
  ///   - found: The conflicts found, to which those of the rounds are added.
  /// - Returns: Our version and theirs, the same when nothing is in conflict.
  private static func assembleVersions(
    of order: [Int32], _ assembly: MergeAssembly,
    otherFields fields: (ours: [JSONMember], theirs: [JSONMember], conflicts: [MemberConflict]),
    baseFields: Set<CodePointKey>?, merged: inout MergedMonsters,
    declared: inout RosterDeclarations.Merged, found: inout FoundConflicts
  ) -> (ours: MergeAssembly.Side, theirs: MergeAssembly.Side) {
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
      let sides = [oursSide, theirsSide]
      if putSameNamesInConflict(sides, assembly, &merged, &found) { continue }
      if let baseFields,
        putMisfitsInConflict(
          sides, baseFields: baseFields, assembly, &merged, &declared, &found)
      {
        continue
      }
      return (oursSide, theirsSide)
    }
  }

  /// Puts both monsters of each pair whose names would be the same name in a version in
  /// conflict, in one piece, with a conflict that names them.
  ///
  /// - Returns: Whether a monster came into conflict, which changes the versions.
  private static func putSameNamesInConflict(
    _ sides: [MergeAssembly.Side], _ assembly: MergeAssembly, _ merged: inout MergedMonsters,
    _ found: inout FoundConflicts
  ) -> Bool {
    var changed = false
    for side in sides {
      for (offset, earlier) in side.duplicates {
        let pair = [side.identities[earlier], side.identities[offset]]
        for identity in pair {
          let put = merged.putInConflict(identity, versions: assembly.sideVersions(of:))
          changed = changed || put.changed
          found.append(contentsOf: put.conflicts)
        }
        merged.join(pair[0], pair[1])
        let names = [earlier, offset].map {
          side.roster.name(at: side.roster.index(atOffset: $0))
        }
        found.appendOnce(MergeConflict(monster: names[0], reason: .sameName(names[1])))
      }
    }
    return changed
  }

  /// Puts each monster that does not fit what its version declares in conflict, with the
  /// declaration it breaks, and a conflict that says why.
  ///
  /// - Parameter baseFields: The fields the ancestor declares: one a version no longer
  ///   declares was removed, and no monster of that version keeps it.
  /// - Returns: Whether a monster or a declaration came into conflict, which changes the
  ///   versions.
  private static func putMisfitsInConflict(
    _ sides: [MergeAssembly.Side], baseFields: Set<CodePointKey>, _ assembly: MergeAssembly,
    _ merged: inout MergedMonsters, _ declared: inout RosterDeclarations.Merged,
    _ found: inout FoundConflicts
  ) -> Bool {
    var changed = false
    for side in sides {
      let removed = baseFields.subtracting(
        side.roster.declaredFields.map { CodePointKey($0.key) })
      for misfit in side.roster.misfits(removedFields: removed) {
        let identity = side.identities[misfit.offset]
        let put = merged.putInConflict(identity, versions: assembly.sideVersions(of:))
        changed = changed || put.changed
        found.append(contentsOf: put.conflicts)
        if declared.markConflict(misfit.entry) { changed = true }
        found.appendOnce(
          MergeConflict(
            monster: side.roster.name(at: side.roster.index(atOffset: misfit.offset)),
            reason: .notAllowed(misfit.why)))
      }
    }
    return changed
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

/// The conflicts a merge finds, in the order it finds them. Those the rounds of assembling
/// the versions find again in a later round are kept once.
private struct FoundConflicts {
  /// The conflicts, in order.
  private(set) var conflicts: [MergeConflict]
  /// The conflicts kept once, to tell those found again.
  private var kept: Set<MergeConflict> = []

  init(_ conflicts: [MergeConflict]) {
    self.conflicts = conflicts
  }

  mutating func append(_ conflict: MergeConflict) {
    conflicts.append(conflict)
  }

  mutating func append(contentsOf found: [MergeConflict]) {
    conflicts += found
  }

  /// Adds a conflict unless it was added so before.
  mutating func appendOnce(_ conflict: MergeConflict) {
    if kept.insert(conflict).inserted { conflicts.append(conflict) }
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
