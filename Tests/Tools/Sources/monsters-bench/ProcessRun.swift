import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning

/// One run of a command: how long it took, how much memory it peaked at, how it ended.
struct Measurement {
  /// Wall-clock time, in seconds, from starting the program to its end.
  var seconds: Double
  /// The peak resident set size, in bytes, as `peak-meter` measures it.
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

  /// `jq` editing a roster in place, as a script does: the filter, with the monster's name
  /// as `$n`, writes a temporary file that then replaces the roster.
  static func jqInPlace(_ jq: String, filter: String, name: String, path: String) -> Command {
    let script = "\(jq) --arg n \"$1\" '\(filter)' \"$2\" > \"$2.tmp\" && mv \"$2.tmp\" \"$2\""
    return Command(program: "/bin/sh", arguments: ["-c", script, "sh", name, path])
  }

  /// Runs the command to its end, through `peak-meter`, and measures it.
  ///
  /// The meter starts the program and waits for it: a child of this process would count
  /// this process's own memory in its peak (on Linux), and this process holds rosters.
  /// The time is the meter's, from starting the program to its end.
  func run() -> Measurement {
    do {
      let report = try MeteredProcess(
        program, argumentBytes: arguments.map { Array($0.utf8) },
        fileActions: [
          .open(0, path: inputPath, options: .readOnly, mode: 0),
          .open(1, path: outputPath, options: [.writeOnly, .create, .truncate], mode: 0o644),
          .open(2, path: "/dev/null", options: .writeOnly, mode: 0),
        ]
      ).wait()
      return Measurement(
        seconds: report.seconds, peakBytes: report.peakBytes, status: report.status)
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
  let bytes = Platform.environmentBytes(named: "PATH") ?? Array("/usr/bin:/bin".utf8)
  let path = String(decoding: bytes, as: UTF8.self)
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(program)"
    if Platform.isExecutable(candidate) { return candidate }
  }
  return nil
}
