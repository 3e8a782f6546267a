import Glibc

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

  /// A roster file as it was read: its bytes, and the file, still open, to tell afterwards
  /// whether it changed while it was being read.
  struct LoadedFile {
    var bytes: RosterBytes
    var descriptor: Int32
    var status: stat
  }

  /// How large a file must be to be mapped rather than read, when ``mapsLargeFiles``.
  static let mappingThreshold = 1 << 20

  /// Opens the file and reads it, or maps it when it is large and ``mapsLargeFiles``.
  ///
  /// - Returns: The file, which ``reading(_:_:)`` or ``finish(_:)`` closes; `nil` when
  ///   there is no file.
  func load() throws(RosterError) -> LoadedFile? {
    let target = try resolvedPath()
    do throws(SystemCallError) {
      guard let (descriptor, status) = try fileSystem.openForReading(target) else { return nil }
      let size = Int(status.st_size)
      if mapsLargeFiles, size >= Self.mappingThreshold,
        let mapping = FileMapping(descriptor: descriptor, count: size)
      {
        return LoadedFile(bytes: RosterBytes(mapping), descriptor: descriptor, status: status)
      }
      do throws(SystemCallError) {
        let bytes = try fileSystem.readAll(descriptor, sizeHint: size)
        return LoadedFile(bytes: RosterBytes(bytes), descriptor: descriptor, status: status)
      } catch {
        fileSystem.close(descriptor)
        throw error
      }
    } catch {
      if error.code == EFBIG { throw .fileTooLarge(path: path) }
      throw failure("read", error)
    }
  }

  /// Runs `body` on a loaded file's bytes, then closes the file. When the file changed
  /// while it was read, that is the error, whatever `body` made of the bytes.
  func reading<Value>(
    _ file: LoadedFile, _ body: (RosterBytes) throws(RosterError) -> Value
  ) throws(RosterError) -> Value {
    let result = Swift.Result { () throws(RosterError) in try body(file.bytes) }
    try finish(file)
    return try result.get()
  }

  /// Closes a loaded file, checking that it was not changed while it was read.
  ///
  /// - Throws: ``RosterError/changedWhileReading(path:)`` when its size or modification
  ///   time is not what it was when it was opened.
  func finish(_ file: LoadedFile) throws(RosterError) {
    defer { fileSystem.close(file.descriptor) }
    try checkUnchanged(file)
  }

  /// Checks that a loaded file still has the size and modification time it had.
  func checkUnchanged(_ file: LoadedFile) throws(RosterError) {
    let now: stat
    do throws(SystemCallError) {
      now = try fileSystem.fstat(file.descriptor)
    } catch {
      throw failure("read", error)
    }
    guard now.st_size == file.status.st_size, now.st_mtim.tv_sec == file.status.st_mtim.tv_sec,
      now.st_mtim.tv_nsec == file.status.st_mtim.tv_nsec
    else { throw .changedWhileReading(path: path) }
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

  func roster(from bytes: RosterBytes) throws(RosterError) -> Roster {
    let (roster, problems) = try parse(bytes)
    guard problems.isEmpty else { throw .invalidRoster(path: path, problems: problems) }
    return roster
  }

  /// Reads a file's bytes, collecting every roster rule they break.
  ///
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` at the first place the
  ///   bytes are not JSON.
  func parse(_ bytes: RosterBytes) throws(RosterError) -> (Roster, [RosterProblem]) {
    guard bytes.count <= Int(UInt32.max) else { throw .fileTooLarge(path: path) }
    let parsed: ParsedRoster
    do throws(JSONSyntaxError) {
      parsed = try RosterParser.parse(bytes)
    } catch {
      let conflicts = bytes.withUnsafeBytes(ConflictMarkers.unresolvedLines(in:))
      if !conflicts.isEmpty { throw .unresolvedConflict(path: path, lines: conflicts) }
      let location = bytes.withUnsafeBytes { lineAndColumn(of: [error.offset], in: $0)[0] }
      throw .syntax(
        path: path, line: location.line, column: location.column, message: error.message)
    }
    var roster = Roster(source: parsed.source, otherFields: parsed.otherFields)
    var pending = parsed.problems
    if pending.isEmpty || !parsed.source.records.isEmpty {
      for (position, earlier) in roster.indexNames() {
        let record = parsed.source.records[position]
        // A monster with no name string (or that is not an object) has an empty span at
        // offset 0: it has no name to take, and its problem is reported already.
        if record.name.start == 0 || parsed.source.records[earlier].name.start == 0 {
          continue
        }
        let name = escapedForTerminal(parsed.source.text(.name, of: record))
        let holder = escapedForMessage(
          parsed.source.text(.name, of: parsed.source.records[earlier]))
        pending.append(
          PendingProblem(
            offset: Int(record.name.start) - 1,
            message: "monster \(position + 1) ('\(name)'): the name is taken by monster "
              + "\(earlier + 1) ('\(holder)'); names are compared ignoring case"))
      }
    }
    pending.sort { $0.offset < $1.offset }
    let locations = bytes.withUnsafeBytes { lineAndColumn(of: pending.map(\.offset), in: $0) }
    let problems = zip(pending, locations).map {
      RosterProblem(line: $1.line, column: $1.column, message: $0.message)
    }
    return (roster, problems)
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

  private func problems(in bytes: RosterBytes) throws(RosterError) -> [RosterProblem] {
    let (roster, problems) = try parse(bytes)
    guard problems.isEmpty else { return problems }
    // A file the reader saw in canonical layout throughout needs no writing to compare.
    guard !roster.source.isKnownCanonical,
      let offset = roster.firstDifference(fromCanonical: bytes)
    else { return [] }
    let location = bytes.withUnsafeBytes { lineAndColumn(of: [offset], in: $0)[0] }
    return [
      RosterProblem(
        line: location.line, column: 1,
        message: "the file is valid but not in canonical form from this line on; "
          + "the next edit writes it in canonical form")
    ]
  }
}

extension Roster {
  /// The offset of the first byte where `bytes` differ from the roster's canonical form,
  /// or `nil` when they are the same.
  func firstDifference(fromCanonical bytes: RosterBytes) -> Int? {
    var offset = 0
    var difference: Int?
    bytes.withUnsafeBytes { file in
      writeCanonical(chunkSize: RosterFile.chunkSize) { chunk in
        guard difference == nil else { return }
        let count = Swift.min(chunk.count, file.count - offset)
        if let index = firstMismatch(
          UnsafeRawBufferPointer(rebasing: file[offset..<offset + count]), chunk)
        {
          difference = offset + index
        } else if count < chunk.count {
          difference = offset + count
        }
        offset += chunk.count
      }
    }
    if difference == nil && offset < bytes.count { difference = offset }
    return difference
  }
}

/// The first offset at which two byte ranges differ, within the shorter one's length.
private func firstMismatch(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int? {
  let count = Swift.min(a.count, b.count)
  guard count > 0, let first = a.baseAddress, let second = b.baseAddress,
    memcmp(first, second, count) != 0
  else { return nil }
  return (0..<count).first { a[$0] != b[$0] }
}

// MARK: - Editing

/// What an edit did: the roster before and after, and the file's bytes before.
public struct RosterUpdate: Sendable {
  /// The roster as it was read (the seeded roster while there was no file).
  public var before: Roster
  /// The roster with the edits made.
  public var after: Roster
  /// The file's bytes as they were, or `nil` when there was no file.
  public var originalBytes: [UInt8]? {
    original?.array
  }
  /// Whether the edits changed the roster; when they did not, nothing was written.
  public var changed: Bool
  /// The file's bytes as they were, as read or mapped.
  var original: RosterBytes?
}

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
    let lock = try acquireLock(for: target)
    defer { fileSystem.close(lock) }
    let existing = try existingMode(of: target)
    if existing != nil && !force { throw .fileExists(path: path) }
    try write(Roster.seeded, to: target, mode: existing)
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
    let lock = dryRun ? nil : try acquireLock(for: target)
    defer { lock.map(fileSystem.close) }
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
      try write(after, to: target, mode: try existingMode(of: target)) {
        () throws(RosterError) in
        if let file { try checkUnchanged(file) }
      }
    }
    return RosterUpdate(before: before, after: after, changed: changed, original: file?.bytes)
  }
}

// MARK: - The lock and the write

extension RosterFile {
  /// The path with symbolic links followed: the file that is read and replaced.
  ///
  /// - Throws: ``RosterError/notARegularFile(path:)`` for a device, a pipe or a socket.
  func resolvedPath() throws(RosterError) -> String {
    var current = path
    for _ in 0..<40 {
      let status: stat
      do throws(SystemCallError) {
        status = try fileSystem.lstat(current)
      } catch {
        if error.code == ENOENT { return current }
        throw failure("read", error)
      }
      switch status.st_mode & S_IFMT {
      case S_IFLNK: break
      // A folder is refused when it is opened. A device or a pipe is no roster file:
      // /dev/zero would be read for ever, a FIFO would block, and an edit would put a
      // file in its place.
      case S_IFREG, S_IFDIR: return current
      default: throw .notARegularFile(path: path)
      }
      let target: String
      do throws(SystemCallError) {
        target = try fileSystem.readlink(current)
      } catch {
        throw failure("read", error)
      }
      current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    throw failure("read", SystemCallError(ELOOP))
  }

  /// Takes the lock beside the file, waiting up to ``lockTimeout`` for another edit.
  ///
  /// - Returns: The lock file's descriptor; closing it lets go of the lock.
  private func acquireLock(for target: String) throws(RosterError) -> Int32 {
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try fileSystem.open(
        target + ".lock", flags: O_RDONLY | O_CREAT | O_CLOEXEC, mode: 0o666)
    } catch {
      throw failure("lock", error)
    }
    let clock = ContinuousClock()
    // An infinite or huge wait, as good as forever, does not fit in an Int64 of
    // milliseconds, and neither does NaN: cap the one and take the other as no wait.
    let milliseconds = (lockTimeout * 1000).rounded(.up)
    let wait = milliseconds.isNaN ? 0 : Int64(min(max(milliseconds, 0), 1e15))
    let deadline = clock.now + .milliseconds(wait)
    var pause = Duration.milliseconds(1)
    while true {
      do throws(SystemCallError) {
        try fileSystem.flock(descriptor, LOCK_EX | LOCK_NB)
        return descriptor
      } catch  where error.code == EWOULDBLOCK {
        let now = clock.now
        guard now < deadline else {
          fileSystem.close(descriptor)
          throw .lockTimeout(path: path, seconds: lockTimeout)
        }
        sleep(for: min(pause, deadline - now))
        pause = min(pause * 2, .milliseconds(50))
      } catch {
        fileSystem.close(descriptor)
        throw failure("lock", error)
      }
    }
  }

  /// The permission bits and owner of the file, or `nil` when there is no file.
  private func existingMode(of target: String) throws(RosterError) -> stat? {
    do throws(SystemCallError) {
      let status = try fileSystem.lstat(target)
      if status.st_mode & S_IFMT == S_IFDIR { throw SystemCallError(EISDIR) }
      return status
    } catch {
      if error.code == ENOENT { return nil }
      throw failure("write", error)
    }
  }

  /// Writes a roster over the file: a temporary file beside it, synced, then renamed over
  /// it, then the folder synced. A failure removes the temporary file and leaves the
  /// roster as it was.
  ///
  /// - Parameters:
  ///   - roster: The roster to write.
  ///   - target: The file to replace, links followed.
  ///   - existing: The file's status when it exists, whose mode and owner the new file
  ///     takes.
  ///   - check: Runs once the new file is written and synced, before it replaces the old
  ///     one; what it throws stops the write.
  private func write(
    _ roster: Roster, to target: String, mode existing: stat?,
    checkingFirst check: () throws(RosterError) -> Void = {}
  ) throws(RosterError) {
    let temporary = directory(of: target) + "/." + baseName(of: target) + ".tmp"
    // Only an edit that holds the lock writes this file, so one that is here was left
    // by an edit that was killed.
    try? fileSystem.unlink(temporary)
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
        mode: existing == nil ? 0o666 : 0o600)
    } catch {
      // Something that is not a file of ours stands where the temporary file goes.
      if error.code == EEXIST {
        throw .fileSystem(path: temporary, action: "create the temporary file", errno: error.code)
      }
      throw failure("write", error)
    }
    do throws(SystemCallError) {
      if let existing {
        try? fileSystem.fchown(descriptor, owner: existing.st_uid, group: existing.st_gid)
        try fileSystem.fchmod(descriptor, mode: existing.st_mode & 0o7777)
      }
      try roster.writeCanonical(chunkSize: Self.chunkSize) { (chunk) throws(SystemCallError) in
        try writeAll(chunk, to: descriptor)
      }
      try fileSystem.fsync(descriptor)
      fileSystem.close(descriptor)
    } catch {
      fileSystem.close(descriptor)
      try? fileSystem.unlink(temporary)
      throw failure("write", error)
    }
    do throws(RosterError) {
      try check()
    } catch {
      try? fileSystem.unlink(temporary)
      throw error
    }
    do throws(SystemCallError) {
      try fileSystem.rename(temporary, to: target)
    } catch {
      try? fileSystem.unlink(temporary)
      throw failure("write", error)
    }
    try syncDirectory(of: target)
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    throws(SystemCallError)
  {
    var offset = 0
    while offset < bytes.count {
      let written = try fileSystem.write(
        descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
      if written == 0 { throw SystemCallError(EIO) }
      offset += written
    }
  }

  /// Makes the rename durable. The new roster is in place already when this fails, so the
  /// error says that the folder could not be synced.
  private func syncDirectory(of target: String) throws(RosterError) {
    do throws(SystemCallError) {
      let descriptor = try fileSystem.open(
        directory(of: target), flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
      defer { fileSystem.close(descriptor) }
      do throws(SystemCallError) {
        try fileSystem.fsync(descriptor)
      } catch  where error.code == EINVAL {
        // A file system that cannot sync folders has nothing more to do.
      }
    } catch {
      throw .fileSystem(path: directory(of: target), action: "sync the folder", errno: error.code)
    }
  }

  private func failure(_ action: String, _ error: SystemCallError) -> RosterError {
    .fileSystem(path: path, action: action, errno: error.code)
  }
}

/// The folder part of a path: `.` for a bare name.
func directory(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last part of a path.
func baseName(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return path }
  return String(path[path.index(after: slash)...])
}

private func sleep(for duration: Duration) {
  let (seconds, attoseconds) = duration.components
  var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}
