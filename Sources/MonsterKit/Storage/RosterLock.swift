import MonstersSystem

/// The lock an edit holds from reading the roster to replacing it: `flock(2)` on the folder
/// the roster is in, opened for reading, where the folder can be locked so, and always
/// `flock(2)` on the roster file itself, where there is one.
///
/// The folder is locked because an edit replaces the roster with a new file, and a lock
/// file beside it can be removed, replaced or planted by anyone who may write to the
/// folder; the folder itself is never replaced while it is open. A script keeps edits out
/// with `flock(1)` on the same folder, and edits of every roster in the folder wait for
/// each other. Nothing is created to be locked, so nothing is left beside the roster.
///
/// Not every editor can lock the folder: NFS emulates `flock` with POSIX locks, and a POSIX
/// lock that keeps others out needs a file open for writing, which a folder never is
/// (`flock` on the folder fails there with `EBADF`); and a user who may write and search a
/// folder but not read it (mode 733) can open it for search only, which cannot be locked
/// either. So every edit also locks the roster file, opened for reading and writing, and
/// once it has the lock checks that the roster's name still names that file: an edit that
/// replaced the roster while this one waited has left the lock of a file that is no longer
/// the roster, and this one locks the new file instead. Every edit of a roster takes that
/// lock, whoever runs it and whatever the folder lets it do, so two edits always exclude
/// each other. (An edit that holds the folder's lock and finds the file's taken lets go of
/// the folder while it waits, so two edits never wait for each other.) Before the first
/// edit there is no file to lock; that edit creates the roster with `link(2)`, which fails
/// rather than replace a file another edit created meanwhile, and then starts over and
/// locks it. Where the folder cannot be locked, a script keeps edits out with `flock(1)` on
/// the roster file, which `flock(1)` opens for writing on NFS for that reason.
///
/// The kernel lets go of the locks when their descriptors are closed, also when the
/// process is killed: no lock is ever left to remove by hand.
///
/// The folder's descriptor is also what the edit works through: it opens, renames and
/// removes names relative to it, so that the edit stays in the folder it locked even if
/// the folder is renamed meanwhile.
struct RosterLock {
  /// The roster's folder, open for reading.
  let folder: Int32
  /// Whether the folder is locked too: no other edit of a roster in it that can lock the
  /// folder runs.
  let locksFolder: Bool
  /// What the lock holds of the roster file.
  let hold: Hold
  private let fileSystem: any FileSystem

  /// What an edit's lock holds of the roster file.
  enum Hold {
    /// The roster file, locked: no other edit of this roster runs while its name names
    /// this file.
    case rosterFile(RosterFile.OpenedFile)
    /// Nothing, for there was no roster file to lock: the edit creates the roster with
    /// `link(2)`, which fails where another edit created one first.
    case noRosterFile
    /// Nothing, for the roster file could not be opened to be locked, with this `errno`
    /// (`EACCES`: the process may not write it): the edit may read it, and must not replace
    /// it.
    case unopenable(Int32)
  }

  /// Opens and locks a roster's folder, where it can be locked, and the roster file,
  /// waiting up to the file's ``RosterFile/lockTimeout`` for another edit to finish: the
  /// calling thread sleeps meanwhile. With a timeout of 0 the lock is tried once.
  /// (``RosterFile/update(_:)-2jzky`` waits without blocking a thread, by making such tries from
  /// a task.)
  ///
  /// - Parameters:
  ///   - path: The folder's path.
  ///   - name: The roster's name in the folder.
  ///   - file: The roster file, whose wait, file system and path for messages are used.
  /// - Throws: ``RosterError/lockTimeout(path:seconds:)`` when the wait runs out,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when the lock cannot be taken.
  init(folder path: String, roster name: String, for file: RosterFile) throws(RosterError) {
    var wait = try LockWait(folder: path, roster: name, for: file)
    while true {
      if let lock = try wait.tryLocking() {
        self = lock
        return
      }
      MonotonicTime.sleep(nanoseconds: try wait.nextPause())
    }
  }

  fileprivate init(folder: Int32, locksFolder: Bool, hold: Hold, fileSystem: any FileSystem) {
    self.folder = folder
    self.locksFolder = locksFolder
    self.hold = hold
    self.fileSystem = fileSystem
  }

  /// Whether the lock keeps other edits from the roster file an edit read under it: the
  /// roster file's lock does for that file; where there was no file to lock, only while
  /// there is still none; a file that could not be opened is not replaced.
  ///
  /// - Parameter file: The roster file as the edit read it, or `nil` for none.
  /// - Returns: `false` when the edit must start over, to lock what is there now.
  func covers(_ file: RosterFile.LoadedFile?) -> Bool {
    switch hold {
    case .unopenable: true
    case .rosterFile(let locked):
      file?.opened.map { $0.status.isSameFile(as: locked.status) } ?? false
    case .noRosterFile: file == nil
    }
  }

  /// Lets go of the lock.
  func release() {
    if case .rosterFile(let locked) = hold { fileSystem.close(locked.descriptor) }
    fileSystem.close(folder)
  }
}

/// The pauses between tries of a lock another editor holds: 1 ms at first, doubling up to
/// 50 ms, so that a short edit of another process costs little wait and a long one few
/// wake-ups. The synchronous edits sleep them; ``RosterFile/update(_:)-2jzky`` suspends its task
/// for them.
@usableFromInline
struct LockBackoff {
  /// The longest pause, in nanoseconds.
  @usableFromInline static let longest: UInt64 = 50_000_000
  /// The next pause, in nanoseconds.
  @usableFromInline var pause: UInt64 = 1_000_000

  @usableFromInline init() {}

