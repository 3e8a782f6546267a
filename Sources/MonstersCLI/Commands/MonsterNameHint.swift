import MonsterKit
import MonstersSystem

/// Hints for monster names that were meant as something else: an option's value written
/// without its option (`set cat-bot fire`), or one name with spaces written unquoted
/// (`set Space Bot --weapon fire`).
enum MonsterNameHint {
  /// `Did you mean '--weapon fire'?` for the first word that is a weapon (of `weapons`) or
  /// a colour, when the command takes that option.
  ///
  /// - Parameters:
  ///   - words: Words given as monster names.
  ///   - options: The options of the command.
  static func option(
    for words: some Sequence<String>, options: [OptionSpec], weapons: [Weapon] = Weapon.builtIn
  ) -> String? {
    let fields = MonsterField.builtIn.filter { $0.kind == .weapon || $0.kind == .color }
    for word in words {
      for field in fields {
        guard let option = options.first(where: { $0.name == FieldOptions.flag(of: field) }),
          !word.isEmpty, case .string(let value)? = try? field.value(typed: word, weapons: weapons)
        else { continue }
        return "Did you mean '--\(option.name) \(value)'?"
      }
    }
    return nil
  }

  /// A failure for a name no monster has, with a hint when the name is a weapon or a
  /// colour, or when the names given, joined with spaces, are one monster's name.
  ///
  /// - Parameters:
  ///   - failure: The failure.
  ///   - context: The command's context, to read the roster for a name with spaces.
  /// - Returns: The failure, with a hint when there is one.
  static func adding(to failure: CommandFailure, context: CommandContext) -> CommandFailure {
    guard case .roster(.noSuchMonster(let name, nil)) = failure else { return failure }
    let invocation = context.invocation
    let names = invocation.arguments
    let roster = try? context.readRoster()
    if let hint = option(
      for: [name], options: invocation.command?.options ?? [],
      weapons: roster?.weapons ?? Weapon.builtIn)
    {
      return .hinted(failure, hint: hint)
    }
    guard names.count > 1, names.contains(name), let roster,
      let index = roster.index(named: names.joined(separator: " "))
    else { return failure }
    let line = invocation.words(withArguments: [roster[index].name])
    return .hinted(
      failure,
      hint: "Quote a name with spaces: "
        + escapedForMessage(CommandExample(purpose: "", arguments: line).commandLine))
  }
}
