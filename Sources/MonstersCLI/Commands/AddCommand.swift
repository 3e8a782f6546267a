import MonsterKit

/// `monsters add`: a new monster at the end of the roster.
enum AddCommand {
  static let weaponOption = OptionSpec(
    "weapon", value: .weapon, isRequired: true,
    help: "The monster's weapon: blowgun, ninjaStar, fire, sword or smoke.")
  static let descriptionOption = OptionSpec(
    "description", value: .text, valueName: "text",
    help: "A line about the monster (default: empty).")
  static let iconOption = OptionSpec(
    "icon", value: .path, valueName: "file",
    help: "The icon's file name (default: meet + the name's letters and digits + .png).")
  static let nameColorOption = OptionSpec(
    "name-color", value: .color, valueName: "color",
    help: "The name's colour: black, red, green, yellow, blue, magenta, cyan, white or "
      + "#RRGGBB.")

  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "add",
      abstract: "Add a monster at the end of the roster.",
      discussion: """
        Names are unique ignoring case, not empty, and free of control characters. \
        Without --icon, Robo-Bot gets meetrobobot.png, as in the tutorial.
        """,
      arguments: [ArgumentSpec(name: "name", kind: .text, help: "The new monster's name.")],
      options: [weaponOption, descriptionOption, iconOption, nameColorOption, .dryRun]),
    run: run, edit: edit)

  /// Adds the monster through the one edit path, and says so.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.applyAndReport(edit(context.invocation))
  }

  /// The monster the command line describes, to add.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    guard let weaponText = invocation.value(weaponOption) else {
      throw invocation.usageError(.missingOption(weaponOption))
    }
    let color = try invocation.value(nameColorOption).map { (text) throws(CommandFailure) in
      try invocation.nameColor(text, allowsNone: false) ?? nil
    }
    return .add(
      Monster(
        name: try invocation.requiredArgument(0),
        description: invocation.value(descriptionOption) ?? "",
        icon: invocation.value(iconOption),
        weapon: try invocation.weapon(weaponText),
        nameColor: color ?? nil))
  }
}
