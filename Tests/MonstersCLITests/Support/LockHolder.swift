import Foundation

/// Another process that holds `flock(2)` on a file until released: `flock PATH -c ...`, which
/// says `locked` once it has the lock, and lets go when its `cat` reaches the end of input.
final class LockHolder {
  private let process = Process()
  private let input = Pipe()

  init(path: String) throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    process.arguments = [path, "-c", "echo locked; exec cat"]
    process.standardInput = input
    process.standardOutput = output
    // Kept from every other program this test process starts: a copy of the input's
    // writing end would keep `cat` from seeing its end, and the lock held.
    for handle in [input.fileHandleForWriting, output.fileHandleForReading] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    try process.run()
    let echo = output.fileHandleForReading.availableData
    guard String(decoding: echo, as: UTF8.self) == "locked\n" else {
      throw LockHolderError.notLocked
    }
  }

  /// Ends `cat`, and with it the lock.
  func release() throws {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  enum LockHolderError: Error {
    case notLocked
  }
}
