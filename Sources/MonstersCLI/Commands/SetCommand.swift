import MonsterKit

/// `monsters set`: changes fields of one monster or of several, in one edit.
enum SetCommand {
  static let whereOption = OptionSpec.whereCondition(insteadOfNaming: "Change")

  static let subcommand = Subcommand(name: "set", edit: edit) {
    CommandSpec(
      abstract: "Change the weapon, description, icon, name colour or fields of monsters.",
      discussion: """
        Name one monster or several, or pick them with --where; give one or more fields \
        to set. All the monsters change in one edit, or, when one is not on the roster, \
        none does. --where that picks no monster changes nothing and says so. Setting a \
        field to the value it has already changes nothing and does not rewrite the file.
        """,
      arguments: [.monsters],
      options: FieldOptions.options(.change) + [
        whereOption, .dryRun, .exitCode,
      ])
  }.examples {
    [
      CommandExample(
        "Give Cat-Bot a ninja star and a red name.",
        "set cat-bot --weapon ninja-star --name-color red"),
      CommandExample(
        "Give every monster with a ninja star fire, in one edit.",
        "set --where weapon=ninjaStar --weapon fire"),
      CommandExample(
        "See the diff of a change to two monsters, without writing it.",
        "set cat-bot dog-bot --description 'Says hi' --dry-run"),
    ]
  }

  /// The change the command line asks for: the fields given, of the monsters named or
  /// picked.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    let changes = try FieldOptions.changes(invocation)
    guard !changes.isEmpty else {
      let failure = invocation.usageError(.nothingToSet)
      let words = invocation.arguments.dropFirst()
      guard
        let hint = MonsterNameHint.option(for: words, options: invocation.command?.options ?? [])
      else {
        throw failure
      }
      throw .hinted(failure, hint: hint)
    }
    return .setEach(try invocation.selection(where: whereOption), changes)
  }
}
