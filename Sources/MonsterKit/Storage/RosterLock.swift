import Glibc

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
  /// ``RosterFile/lockTimeout`` for another edit to finish.
  ///
  /// - Parameters:
  ///   - path: The folder's path.
  ///   - file: The roster file, whose wait, file system and path for messages are used.
  /// - Throws: ``RosterError/lockTimeout(path:seconds:)`` when the wait runs out,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when the lock cannot be taken.
  init(folder path: String, for file: RosterFile) throws(RosterError) {
    let fileSystem = file.fileSystem
    let descriptor = try file.performing("lock") { () throws(SystemCallError) in
      try fileSystem.open(path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    }
    let deadline = MonotonicTime.now.adding(seconds: file.lockTimeout)
    var pause: UInt64 = 1_000_000
    while true {
      do throws(SystemCallError) {
        try fileSystem.flock(descriptor, LOCK_EX | LOCK_NB)
        self.folder = descriptor
        self.fileSystem = fileSystem
        return
      } catch  where error.code == EWOULDBLOCK {
        let now = MonotonicTime.now
        guard now < deadline else {
          fileSystem.close(descriptor)
          throw .lockTimeout(path: file.path, seconds: file.lockTimeout)
        }
        MonotonicTime.sleep(nanoseconds: min(pause, now.nanoseconds(until: deadline)))
        pause = min(pause * 2, 50_000_000)
      } catch {
        fileSystem.close(descriptor)
        throw file.failure("lock", error)
      }
    }
  }

  /// Lets go of the lock.
  func release() {
    fileSystem.close(folder)
  }
}
