/// A roster kept in a JSON file: read, checked, edited and written safely.
///
/// Reading takes no lock: a reader sees the file before an edit or after it, never half of
/// one. Every edit takes the same path: lock `<file>.lock` with `flock(2)`, read, apply,
/// validate, write a temporary file in the same folder, `fsync` it, `rename` it over the
/// roster, `fsync` the folder, unlock.
///
/// ```swift
/// let file = RosterFile(path: "monsters.json")
/// let roster = try file.read()  // the seeded roster while there is no file
/// try file.apply([.set("Cat-Bot", .init(weapon: .fire))])
/// ```
///
/// This file holds the public operations; each job they share has a file of its own:
/// `RosterFile+Links` (which file a path names), `RosterFile+Loading` (reading or mapping
/// the bytes, and noticing a change meanwhile), `RosterFile+Problems` (what is wrong with
/// the bytes, by line and column), `RosterLock` and `RosterFile+AtomicWrite`.
public struct RosterFile: Sendable {
  /// The path, as given; messages name the file by it.
  public var path: String
  /// How long an edit waits for another process's edit of the same file, in seconds.
  public var lockTimeout: Double
  /// The system calls the file is read and written with.
  package var fileSystem: any FileSystem
  /// Whether a file of a megabyte or more is mapped into memory rather than read: faster
  /// for a large roster, and safe when another program truncates the file meanwhile (see
  /// ``RosterError/changedWhileReading(path:)``), at the price of a handler for `SIGBUS`,
  /// installed once for the whole process. Off by default.
  public var mapsLargeFiles = false

  /// Creates a roster file at a path. Nothing is read until asked for.
  ///
  /// - Parameters:
  ///   - path: The file's path. A symbolic link is followed: its target is read and
  ///     written, and the link stays a link.
  ///   - lockTimeout: How long an edit waits for another process's edit, in seconds.
  public init(path: String, lockTimeout: Double = 10) {
    self.init(path: path, lockTimeout: lockTimeout, fileSystem: SystemFileSystem())
  }

  /// Creates a roster file that does its file work through `fileSystem`.
  package init(path: String, lockTimeout: Double = 10, fileSystem: any FileSystem) {
    self.path = path
    self.lockTimeout = lockTimeout
    self.fileSystem = fileSystem
  }

  /// How many bytes an edit writes at a time.
  static let chunkSize = 1 << 20
}

// MARK: - Reading

extension RosterFile {
  /// Reads the roster. While there is no file, the roster is the seeded one.
  ///
  /// - Returns: The roster.
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` or
  ///   ``RosterError/invalidRoster(path:problems:)`` for a file that is not a valid roster,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  public func read() throws(RosterError) -> Roster {
    guard let file = try load() else { return .seeded }
    return try reading(file) { (bytes) throws(RosterError) in try roster(from: bytes) }
  }

  /// The file's bytes as they are, or `nil` when there is no file.
  ///
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when the file exists but
  ///   cannot be read, ``RosterError/fileTooLarge(path:)`` over 4 GiB,
  ///   ``RosterError/changedWhileReading(path:)`` when it changed as it was read.
  public func contents() throws(RosterError) -> [UInt8]? {
    guard let file = try load() else { return nil }
    return try reading(file) { $0.array }
  }

  /// Reads a roster from a file's bytes, or says what is wrong with them.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Returns: The roster.
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` or
  ///   ``RosterError/invalidRoster(path:problems:)``.
  public func roster(from bytes: [UInt8]) throws(RosterError) -> Roster {
    try roster(from: RosterBytes(bytes))
  }

  /// Every problem with the file, for `check`: each roster rule it breaks, and, for a valid
  /// file, whether it is in canonical form.
  ///
  /// - Returns: The problems, in file order; none for a valid file in canonical form.
  /// - Throws: ``RosterError/missingFile(path:)`` when there is no file,
  ///   ``RosterError/syntax(path:line:column:message:)`` at the first place it is not
  ///   JSON, ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  public func problems() throws(RosterError) -> [RosterProblem] {
    guard let file = try load() else { throw .missingFile(path: path) }
    return try reading(file) { (bytes) throws(RosterError) in try problems(in: bytes) }
  }
}

