import MonsterKit

/// What a value on the command line is: it decides how the value is read, and what shell
/// completion offers for it.
enum ValueKind: Equatable, Sendable {
  /// A monster's name on the roster in use.
  case monster
  /// One of the five weapons.
  case weapon
  /// A name colour.
  case color
  /// A name colour, or `none` to remove it.
  case colorOrNone
  /// One of a fixed list of words.
  case choice([String])
  /// The name of one of `monsters`'s subcommands.
  case subcommand
  /// A file's path.
  case path
  /// A number of seconds.
  case seconds
  /// Any text.
  case text
}

/// An option a command takes, such as `--weapon <weapon>`.
struct OptionSpec: Equatable, Sendable {
  /// The long name, without the dashes: `weapon`.
  var name: String
  /// The one-letter name, if any: `f` for `-f`.
  var shortName: Character?
  /// What the option's value is, or `nil` for a flag.
  var value: ValueKind?
  /// The value's name in help: `weapon` gives `--weapon <weapon>`.
  var valueName: String
  /// What the option does, for help.
  var help: String
  /// Whether the subcommand cannot run without the option.
  var isRequired: Bool
  /// The value the subcommand takes when the option is not given, if it has one.
  var defaultValue: String?

  init(
    _ name: String, short shortName: Character? = nil, value: ValueKind? = nil,
    valueName: String? = nil, isRequired: Bool = false, defaultValue: String? = nil,
    help: String
  ) {
    self.name = name
    self.shortName = shortName
    self.value = value
    self.valueName = valueName ?? name
    self.isRequired = isRequired
    self.defaultValue = defaultValue
    self.help = help
  }

  /// `--weapon <weapon>`, or `--dry-run` for a flag.
  var synopsis: String {
    value == nil ? "--\(name)" : "--\(name) <\(valueName)>"
  }

  /// `-f, --file <path>`, as help lists options.
  var label: String {
    (shortName.map { "-\($0), " } ?? "") + synopsis
  }
}

/// An argument a command takes, such as `<monster>`.
struct ArgumentSpec: Equatable, Sendable {
  /// The argument's name in help: `monster` gives `<monster>`.
  var name: String
  /// What the argument is.
  var kind: ValueKind
  /// Whether the argument may be left out.
  var isOptional = false
  /// What the argument is, for help.
  var help: String

  /// `<monster>`, or `[<monster>]` when it may be left out.
  var synopsis: String {
    isOptional ? "[<\(name)>]" : "<\(name)>"
  }
}

/// A subcommand of `monsters`: its name, arguments and options, and its help.
struct CommandSpec: Equatable, Sendable {
  /// The name, such as `list`.
  var name: String
  /// One line on what the command does.
  var abstract: String
  /// More on the command, for its help page.
  var discussion: String = ""
  /// The arguments, in order.
  var arguments: [ArgumentSpec] = []
  /// The command's own options.
  var options: [OptionSpec] = []

  /// The command's options and the global ones, as help lists them.
  var allOptions: [OptionSpec] {
    options + OptionSpec.global
  }

  /// The option with a long name, among the command's and the global ones.
  func option(named name: String) -> OptionSpec? {
    allOptions.first { $0.name == name }
  }

  /// The option with a one-letter name.
  func option(short: Character) -> OptionSpec? {
    allOptions.first { $0.shortName == short }
  }

  /// The subcommand with a name.
  ///
  /// - Parameters:
  ///   - name: The name, as typed.
  ///   - commands: The subcommands there are.
  /// - Throws: ``UsageError/unknownCommand(_:suggestion:)``, with the closest name, when
  ///   none has the name.
  static func named(_ name: String, among commands: [CommandSpec]) throws(UsageError)
    -> CommandSpec
  {
    guard let command = commands.first(where: { $0.name == name }) else {
      throw .unknownCommand(
        name, suggestion: closestMatch(to: name, among: commands.map { $0.name }))
    }
    return command
  }
}

// MARK: - The options every command takes

extension OptionSpec {
  static let file = OptionSpec(
    "file", short: "f", value: .path, valueName: "path",
    help: "The roster file (default: $MONSTERS_FILE, else monsters.json).")
  static let lockTimeout = OptionSpec(
    "lock-timeout", value: .seconds, valueName: "seconds",
    help: "How long an edit waits for another edit of the file (default: 10).")
  static let noColor = OptionSpec("no-color", help: "Never use colour.")
  static let help = OptionSpec("help", short: "h", help: "Show help information.")
  static let version = OptionSpec("version", help: "Show the version.")

  /// The options that may stand anywhere on the line.
  static let global: [OptionSpec] = [.file, .lockTimeout, .noColor, .help]

  /// The options of `monsters` itself, before a subcommand: the global ones and `--version`.
  static let topLevel: [OptionSpec] = global + [.version]

  static let dryRun = OptionSpec(
    "dry-run", help: "Write nothing; print what the file would become, as a diff.")

  /// `--format <format>`, one of `formats`, with `fallback` when it is not given: its help
  /// reads `table, names or json (default: table).`
  static func format(_ formats: [String], default fallback: String) -> OptionSpec {
    let list =
      formats.count > 1
      ? formats.dropLast().joined(separator: ", ") + " or " + (formats.last ?? "")
      : formats.joined()
    return OptionSpec(
      "format", value: .choice(formats), valueName: "format", defaultValue: fallback,
      help: "\(list) (default: \(fallback)).")
  }
}

// MARK: - The arguments several commands take

extension ArgumentSpec {
  /// A monster named on the roster in use.
  static let monster = ArgumentSpec(
    name: "monster", kind: .monster, help: "The monster's name, in any case.")
}
