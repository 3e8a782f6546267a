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

  /// An option named `name` that takes `value` after it, or a flag without one.
  init(
    _ name: String, short shortName: Character? = nil, _ value: OptionValue? = nil,
    isRequired: Bool = false, defaultValue: String? = nil, isRepeatable: Bool = false,
    help: String
  ) {
    self.name = name
    self.shortName = shortName
    self.value = value?.kind
    self.valueName = value?.name ?? name
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

  /// The option, as one the subcommand cannot run without.
  var required: OptionSpec {
    var required = self
    required.isRequired = true
    return required
  }
}

/// The value an option takes: what it is, and its name in help, which go together.
struct OptionValue: Equatable, Sendable {
  /// What the value is.
  var kind: ValueKind
  /// The value's name in help: `n` gives `--minimum <n>`.
  var name: String

  init(_ kind: ValueKind, _ name: String) {
    self.kind = kind
    self.name = name
  }

  /// Any text, named `name` in help.
  static func text(_ name: String) -> OptionValue {
    OptionValue(.text, name)
  }

  /// A file's path, named `name` in help.
  static func path(_ name: String) -> OptionValue {
    OptionValue(.path, name)
  }
}

// MARK: - Help that lists the roster's weapons

extension OptionSpec {
  /// Stands in help for the roster's weapons, which help, the manual page and completion
  /// write out when they show it: `blowgun, ninjaStar, fire, sword or smoke`.
  static let weaponsPlaceholder = "{weapons}"

  /// Help with the roster's weapons written out.
  ///
  /// - Parameters:
  ///   - text: Help, perhaps with ``weaponsPlaceholder``.
  ///   - weapons: The roster's weapons' names.
  /// - Returns: The help.
  static func withWeapons(_ text: String, _ weapons: [String]) -> String {
    guard text.contains(weaponsPlaceholder) else { return text }
    let list = listing(weapons)
    var result = ""
    var rest = text[...]
    while !rest.isEmpty {
      if rest.hasPrefix(weaponsPlaceholder) {
        result += list
        rest = rest.dropFirst(weaponsPlaceholder.count)
      } else {
        result.append(rest.removeFirst())
      }
    }
    return result
  }
}

// MARK: - The options every command takes

extension OptionSpec {
  static let file = OptionSpec(
    "file", short: "f", .path("path"),
    help: "The roster file (default: $MONSTERS_FILE, else monsters.json).")
  static let lockTimeout = OptionSpec(
    "lock-timeout", OptionValue(.seconds, "seconds"),
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

  /// A flag for scripts that run again, such as `--if-exists`: its help says what the edit
  /// does instead of failing, then "rather than fail: for scripts that run again."
  static func forRerunning(_ name: String, instead: String) -> OptionSpec {
    OptionSpec(name, help: instead + ", rather than fail: for scripts that run again.")
  }

  /// `--format <format>`, one of a choice's cases, with `fallback` when it is not given:
  /// its help reads `table, names or json (default: table).` unless `help` says more.
  static func format<Choice: OptionChoice>(_ fallback: Choice, help: String? = nil) -> OptionSpec {
    format(
      Choice.self, default: fallback,
      help: help ?? listing(Choice.allCases.map(\.rawValue)) + " (default: \(fallback.rawValue)).")
  }

  /// `--format <format>`, one of a choice's cases, with no default.
  static func format<Choice: OptionChoice>(
    _ choice: Choice.Type, default fallback: Choice? = nil, help: String
  ) -> OptionSpec {
    OptionSpec(
      "format", OptionValue(.choice(Choice.allCases.map(\.rawValue)), "format"),
      defaultValue: fallback?.rawValue, help: help)
  }
}

/// Words as a sentence lists them: `a, b or c`.
func listing(_ words: [String]) -> String {
  var list = ""
  for (position, word) in words.enumerated() {
    if position > 0 { list += position == words.count - 1 ? " or " : ", " }
    list += word
  }
  return list
}

/// The words an option takes, as an enum: `--format`'s formats, each a case, so that a
/// command switches over them all and a word that is not one is refused as it is read.
protocol OptionChoice: RawRepresentable<String>, CaseIterable, Sendable {}
