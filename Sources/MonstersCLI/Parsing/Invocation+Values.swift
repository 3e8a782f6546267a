import MonsterKit

// Reading the values of options and arguments, with a usage error for a value that is not
// allowed.
extension Invocation {
  /// A usage error of this invocation's subcommand.
  func usageError(_ error: UsageError) -> CommandFailure {
    .usage(error, command: command)
  }

  /// The value of an option that takes one of a fixed list of words, or `fallback`.
  func choice(_ option: OptionSpec, default fallback: String) throws(CommandFailure) -> String {
    guard let value = value(option) else { return fallback }
    guard case .choice(let choices) = option.value, !choices.contains(value) else { return value }
    throw usageError(
      .invalidValue(
        "Unknown \(option.valueName) '\(escapedForMessage(value))'."
          + didYouMean(closestMatch(to: value, among: choices))
          + " Choose one of: \(choices.joined(separator: ", "))."))
  }

  /// A weapon as typed, forgivingly: `ninja-star` is `ninjaStar`.
  func weapon(_ text: String) throws(CommandFailure) -> WeaponType {
    if let weapon = WeaponType(parsing: text) { return weapon }
    let names = WeaponType.allCases.map(\.rawValue)
    throw usageError(
      .invalidValue(
        "Unknown weapon '\(escapedForMessage(text))'."
          + didYouMean(closestMatch(to: text, among: names))
          + " Choose one of: \(names.joined(separator: ", "))."))
  }

  /// A name colour as typed; `none` gives `.some(nil)` where `allowsNone`.
  func nameColor(_ text: String, allowsNone: Bool) throws(CommandFailure) -> NameColor?? {
    if allowsNone && text.lowercased() == "none" { return .some(nil) }
    if let color = NameColor(parsing: text) { return .some(color) }
    let names = NameColor.named.map(\.description) + (allowsNone ? ["none"] : [])
    throw usageError(
      .invalidValue(
        "Unknown colour '\(escapedForMessage(text))'."
          + didYouMean(closestMatch(to: text, among: names))
          + " Use \(names.joined(separator: ", ")) or #RRGGBB."))
  }
}
