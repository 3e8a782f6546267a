import MonsterKit

/// A command line that `monsters` cannot run as written.
enum UsageError: Error, Equatable {
  /// No subcommand was given.
  case missingCommand
  /// The subcommand is not one of `monsters`'s; perhaps one with a close name.
  case unknownCommand(String, suggestion: String?)
  /// The option is not one the subcommand takes; perhaps one with a close name.
  case unknownOption(String, suggestion: String?)
  /// A word that names an option but for a leading dash that only looks like `-` (an em
  /// dash, a minus sign): the word, that dash, and the option as it is written.
  case dashLookalike(String, dash: Unicode.Scalar, meant: String)
  /// The option needs a value and has none.
  case missingValue(OptionSpec)
  /// The option is a flag and was given a value (`--dry-run=yes`).
  case unexpectedValue(OptionSpec)
  /// The option was given twice.
  case repeatedOption(OptionSpec)
  /// An option the subcommand needs was not given.
  case missingOption(OptionSpec)
  /// A required argument is missing.
  case missingArgument(ArgumentSpec)
  /// There are more arguments than the subcommand takes.
  case unexpectedArgument(String)
  /// There are more arguments than the subcommand takes, and they look like the rest of a
  /// name with spaces: the first extra word, and the command line with the name as one
  /// word.
  case unquotedName(String, line: [String])
  /// A value is not one of the words allowed: the value, what it is (`weapon`), and the
  /// words.
  case unknownWord(String, kind: String, choices: [String])
  /// A value is not one the option or argument allows: what, and why.
  case invalidValue(String)
  /// `set` was given nothing to set.
  case nothingToSet
  /// `pick` needs a terminal on standard input and output.
  case notATerminal
  /// An argument is not UTF-8: the argument, its bad bytes replaced.
  case notUTF8(String)
}

// MARK: - CustomStringConvertible

extension UsageError: CustomStringConvertible {
  /// The message a user reads, after `Error: `.
  var description: String {
    switch self {
    case .missingCommand:
      "Missing subcommand."
    case .unknownCommand(let name, let suggestion):
      "Unknown subcommand '\(escapedForMessage(name))'." + didYouMean(suggestion)
    case .unknownOption(let name, let suggestion):
      "Unknown option '\(escapedForMessage(name))'." + didYouMean(suggestion)
    case .dashLookalike(let word, let dash, let meant):
      "Unknown option '\(escapedForMessage(word))': it starts with \(describe(dash)), "
        + "not '-'. Did you mean '\(meant)'?"
    case .missingValue(let option):
      "Missing value for '\(option.synopsis)'."
    case .unexpectedValue(let option):
      "The flag '--\(option.name)' takes no value."
    case .repeatedOption(let option):
      "The option '--\(option.name)' was given more than once."
    case .missingOption(let option):
      "Missing expected option '\(option.synopsis)'."
    case .missingArgument(let argument):
      "Missing expected argument '<\(argument.name)>'."
    case .unexpectedArgument(let argument):
      "Unexpected argument '\(escapedForMessage(argument))'."
    case .unquotedName(let argument, let line):
      "Unexpected argument '\(escapedForMessage(argument))'; quote a name with spaces: "
        + escapedForMessage(CommandExample(purpose: "", arguments: line).commandLine)
    case .unknownWord(let word, let kind, let choices):
      "Unknown \(kind) '\(escapedForMessage(word))'."
        + didYouMean(
          kind == Self.fieldKind
            ? MonsterField.fieldMeant(by: word, among: choices)
            : closestMatch(to: word, among: choices))
        + " Choose one of: \(listedForMessage(choices))."
    case .invalidValue(let message):
      message
    case .nothingToSet:
      "Nothing to set: give "
        + listing(FieldOptions.options(.change).map { "--" + $0.name })
        + "."
    case .notATerminal:
      "'monsters pick' needs a terminal on standard input and output. "
        + "In a script, use 'monsters set <monster> --weapon <weapon>'."
    case .notUTF8(let argument):
      "The argument '\(escapedForMessage(argument))' is not valid UTF-8."
    }
  }
}

extension UsageError {
  /// What ``unknownWord(_:kind:choices:)`` calls a field: a field meant is found as
  /// ``MonsterField/fieldMeant(by:among:)`` finds it (`Level ` and `Name Color` too).
  static let fieldKind = "field"

  /// A subcommand that is not one of `names`, with the closest of them as a suggestion,
  /// or `--version` for `version`, which is an option.
  static func unknownCommand(_ name: String, among names: [String]) -> UsageError {
    let version = OptionSpec.version.name
    return .unknownCommand(
      name, suggestion: name == version ? "--" + version : closestMatch(to: name, among: names))
  }
}

/// ` Did you mean 'list'?`, or nothing.
func didYouMean(_ suggestion: String?) -> String {
  suggestion.map { " Did you mean '\(escapedForMessage($0))'?" } ?? ""
}
