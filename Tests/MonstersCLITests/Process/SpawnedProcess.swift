import Foundation
import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning

/// How a process ended: it exited with a status, or a signal ended it.
typealias Termination = Platform.Termination

/// A run of a program started with `posix_spawn(3)`, for what `Process` cannot do: arguments
/// that are not UTF-8, and a `kill(2)` that cannot reach another process. Until it is waited
/// for, the process stays this test's child (a zombie at worst), so its pid is never reused.
///
/// Standard input is `/dev/null`; standard output and error go to files.
final class SpawnedProcess {
  let pid: Platform.ProcessID
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
    // The child starts with no signal blocked, whatever this thread blocks.
    pid = try Platform.spawn(
      executable.path, argumentBytes: arguments,
      environment: Self.environment(environment),
      fileActions: Self.files(output: output, errors: errors), signalMask: Platform.SignalSet())
  }

  /// The whole environment of a program: `PATH` and the variables given.
  private static func environment(_ variables: [String: String]) -> [[UInt8]] {
    ["PATH": "/usr/bin:/bin"].merging(variables) { $1 }.map {
      Array("\($0.key)=\($0.value)".utf8)
    }
  }

  /// Standard input from `/dev/null`, standard output and error to files.
  private static func files(output: String, errors: String) -> [Platform.SpawnFileAction] {
    let written: Platform.OpenOptions = [.writeOnly, .create, .truncate]
    return [
      .open(0, path: "/dev/null", options: .readOnly, mode: 0),
      .open(1, path: output, options: written, mode: 0o644),
      .open(2, path: errors, options: written, mode: 0o644),
    ]
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
    Platform.sendSignal(Platform.SignalNumber.kill, to: pid)
  }

  /// Waits for the process to end.
  @discardableResult
  func wait() -> Termination {
    if let termination { return termination }
    let ended = Platform.waitForExit(pid)?.termination ?? .exited(-1)
    termination = ended
    return ended
  }

  /// Waits for the process to end, or for a moment to come, whichever is first.
  ///
  /// - Returns: How the process ended, or `nil` if it is still running.
  func wait(until deadline: ContinuousClock.Instant) -> Termination? {
    if let termination { return termination }
    repeat {
      if let report = Platform.waitForExit(pid, waiting: false) {
        termination = report.termination
        return report.termination
      }
      Platform.sleep(nanoseconds: 200_000)
    } while ContinuousClock.now < deadline
    return nil
  }

  /// Runs a program to its end, through `peak-meter`, which measures its peak memory.
  ///
  /// - Returns: How it ended, what it wrote on standard output and error, and the most
  ///   memory it held.
  static func run(
    _ executable: URL, arguments: [[UInt8]], environment: [String: String] = [:]
  ) throws -> (termination: Termination, output: Data, errors: Data, peakMemoryBytes: Int) {
    try run(executable, arguments: arguments, environmentEntries: Self.environment(environment))
  }

  /// Runs a program to its end, as ``run(_:arguments:environment:)`` does, with its
  /// environment given entry by entry (`NAME=value`), as `execve` takes it: a name may
  /// stand twice.
  static func run(
    _ executable: URL, arguments: [[UInt8]], environmentEntries: [[UInt8]]
  ) throws -> (termination: Termination, output: Data, errors: Data, peakMemoryBytes: Int) {
    let scratch = FileManager.default.temporaryDirectory.path + "/monsters-spawned-"
    let output = scratch + UUID().uuidString + ".out"
    let errors = scratch + UUID().uuidString + ".err"
    defer {
      try? FileManager.default.removeItem(atPath: output)
      try? FileManager.default.removeItem(atPath: errors)
    }
    let report = try MeteredProcess(
      executable.path, argumentBytes: arguments, environment: environmentEntries,
      fileActions: files(output: output, errors: errors), signalMask: Platform.SignalSet()
    ).wait()
    return (
      report.termination, try Data(contentsOf: URL(fileURLWithPath: output)),
      try Data(contentsOf: URL(fileURLWithPath: errors)), report.peakBytes
    )
  }
}
