import MonstersSystem

/// A roster kept in a JSON file: read, checked, edited and written safely.
///
/// Reading takes no lock: a reader sees the file before an edit or after it, never half of
/// one. Every edit takes the same path: lock the roster's folder with `flock(2)`, read,
/// apply, validate, write a temporary file of its own in the folder, `fsync` it, `rename`
/// it over the roster (or `link` it, for a new roster), `fsync` the folder, unlock.
///
/// ```swift
/// let file = RosterFile(path: "monsters.json")
/// let roster = try file.read()  // RosterError.missingFile while there is no file
/// try file.apply([.set("Cat-Bot", .init(weapon: .fire))])
/// ```
///
/// A missing file is an error unless ``whenMissing`` says otherwise: the `monsters` command
/// line reads its default `monsters.json`, which no one chose, with
/// ``MissingFile/seededRoster``:
///
/// ```swift
/// let nearest = RosterFile(path: "monsters.json", whenMissing: .seededRoster)
/// ```
///
/// This file holds the public operations; each job they share has a file of its own:
/// `RosterFile+Links` (which file a path names), `RosterFile+Loading` (reading or mapping
/// the bytes, and noticing a change meanwhile), `RosterFile+Problems` (what is wrong with
/// the bytes, by line and column), `RosterFile+Editing` (the lock and the edit's steps),
/// `RosterFile+AtomicWrite` (the new file and its metadata), `RosterFile+Sweep` (what a
/// killed edit left), `RosterFile+Async` (edits that wait for the lock without blocking a
/// thread), and `RosterLock`.
public struct RosterFile: Sendable {
  /// The path, as given; messages name the file by it, unless ``displayName`` names it.
  public var path: String
  /// What messages call the file, such as the name a user knows a document by (`Team`):
  /// the errors of reading, editing and saving it name it so
  /// (``RosterError/naming(_:)``), rather than by a path of the app's container. `nil`, the
  /// default, names it by ``path``.
  public var displayName: String?
  /// How long an edit waits for another process's edit of the same file, such as
  /// `.seconds(5)`.
  ///
  /// The synchronous edits (``update(dryRun:_:)-78lyj``, ``apply(_:dryRun:)``,
  /// ``initialize(force:)-x46j``) wait by sleeping on the calling thread;
  /// ``update(_:)-2jzky``, which is `async`, waits without blocking one. With 0, an edit
  /// never waits: it tries the lock once and throws
  /// ``RosterError/lockTimeout(path:seconds:)`` at once when another editor holds it; so
  /// does a negative duration.
  public var lockTimeout: Duration
  /// What reading and editing do while there is no file at the path.
  public var whenMissing: MissingFile
  /// The system calls the file is read and written with.
  package var fileSystem: any FileSystem
  /// Whether a file of a megabyte or more is mapped into memory rather than read: faster
  /// for a large roster, and safe when another program truncates the file meanwhile (see
  /// ``RosterError/changedWhileReading(path:)``), at the price of a handler for `SIGBUS`,
  /// installed once for the whole process. Off by default.
  public var mapsLargeFiles = false
  /// The stream the roster is read from, such as standard input, rather than the file at
  /// the path; such a roster can be read but not edited
  /// (``RosterError/notEditable(path:)``).
  package var stream: Stream?

  /// Creates a roster file at a path. Nothing is read until asked for.
  ///
  /// - Parameters:
  ///   - path: The file's path. A symbolic link is followed: its target is read and
  ///     written, and the link stays a link.
  ///   - lockTimeout: How long an edit waits for another process's edit: 10 seconds unless
  ///     told.
  ///   - whenMissing: What reading and editing do while there is no file at the path: by
  ///     default, throw ``RosterError/missingFile(path:)``.
  ///   - displayName: What messages call the file; by default its path.
  public init(
    path: String, lockTimeout: Duration = .seconds(10), whenMissing: MissingFile = .error,
    displayName: String? = nil
  ) {
    self.init(
      path: path, lockTimeout: lockTimeout, whenMissing: whenMissing,
      fileSystem: SystemFileSystem())
    self.displayName = displayName
  }

  /// Creates a roster file that does its file work through `fileSystem`.
  package init(
    path: String, lockTimeout: Duration = .seconds(10), whenMissing: MissingFile = .error,
    fileSystem: any FileSystem
  ) {
    self.path = path
    self.lockTimeout = lockTimeout
    self.whenMissing = whenMissing
    self.fileSystem = fileSystem
  }

  /// ``lockTimeout`` in seconds, for the lock's deadline, a FIFO's wait and the message;
  /// 0 for a negative duration, which waits no more than 0 does.
  @usableFromInline package var lockTimeoutSeconds: Double {
    max(
      0,
      Double(lockTimeout.components.seconds) + Double(lockTimeout.components.attoseconds) / 1e18)
  }

  /// ``lockTimeout`` in whole milliseconds, rounded up, for `poll(2)`.
  var lockTimeoutMilliseconds: Int {
    Int(min((lockTimeoutSeconds * 1000).rounded(.up), Double(Int32.max)))
  }

  /// How many bytes an edit writes at a time: the canonical form's chunks.
  static let chunkSize = Roster.chunkSize

