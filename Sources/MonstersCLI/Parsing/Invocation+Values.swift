import MonsterKit

// Reading the values of options and arguments, with a usage error for a value that is not
// allowed.
extension Invocation {
  /// A usage error of this invocation's subcommand.
  func usageError(_ error: UsageError) -> CommandFailure {
    .usage(error, command: command)
  }

  /// The value of an option that takes one of a choice's cases, or its default.
  ///
  /// - Throws: A usage error for a word that is not one of them.
  func choice<Choice: OptionChoice>(_ option: OptionSpec, as choice: Choice.Type)
    throws(CommandFailure) -> Choice
  {
    if let given = try self.choice(option, ifGiven: choice) { return given }
    guard let fallback = option.defaultValue.flatMap(Choice.init(rawValue:)) else {
      preconditionFailure("--\(option.name) has no default among its choices")
    }
    return fallback
  }

  /// The value of an option that takes one of a choice's cases, or `nil` when it is not
  /// given.
  ///
  /// - Throws: A usage error for a word that is not one of them.
  func choice<Choice: OptionChoice>(_ option: OptionSpec, ifGiven choice: Choice.Type)
    throws(CommandFailure) -> Choice?
  {
    guard let word = value(option) else { return nil }
    guard let value = Choice(rawValue: word) else {
      throw usageError(
        .unknownWord(word, kind: option.valueName, choices: Choice.allCases.map(\.rawValue)))
    }
    return value
  }

  /// The argument at a position, one of a choice's cases, which the subcommand needs.
  ///
  /// - Throws: A usage error when it is missing or not one of them.
  func requiredArgument<Choice: OptionChoice>(_ position: Int, as choice: Choice.Type)
    throws(CommandFailure) -> Choice
  {
    let word = try requiredArgument(position)
    guard let value = Choice(rawValue: word) else {
      let kind = command?.arguments.dropFirst(position).first?.name ?? "argument"
      throw usageError(
        .unknownWord(word, kind: kind, choices: Choice.allCases.map(\.rawValue)))
    }
    return value
  }
}
