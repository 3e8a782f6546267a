import MonsterKit

/// `monsters remove`: takes monsters off the roster, in one edit.
enum RemoveCommand {
  static let ifExistsOption = OptionSpec(
    "if-exists",
    help: "Skip, with a note, a monster that is not on the roster, rather than fail: for "
      + "scripts that run again.")
  static let whereOption = OptionSpec.whereCondition(
    help: "Remove every monster whose field has the value, instead of naming them. "
      + OptionSpec.whereFields)

  static let subcommand = Subcommand(name: "remove", run: run, edit: edit) { name in
    CommandSpec(
      name: name,
      abstract: "Remove monsters from the roster.",
      discussion: """
        Name one monster or several, or pick them with --where. All of them go in one \
        edit, or, when one is not on the roster, none does (unless --if-exists). --where \
        that picks no monster changes nothing and says so.
        """,
      arguments: [
        ArgumentSpec(
          name: "monster", kind: .monster, isOptional: true, isRepeating: true,
          help: "The monsters' names, in any case (or --where instead).")
      ],
      options: [whereOption, ifExistsOption, .dryRun, .exitCode])
  }

  /// Removes the monsters through the one edit path, and says so.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    do throws(CommandFailure) {
      try context.applyAndReport(edit(context.invocation))
    } catch {
      throw MonsterNameHint.adding(to: error, context: context)
    }
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
