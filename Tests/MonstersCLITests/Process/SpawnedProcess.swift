import Foundation
import Glibc

/// How a process ended.
enum Termination: Equatable, CustomStringConvertible {
  /// It exited with a status.
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)

  var description: String {
    switch self {
    case .exited(let status): "exited with \(status)"
    case .signaled(let signal): "killed by signal \(signal)"
    }
  }
}

/// A run of a program started with `posix_spawn(3)`, for what `Process` cannot do: arguments
/// that are not UTF-8, and a `kill(2)` that cannot reach another process. Until it is waited
/// for, the process stays this test's child (a zombie at worst), so its pid is never reused.
///
/// Standard input is `/dev/null`; standard output and error go to files.
final class SpawnedProcess {
  let pid: pid_t
  private var termination: Termination?

  /// Starts a program.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments, as bytes.
  ///   - environment: Its whole environment, besides `PATH`.
  ///   - output: The file its standard output goes to.
  ///   - errors: The file its standard error goes to.
  init(
    _ executable: URL, arguments: [[UInt8]], environment: [String: String] = [:],
    output: String = "/dev/null", errors: String = "/dev/null"
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // The child starts with no signal blocked, whatever this thread blocks.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

    let argv = cStrings([Array(executable.path.utf8)] + arguments)
    let variables = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    let envp = cStrings(variables.map { Array("\($0.key)=\($0.value)".utf8) })
    defer {
      for pointer in argv + envp { pointer?.deallocate() }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    self.pid = pid
  }

  deinit {
    if termination == nil {
      kill()
      _ = wait()
    }
  }

  /// Sends `SIGKILL`, unless the process has been waited for already.
  func kill() {
    guard termination == nil else { return }
    _ = Glibc.kill(pid, SIGKILL)
  }

  /// Waits for the process to end.
  @discardableResult
  func wait() -> Termination {
    if let termination { return termination }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ended(status)
  }

  /// Waits for the process to end, or for a moment to come, whichever is first.
  ///
  /// - Returns: How the process ended, or `nil` if it is still running.
  func wait(until deadline: ContinuousClock.Instant) -> Termination? {
    if let termination { return termination }
    var status: Int32 = 0
    repeat {
      if waitpid(pid, &status, WNOHANG) == pid { return ended(status) }
      usleep(200)
    } while ContinuousClock.now < deadline
    return nil
  }

  private func ended(_ status: Int32) -> Termination {
    let signal = status & 0x7F
    let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    termination = ended
    return ended
  }

  /// Runs a program to its end.
  ///
  /// - Returns: How it ended, and what it wrote on standard output and error.
  static func run(
    _ executable: URL, arguments: [[UInt8]], environment: [String: String] = [:]
  ) throws -> (termination: Termination, output: Data, errors: Data) {
    let scratch = FileManager.default.temporaryDirectory.path + "/monsters-spawned-"
    let output = scratch + UUID().uuidString + ".out"
    let errors = scratch + UUID().uuidString + ".err"
    defer {
      unlink(output)
      unlink(errors)
    }
    let process = try SpawnedProcess(
      executable, arguments: arguments, environment: environment, output: output,
      errors: errors)
    let termination = process.wait()
    return (
      termination, try Data(contentsOf: URL(fileURLWithPath: output)),
      try Data(contentsOf: URL(fileURLWithPath: errors))
    )
  }
}

/// Copies byte strings into C strings, ending the list with `nil`; the caller deallocates.
private func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
  strings.map { bytes in
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() {
      pointer[index] = CChar(bitPattern: byte)
    }
    pointer[bytes.count] = 0
    return pointer
  } + [nil]
}
