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
  /// Whether the option may be given more than once, each time with a value of its own.
  var isRepeatable: Bool

  init(
    _ name: String, short shortName: Character? = nil, value: ValueKind? = nil,
    valueName: String? = nil, isRequired: Bool = false, defaultValue: String? = nil,
    isRepeatable: Bool = false, help: String
  ) {
    self.name = name
    self.shortName = shortName
    self.value = value
    self.valueName = valueName ?? name
    self.isRequired = isRequired
    self.defaultValue = defaultValue
    self.isRepeatable = isRepeatable
    self.help = help
  }

  /// `--weapon <weapon>`, or `--dry-run` for a flag; `--where <field=value>...` for one
  /// that may be repeated.
  var synopsis: String {
    (value == nil ? "--\(name)" : "--\(name) <\(valueName)>") + (isRepeatable ? "..." : "")
  }

  /// `-f, --file <path>`, as help lists options.
  var label: String {
    (shortName.map { "-\($0), " } ?? "") + synopsis
  }
}

// MARK: - The options every command takes

extension OptionSpec {
  static let file = OptionSpec(
    "file", short: "f", value: .path, valueName: "path",
    help: "The roster file (default: $MONSTERS_FILE, else monsters.json).")
  static let lockTimeout = OptionSpec(
    "lock-timeout", value: .seconds, valueName: "seconds",
    help: "How many seconds an edit waits for another edit of the file, such as 10 or 0.5 "
      + "(default: 10).")
  static let noColor = OptionSpec("no-color", help: "Never use colour.")
  static let help = OptionSpec("help", short: "h", help: "Show help information.")
  static let version = OptionSpec("version", help: "Show the version.")

  /// The options that may stand anywhere on the line.
  static let global: [OptionSpec] = [.file, .lockTimeout, .noColor, .help]

  /// The options of `monsters` itself, before a subcommand: the global ones and `--version`.
  static let topLevel: [OptionSpec] = global + [.version]

  static let dryRun = OptionSpec(
    "dry-run", help: "Write nothing; print what the file would become, as a diff.")
  static let exitCode = OptionSpec(
    "exit-code",
    help: "With --dry-run: exit 1 when the file would change, 0 when not, and 2 when the "
      + "edit cannot be made (no such monster, a name taken), as diff does.")

  /// `--format <format>`, one of `formats`, with `fallback` when it is not given: its help
  /// reads `table, names or json (default: table).`
  static func format(_ formats: [String], default fallback: String) -> OptionSpec {
    var list = ""
    for (position, format) in formats.enumerated() {
      if position > 0 { list += position == formats.count - 1 ? " or " : ", " }
      list += format
    }
    return OptionSpec(
      "format", value: .choice(formats), valueName: "format", defaultValue: fallback,
      help: "\(list) (default: \(fallback)).")
  }
}
