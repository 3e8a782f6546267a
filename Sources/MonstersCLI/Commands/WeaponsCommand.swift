import MonsterKit

/// `monsters weapons`: the roster's weapons and their images; `weapons add` and `weapons
/// remove` edit them.
enum WeaponsCommand {
  /// How the weapons are listed.
  enum Format: String, OptionChoice {
    case table, names, json
  }

  static let formatOption = OptionSpec.format(Format.table)

  static let subcommand = Subcommand(name: "weapons", run: run) {
    CommandSpec(
      abstract: "List the weapons and their images.",
      discussion: """
        The roster's weapons: the five built-in ones, unless the roster declares its own \
        ('monsters weapons add' and 'monsters weapons remove' edit them). 'json' prints an \
        array of objects with the weapon's name and image.
        """,
      options: [formatOption])
  }.examples {
    [
      CommandExample("The roster's weapons and their images.", "weapons"),
      CommandExample("As JSON.", "weapons --format json"),
    ]
  }

  static let imageOption = OptionSpec(
    "image", .path("file"),
    help: "The weapon's image (default: its name in lower case, then .png).")

  static let add = Subcommand(name: "weapons add", edit: addition) {
    CommandSpec(
      abstract: "Add a weapon to the roster's weapons.",
      discussion: """
        The weapon goes after the roster's others; a roster with the five built-in ones \
        lists them from then on. A weapon's name is letters and digits, not the same as \
        another's ignoring case, '-' and '_'. A built-in weapon's name gives that weapon.
        """,
      arguments: [ArgumentSpec(name: "name", kind: .text, help: "The new weapon's name.")],
      options: [imageOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample("A sixth weapon, shown by laser.png.", "weapons add laser"),
      CommandExample("With an image of its own.", "weapons add bow --image art/bow.png"),
    ]
  }

  static let remove = Subcommand(name: "weapons remove", edit: removal) {
    CommandSpec(
      abstract: "Remove a weapon from the roster's weapons.",
      discussion: """
        A weapon that a monster carries is not removed: the command fails (1), naming the \
        monsters; give them another weapon first.
        """,
      arguments: [
        ArgumentSpec(name: "weapon", kind: .weapon, help: "The weapon, read forgivingly.")
      ],
      options: [.dryRun, .exitCode])
  }.examples {
    [
      CommandExample(
        "Take smoke off the roster's weapons, once no monster carries it.",
        "weapons remove smoke")
    ]
  }

  /// Prints the roster's weapons and their images.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption, as: Format.self)
    let weapons = try context.readRoster().weapons
    switch format {
    case .names:
      for weapon in weapons { context.output.writeLine(weapon.name) }
    case .json:
      let objects = weapons.map { weapon in
        JSONValue.object([
          JSONMember("name", .string(weapon.name)),
          JSONMember("image", .string(weapon.imageName)),
        ])
      }
      try context.output.writeJSON(.array(objects))
    case .table:
      let width = max(6, weapons.map { $0.name.count }.max() ?? 0)
      context.output.writeLine(context.style.header(padded("WEAPON", toWidth: width) + "  IMAGE"))
      for weapon in weapons {
        context.output.writeLine(
          padded(weapon.name, toWidth: width) + "  " + escapedForTerminal(weapon.imageName))
      }
    }
  }

  /// The weapon the command line adds: a built-in one by its name, read forgivingly, unless
  /// it is given an image of its own.
  static func addition(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    let name = try invocation.requiredArgument(0)
    let image = invocation.value(imageOption)
    if image == nil, let builtIn = Weapon.builtIn.weapon(parsing: name) {
      return .addWeapon(builtIn)
    }
    return .addWeapon(Weapon(name: name, imageName: image))
  }

  /// The weapon the command line removes.
  static func removal(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .removeWeapon(try invocation.requiredArgument(0))
  }
}