  /// The most bytes a roster file may hold, 4 GiB (offsets into it are 32 bits); every
  /// input read whole is held to it too.
  package static let sizeLimit = Platform.wholeReadLimit
}

extension RosterFile {
  /// What a roster file holds while there is no file at its path.
  public enum MissingFile: Sendable {
    /// The seeded roster: reading gives it, and the first edit creates the file, holding
    /// the seeded roster and the edit. For a default path that no one chose, which may
    /// not exist yet, as the command line's `monsters.json`.
    case seededRoster
    /// Nothing, the default: reading or editing throws ``RosterError/missingFile(path:)``,
    /// and only ``RosterFile/initialize(force:)-x46j`` creates the file. For a path someone
    /// named, or a document an app opened, so that a mistyped or moved one is never taken
    /// for a roster.
    case error
  }

  /// A stream a roster is read from instead of a file.
  package enum Stream: Sendable {
    /// An open descriptor, such as standard input's, read to its end when the roster is
    /// read, and left open.
    case descriptor(Int32)
    /// Bytes read already.
    case bytes([UInt8])
  }

  /// The roster of a file that is not there: the seeded one, or the error.
  func missingRoster() throws(RosterError) -> Roster {
    guard whenMissing == .seededRoster else { throw .missingFile(path: path) }
    return .seeded
  }
}

// MARK: - Reading

extension RosterFile {
  /// Reads the roster. While there is no file, ``RosterError/missingFile(path:)``, or with
  /// ``whenMissing`` set to ``MissingFile/seededRoster`` the seeded roster.
  ///
  /// A pipe, a terminal or a process substitution at the path (`/dev/stdin`,
  /// `/dev/fd/63`) is read to its end.
  ///
  /// - Returns: The roster.
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` or
  ///   ``RosterError/invalidRoster(path:problems:)`` for a file that is not a valid roster,
  ///   ``RosterError/missingFile(path:)`` for a missing file that must exist,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  public func read() throws(RosterError) -> Roster {
    try named { () throws(RosterError) in
      guard let file = try load() else { return try missingRoster() }
      return try reading(file) { (bytes) throws(RosterError) in try roster(from: bytes) }
    }
  }

  /// The file's bytes as they are, or `nil` when there is no file.
  ///
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when the file exists but
  ///   cannot be read, ``RosterError/fileTooLarge(path:)`` over 4 GiB,
  ///   ``RosterError/changedWhileReading(path:)`` when it changed as it was read.
  public func contents() throws(RosterError) -> [UInt8]? {
    try named { () throws(RosterError) in
      guard let file = try load() else { return nil }
      return try reading(file) { $0.array }
    }
  }

  /// Reads a roster from a file's bytes, or says what is wrong with them.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Returns: The roster.
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` or
  ///   ``RosterError/invalidRoster(path:problems:)``.
  public func roster(from bytes: [UInt8]) throws(RosterError) -> Roster {
    try named { () throws(RosterError) in
      try roster(from: RosterBytes(bytes))
    }
  }

  /// Every problem with the file, for `check`: each roster rule it breaks, and, for a valid
  /// file, whether it is in canonical form. A missing file is an error whatever
  /// ``whenMissing`` says: there is no file to check.
  ///
  /// - Returns: The problems, in file order; none for a valid file in canonical form.
  /// - Throws: ``RosterError/missingFile(path:)`` when there is no file,
  ///   ``RosterError/syntax(path:line:column:message:)`` at the first place it is not
  ///   JSON, ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  public func problems() throws(RosterError) -> [RosterProblem] {
    try named { () throws(RosterError) in
      guard let file = try load() else { throw .missingFile(path: path) }
      return try reading(file) { (bytes) throws(RosterError) in try problems(in: bytes) }
    }
  }

  /// The JSON Schema of the file's roster (``Roster/jsonSchema``), also while its monsters
  /// break rules: the schema is of what the file declares, and an editor needs it most while
  /// a monster is wrong. With no file, the schema of what ``read()`` gives.
  ///
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` at the first place the file
  ///   is not JSON; ``RosterError/invalidRoster(path:problems:)``, with every problem, when
  ///   its top level or its weapons or fields break a rule; as ``read()`` otherwise.
  public func jsonSchema() throws(RosterError) -> JSONValue {
    try named { () throws(RosterError) in
      guard let file = try load() else { return try missingRoster().jsonSchema }
      return try reading(file) { (bytes) throws(RosterError) in
        let (roster, problems, frameIsSound) = try parse(bytes)
        guard frameIsSound else { throw .invalidRoster(path: path, problems: problems) }
        return roster.jsonSchema
      }
    }
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
    _ action: RosterError.FileAction, _ calls: () throws(SystemCallError) -> Value
  ) throws(RosterError) -> Value {
    do throws(SystemCallError) {
      return try calls()
    } catch {
      throw failure(action, error)
    }
  }

  /// The error for a system call that failed in an action on the file.
  func failure(_ action: RosterError.FileAction, _ error: SystemCallError) -> RosterError {
    .fileSystem(path: path, action: action, errno: error.code)
  }
}
