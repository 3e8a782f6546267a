import MonsterKit

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

  /// The failure of an edit the roster refused: a name it cannot take is a value the command
  /// line should not have given, a usage error; any other error is ``roster(_:)``.
  ///
  /// - Parameters:
  ///   - error: Why the roster refused the edit.
  ///   - command: The subcommand whose usage line follows a usage error, or `nil` for the
  ///     usage of `monsters` itself.
  init(refusedEdit error: RosterError, command: CommandSpec?) {
    if case .invalidName = error {
      self = .usage(.invalidValue(error.description), command: command)
    } else {
      self = .roster(error)
    }
  }

  /// The exit code this failure ends the run with.
  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .roster(let error):
      switch error {
      case .noSuchMonster, .nameTaken, .fileExists: .failure
      case .invalidName: .usage
      case .syntax, .invalidRoster: .dataError
      case .missingFile: .noInput
      case .fileTooLarge, .fileSystem, .notARegularFile, .changedWhileReading: .ioError
      case .lockTimeout: .lockBusy
      }
    case .missingInput: .noInput
    case .unreadableInput: .ioError
    case .problemsFound: .failure
    case .outputFailed(let code): code == Platform.ErrorNumber.brokenPipe ? .success : .ioError
    case .scriptLine(_, _, let failure): failure.exitCode
    }
  }

  /// The message, without `Error: `, or `nil` when the failure is to pass quietly.
  var message: String? {
    switch self {
    case .usage(let error, _): error.description
    case .roster(let error): error.message(hint: Self.hint(for: error))
    case .missingInput(let path): "\(escapedForTerminal(path)): no such file."
    case .unreadableInput(let path, let code):
      "Cannot read \(escapedForTerminal(path)): \(Platform.errorDescription(code))."
    case .problemsFound(let count, let path):
      "\(count) \(count == 1 ? "problem" : "problems") in \(escapedForTerminal(path))."
    case .outputFailed(let code):
      // A reader that stopped reading (`| head -1`) is no error.
      code == Platform.ErrorNumber.brokenPipe
        ? nil : "Cannot write the output: \(Platform.errorDescription(code))."
    case .scriptLine(let path, let line, let failure):
      failure.message.map { "\(escapedForTerminal(path)):\(line): \($0)" }
    }
  }

  /// What the command line adds to a roster error's message, which names no flag: the
  /// option or command that helps.
  private static func hint(for error: RosterError) -> String? {
    switch error {
    case .fileExists: "use --force to replace it with the seeded roster"
    case .invalidRoster: "run 'monsters check'"
    case .lockTimeout: "raise --lock-timeout"
    default: nil
    }
  }

  /// For a usage error, the subcommand whose usage line follows the message (`.some(nil)`
  /// for `monsters` itself); `nil` for other failures.
  var usageCommand: CommandSpec?? {
    switch self {
    case .usage(_, let command): .some(command)
    case .scriptLine(_, _, let failure): failure.usageCommand
    default: nil
    }
  }
}
