// Reading a version of a roster to compare or merge, from any file. Merging into a file,
// under its lock, is RosterFile+Merging.

extension RosterFile {
  /// Reads the roster a file holds now, to compare or merge it: from a regular file (mapped
  /// when large and ``mapsLargeFiles``), a pipe or a process substitution such as
  /// `/dev/fd/63`, read to its end. A missing file is an error, never the seeded roster; so
  /// is a device.
  ///
  /// - Parameter allowingEmpty: Whether an empty file is an empty roster: git gives an empty
  ///   file as the common ancestor of two versions that have none.
  /// - Returns: The roster.
  /// - Throws: ``RosterError/missingFile(path:)``; ``RosterError/syntax(path:line:column:message:)``,
  ///   ``RosterError/invalidRoster(path:problems:)`` or
  ///   ``RosterError/unresolvedConflict(path:lines:)`` for a file that is not a valid roster;
  ///   ``RosterError/notARegularFile(path:)`` for a device;
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  public func readVersion(allowingEmpty: Bool = false) throws(RosterError) -> Roster {
    try named { () throws(RosterError) in
      try readVersion(allowingEmpty: allowingEmpty, indexingNames: true)
    }
  }

  /// Reads a roster, as ``readVersion(allowingEmpty:)`` reads, to be matched with an
  /// earlier one (``UnmatchedRoster/matched(with:)``): a side of a merge, or the new roster
  /// of a diff.
  ///
  /// Its names are not indexed: they are looked up, and found to be all different, through
  /// the earlier roster's index and the matching, which for a roster that changed a few of a
  /// million monsters costs a few lookups rather than a million.
  ///
  /// A roster so read can also be indexed later (``UnmatchedRoster/indexed()``), to be the
  /// earlier roster others are read against while its names are indexed.
  ///
  /// - Parameter allowingEmpty: Whether an empty file is an empty roster, as for
  ///   ``readVersion(allowingEmpty:)``.
  /// - Returns: The roster, to match.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching(allowingEmpty: Bool = false) throws(RosterError)
    -> UnmatchedRoster
  {
    try named { () throws(RosterError) in
      try readForMatching(against: nil, allowingEmpty: allowingEmpty)
    }
  }

  /// Reads a roster, as ``readForMatching(allowingEmpty:)`` reads, that is mostly an earlier one: a side
  /// of a merge, read after the common ancestor, or the new roster of a diff.
  ///
  /// The file's bytes are first compared with those of the earlier roster's file. When that
  /// roster is its file as read, in canonical form, the monsters in the bytes the two files
  /// have in common at their start and at their end are that file's, moved, and are neither
  /// read again nor compared again when the roster is matched with it
  /// (``UnmatchedRoster/matched(with:)``): a change of a few monsters of a million costs
  /// reading those few, not the million. The roster is the same either way.
  ///
  /// - Parameter earlier: The roster it will be matched with.
  /// - Returns: The roster, to match with `earlier`.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching(against earlier: Roster) throws(RosterError) -> UnmatchedRoster {
    try named { () throws(RosterError) in
      try readForMatching(against: earlier, allowingEmpty: false)
    }
  }

  /// Reads a roster, as ``readForMatching(against:)-(Roster)`` reads, against an earlier
  /// roster whose names are not yet indexed: one read by ``readForMatching(allowingEmpty:)``,
  /// which can be indexed at the same time, and then matched with.
  ///
  /// - Parameter earlier: The roster it will be matched with, once indexed.
  /// - Returns: The roster, to match with `earlier` indexed.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching(against earlier: UnmatchedRoster) throws(RosterError)
    -> UnmatchedRoster
  {
    try named { () throws(RosterError) in
      try readForMatching(against: earlier.roster, allowingEmpty: false)
    }
  }

  private func readForMatching(against earlier: Roster?, allowingEmpty: Bool)
    throws(RosterError) -> UnmatchedRoster
  {
    var shared: [SharedMonsters] = []
    let roster = try readVersion(allowingEmpty: allowingEmpty) { (bytes) throws(RosterError) in
      let read = try unindexedRoster(from: bytes, sharingWith: earlier)
      shared = read.shared
      return read.roster
    }
    return UnmatchedRoster(
      roster: roster, file: self, shared: shared, earlier: earlier)
  }

  private func readVersion(allowingEmpty: Bool, indexingNames: Bool) throws(RosterError)
    -> Roster
  {
    try readVersion(allowingEmpty: allowingEmpty) { (bytes) throws(RosterError) in
      indexingNames ? try roster(from: bytes) : try unindexedRoster(from: bytes)
    }
  }

  /// Loads the file and reads its bytes with `read`, checking that they did not change as
  /// they were read.
  private func readVersion(
    allowingEmpty: Bool, _ read: (RosterBytes) throws(RosterError) -> Roster
  ) throws(RosterError) -> Roster {
    guard let file = try load() else { throw .missingFile(path: path) }
    defer { close(file) }
    do throws(RosterError) {
      let roster =
        allowingEmpty && file.bytes.count == 0 ? Roster() : try read(file.bytes)
      try checkUnchanged(file)
      return roster
    } catch {
      // Bytes that changed as they were read are no roster's: say that first.
      try checkUnchanged(file)
      throw error
    }
  }

  /// Reads a roster whose names are not indexed, nor checked for two that are the same: for
  /// one side of a merge, whose matching does both. Anything else wrong with the bytes is
  /// the reader's error, as for every command.
  func unindexedRoster(from bytes: RosterBytes) throws(RosterError) -> Roster {
    try unindexedRoster(from: bytes, sharingWith: nil).roster
  }

  /// Reads a roster whose names are not indexed, as ``unindexedRoster(from:)`` reads, taking
  /// the monsters it shares with an earlier roster's file from that file's records
  /// (``RosterParser/parse(_:sharingWith:)``), and says which they are.
  func unindexedRoster(from bytes: RosterBytes, sharingWith earlier: Roster?)
    throws(RosterError) -> (roster: Roster, shared: [SharedMonsters])
  {
    // The records of a roster that is its file as read are its monsters, in order.
    let earlierSource = earlier.flatMap { $0.isFileAsRead ? $0.storage.source : nil }
    guard bytes.count <= Self.sizeLimit else { throw .fileTooLarge(path: path) }
    try requireMemory(RosterParser.recordBytes(forFileOf: bytes.count))
    guard let parsed = try? RosterParser.parse(bytes, sharingWith: earlierSource),
      parsed.problems.isEmpty
    else {
      return (try roster(from: bytes), [])
    }
    try requireMemory(workingBytes(for: parsed, fileSize: bytes.count))
    return (
      Roster(
        source: parsed.source, otherFields: parsed.otherFields, declarations: parsed.declarations),
      parsed.shared
    )
  }
}
