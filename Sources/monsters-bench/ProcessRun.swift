import Glibc

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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else {
      return Measurement(seconds: 0, peakBytes: 0, status: 127)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = now() - start
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Measurement(seconds: seconds, peakBytes: usage.ru_maxrss * 1024, status: exitStatus)
  }
}

/// Seconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The full path of a program on `PATH`, if it is installed.
func which(_ program: String) -> String? {
  let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(program)"
    if access(candidate, X_OK) == 0 { return candidate }
  }
  return nil
}
