import Foundation

/// Another process holding a lock file with `flock(1)` until it is released.
final class LockHolder {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var isReleased = false

  /// Starts `flock` on the lock file and returns once it holds the lock.
  init(lockFile: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    process.arguments = [lockFile, "/bin/sh", "-c", "echo locked; read line"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var seen = ""
    while !seen.contains("locked\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
      seen += String(decoding: chunk, as: UTF8.self)
    }
  }

  /// Lets the process end, which lets go of the lock.
  func release() {
    guard !isReleased else { return }
    isReleased = true
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    release()
  }
}
