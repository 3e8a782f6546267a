import MonsterKit

/// `monsters remove`: takes monsters off the roster, in one edit.
enum RemoveCommand {
  static let ifExistsOption = OptionSpec.forRerunning(
    "if-exists", instead: "Skip, with a note, a monster that is not on the roster")
  static let whereOption = OptionSpec.whereCondition(insteadOfNaming: "Remove")

  static let subcommand = Subcommand(name: "remove", edit: edit) {
    CommandSpec(
      abstract: "Remove monsters from the roster.",
      discussion: """
        Name one monster or several, or pick them with --where. All of them go in one \
        edit, or, when one is not on the roster, none does (unless --if-exists). --where \
        that picks no monster changes nothing and says so.
        """,
      arguments: [.monsters],
      options: [whereOption, ifExistsOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample("Remove Dog-Bot.", "remove dog-bot"),
      CommandExample(
        "In a script that runs again: remove them if they are there.",
        "remove dog-bot fire-bot --if-exists"),
      CommandExample(
        "See which monsters with smoke would go, as a diff.",
        "remove --where weapon=smoke --dry-run"),
    ]
  }

  /// The removal the command line asks for.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    var selection = try invocation.selection(where: whereOption)
    if invocation.has(ifExistsOption), case .names(let names) = selection {
      selection = .namesIfPresent(names)
    }
    return .removeEach(selection)
  }
}
