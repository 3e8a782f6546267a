import MonsterKit

/// `monsters weapons`: the roster's weapons and their images.
enum WeaponsCommand {
  static let formats = ["table", "names", "json"]
  static let formatOption = OptionSpec.format(formats, default: "table")

  static let subcommand = Subcommand(name: "weapons", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "List the weapons and their images.",
      discussion: """
        'json' prints an array of objects with the weapon's name and image.
        """,
      options: [formatOption])
  }

  /// Prints the roster's weapons and their images.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption)
    let weapons = try context.readRoster().weapons
    switch format {
    case "names":
      for weapon in weapons { context.output.writeLine(weapon.name) }
    case "json":
      let objects = weapons.map { weapon in
        JSONValue.object([
          JSONMember("name", .string(weapon.name)),
          JSONMember("image", .string(weapon.imageName)),
        ])
      }
      try context.output.append { buffer in
        buffer.appendJSON(.array(objects), indent: 0)
        buffer.append(UInt8(ascii: "\n"))
      }
    default:
      let width = max(6, weapons.map { $0.name.count }.max() ?? 0)
      context.output.writeLine(context.style.header(padded("WEAPON", toWidth: width) + "  IMAGE"))
      for weapon in weapons {
        context.output.writeLine(
          padded(weapon.name, toWidth: width) + "  " + escapedForTerminal(weapon.imageName))
      }
    }
  }
}
