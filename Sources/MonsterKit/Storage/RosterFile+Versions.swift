// Reading a version of a roster to compare or merge, from any file. Reading one to be
// matched with an earlier one is RosterFile+Matching; merging into a file, under its lock,
// RosterFile+Merging.

extension RosterFile {
  /// Reads the roster a file holds now, to compare or merge it: from a regular file (mapped
  /// when large and ``mapsLargeFiles``), a pipe or a process substitution such as
  /// `/dev/fd/63`, read to its end. A missing file is an error, never the seeded roster; so
  /// is a device.
  ///
  /// - Parameter allowingEmpty: Whether an empty file is an empty roster: git gives an empty
  ///   file as the common ancestor of two versions that have none.
  /// - Returns: The roster.
  /// - Throws: ``RosterError/missingFile(path:)``;
  ///   ``RosterError/syntax(path:line:column:message:)``,
  ///   ``RosterError/invalidRoster(path:problems:)`` or
  ///   ``RosterError/unresolvedConflict(path:lines:)`` for a file that is not a valid
  ///   roster; ``RosterError/notARegularFile(path:)`` for a device;
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  public func readVersion(allowingEmpty: Bool = false) throws(RosterError) -> Roster {
    try named { () throws(RosterError) in
      try readVersion(allowingEmpty: allowingEmpty, indexingNames: true)
    }
  }

  /// Reads a roster whose names are not indexed, as ``unindexedRoster(from:sharingWith:)``
  /// reads, from the file as ``readVersion(allowingEmpty:)`` reads it: for a roster to be
  /// matched with an earlier one, whose matching indexes its names.
  ///
  /// - Parameters:
  ///   - allowingEmpty: Whether an empty file is an empty roster.
  ///   - earlier: The roster whose file's records stand for the monsters the file has as
  ///     that one has them, or `nil`.
  /// - Returns: The roster, and the monsters it has from `earlier`'s records.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  func unindexedVersion(allowingEmpty: Bool, sharingWith earlier: Roster?)
    throws(RosterError) -> (roster: Roster, shared: [SharedMonsters])
  {
    var shared: [SharedMonsters] = []
    let roster = try readVersion(allowingEmpty: allowingEmpty) { (bytes) throws(RosterError) in
      let read = try unindexedRoster(from: bytes, sharingWith: earlier)
      shared = read.shared
      return read.roster
    }
    return (roster, shared)
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
