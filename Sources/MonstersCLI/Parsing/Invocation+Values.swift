import MonsterKit

// Reading the values of options and arguments, with a usage error for a value that is not
// allowed.
extension Invocation {
  /// A usage error of this invocation's subcommand.
  func usageError(_ error: UsageError) -> CommandFailure {
    .usage(error, command: command)
  }

  /// The value of an option that takes one of a fixed list of words, or its default.
  func choice(_ option: OptionSpec) throws(CommandFailure) -> String {
    guard let value = value(option) else { return option.defaultValue ?? "" }
    guard case .choice(let choices) = option.value, !choices.contains(value) else { return value }
    throw usageError(.unknownWord(value, kind: option.valueName, choices: choices))
  }
}
