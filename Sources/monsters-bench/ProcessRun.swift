import MonsterKit
import ProcessPlatform

/// One run of a command: how long it took, how much memory it peaked at, how it ended.
struct Measurement {
  /// Wall-clock time, in seconds.
  var seconds: Double
  /// The peak resident set size, in bytes, from `wait4`'s rusage.
  var peakBytes: Int
  /// The exit status.
  var status: Int32
}

/// A command to time: a program and its arguments, with its output going to a file or
/// /dev/null.
struct Command {
  var program: String
  var arguments: [String]
  /// Where standard output goes.
  var outputPath = "/dev/null"
  /// Where standard input comes from.
  var inputPath = "/dev/null"

  /// A command run through `/bin/sh -c`, for pipelines and redirections.
  static func shell(_ script: String) -> Command {
    Command(program: "/bin/sh", arguments: ["-c", script])
  }

  /// Runs the command to its end and measures it.
  func run() -> Measurement {
    let start = now()
    do throws(SystemCallError) {
      let process = try Platform.spawn(
        program, arguments: arguments,
        fileActions: [
          .open(0, path: inputPath, options: .readOnly, mode: 0),
          .open(1, path: outputPath, options: [.writeOnly, .create, .truncate], mode: 0o644),
          .open(2, path: "/dev/null", options: .writeOnly, mode: 0),
        ])
      guard let report = Platform.waitForExit(process) else {
        return Measurement(seconds: 0, peakBytes: 0, status: 127)
      }
      return Measurement(
        seconds: now() - start, peakBytes: report.peakMemoryBytes, status: report.status)
    } catch {
      return Measurement(seconds: 0, peakBytes: 0, status: 127)
    }
  }
}

/// Seconds on the monotonic clock.
func now() -> Double {
  Double(Platform.monotonicNanoseconds()) / 1e9
}

/// The full path of a program on `PATH`, if it is installed.
func which(_ program: String) -> String? {
  let path = Platform.environmentValue("PATH") ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(program)"
    if Platform.isExecutable(candidate) { return candidate }
  }
  return nil
}