// MARK: - Editing

extension RosterFile {
  /// Makes edits, all of them or none, and saves the roster.
  ///
  /// Under the file's lock, the roster is read, the edits are made in order, and the result
  /// is written to a temporary file that replaces the roster in one `rename`. If an edit
  /// fails, nothing is written. If the edits change nothing, nothing is written either.
  ///
  /// - Parameters:
  ///   - edits: The edits, in order.
  ///   - dryRun: When `true`, the edits are made in memory only and nothing is locked or
  ///     written.
  /// - Returns: The roster before and after.
  /// - Throws: The first edit's ``RosterError``, or one from reading, locking or writing.
  @discardableResult
  public func apply(_ edits: [RosterEdit], dryRun: Bool = false) throws(RosterError)
    -> RosterUpdate
  {
    try update(dryRun: dryRun) { (roster) throws(RosterError) in
      var changed = false
      for edit in edits where try roster.apply(edit) {
        changed = true
      }
      return changed
    }
  }

  /// Writes the seeded roster.
  ///
  /// - Parameter force: Whether to replace a file that exists.
  /// - Throws: ``RosterError/fileExists(path:)`` when there is a file and `force` is
  ///   `false`; otherwise an error from locking or writing.
  public func initialize(force: Bool) throws(RosterError) {
    let target = try resolvedPath()
    let lock = try RosterLock(beside: target, for: self)
    defer { lock.release() }
    let existing = try existingStatus(of: target)
    if existing != nil && !force { throw .fileExists(path: path) }
    try write(Roster.seeded, to: target, replacing: existing)
  }

  /// The one path every edit takes: lock, read, change, validate, write, unlock.
  ///
  /// ``apply(_:dryRun:)`` is this with a list of edits; use this directly to learn which
  /// edit failed, or to decide edits from the roster as it is under the lock.
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster; returns whether it changed anything. Nothing is
  ///     written when it throws or returns `false`.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, or an error from reading, locking or writing.
  public func update(
    dryRun: Bool, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> RosterUpdate {
    let target = try resolvedPath()
    let lock = dryRun ? nil : try RosterLock(beside: target, for: self)
    defer { lock?.release() }
    let file = try load()
    defer { file.map { fileSystem.close($0.descriptor) } }
    let before: Roster
    do throws(RosterError) {
      before =
        try file.map { (file) throws(RosterError) in try roster(from: file.bytes) } ?? .seeded
    } catch {
      // Bytes that changed under the reader are no reason to blame the file.
      if let file { try checkUnchanged(file) }
      throw error
    }
    var after = before
    let changed = try change(&after)
    if changed && !dryRun {
      // A mapped file is read as the new one is written: a program that wrote to it
      // meanwhile, ignoring the lock, would have it write a mix, so the new file is
      // checked for that before it takes the old one's place.
      try write(after, to: target, replacing: try existingStatus(of: target)) {
        () throws(RosterError) in
        if let file { try checkUnchanged(file) }
      }
    }
    return RosterUpdate(before: before, after: after, changed: changed, original: file?.bytes)
  }
}

// MARK: - System calls

extension RosterFile {
  /// Makes the system calls of one action on the file, and gives their failure the words a
  /// user reads: `Cannot <action> <path>: <reason>.`
  ///
  /// - Parameters:
  ///   - action: What the calls do, such as `read`, `lock` or `write`.
  ///   - calls: The calls.
  /// - Returns: What `calls` returns.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` with the `errno` of the call
  ///   that failed.
  func performing<Value>(
    _ action: String, _ calls: () throws(SystemCallError) -> Value
  ) throws(RosterError) -> Value {
    do throws(SystemCallError) {
      return try calls()
    } catch {
      throw failure(action, error)
    }
  }

  /// The error for a system call that failed in an action on the file.
  func failure(_ action: String, _ error: SystemCallError) -> RosterError {
    .fileSystem(path: path, action: action, errno: error.code)
  }
}
