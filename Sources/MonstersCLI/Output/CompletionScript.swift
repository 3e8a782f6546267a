import MonsterKit

/// A shell completion script for bash, zsh or fish, written from the subcommands' specs.
///
/// The scripts complete subcommands and their actions (`weapons add`), options, option
/// values (formats, shells, colours) and what the roster holds, read live from the roster
/// the line names (`--file` on the line, else `MONSTERS_FILE`): monster names (`monsters
/// list --format names`), weapons (`monsters weapons --format names`), fields (`monsters
/// fields --format names`) and a field's values after `--where FIELD=` and `--field
/// FIELD=` (`monsters fields --format values`). A name already on the line is not offered
/// again. No script ever evaluates what it reads: bash reads it line by line and quotes
/// each with `printf %q` (never through `compgen -W`, which expands its word list), zsh
/// adds it with `compadd`, and fish takes a function's output lines as they are.
///
/// What there is to complete is read from the specs once, here; each shell's files
/// (`CompletionScript+Bash.swift` and `+BashFunctions`, `+Zsh`, `+Fish`) only write it in
/// that shell's syntax.
struct CompletionScript {
  /// A shell there is a script for.
  enum Shell: String, OptionChoice {
    case bash, zsh, fish
  }

  /// How a value is completed.
  enum Values: Equatable, Sendable {
    /// The monster names of the roster the line names.
    case monsterNames
    /// A file's path.
    case paths
    /// Nothing: free text, or a number.
    case nothing
    /// One of these words.
    case words([String])
    /// One of the words a listing of the roster the line names gives.
    case roster(RosterList)
    /// `FIELD=VALUE`: a field's name and `=`, then a value of that field; the fields are
    /// every field (`--where`) or the declared ones alone (`--field`, which refuses the
    /// built-in ones).
    case condition(RosterList)
    /// Fields' names, separated by commas, each once.
    case fieldList
  }

  /// A listing of the roster that completion reads, one word a line.
  enum RosterList: Equatable, Sendable {
    /// The roster's weapons.
    case weapons
    /// Every field's name.
    case fields
    /// The names of the fields the roster declares: every field's but the built-in ones.
    case declaredFields

    /// The arguments of `monsters` that list it.
    var arguments: [String] {
      switch self {
      case .weapons: ["weapons", "--format", "names"]
      case .fields, .declaredFields: ["fields", "--format", "names"]
      }
    }
  }

  /// The arguments of `monsters` that list, for each field, the words it takes, as
  /// `FIELD=VALUE` lines.
  static let valuesArguments = ["fields", "--format", "values"]

  /// The built-in fields' names, which a listing of the declared fields leaves out.
  static let builtInFieldNames = MonsterField.listed.map(\.key)

  /// The field whose values are the monsters' names, which completion reads from `list`.
  static let nameField = MonsterField.name.key

  /// An option, as completion offers it.
  struct Option {
    /// The long name, without the dashes: `file`.
    var name: String
    /// The one-letter name, if any: `f`.
    var shortName: Character?
    /// Every way to write it: `--file`, then `-f`.
    var spellings: [String]
    /// What the option does.
    var help: String
    /// The value's name in help, such as `path`.
    var valueName: String
    /// How its value is completed, or `nil` for a flag.
    var values: Values?
    /// Whether it may be given more than once.
    var isRepeatable = false
  }

  /// An argument, as completion offers it.
  struct Argument {
    /// The argument's name, such as `monster`.
    var name: String
    /// Whether it may be left out.
    var isOptional: Bool
    /// Whether it takes every word left, so that every later position completes as it.
    var isRepeating = false
    /// How it is completed.
    var values: Values
  }

  /// A subcommand, as completion offers it.
  struct Command {
    /// The name, such as `list`, or `weapons add` for an action of a subcommand.
    var name: String
    /// One line on what it does.
    var abstract: String
    /// Its own options.
    var options: [Option]
    /// Its own options and the global ones.
    var allOptions: [Option]
    /// Its arguments, in order: for a subcommand with actions and no arguments of its own,
    /// the action.
    var arguments: [Argument]
    /// The words of its actions (`add`, `remove`), if it has any.
    var actions: [String] = []

    /// Whether it is an action of another subcommand: a name of two words.
    var isAction: Bool {
      name.contains(" ")
    }
  }

  /// The subcommands, in the order help lists them, actions included.
  let commands: [Command]
  /// The options of `monsters` itself, before a subcommand.
  let topLevelOptions: [Option]

  /// The subcommands that are not actions of another: those the line starts with.
  var topCommands: [Command] {
    commands.filter { !$0.isAction }
  }

  /// The names of the shells there are scripts for.
  static let shells = Shell.allCases.map { $0.rawValue }

  /// Reads what there is to complete from the subcommands' specs.
  ///
  /// - Parameter specs: Every subcommand.
  init(commands specs: [CommandSpec]) {
    let names = specs.map { $0.name }.filter { !$0.contains(" ") }
    let colors =
      MonsterField.builtIn.lazy.compactMap { $0.kind == .color ? $0.words() : nil }
      .first ?? []
    func values(_ kind: ValueKind) -> Values {
      switch kind {
      case .monster: .monsterNames
      case .path: .paths
      case .seconds, .text: .nothing
      case .weapon: .roster(.weapons)
      case .color: .words(colors)
      case .colorOrNone: .words(colors + [ValueKind.noColorWord])
      case .choice(let words): .words(words)
      case .subcommand: .words(names)
      case .field: .roster(.fields)
      case .declaredField: .roster(.declaredFields)
      case .condition: .condition(.fields)
      case .assignment: .condition(.declaredFields)
      case .fieldList: .fieldList
      }
    }
    func option(_ option: OptionSpec) -> Option {
      Option(
        name: option.name, shortName: option.shortName,
        spellings: ["--\(option.name)"] + (option.shortName.map { ["-\($0)"] } ?? []),
        help: option.help, valueName: option.valueName, values: option.value.map(values),
        isRepeatable: option.isRepeatable)
    }
    commands = specs.map { spec in
      let actions = specs.compactMap { other in
        other.name.hasPrefix(spec.name + " ")
          ? String(other.name.dropFirst(spec.name.count + 1)) : nil
      }
      var arguments = spec.arguments.map {
        Argument(
          name: $0.name, isOptional: $0.isOptional, isRepeating: $0.isRepeating,
          values: values($0.kind))
      }
      if !actions.isEmpty && arguments.isEmpty {
        arguments = [Argument(name: "action", isOptional: true, values: .words(actions))]
      }
      return Command(
        name: spec.name, abstract: spec.abstract, options: spec.options.map(option),
        allOptions: spec.allOptions.map(option), arguments: arguments, actions: actions)
    }
    topLevelOptions = OptionSpec.topLevel.map(option)
  }

  /// The script for a shell.
  ///
  /// - Parameters:
  ///   - shell: The shell.
  ///   - commands: Every subcommand.
  static func script(for shell: Shell, commands: [CommandSpec]) -> String {
    let completion = CompletionScript(commands: commands)
    return switch shell {
    case .bash: completion.bash
    case .zsh: completion.zsh
    case .fish: completion.fish
    }
  }
}
