import MonsterKit

/// What a subcommand runs with: its parsed command line, the streams, the environment and
/// the roster file.
struct CommandContext {
  /// The parsed command line.
  var invocation: Invocation
  /// The streams.
  var console: Console
  /// The environment variables.
  var environment: [String: String]
  /// The roster file: `--file`, else `$MONSTERS_FILE`, else `monsters.json`.
  var file: RosterFile
  /// How text is shown on standard output.
  var style: TextStyle

  /// The subcommand being run.
  var command: CommandSpec {
    invocation.command ?? CommandSpec(name: "", abstract: "")
  }

  var output: OutputChannel { console.output }

  init(invocation: Invocation, console: Console, environment: [String: String])
    throws(CommandFailure)
  {
    self.invocation = invocation
    self.console = console
    self.environment = environment
    let path =
      invocation.value(.file)
      ?? environment["MONSTERS_FILE"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "monsters.json"
    self.file = RosterFile(path: path)
    self.style = TextStyle(
      usesColor: TextStyle.allowsColor(
        isTerminal: console.output.isTerminal, environment: environment,
        noColorFlag: invocation.has(.noColor)),
      isTerminal: console.output.isTerminal)
    if path.isEmpty {
      throw usageError(.invalidValue("The roster file's path is empty."))
    }
    if let text = invocation.value(.lockTimeout) {
      guard let seconds = Double(text), seconds >= 0, seconds <= 1_000_000 else {
        throw usageError(
          .invalidValue(
            "Invalid value for '--lock-timeout <seconds>': '\(escapedForMessage(text))'; "
              + "give a number of seconds from 0 to 1000000."))
      }
      file.lockTimeout = seconds
    }
  }

  /// A usage error of this subcommand.
  func usageError(_ error: UsageError) -> CommandFailure {
    .usage(error, command: invocation.command)
  }

  // MARK: - Values

  /// The value of an option that takes one of a fixed list of words, or `fallback`.
  func choice(_ option: OptionSpec, default fallback: String) throws(CommandFailure) -> String {
    guard let value = invocation.value(option) else { return fallback }
    guard case .choice(let choices) = option.value, !choices.contains(value) else { return value }
    throw usageError(
      .invalidValue(
        "Unknown \(option.valueName) '\(escapedForMessage(value))'."
          + didYouMean(closestMatch(to: value, among: choices))
          + " Choose one of: \(choices.joined(separator: ", "))."))
  }

  /// A weapon as typed, forgivingly.
  func weapon(_ text: String) throws(CommandFailure) -> WeaponType {
    if let weapon = WeaponType(parsing: text) { return weapon }
    let names = WeaponType.allCases.map(\.rawValue)
    throw usageError(
      .invalidValue(
        "Unknown weapon '\(escapedForMessage(text))'."
          + didYouMean(closestMatch(to: text, among: names))
          + " Choose one of: \(names.joined(separator: ", "))."))
  }

  /// A name colour as typed; `none` gives `.some(nil)` where `allowsNone`.
  func nameColor(_ text: String, allowsNone: Bool) throws(CommandFailure) -> NameColor?? {
    if allowsNone && text.lowercased() == "none" { return .some(nil) }
    if let color = NameColor(parsing: text) { return .some(color) }
    let names = NameColor.named.map(\.description) + (allowsNone ? ["none"] : [])
    throw usageError(
      .invalidValue(
        "Unknown colour '\(escapedForMessage(text))'."
          + didYouMean(closestMatch(to: text, among: names))
          + " Use \(names.joined(separator: ", ")) or #RRGGBB."))
  }

  // MARK: - The roster

  /// Reads the roster.
  func readRoster() throws(CommandFailure) -> Roster {
    do throws(RosterError) {
      return try file.read()
    } catch {
      throw .roster(error)
    }
  }

  /// Makes edits through the one edit path, or with `--dry-run` prints what they would do.
  func apply(_ edits: [RosterEdit]) throws(CommandFailure) -> RosterUpdate {
    do throws(RosterError) {
      return try file.apply(edits, dryRun: invocation.has(.dryRun))
    } catch {
      if case .invalidName = error {
        throw usageError(.invalidValue(error.description))
      }
      throw .roster(error)
    }
  }
}