  /// The next pause, in nanoseconds; each is twice the last, up to ``longest``.
  @usableFromInline
  mutating func next() -> UInt64 {
    defer { pause = min(pause * 2, Self.longest) }
    return pause
  }
}

/// One wait for a roster's lock: the folder, open, what to lock in it, and when the wait
/// ends. A try that fails for another reason than another holder closes the folder, and so
/// does the end of the wait; a try that succeeds hands the descriptor to the lock.
private struct LockWait {
  let descriptor: Int32
  let name: String
  let file: RosterFile
  let deadline: MonotonicTime
  var backoff = LockBackoff()
  /// Whether the folder refused an exclusive `flock` (`EBADF`, as on NFS, and for a folder
  /// opened for search only), so that only the roster file is locked.
  var locksRosterFileOnly = false

  /// Opens the folder.
  init(folder path: String, roster name: String, for file: RosterFile) throws(RosterError) {
    let fileSystem = file.fileSystem
    descriptor = try file.performing(.lock) { () throws(SystemCallError) in
      try fileSystem.openFolder(path)
    }
    self.name = name
    self.file = file
    deadline = MonotonicTime.now.adding(seconds: file.lockTimeoutSeconds)
  }

  private var fileSystem: any FileSystem { file.fileSystem }

  /// Tries the lock once, without waiting: the folder's, where it can be taken, then the
  /// roster file's.
  ///
  /// - Returns: The lock, or `nil` when another edit holds it.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when it cannot be taken.
  mutating func tryLocking() throws(RosterError) -> RosterLock? {
    var locksFolder = false
    if !locksRosterFileOnly {
      do throws(SystemCallError) {
        try fileSystem.flock(descriptor, .exclusiveWithoutWaiting)
        locksFolder = true
      } catch  where error.code == Platform.ErrorNumber.wouldBlock {
        return nil
      } catch  where error.code == Platform.ErrorNumber.badDescriptor {
        locksRosterFileOnly = true
      } catch {
        throw failed(error)
      }
    }
    guard let hold = try tryLockingRosterFile() else {
      // Another edit holds the file: the folder is let go of while this one waits.
      if locksFolder { try? fileSystem.flock(descriptor, .unlock) }
      return nil
    }
    return RosterLock(
      folder: descriptor, locksFolder: locksFolder, hold: hold, fileSystem: fileSystem)
  }

  /// Tries the lock of the roster file once, without waiting: opens the file for reading
  /// and writing, locks it, and checks that the roster's name still names it; when another
  /// file has taken the name meanwhile, locks that one.
  ///
  /// - Returns: What the lock holds of the file, or `nil` when another edit holds it.
  private func tryLockingRosterFile() throws(RosterError) -> RosterLock.Hold? {
    for _ in 0..<RosterFile.attempts {
      let opened: Int32
      do throws(SystemCallError) {
        opened = try fileSystem.open(
          name, in: descriptor, options: [.readWrite, .nonBlocking, .noFollow, .closeOnExec],
          mode: 0)
      } catch  where error.code == Platform.ErrorNumber.noSuchFile {
        return .noRosterFile
      } catch  where Self.leftToTheRead.contains(error.code) {
        // A file that this process may not write, or something that is no file: the read
        // refuses it or finds out that it may not replace it.
        return .unopenable(error.code)
      } catch {
        throw failed(error)
      }
      let status: Platform.FileStatus
      do throws(SystemCallError) {
        status = try fileSystem.fstat(opened)
        guard status.fileType == .regular else {
          fileSystem.close(opened)
          return .unopenable(Platform.ErrorNumber.isADirectory)
        }
        try fileSystem.flock(opened, .exclusiveWithoutWaiting)
      } catch {
        fileSystem.close(opened)
        if error.code == Platform.ErrorNumber.wouldBlock { return nil }
        throw failed(error)
      }
      // The lock is the roster's only while its name still names this file: an edit that
      // replaced the roster while this one opened it has left the lock of an old file.
      let now: Platform.FileStatus?
      do throws(SystemCallError) {
        now = try fileSystem.lstatIfPresent(name, in: descriptor)
      } catch {
        fileSystem.close(opened)
        throw failed(error)
      }
      if now?.isSameFile(as: status) == true {
        return .rosterFile(RosterFile.OpenedFile(descriptor: opened, status: status))
      }
      fileSystem.close(opened)
    }
    fileSystem.close(descriptor)
    throw .changedWhileReading(path: file.path)
  }

  /// Why the roster file may not be opened to be locked, where the read, which opens it
  /// for reading only, finds out for itself what it is: one this process may not write, a
  /// symbolic link, a folder, on a file system mounted read-only.
  private static let leftToTheRead: Set<Int32> = [
    Platform.ErrorNumber.accessDenied, Platform.ErrorNumber.notPermitted,
    Platform.ErrorNumber.tooManyLinks, Platform.ErrorNumber.isADirectory,
    Platform.ErrorNumber.readOnlyFileSystem,
  ]

  /// Ends the wait on a failed call: closes the folder, and gives the error.
  private func failed(_ error: SystemCallError) -> RosterError {
    fileSystem.close(descriptor)
    return file.failure(.lock, error)
  }

  /// How long to wait before the next try.
  ///
  /// - Throws: ``RosterError/lockTimeout(path:seconds:)`` when the wait is over.
  mutating func nextPause() throws(RosterError) -> UInt64 {
    let now = MonotonicTime.now
    guard now < deadline else {
      fileSystem.close(descriptor)
      throw .lockTimeout(path: file.path, seconds: file.lockTimeoutSeconds)
    }
    return min(backoff.next(), now.nanoseconds(until: deadline))
  }
}
