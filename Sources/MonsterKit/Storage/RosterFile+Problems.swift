import MonstersSystem

// What is wrong with a file's bytes, in the words and at the line and column a user reads:
// the reader's problems, the names taken twice, and whether a valid file is canonical.

extension RosterFile {
  /// Reads a roster from a file's bytes, or says what is wrong with them.
  ///
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` or
  ///   ``RosterError/invalidRoster(path:problems:)``.
  func roster(from bytes: RosterBytes) throws(RosterError) -> Roster {
    let (roster, problems, _) = try parse(bytes)
    guard problems.isEmpty else { throw .invalidRoster(path: path, problems: problems) }
    return roster
  }

  /// Reads a file's bytes, collecting every roster rule they break.
  ///
  /// - Returns: The roster, the problems, and whether the file's top level and declarations
  ///   break none of them (see ``ParsedRoster/frameIsSound``).
  /// - Throws: ``RosterError/unresolvedConflict(path:lines:)`` for bytes that are not JSON
  ///   and hold a merge's conflict markers, otherwise
  ///   ``RosterError/syntax(path:line:column:message:)`` at the first place the bytes are
  ///   not JSON.
  func parse(_ bytes: RosterBytes) throws(RosterError)
    -> (roster: Roster, problems: [RosterProblem], frameIsSound: Bool)
  {
    guard bytes.count <= Self.sizeLimit else { throw .fileTooLarge(path: path) }
    try requireMemory(RosterParser.recordBytes(forFileOf: bytes.count))
    let parsed: ParsedRoster
    do throws(JSONSyntaxError) {
      parsed = try RosterParser.parse(bytes)
    } catch {
      throw bytes.withUnsafeBytes { error.rosterError(path: path, in: $0) }
    }
    try requireMemory(workingBytes(for: parsed, fileSize: bytes.count))
    var roster = Roster(
      source: parsed.source, otherFields: parsed.otherFields, declarations: parsed.declarations)
    var pending = parsed.problems
    if pending.isEmpty || !parsed.source.records.isEmpty {
      pending += nameProblems(roster.indexNames(), in: parsed.source)
    }
    pending.sort { $0.offset < $1.offset }
    let positions = bytes.withUnsafeBytes {
      TextPosition.positions(of: pending.map(\.offset), in: $0)
    }
    let problems = zip(pending, positions).map {
      var problem = RosterProblem(line: $1.line, column: $1.column, message: $0.message)
      problem.newerVersion = $0.newerVersion
      return problem
    }
    return (roster, problems, parsed.frameIsSound)
  }

  /// Asks for memory that reading a roster is about to take (``Platform/requireMemory(_:)``),
  /// as the buffer of its bytes was asked for: a roster the process may not have the memory
  /// to read and edit (`ulimit -v`) is an error to report, not a trap.
  ///
  /// - Parameter count: The size in bytes.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)``, `ENOMEM` on reading.
  func requireMemory(_ count: Int) throws(RosterError) {
    try performing(.read) { () throws(SystemCallError) in try Platform.requireMemory(count) }
  }

  /// The memory a roster takes once read, besides its bytes and records: its slots and
  /// index of names, and room for what a command then makes of it (an edit, a merge's
  /// matching, the bytes of the output it writes in pieces): a quarter of the file, and
  /// 16 MiB for the smaller allocations of any run. A file under 1 MiB asks for nothing, as
  /// its buffer did not: a process that may not have that much could not write a message.
  func workingBytes(for parsed: ParsedRoster, fileSize: Int) -> Int {
    guard fileSize >= 1 << 20 else { return 0 }
    return Roster.indexBytes(monsterCount: parsed.source.records.count) + fileSize / 4
      + (16 << 20)
  }

  /// The problems of names taken by an earlier monster.
  ///
  /// - Parameters:
  ///   - duplicates: Each monster whose name an earlier one has, and the earlier one.
  ///   - source: The records the positions are of.
  /// - Returns: A problem at each later name, naming the earlier monster.
  private func nameProblems(
    _ duplicates: [(position: Int, earlier: Int)], in source: RosterSource
  ) -> [PendingProblem] {
    duplicates.compactMap { position, earlier in
      let record = source.records[position]
      let holder = source.records[earlier]
      // A monster with no name string has no name to take, and a problem of its own.
      guard record.hasName && holder.hasName else { return nil }
      let name = source.text(.name, of: record)
      let holderName = source.text(.name, of: holder)
      return PendingProblem(
        offset: Int(record.name.start) - 1,
        message: "monster \(position + 1) ('\(escapedForMessage(name))'): the name is taken by "
          + "monster \(earlier + 1) ('\(escapedForMessage(holderName))'); names are compared "
          + (name == holderName && !name.hasSameCodePoints(as: holderName)
            ? "in any Unicode form" : "ignoring case"))
    }
  }

  /// Every problem with a file's bytes, for ``problems()``.
  func problems(in bytes: RosterBytes) throws(RosterError) -> [RosterProblem] {
    let (roster, problems, _) = try parse(bytes)
    guard problems.isEmpty else { return problems }
    // A file the reader saw in canonical layout throughout needs no writing to compare.
    guard !roster.storage.source.isKnownCanonical,
      let offset = roster.firstDifference(fromCanonical: bytes)
    else { return [] }
    let position = bytes.withUnsafeBytes { TextPosition(of: offset, in: $0) }
    return [
      RosterProblem(
        line: position.line, column: 1,
        message: "the file is valid but not in canonical form from this line on; "
          + "the next edit writes it in canonical form",
        kind: .layout)
    ]
  }
}
