import Glibc

// Reading a version of a roster to compare or merge, from any file, and writing a merge's
// result over a file.

extension RosterFile {
  /// The most bytes one `write(2)` of a merge's result hands over.
  static let writePiece = 1 << 18

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
    try readVersion(allowingEmpty: allowingEmpty, indexingNames: true)
  }

  /// Reads a roster, as ``readVersion(allowingEmpty:)`` reads, to be matched with an
  /// earlier one (``UnmatchedRoster/matched(with:)``): a side of a merge, or the new roster
  /// of a diff.
  ///
  /// Its names are not indexed: they are looked up, and found to be all different, through
  /// the earlier roster's index and the matching, which for a roster that changed a few of a
  /// million monsters costs a few lookups rather than a million.
  ///
  /// - Returns: The roster, to match.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching() throws(RosterError) -> UnmatchedRoster {
    UnmatchedRoster(
      roster: try readVersion(allowingEmpty: false, indexingNames: false), file: self)
  }

  private func readVersion(allowingEmpty: Bool, indexingNames: Bool) throws(RosterError)
    -> Roster
  {
    let opened: (descriptor: Int32, status: stat)?
    do throws(SystemCallError) {
      opened = try fileSystem.openForReading(path)
    } catch {
      if error.code == EFBIG { throw .fileTooLarge(path: path) }
      throw .fileSystem(path: path, action: "read", errno: error.code)
    }
    guard let (descriptor, status) = opened else { throw .missingFile(path: path) }
    defer { fileSystem.close(descriptor) }
    // A device would be read for ever (/dev/zero) or wait on a person (/dev/tty); a pipe or
    // a socket ends when its writer does.
    let kind = status.st_mode & S_IFMT
    if kind == S_IFCHR || kind == S_IFBLK { throw .notARegularFile(path: path) }
    let isRegular = kind == S_IFREG
    let size = isRegular ? Int(status.st_size) : 0
    let bytes: RosterBytes
    if mapsLargeFiles, size >= Self.mappingThreshold,
      let mapping = FileMapping(descriptor: descriptor, count: size)
    {
      bytes = RosterBytes(mapping)
    } else {
      do throws(SystemCallError) {
        bytes = RosterBytes(try fileSystem.readAll(descriptor, sizeHint: size))
      } catch {
        if error.code == EFBIG { throw .fileTooLarge(path: path) }
        throw .fileSystem(path: path, action: "read", errno: error.code)
      }
    }
    let result = Result { () throws(RosterError) in
      if allowingEmpty && bytes.count == 0 { return Roster() }
      return indexingNames ? try roster(from: bytes) : try unindexedRoster(from: bytes)
    }
    // A pipe's times change as it is written; only a regular file can be told to have
    // changed while it was read.
    if isRegular {
      try checkUnchanged(LoadedFile(bytes: bytes, descriptor: descriptor, status: status))
    }
    return try result.get()
  }

  /// Reads a roster whose names are not indexed, nor checked for two that are the same: for
  /// one side of a merge, whose matching does both. Anything else wrong with the bytes is
  /// the reader's error, as for every command.
  func unindexedRoster(from bytes: RosterBytes) throws(RosterError) -> Roster {
    guard bytes.count <= Int(UInt32.max), let parsed = try? RosterParser.parse(bytes),
      parsed.problems.isEmpty
    else {
      return try roster(from: bytes)
    }
    return Roster(source: parsed.source, otherFields: parsed.otherFields)
  }

  /// Replaces the file with a merge's result, as its own atomic write: a temporary file
  /// beside it, synced, then renamed over it, with the file's permission bits and owner.
  /// A symbolic link is followed and stays a link.
  ///
  /// A merge does not take the lock of an edit: the file it writes is normally a
  /// temporary file of git's, which no other `monsters` edits.
  ///
  /// - Parameters:
  ///   - merge: The merge.
  ///   - markers: The conflict markers.
  /// - Returns: Whether the file was written: a clean merge whose result is the file as it
  ///   is (in canonical form) writes nothing.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when the file cannot be
  ///   written; it is then as it was.
  @discardableResult
  public func save(_ merge: RosterMerge, markers: ConflictMarkers) throws(RosterError) -> Bool {
    if merge.keepsOurs && merge.oursVersion.source.isKnownCanonical { return false }
    let target = try resolvedPath()
    let existing: stat?
    do throws(SystemCallError) {
      existing = try fileSystem.lstat(target)
    } catch {
      guard error.code == ENOENT else {
        throw .fileSystem(path: path, action: "write", errno: error.code)
      }
      existing = nil
    }
    let temporary =
      directory(of: target) + "/." + baseName(of: target) + ".merge-"
      + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
        mode: existing == nil ? 0o666 : 0o600)
    } catch {
      throw .fileSystem(path: temporary, action: "create the temporary file", errno: error.code)
    }
    var isOpen = true
    do throws(SystemCallError) {
      if let existing {
        try? fileSystem.fchown(descriptor, owner: existing.st_uid, group: existing.st_gid)
        try fileSystem.fchmod(descriptor, mode: existing.st_mode & 0o7777)
      }
      try merge.write(markers: markers, chunkSize: Self.chunkSize) {
        (chunk) throws(SystemCallError) in
        // A quarter of a megabyte at a time: on Linux, one write of a hundred megabytes
        // (a run of unchanged monsters, straight from the mapped file) costs several times
        // as much as the same bytes in pieces.
        var offset = 0
        while offset < chunk.count {
          let piece = chunk[offset..<min(offset + Self.writePiece, chunk.count)]
          let written = try fileSystem.write(descriptor, UnsafeRawBufferPointer(rebasing: piece))
          if written == 0 { throw SystemCallError(EIO) }
          offset += written
        }
      }
      // Synced, so that a crash after the rename cannot leave an empty file; a crash
      // before it leaves the file as it was.
      try fileSystem.fsync(descriptor)
      fileSystem.close(descriptor)
      isOpen = false
      try fileSystem.rename(temporary, to: target)
    } catch {
      if isOpen { fileSystem.close(descriptor) }
      try? fileSystem.unlink(temporary)
      throw .fileSystem(path: path, action: "write", errno: error.code)
    }
    return true
  }
}
