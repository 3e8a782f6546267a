import MonsterKit

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
  /// - Returns: The exit code, one of SPEC.md's.
  public static func run(
    _ arguments: [String], environment: [String: String], console: Console
  ) -> ExitCode {
    var failure: CommandFailure?
    do throws(CommandFailure) {
      try execute(arguments, environment: environment, console: console)
    } catch {
      failure = error
    }
    // What a failed command printed before failing (the problems `check` found) is still
    // its output.
    do throws(CommandFailure) {
      try console.output.flush()
    } catch {
      failure = failure ?? error
    }
    if let failure { report(failure, to: console.errors) }
    try? console.errors.flush()
    return failure?.exitCode ?? .success
  }

  /// Runs a command line given as the bytes `argv` and the environment hold.
  ///
  /// An argument, or a `MONSTERS_FILE`, that is not UTF-8 is a usage error: read as text,
  /// its bad bytes would be replaced, and a path would name another file or a description
  /// change unseen. Other variables are kept with their bad bytes replaced: none of them
  /// matters enough to stop for, and some count by being set at all (`NO_COLOR`).
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name, as bytes.
  ///   - environment: The environment variables, their values as bytes.
  ///   - console: Standard input, output and error.
  /// - Returns: The exit code, one of SPEC.md's.
  public static func run(
    bytes arguments: [[UInt8]], environment: [String: [UInt8]], console: Console
  ) -> ExitCode {
    func refuse(_ bytes: [UInt8], _ error: (String) -> UsageError) -> ExitCode {
      let failure = CommandFailure.usage(
        error(String(decoding: bytes, as: UTF8.self)), command: nil)
      report(failure, to: console.errors)
      try? console.errors.flush()
      return failure.exitCode
    }
    var texts: [String] = []
    for bytes in arguments {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        return refuse(bytes, UsageError.notUTF8)
      }
      texts.append(text)
    }
    var variables: [String: String] = [:]
    for (name, bytes) in environment {
      if let value = String(validating: bytes, as: UTF8.self) {
        variables[name] = value
      } else if name == "MONSTERS_FILE" {
        return refuse(bytes) {
          .invalidValue("MONSTERS_FILE, '\(escapedForMessage($0))', is not valid UTF-8.")
        }
      } else {
        variables[name] = String(decoding: bytes, as: UTF8.self)
      }
    }
    return run(texts, environment: variables, console: console)
  }

  private static func execute(
    _ arguments: [String], environment: [String: String], console: Console
  ) throws(CommandFailure) {
    let invocation = try Invocation(parsing: arguments, commands: Subcommand.specs)
    if invocation.has(.help) {
      console.output.write(HelpText.page(for: invocation.command, commands: Subcommand.specs))
      return
    }
    if invocation.has(.version) {
      console.output.writeLine("monsters \(version)")
      return
    }
    guard let command = invocation.command,
      let subcommand = Subcommand.all.first(where: { $0.spec == command })
    else {
      throw .usage(.missingCommand, command: nil)
    }
    let context = try CommandContext(
      invocation: invocation, console: console, environment: environment)
    try subcommand.run(context)
  }

  /// Prints a failure on standard error: `Error: ...`, and for a usage error the usage
  /// line and where to read more.
  private static func report(_ failure: CommandFailure, to errors: OutputChannel) {
    guard let message = failure.message else { return }
    errors.writeLine("Error: " + message)
    guard let command = failure.usageCommand else { return }
    for line in HelpText.usageLines(for: command, prefix: "Usage: ") {
      errors.writeLine(line)
    }
    let name = command.map { "monsters \($0.name)" } ?? "monsters"
    errors.writeLine("  See '\(name) --help' for more information.")
  }
}
