import MonsterKit

// `weapons rename` and `weapons change`: a weapon renamed in every monster that carries it,
// or given another image, each one edit.

extension WeaponsCommand {
  static let newImageOption = OptionSpec("image", .path("file"), help: "The weapon's new image.")

  static let rename = Subcommand(name: "weapons rename", edit: renaming) {
    CommandSpec(
      abstract: "Rename a weapon, in every monster that carries it.",
      discussion: """
        The weapon keeps its image unless --image gives another; a built-in weapon's name \
        gives that weapon. A roster with the five built-in weapons lists them from then \
        on, the renamed one in its place.
        """,
      arguments: [
        ArgumentSpec(name: "weapon", kind: .weapon, help: "The weapon, read forgivingly."),
        ArgumentSpec(name: "new-name", kind: .text, help: "Its new name: letters and digits."),
      ],
      options: [newImageOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample(
        "Call the laser a plasma gun, in every monster that carries it.",
        "weapons rename laser plasma"),
      CommandExample(
        "Rename a built-in weapon: the roster's own from then on.",
        "weapons rename sword katana --image katana.png"),
    ]
  }

  static let change = Subcommand(name: "weapons change", edit: changing) {
    CommandSpec(
      abstract: "Give a weapon of the roster's own another image.",
      discussion: """
        A built-in weapon keeps its image; rename it to make it a weapon of the roster's \
        own.
        """,
      arguments: [
        ArgumentSpec(name: "weapon", kind: .weapon, help: "The weapon, read forgivingly.")
      ],
      options: [newImageOption.required, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample(
        "Show the laser by another image.",
        "weapons change laser --image art/beam.png")
    ]
  }

  /// The weapon the command line renames.
  static func renaming(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .renameWeapon(
      try invocation.requiredArgument(0), to: try invocation.requiredArgument(1),
      image: invocation.value(newImageOption))
  }

  /// The weapon the command line gives another image.
  static func changing(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    guard let image = invocation.value(newImageOption) else {
      throw invocation.usageError(.missingOption(newImageOption))
    }
    return .changeWeaponImage(try invocation.requiredArgument(0), to: image)
  }
}
