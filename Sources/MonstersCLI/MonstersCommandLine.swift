import MonsterKit
import MonstersSystem

/// The `monsters` command line: arguments, environment and streams in, an exit code out.
///
/// Everything the tool does goes through ``run(_:environment:console:)``, which neither
/// exits nor keeps state between calls, so tests run it in-process:
///
/// ```swift
/// let output = OutputChannel(capturingAsTerminal: false)
/// let console = Console(input: InputChannel(), output: output, errors: OutputChannel())
/// let code = MonstersCommandLine.run(["list"], environment: [:], console: console)
/// ```
public enum MonstersCommandLine {
  /// The version `--version` prints.
  public static let version = "1.0.0"

  /// Runs one command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name.
  ///   - environment: The environment variables.
  ///   - console: Standard input, output and error.
  /// - Returns: The exit code.
  public static func run(
    _ arguments: [String], environment: [String: String], console: Console
  ) -> ExitCode {
    run(arguments, environment: Environment(environment), console: console)
  }

  /// Runs one command line with another default roster file than `monsters.json` in the
  /// current folder: the one the tests give, in a folder of their own, since the current
  /// folder is the whole process's.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name.
  ///   - environment: The environment variables.
  ///   - console: Standard input, output and error.
  ///   - defaultRosterFile: The roster file when neither `--file` nor `MONSTERS_FILE` names
  ///     one.
  /// - Returns: The exit code.
  static func run(
    _ arguments: [String], environment: [String: String], console: Console,
    defaultRosterFile: String
  ) -> ExitCode {
    run(
      arguments, environment: Environment(environment), console: console,
      defaultRosterFile: defaultRosterFile)
  }

  /// Runs a command line given as the bytes `argv` holds.
  ///
  /// An argument, or a `MONSTERS_FILE`, that is not UTF-8 is a usage error: read as text,
  /// its bad bytes would be replaced, and a path would name another file or a description
  /// change unseen. Other variables are read with their bad bytes replaced: none of them
  /// matters enough to stop for, and some count by being set at all (`NO_COLOR`).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name, as bytes.
  ///   - environment: The environment variables, such as ``Environment/process``.
  ///   - console: Standard input, output and error.
  /// - Returns: The exit code.
  public static func run(
    bytes arguments: [[UInt8]], environment: Environment, console: Console
  ) -> ExitCode {
    func refuse(_ error: UsageError) -> ExitCode {
      let failure = CommandFailure.usage(error, command: nil)
      report(failure, to: console.errors)
      try? console.errors.flush()
      return failure.exitCode
    }
    var texts: [String] = []
    for bytes in arguments {
      guard let text = text(ofUTF8: bytes) else {
        return refuse(.notUTF8(String(decoding: bytes, as: UTF8.self)))
      }
      texts.append(text)
    }
    let variable = CommandContext.rosterFileVariable
    if let bytes = environment.bytes(of: variable), text(ofUTF8: bytes) == nil {
      let text = escapedForMessage(String(decoding: bytes, as: UTF8.self))
      return refuse(.invalidValue("\(variable), '\(text)', is not valid UTF-8."))
    }
    return run(texts, environment: environment, console: console)
  }

  /// UTF-8 bytes as text, or `nil` when they are not UTF-8.
  private static func text(ofUTF8 bytes: [UInt8]) -> String? {
    // ASCII, which nearly every argument is, is UTF-8 as it is: this spares every start the
    // runtime's work of setting up the generic validation.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Runs one command line, and reports its failure, if any, on standard error.
  private static func run(
    _ arguments: [String], environment: Environment, console: Console,
    defaultRosterFile: String = CommandContext.defaultRosterFile
  ) -> ExitCode {
    var failure: CommandFailure?
    let record = RunRecord()
    do throws(CommandFailure) {
      try execute(
        arguments, environment: environment, console: console,
        defaultRosterFile: defaultRosterFile, record: record)
    } catch {
      failure = error
    }
    // What a failed command printed before failing (the problems `check` found) is still
    // its output.
    try? console.output.flush()
    if let code = console.output.failure {
      failure = outputFailure(code, over: failure, record: record, errors: console.errors)
    }
    if let failure { report(failure, to: console.errors) }
    try? console.errors.flush()
    return failure?.exitCode ?? .success
  }

  /// How a run ends whose output could not be written: with 74 and a message that says
  /// whether the edit was saved, whatever the command found, so that no run reports
  /// success or differences over output that was lost. The command's own error, if it has
  /// one to tell, is reported first. A reader that went away (`| head -1`) is no error: the
  /// run ends as the command did.
  private static func outputFailure(
    _ code: Int32, over failure: CommandFailure?, record: RunRecord, errors: OutputChannel
  ) -> CommandFailure? {
    guard code != Platform.ErrorNumber.brokenPipe else { return failure }
    switch failure {
    case nil, .outputFailed?: break
    case let failure?: report(failure, to: errors)
    }
    return .outputFailed(code, edit: record.state)
  }

  /// Parses the command line and runs the subcommand it names; `--help` and `--version`
  /// need no subcommand.
  private static func execute(
    _ arguments: [String], environment: Environment, console: Console,
    defaultRosterFile: String, record: RunRecord
  ) throws(CommandFailure) {
    let invocation = try Invocation(parsing: arguments, commands: Subcommand.all)
    if invocation.has(.help) {
      // The help of a roster's command lists its weapons, when it can be read.
      let weapons =
        (try? CommandContext(
          invocation: invocation, console: console, environment: environment,
          defaultRosterFile: defaultRosterFile, record: record))?.weaponNamesForHelp()
        ?? Weapon.builtIn.names
      console.output.write(
        HelpText.page(
          for: Subcommand.spec(of: invocation.command)?.listingWeapons(weapons),
          commands: Subcommand.specs.map { $0.listingWeapons(weapons) }))
      return
    }
    if invocation.has(.version) {
      console.output.writeLine("monsters \(version)")
      return
    }
    guard let command = invocation.command,
      let subcommand = Subcommand.all.first(where: { $0.name == command.name })
    else {
      throw .usage(.missingCommand, command: nil)
    }
    let context = try CommandContext(
      invocation: invocation, console: console, environment: environment,
      defaultRosterFile: defaultRosterFile, record: record)
    do throws(CommandFailure) {
      try subcommand.run(context)
    } catch {
      throw invocation.has(.exitCode) ? error.withExitCodeOption() : error
    }
  }

  /// Prints a failure on standard error: `Error: ...`, and for a usage error the usage
  /// line and where to read more.
  private static func report(_ failure: CommandFailure, to errors: OutputChannel) {
    guard let message = failure.message else { return }
    errors.writeLine("Error: " + message)
    let command: CommandSpec?
    switch failure.usageSubject {
    case nil: return
    case .monsters: command = nil
    case .subcommand(let spec): command = spec
    }
    for line in HelpText.usageLines(for: command, prefix: "Usage: ") {
      errors.writeLine(line)
    }
    let name = command.map { "monsters \($0.name)" } ?? "monsters"
    errors.writeLine("  See '\(name) --help' for more information.")
  }
}
