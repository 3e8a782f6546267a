import Glibc

/// The lock an edit holds from reading the roster to replacing it: `flock(2)` on the file
/// `<roster>.lock` beside it, so that no two edits of one roster overlap.
///
/// The kernel lets go of the lock when its descriptor is closed, also when the process is
/// killed: no lock is ever left to remove by hand.
struct RosterLock {
  private let descriptor: Int32
  private let fileSystem: any FileSystem

  /// Takes the lock beside a roster, waiting up to the file's ``RosterFile/lockTimeout``
  /// for another edit to finish.
  ///
  /// - Parameters:
  ///   - target: The roster's path, links followed.
  ///   - file: The roster file, whose wait, file system and path for messages are used.
  /// - Throws: ``RosterError/lockTimeout(path:seconds:)`` when the wait runs out,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when the lock cannot be taken.
  init(beside target: String, for file: RosterFile) throws(RosterError) {
    let fileSystem = file.fileSystem
    let descriptor = try file.performing("lock") { () throws(SystemCallError) in
      try fileSystem.open(target + ".lock", flags: O_RDONLY | O_CREAT | O_CLOEXEC, mode: 0o666)
    }
    let clock = ContinuousClock()
    let deadline = clock.now + Self.wait(file.lockTimeout)
    var pause = Duration.milliseconds(1)
    while true {
      do throws(SystemCallError) {
        try fileSystem.flock(descriptor, LOCK_EX | LOCK_NB)
        self.descriptor = descriptor
        self.fileSystem = fileSystem
        return
      } catch  where error.code == EWOULDBLOCK {
        let now = clock.now
        guard now < deadline else {
          fileSystem.close(descriptor)
          throw .lockTimeout(path: file.path, seconds: file.lockTimeout)
        }
        sleep(for: min(pause, deadline - now))
        pause = min(pause * 2, .milliseconds(50))
      } catch {
        fileSystem.close(descriptor)
        throw file.failure("lock", error)
      }
    }
  }

  /// Lets go of the lock.
  func release() {
    fileSystem.close(descriptor)
  }

  /// How long to wait for a lock timeout in seconds. An infinite or huge wait, as good as
  /// forever, does not fit in an Int64 of milliseconds, and neither does NaN: the one is
  /// capped and the other taken as no wait.
  private static func wait(_ seconds: Double) -> Duration {
    let milliseconds = (seconds * 1000).rounded(.up)
    return .milliseconds(milliseconds.isNaN ? 0 : Int64(min(max(milliseconds, 0), 1e15)))
  }
}

/// Sleeps, also through signals that interrupt the sleep.
private func sleep(for duration: Duration) {
  let (seconds, attoseconds) = duration.components
  var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}
