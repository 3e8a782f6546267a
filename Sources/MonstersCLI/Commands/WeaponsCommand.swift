import MonsterKit

/// `monsters weapons`: the five weapons and their images.
enum WeaponsCommand {
  static let formats = ["table", "names"]

  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "weapons",
      abstract: "List the weapons and their images.",
      options: [.format(formats, help: "table or names (default: table).")]),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.choice(.format(formats, help: ""), default: "table")
    let weapons = WeaponType.allCases
    switch format {
    case "names":
      for weapon in weapons { context.output.writeLine(weapon.rawValue) }
    default:
      let width = weapons.map(\.rawValue.count).max() ?? 0
      context.output.writeLine(context.style.header(padded("WEAPON", toWidth: width) + "  IMAGE"))
      for weapon in weapons {
        context.output.writeLine(padded(weapon.rawValue, toWidth: width) + "  " + weapon.imageName)
      }
    }
  }
}
