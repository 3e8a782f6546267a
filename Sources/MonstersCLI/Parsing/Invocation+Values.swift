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

  /// The value of an option that takes one of a choice's cases, or its default.
  ///
  /// - Throws: A usage error for a word that is not one of them.
  func choice<Choice: OptionChoice>(_ option: OptionSpec, as choice: Choice.Type)
    throws(CommandFailure) -> Choice
  {
    let word = try self.choice(option)
    guard let value = Choice(rawValue: word) else {
      throw usageError(
        .unknownWord(word, kind: option.valueName, choices: Choice.allCases.map(\.rawValue)))
    }
    return value
  }
}
