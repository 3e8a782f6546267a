import MonsterKit

/// `monsters weapons`: the five weapons and their images.
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

  /// Prints the five weapons and their images.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption)
    let weapons = WeaponType.allCases
    switch format {
    case "names":
      for weapon in weapons { context.output.writeLine(weapon.rawValue) }
    case "json":
      let objects = weapons.map { weapon in
        JSONValue.object([
          JSONMember("name", .string(weapon.rawValue)),
          JSONMember("image", .string(weapon.imageName)),
        ])
      }
      try context.output.append { buffer in
        buffer.appendJSON(.array(objects), indent: 0)
        buffer.append(UInt8(ascii: "\n"))
      }
    default:
      let width = WeaponType.longestNameWidth
      context.output.writeLine(context.style.header(padded("WEAPON", toWidth: width) + "  IMAGE"))
      for weapon in weapons {
        context.output.writeLine(padded(weapon.rawValue, toWidth: width) + "  " + weapon.imageName)
      }
    }
  }
}
