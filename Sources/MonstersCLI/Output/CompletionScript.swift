import MonsterKit

/// A shell completion script for bash, zsh or fish, written from the subcommands' specs.
///
/// The scripts complete subcommands, options, option values (weapons, colours, formats,
/// shells, a field's values after `--where FIELD=`, the fields of `--fields a,b`) and monster
/// names, which they read live with `monsters list --format names`, honouring `--file` on
/// the line being completed and `MONSTERS_FILE`; a name already on the line is not offered
/// again. No script ever evaluates a name: bash reads names line by line and quotes each
/// with `printf %q` (never through `compgen -W`, which expands its word list), zsh adds
/// them with `compadd`, and fish takes a function's output lines as they are.
///
/// What there is to complete is read from the specs once, here; each shell's file
/// (`CompletionScript+Bash.swift`, `+Zsh`, `+Fish`) only writes it in that shell's syntax.
struct CompletionScript {
  /// A shell there is a script for.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  /// How a value is completed.
  indirect enum Values: Equatable, Sendable {
    /// The monster names of the roster the line names.
    case monsterNames
    /// A file's path.
    case paths
    /// Nothing: free text, or a number.
    case nothing
    /// One of these words.
    case words([String])
    /// `FIELD=VALUE`: a field's name and `=`, then a value of that field.
    case condition([Field])
    /// Fields' names, separated by commas, each once.
    case fieldList([Field])
  }

  /// A field of a monster, as completion offers it: its name, and how its values are
  /// completed after `--where NAME=`.
  struct Field: Equatable, Sendable {
    /// The name, as the command line writes it: `weapon`.
    var name: String
    /// How a value of the field is completed.
    var values: Values
  }

  /// The fields of a monster, each with what its values are.
  static let fields: [Field] = MonsterKey.listed.map { key in
    let values: Values =
      switch key {
      case .name: .monsterNames
      case .weapon: .words(WeaponType.allCases.map(\.rawValue))
      case .nameColor: .words(NameColor.named.map(\.description) + [ValueKind.noColorWord])
      case .description, .icon: .nothing
      }
    return Field(name: key.fieldName, values: values)
  }

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
    /// The name, such as `list`.
    var name: String
    /// One line on what it does.
    var abstract: String
    /// Its own options.
    var options: [Option]
    /// Its own options and the global ones.
    var allOptions: [Option]
    /// Its arguments, in order.
    var arguments: [Argument]
  }

  /// The subcommands, in the order help lists them.
  let commands: [Command]
  /// The options of `monsters` itself, before a subcommand.
  let topLevelOptions: [Option]

  /// The names of the shells there are scripts for.
  static let shells = Shell.allCases.map { $0.rawValue }

  /// Reads what there is to complete from the subcommands' specs.
  ///
  /// - Parameter specs: Every subcommand.
  init(commands specs: [CommandSpec]) {
    let names = specs.map { $0.name }
    func values(_ kind: ValueKind) -> Values {
      switch kind {
      case .monster: .monsterNames
      case .path: .paths
      case .seconds, .text: .nothing
      case .weapon: .words(WeaponType.allCases.map { $0.rawValue })
      case .color: .words(NameColor.named.map { $0.description })
      case .colorOrNone: .words(NameColor.named.map { $0.description } + [ValueKind.noColorWord])
      case .choice(let words): .words(words)
      case .subcommand: .words(names)
      case .field: .words(Self.fields.map(\.name))
      case .condition: .condition(Self.fields)
      case .fieldList: .fieldList(Self.fields)
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
      Command(
        name: spec.name, abstract: spec.abstract, options: spec.options.map(option),
        allOptions: spec.allOptions.map(option),
        arguments: spec.arguments.map {
          Argument(
            name: $0.name, isOptional: $0.isOptional, isRepeating: $0.isRepeating,
            values: values($0.kind))
        })
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
