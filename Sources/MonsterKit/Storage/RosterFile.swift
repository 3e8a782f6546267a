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
  /// ``initialize(force:)-x46j``) wait by sleeping on the calling thread; ``update(_:)-2jzky``, which is
  /// `async`, waits without blocking one. With 0, an edit never
  /// waits: it tries the lock once and throws ``RosterError/lockTimeout(path:seconds:)`` at
  /// once when another editor holds it; so does a negative duration.
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

  /// How many bytes an edit writes at a time.
  static let chunkSize = 1 << 20

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

// MARK: - Editing

extension RosterFile {
  /// Makes edits, all of them or none, and saves the roster.
  ///
  /// Under the file's lock, the roster is read, the edits are made in order, and the result
  /// is written to a temporary file that replaces the roster in one `rename`. If an edit
  /// fails, nothing is written. If the edits change nothing, or their changes cancel out,
  /// nothing is written either.
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
    try named { () throws(RosterError) in
      try edit(dryRun: dryRun) { (roster) throws(RosterError) in
        try roster.applyEach(edits).changed
      }
    }
  }

  /// Writes the seeded roster. This is the one operation that creates a file whatever
  /// ``whenMissing`` says.
  ///
  /// - Parameter force: Whether to replace a file that exists.
  /// - Throws: ``RosterError/fileExists(path:)`` when there is a file and `force` is
  ///   `false`; otherwise an error from locking or writing.
  public func initialize(force: Bool) throws(RosterError) {
    try named { () throws(RosterError) in
      try editing(action: .write) { (site, existing) throws(RosterError) in
        if existing != nil && !force { throw .fileExists(path: path) }
        return try save(.seeded, in: site, replacing: existing) ? .done(()) : .startOver
      }
    }
  }

  /// Changes the roster and saves it on the edit path, the steps every write of the file
  /// takes (`editing(action:_:)`): lock, read, change, validate, write, unlock.
  ///
  /// ``apply(_:dryRun:)`` is this with a list of edits; use this to decide edits from the
  /// roster as it is under the lock. What the closure throws comes out as it was thrown, an
  /// app's own error too, and nothing is written:
  ///
  /// ```swift
  /// try file.update { roster in
  ///   guard roster.count < 100 else { throw AppError.rosterFull }
  ///   try roster.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .fire)))
  /// }
  /// ```
  ///
  /// The roster is written only when it changed: when the closure leaves it holding the
  /// same monsters, weapons, fields and keys as it read, nothing is written
  /// (``RosterUpdate/changed`` is `false`).
  ///
  /// Should another program put a new file at the path while the edit works, the edit
  /// starts over from it, so `change` may run more than once; each time on the roster as
  /// it is then. In an `async` context, the call without `dryRun` is the `async`
  /// ``update(_:)-2jzky``, which waits for the lock without blocking a thread.
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster. Nothing is written when it throws.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, as it threw it; otherwise a ``RosterError`` from
  ///   reading, locking or writing, ``RosterError/notEditable(path:)`` for a pipe or a
  ///   terminal, unless `dryRun`.
  @discardableResult
  public func update<Failure: Error>(
    dryRun: Bool = false, _ change: (inout Roster) throws(Failure) -> Void
  ) throws -> RosterUpdate {
    try carrying(change) { (change) throws(RosterError) in
      try named { () throws(RosterError) in try edit(dryRun: dryRun, change) }
    }
  }

  /// Changes the roster and saves it, as the form whose change throws any error does, with
  /// a change whose only errors are the roster's: the call throws ``RosterError``, typed.
  /// A closure that says so, or throws nothing, is this form's (Swift takes a closure that
  /// says nothing for one that throws any error):
  ///
  /// ```swift
  /// do throws(RosterError) {
  ///   try file.update { (roster) throws(RosterError) in try roster.apply(.remove("Dog-Bot")) }
  /// } catch {
  ///   alert = error.description
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster. Nothing is written when it throws.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws; a ``RosterError`` from reading, locking or writing,
  ///   ``RosterError/notEditable(path:)`` for a pipe or a terminal, unless `dryRun`.
  @discardableResult
  public func update(
    dryRun: Bool = false, _ change: (inout Roster) throws(RosterError) -> Void
  ) throws(RosterError) -> RosterUpdate {
    try named { () throws(RosterError) in
      try edit(dryRun: dryRun) { (roster) throws(RosterError) -> Bool in
        let before = roster
        try change(&roster)
        return !roster.hasSameMonsters(as: before)
      }
    }
  }

  /// Runs a public call's work, naming the file in its errors by ``displayName``.
  @usableFromInline
  func named<Value>(_ work: () throws(RosterError) -> Value) throws(RosterError) -> Value {
    do throws(RosterError) {
      return try work()
    } catch {
      throw displayName.map(error.naming) ?? error
    }
  }

  /// Runs an edit whose change throws an error of the caller's type through the edit path,
  /// which throws ``RosterError``: the change's error is kept aside, the edit is told that
  /// nothing changed (so nothing is written), and the error is thrown once the edit is over.
  /// The one place that carries an error out of a closure in a variable: a `RosterError`
  /// cannot hold a caller's error, and the lock must be let go before it is thrown.
  ///
  /// - Parameters:
  ///   - change: The caller's change.
  ///   - edit: The edit, given the change as the edit path takes it: it returns whether
  ///     the roster changed, which is whether its monsters, weapons, fields or keys differ.
  /// - Returns: What `edit` returns.
  /// - Throws: What `change` threw, or what `edit` threw.
  @usableFromInline
  func carrying<Failure: Error, Value>(
    _ change: (inout Roster) throws(Failure) -> Void,
    _ edit: ((inout Roster) throws(RosterError) -> Bool) throws(RosterError) -> Value
  ) throws -> Value {
    var failure: Failure?
    // Both closures are the caller's and run only within this call; Swift refuses one that
    // captures another non-escaping closure without this.
    let value = try withoutActuallyEscaping(change) { (change) throws(RosterError) in
      try edit { (roster) throws(RosterError) -> Bool in
        failure = nil
        let before = roster
        do throws(Failure) {
          try change(&roster)
        } catch {
          failure = error
          return false
        }
        return !roster.hasSameMonsters(as: before)
      }
    }
    if let failure { throw failure }
    return value
  }

  /// The one path every edit takes, for the edits of `monsters` itself: `change` says
  /// whether to write, which for `fmt` is whether the file is not in canonical form. Named
  /// apart from ``update(dryRun:_:)-78lyj``: under that name, a closure that ends in a call
  /// returning `Bool`, as `roster.apply(_:)` does, picked this one within the package, so
  /// the package's own tests ran what no app can call.
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster; returns whether to write it. Nothing is written when
  ///     it throws or returns `false`.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, or an error from reading, locking or writing;
  ///   ``RosterError/notEditable(path:)`` for a pipe or a terminal, unless `dryRun`.
  package func edit(
    dryRun: Bool, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> RosterUpdate {
    guard !dryRun else {
      let file = try load()
      defer { file.map(close) }
      return try changing(file, change)
    }
    return try editing(action: .read) { (site, file) throws(RosterError) in
      try changeAndSave(in: site, file, change)
    }
  }

  /// The work of an edit under the lock: reads the roster from the file, changes it, and
  /// saves it when it changed.
  ///
  /// - Returns: The update, or ``Attempt/startOver`` when the folder changed meanwhile.
  func changeAndSave(
    in site: EditSite, _ file: LoadedFile?, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> Attempt<RosterUpdate> {
    let update = try changing(file, change)
    guard update.changed else { return .done(update) }
    // A mapped file is read as the new one is written: a program that wrote to it
    // meanwhile, ignoring the lock, would have it write a mix, so the new file is
    // checked for that before it takes the old one's place.
    let saved: Bool
    do throws(RosterError) {
      saved = try save(update.after, in: site, replacing: file) { () throws(RosterError) in
        if let file { try checkUnchanged(file) }
      }
    } catch {
      // Writing from a mapping whose file was cut short fails with EFAULT: the file
      // changed, which is the error to give.
      if case .fileSystem(_, _, let code) = error, code == Platform.ErrorNumber.badAddress,
        let file
      {
        try checkUnchanged(file)
      }
      throw error
    }
    return saved ? .done(update) : .startOver
  }

  /// Reads the roster from a loaded file (the missing roster without one) and changes it.
  private func changing(
    _ file: LoadedFile?, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> RosterUpdate {
    let before: Roster
    do throws(RosterError) {
      if let file {
        before = try roster(from: file.bytes)
      } else {
        before = try missingRoster()
      }
    } catch {
      // Bytes that changed under the reader are no reason to blame the file.
      if let file { try checkUnchanged(file) }
      throw error
    }
    // Room to change every monster, asked for as the reader's memory was.
    try requireMemory(Roster.editingBytes(monsterCount: before.count))
    var after = before
    let changed = try change(&after)
    // The one part of a roster an app sets directly, unchecked until it is to be written.
    if after.otherFields != before.otherFields { try after.otherFields.checkWritableAsRosters() }
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
