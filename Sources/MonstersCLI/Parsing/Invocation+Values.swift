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

  /// The weapon an option gives, read forgivingly (`ninja-star` is `ninjaStar`), or `nil`
  /// when the option is not given.
  func weapon(_ option: OptionSpec) throws(CommandFailure) -> WeaponType? {
    guard let text = value(option) else { return nil }
    if let weapon = WeaponType(parsing: text) { return weapon }
    throw usageError(
      .unknownWord(text, kind: "weapon", choices: WeaponType.allCases.map { $0.rawValue }))
  }

  /// The name colour an option gives, or `nil` when the option is not given; `.some(nil)`
  /// for `none`, where the option allows it (``ValueKind/colorOrNone``).
  func nameColor(_ option: OptionSpec) throws(CommandFailure) -> NameColor?? {
    guard let text = value(option) else { return nil }
    let allowsNone = option.value == .colorOrNone
    if allowsNone && text.lowercased() == ValueKind.noColorWord { return .some(nil) }
    if let color = NameColor(parsing: text) { return .some(color) }
    throw unknownColor(text, allowsNone: allowsNone)
  }

  /// The usage error for a colour that is not one; `allowsNone` when `none` is allowed.
  func unknownColor(_ text: String, allowsNone: Bool) -> CommandFailure {
    let names =
      NameColor.named.map { $0.description } + (allowsNone ? [ValueKind.noColorWord] : [])
    return usageError(
      .invalidValue(
        "Unknown colour '\(escapedForMessage(text))'."
          + didYouMean(closestMatch(to: text, among: names))
          + " Use \(names.joined(separator: ", ")) or #RRGGBB."))
  }
}
