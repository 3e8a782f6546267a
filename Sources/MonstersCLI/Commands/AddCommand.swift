import MonsterKit

/// `monsters add`: a new monster at the end of the roster.
enum AddCommand {
  static let weaponOption = OptionSpec.weapon(
    isRequired: true, help: "The monster's weapon: blowgun, ninjaStar, fire, sword or smoke.")
  static let descriptionOption = OptionSpec.description(
    help: "A line about the monster (default: empty).")
  static let iconOption = OptionSpec.icon(
    help: "The icon's file name (default: meet + the name's letters and digits + .png).")
  static let nameColorOption = OptionSpec.nameColor(
    allowsNone: false,
    help: "The name's colour: black, red, green, yellow, blue, magenta, cyan, white or "
      + "#RRGGBB.")

  static let ifMissingOption = OptionSpec(
    "if-missing",
    help: "Do nothing, with a note, when a monster has the name already, rather than fail: "
      + "for scripts that run again.")

  static let subcommand = Subcommand(name: "add", run: run, edit: edit) { name in
    CommandSpec(
      name: name,
      abstract: "Add a monster at the end of the roster.",
      discussion: """
        Names are unique ignoring case (STRASSE is Straße), not empty, free of control \
        and invisible format characters, and without white space at either end. \
        Without --icon, Robo-Bot gets meetrobobot.png, as in the tutorial. A name that is \
        taken fails, unless --if-missing: then the monster that has it is left as it is.
        """,
      arguments: [ArgumentSpec(name: "name", kind: .text, help: "The new monster's name.")],
      options: [
        weaponOption, descriptionOption, iconOption, nameColorOption, ifMissingOption, .dryRun,
        .exitCode,
      ])
  }

  /// Adds the monster through the one edit path, and says so.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.applyAndReport(edit(context.invocation))
  }

  /// The monster the command line describes, to add.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    guard let weapon = try invocation.weapon(weaponOption) else {
      throw invocation.usageError(.missingOption(weaponOption))
    }
    let monster = Monster(
      name: try invocation.requiredArgument(0),
      description: invocation.value(descriptionOption) ?? "",
      icon: invocation.value(iconOption),
      weapon: weapon,
      nameColor: try invocation.nameColor(nameColorOption) ?? nil)
    return invocation.has(ifMissingOption) ? .addIfMissing(monster) : .add(monster)
  }
}
