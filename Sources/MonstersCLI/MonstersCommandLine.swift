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

  /// Runs a command line given as the bytes `argv` holds.
  ///
  /// An argument that is not UTF-8 is a usage error: read as text, its bad bytes would be
  /// replaced, and a path would name another file or a description change unseen.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name, as bytes.
  ///   - environment: The environment variables.
  ///   - console: Standard input, output and error.
  /// - Returns: The exit code, one of SPEC.md's.
  public static func run(
    bytes arguments: [[UInt8]], environment: [String: String], console: Console
  ) -> ExitCode {
    var texts: [String] = []
    for bytes in arguments {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        let failure = CommandFailure.usage(
          .notUTF8(String(decoding: bytes, as: UTF8.self)), command: nil)
        report(failure, to: console.errors)
        try? console.errors.flush()
        return failure.exitCode
      }
      texts.append(text)
    }
    return run(texts, environment: environment, console: console)
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
