import Glibc
import MonsterKit

/// How a run of `monsters` ends, as its exit status (the codes of `sysexits.h`).
public enum ExitCode: Int32, Sendable {
  /// Done, also when there was nothing to change.
  case success = 0
  /// The command could not do it: no such monster, a taken name, problems found.
  case failure = 1
  /// The command line is wrong.
  case usage = 64
  /// The roster file is not a valid roster.
  case dataError = 65
  /// An input that must exist does not.
  case noInput = 66
  /// A file could not be read or written.
  case ioError = 74
  /// Another process held the roster's lock longer than the lock wait.
  case lockBusy = 75
}

/// Why a command failed. Its ``exitCode`` is the one place an error becomes an exit code.
indirect enum CommandFailure: Error {
  /// The command line is wrong; the subcommand, when known, gives the usage line.
  case usage(UsageError, command: CommandSpec?)
  /// Reading, editing or writing the roster failed.
  case roster(RosterError)
  /// An input file, such as an `apply` script, does not exist.
  case missingInput(path: String)
  /// An input file could not be read: the path and the `errno`.
  case unreadableInput(path: String, errno: Int32)
  /// `check` found problems, and has printed them.
  case problemsFound(count: Int, path: String)
  /// Standard output could not be written: the `errno`.
  case outputFailed(Int32)
  /// A line of an `apply` script failed.
  case scriptLine(path: String, line: Int, failure: CommandFailure)
  /// Reading one of the rosters a command compares or merges failed: which one (`OLD`,
  /// `OURS`), and how.
  case side(String, failure: CommandFailure)
  /// `diff` found differences, and has printed them.
  case differencesFound
  /// `merge` left conflicts, marked in the file, and has listed them.
  case mergeConflicts(count: Int, path: String)
  /// git is missing, or could not do what `setup-git` asked: what went wrong.
  case git(String)

  /// The exit code this failure ends the run with.
  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .roster(let error):
      switch error {
      case .noSuchMonster, .nameTaken, .fileExists: .failure
      case .invalidName: .usage
      case .syntax, .invalidRoster, .unresolvedConflict: .dataError
      case .missingFile: .noInput
      case .fileTooLarge, .fileSystem, .notARegularFile, .changedWhileReading: .ioError
      case .lockTimeout: .lockBusy
      }
    case .missingInput: .noInput
    case .unreadableInput: .ioError
    case .problemsFound: .failure
    case .outputFailed(let code): code == EPIPE ? .success : .ioError
    case .scriptLine(_, _, let failure): failure.exitCode
    case .side(_, let failure): failure.exitCode
    case .differencesFound, .mergeConflicts, .git: .failure
    }
  }

  /// The message, without `Error: `, or `nil` when the failure is to pass quietly.
  var message: String? {
    switch self {
    case .usage(let error, _): error.description
    case .roster(let error): error.description
    case .missingInput(let path): "\(escapedForTerminal(path)): no such file."
    case .unreadableInput(let path, let code):
      "Cannot read \(escapedForTerminal(path)): \(String(cString: strerror(code)))."
    case .problemsFound(let count, let path):
      "\(count) \(count == 1 ? "problem" : "problems") in \(escapedForTerminal(path))."
    case .outputFailed(let code):
      // A reader that stopped reading (`| head -1`) is no error.
      code == EPIPE ? nil : "Cannot write the output: \(String(cString: strerror(code)))."
    case .scriptLine(let path, let line, let failure):
      failure.message.map { "\(escapedForTerminal(path)):\(line): \($0)" }
    case .side(let side, let failure):
      failure.message.map { "\(side): \($0)" }
    case .differencesFound:
      nil
    case .mergeConflicts(let count, let path):
      "\(count) \(count == 1 ? "conflict" : "conflicts") in \(escapedForTerminal(path)), "
        + "marked in the file; resolve \(count == 1 ? "it" : "them") and run 'monsters check'."
    case .git(let message):
      message
    }
  }

  /// For a usage error, the subcommand whose usage line follows the message (`.some(nil)`
  /// for `monsters` itself); `nil` for other failures.
  var usageCommand: CommandSpec?? {
    switch self {
    case .usage(_, let command): .some(command)
    case .scriptLine(_, _, let failure), .side(_, let failure): failure.usageCommand
    default: nil
    }
  }
}
