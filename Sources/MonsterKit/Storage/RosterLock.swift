/// The lock an edit holds from reading the roster to replacing it: `flock(2)` on the folder
/// the roster is in, opened for reading.
///
/// The folder is locked rather than a file because an edit replaces the roster with a new
/// file, and a lock file beside it can be removed, replaced or planted by anyone who may
/// write to the folder; the folder itself is never replaced while it is open. A script
/// keeps edits out with `flock(1)` on the same folder, and edits of every roster in the
/// folder wait for each other. Nothing is created to be locked, so nothing is left beside
/// the roster, and anyone who may read the folder may lock it, whoever edited last.
///
/// The kernel lets go of the lock when its descriptor is closed, also when the process is
/// killed: no lock is ever left to remove by hand.
///
/// The locked folder's descriptor is also what the edit works through: it opens, renames
/// and removes names relative to it, so that the edit stays in the folder it locked even
/// if the folder is renamed meanwhile.
struct RosterLock {
  /// The locked folder, open for reading.
  let folder: Int32
  private let fileSystem: any FileSystem

  /// Opens and locks a roster's folder, waiting up to the file's
  /// ``RosterFile/lockTimeout`` for another edit to finish: the calling thread sleeps
  /// meanwhile. With a timeout of 0 the lock is tried once. (``RosterFile/update(_:)``
  /// waits without blocking a thread, by making such tries from a task.)
  ///
  /// - Parameters:
  ///   - path: The folder's path.
  ///   - file: The roster file, whose wait, file system and path for messages are used.
  /// - Throws: ``RosterError/lockTimeout(path:seconds:)`` when the wait runs out,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when the lock cannot be taken.
  init(folder path: String, for file: RosterFile) throws(RosterError) {
    var wait = try LockWait(folder: path, for: file)
    while true {
      if let lock = try wait.tryLocking() {
        self = lock
        return
      }
      MonotonicTime.sleep(nanoseconds: try wait.nextPause())
    }
  }

  fileprivate init(folder: Int32, fileSystem: any FileSystem) {
    self.folder = folder
    self.fileSystem = fileSystem
  }

  /// Lets go of the lock.
  func release() {
    fileSystem.close(folder)
  }
}

/// One wait for a folder's lock: the folder, open, and when the wait ends. A try that fails
/// for another reason than another holder closes the folder, and so does the end of the
/// wait; a try that succeeds hands the descriptor to the lock.
private struct LockWait {
  let descriptor: Int32
  let file: RosterFile
  let start = MonotonicTime.now
  let deadline: MonotonicTime
  /// The next pause between tries: 1 ms at first, doubling up to 50 ms, so that a short
  /// edit of another process costs little wait and a long one few wake-ups.
  var pause: UInt64 = 1_000_000

  /// Opens the folder.
  init(folder path: String, for file: RosterFile) throws(RosterError) {
    let fileSystem = file.fileSystem
    descriptor = try file.performing("lock") { () throws(SystemCallError) in
      try fileSystem.open(path, options: [.readOnly, .directory, .closeOnExec], mode: 0)
    }
    self.file = file
    deadline = start.adding(seconds: file.lockTimeout)
  }

  /// Tries the lock once, without waiting.
  ///
  /// - Returns: The lock, or `nil` when another holds it.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when it cannot be taken.
  func tryLocking() throws(RosterError) -> RosterLock? {
    do throws(SystemCallError) {
      try file.fileSystem.flock(descriptor, .exclusiveWithoutWaiting)
      return RosterLock(folder: descriptor, fileSystem: file.fileSystem)
    } catch  where error.code == Platform.ErrorNumber.wouldBlock {
      return nil
    } catch {
      file.fileSystem.close(descriptor)
      throw file.failure("lock", error)
    }
  }

  /// How long to wait before the next try.
  ///
  /// - Throws: ``RosterError/lockTimeout(path:seconds:)`` when the wait is over.
  mutating func nextPause() throws(RosterError) -> UInt64 {
    let now = MonotonicTime.now
    guard now < deadline else { throw timeout() }
    defer { pause = min(pause * 2, 50_000_000) }
    return min(pause, now.nanoseconds(until: deadline))
  }

  /// Ends the wait: closes the folder, and gives the error.
  func timeout() -> RosterError {
    file.fileSystem.close(descriptor)
    return .lockTimeout(path: file.path, seconds: file.lockTimeout)
  }
}
