import MonstersSystem

// What an app holds of a roster file between a read and a save: the roster, the version of
// the file it came from, and which file that was, so that a save can tell whether the file
// changed meanwhile and merge what changed.

extension RosterFile {
  /// A roster as a file held it at one moment, and the file's version then: what an app
  /// reads, edits as a value, and bases its next save on.
  ///
  /// ```swift
  /// var snapshot = try file.snapshot()
  /// var roster = snapshot.roster  // edited by the app, as a value
  /// // ... later, whatever another program did to the file meanwhile:
  /// snapshot = try file.save(roster, basedOn: snapshot)
  /// roster = snapshot.roster  // what the file holds now: the app's edits, and theirs
  /// ```
  ///
  /// A snapshot keeps the bytes it was read from, so that a save tells a file that changed
  /// from one that did not by what it holds, not by its time; and the folder and name of
  /// the file, so that a save refuses one taken of another file
  /// (``RosterError/notTheFileRead(path:)``).
  public struct Snapshot: Sendable {
    /// The roster the file held.
    public let roster: Roster
    /// The version of the file then (``RosterFile/fileVersion()`` gives it now): compare
    /// the two to learn cheaply whether another program changed the file since; `nil`
    /// while there was no file (the seeded roster of ``MissingFile/seededRoster``).
    public let version: FileVersion?
    /// What the file held, byte for byte.
    let content: Content
    /// Which file it was.
    let file: FileIdentity

    /// What the file held.
    enum Content: Sendable {
      /// No file: the roster is the missing file's.
      case missing
      /// These bytes.
      case bytes(RosterBytes)
      /// The roster's canonical form, as a save wrote it.
      case canonical

      /// Whether there was no file.
      var isMissing: Bool {
        if case .missing = self { return true }
        return false
      }
    }

    /// Whether the snapshot is of a file that was not there.
    var isOfMissingFile: Bool {
      content.isMissing
    }

    /// Whether a file's bytes are what the snapshot's file held: `nil` for no file.
    func holds(_ bytes: RosterBytes?) -> Bool {
      switch (content, bytes) {
      case (.missing, nil): true
      case (.bytes(let held), let bytes?): held.isSame(as: bytes)
      case (.canonical, let bytes?): roster.firstDifference(fromCanonical: bytes) == nil
      default: false
      }
    }
  }

  /// Which file a snapshot is of: the folder it is in, by its device and inode, and its
  /// name there, with links followed. A file replaced by an edit or by `git checkout` is
  /// the same file; one that was moved, or another file, is not.
  struct FileIdentity: Hashable, Sendable {
    let folderDevice: UInt64
    let folderInode: UInt64
    /// The name's bytes: names are told apart as the file system tells them.
    let name: [UInt8]
  }

  /// Reads the roster and the file's version, as ``read()`` and ``fileVersion()`` would
  /// together, from the one file that was opened: the snapshot a later
  /// ``save(_:basedOn:)-69iv0`` merges with what the file holds by then. It takes no lock.
  ///
  /// - Returns: The snapshot. While there is no file, that of the seeded roster with
  ///   ``MissingFile/seededRoster``.
  /// - Throws: As ``read()``: ``RosterError/missingFile(path:)`` for a missing file that
  ///   must exist, ``RosterError/syntax(path:line:column:message:)`` or
  ///   ``RosterError/invalidRoster(path:problems:)`` for one that is not a valid roster,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read;
  ///   ``RosterError/notEditable(path:)`` for a pipe or a terminal, which no save can
  ///   replace.
  public func snapshot() throws(RosterError) -> Snapshot {
    try named { () throws(RosterError) in
      for _ in 0..<Self.attempts {
        guard let target = try editTarget(action: .read) else { continue }
        let named = try identity(of: target)
        guard let file = try load() else {
          return Snapshot(roster: try missingRoster(), version: nil, content: .missing, file: named)
        }
        let read = try reading(file) { (bytes) throws(RosterError) in try roster(from: bytes) }
        guard let opened = file.opened else { throw .notEditable(path: path) }
        // The file read must be the one the identity was taken of: another put at the path in
        // between is read again.
        guard try identity(of: target) == named, let now = try statusAsOpened(action: .read),
          now.isSameFile(as: opened.status)
        else { continue }
        return Snapshot(
          roster: read, version: FileVersion(opened.status), content: .bytes(file.bytes),
          file: named)
      }
      throw .changedWhileReading(path: path)
    }
  }

  /// The identity of the file an edit target names.
  private func identity(of target: EditTarget) throws(RosterError) -> FileIdentity {
    let status = try performing(.read) { () throws(SystemCallError) in
      let folder = try fileSystem.openFolder(target.folder)
      defer { fileSystem.close(folder) }
      return try fileSystem.fstat(folder)
    }
    return FileIdentity(
      folderDevice: status.device, folderInode: status.inode, name: Array(target.name.utf8))
  }

  /// The identity of the file an edit works on, in its locked folder.
  func identity(of site: EditSite) throws(RosterError) -> FileIdentity {
    let status = try performing(.lock) { () throws(SystemCallError) in
      try fileSystem.fstat(site.folder)
    }
    return FileIdentity(
      folderDevice: status.device, folderInode: status.inode, name: Array(site.name.utf8))
  }

  /// The version of the file at the roster's name in an edit's locked folder, links not
  /// followed: taken under the lock, so that no other edit has replaced it.
  func version(in site: EditSite) throws(RosterError) -> FileVersion {
    try performing(.read) { () throws(SystemCallError) in
      let descriptor = try fileSystem.open(
        site.name, in: site.folder, options: [.readOnly, .nonBlocking, .noFollow, .closeOnExec],
        mode: 0)
      defer { fileSystem.close(descriptor) }
      return FileVersion(try fileSystem.fstat(descriptor))
    }
  }
}

extension RosterBytes {
  /// Whether two files' bytes are the same, byte for byte.
  func isSame(as other: RosterBytes) -> Bool {
    count == other.count
      && withUnsafeBytes { mine in other.withUnsafeBytes { bytesEqual(mine, $0) } }
  }
}
