import MonsterKit

/// `monsters set`: changes fields of one monster.
enum SetCommand {
  static let weaponOption = OptionSpec(
    "weapon", value: .weapon,
    help: "The new weapon: blowgun, ninjaStar, fire, sword or smoke (any case; "
      + "ninja-star works too).")
  static let descriptionOption = OptionSpec(
    "description", value: .text, valueName: "text", help: "The new description.")
  static let iconOption = OptionSpec(
    "icon", value: .path, valueName: "file", help: "The new icon's file name.")
  static let nameColorOption = OptionSpec(
    "name-color", value: .colorOrNone, valueName: "color",
    help: "The name's colour: black, red, green, yellow, blue, magenta, cyan, white, "
      + "#RRGGBB, or none to remove it.")

  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "set",
      abstract: "Change a monster's weapon, description, icon or name colour.",
      discussion: """
        Give one or more fields to set. Setting a field to the value it has already \
        changes nothing and does not rewrite the file.
        """,
      arguments: [
        ArgumentSpec(name: "monster", kind: .monster, help: "The monster's name, in any case.")
      ],
      options: [weaponOption, descriptionOption, iconOption, nameColorOption]),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let name = context.invocation.arguments[0]
    let changes = try changes(from: context)
    let edits = [RosterEdit.set(name, changes)]
    try EditReport.report(edits, try context.apply(edits), context: context)
  }

  /// The changes the options ask for.
  static func changes(from context: CommandContext) throws(CommandFailure)
    -> RosterEdit.Changes
  {
    let invocation = context.invocation
    var changes = RosterEdit.Changes()
    changes.weapon = try invocation.value(weaponOption).map(context.weapon)
    changes.description = invocation.value(descriptionOption)
    changes.icon = invocation.value(iconOption)
    if let color = invocation.value(nameColorOption) {
      changes.nameColor = try context.nameColor(color, allowsNone: true)
    }
    guard !changes.isEmpty else { throw context.usageError(.nothingToSet) }
    return changes
  }
}
