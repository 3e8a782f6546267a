import MonsterKit

/// `monsters set`: changes fields of one monster.
enum SetCommand {
  static let weaponOption = OptionSpec.weapon(
    help: "The new weapon: blowgun, ninjaStar, fire, sword or smoke (any case; "
      + "ninja-star works too).")
  static let descriptionOption = OptionSpec.description(help: "The new description.")
  static let iconOption = OptionSpec.icon(help: "The new icon's file name.")
  static let nameColorOption = OptionSpec.nameColor(
    allowsNone: true,
    help: "The name's colour: black, red, green, yellow, blue, magenta, cyan, white, "
      + "#RRGGBB, or none to remove it.")

  static let subcommand = Subcommand(name: "set", run: run, edit: edit) { name in
    CommandSpec(
      name: name,
      abstract: "Change a monster's weapon, description, icon or name colour.",
      discussion: """
        Give one or more fields to set. Setting a field to the value it has already \
        changes nothing and does not rewrite the file.
        """,
      arguments: [.monster],
      options: [weaponOption, descriptionOption, iconOption, nameColorOption, .dryRun])
  }

  /// Changes the monster through the one edit path, and says what changed.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.applyAndReport(edit(context.invocation))
  }

  /// The change the command line asks for: the fields given, of the monster named.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    var changes = RosterEdit.Changes()
    changes.weapon = try invocation.weapon(weaponOption)
    changes.description = invocation.value(descriptionOption)
    changes.icon = invocation.value(iconOption)
    changes.nameColor = try invocation.nameColor(nameColorOption)
    guard !changes.isEmpty else { throw invocation.usageError(.nothingToSet) }
    return .set(try invocation.requiredArgument(0), changes)
  }
}
