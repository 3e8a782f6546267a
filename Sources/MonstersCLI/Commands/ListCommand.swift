import MonsterKit

/// `monsters list`: the monsters, as a table or one name a line.
enum ListCommand {
  static let formats = ["table", "names"]

  static let weaponOption = OptionSpec(
    "weapon", value: .weapon, help: "Only the monsters that carry this weapon.")

  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "list",
      abstract: "List the monsters.",
      discussion: """
        The table has the columns NAME, WEAPON and DESCRIPTION. 'names' prints one name \
        a line, for scripts.
        """,
      options: [
        weaponOption,
        .format(formats, help: "table or names (default: table)."),
      ]),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.choice(.format(formats, help: ""), default: "table")
    let weapon = try context.invocation.value(weaponOption).map(context.weapon)
    let roster = try context.readRoster()
    let selected = roster.indices.filter { weapon == nil || roster.weapon(at: $0) == weapon }
    switch format {
    case "names":
      try writeNames(of: selected, in: roster, to: context.output)
    default:
      try writeTable(of: selected, in: roster, context: context)
    }
  }

  /// One name a line, copied from the file's bytes.
  static func writeNames(
    of selected: [Roster.Index], in roster: Roster, to output: OutputChannel
  ) throws(CommandFailure) {
    for index in selected {
      try output.append { buffer in
        roster.withUTF8(.name, at: index) { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// Aligned columns NAME, WEAPON and DESCRIPTION.
  static func writeTable(
    of selected: [Roster.Index], in roster: Roster, context: CommandContext
  ) throws(CommandFailure) {
    let style = context.style
    var nameWidth = displayWidth("NAME")
    for index in selected {
      nameWidth = max(nameWidth, roster.withUTF8(.name, at: index) { displayWidth(text($0)) })
    }
    let weaponWidth = WeaponType.allCases.map(\.rawValue.count).max() ?? 0
    context.output.writeLine(
      style.header(
        padded("NAME", toWidth: nameWidth) + "  " + padded("WEAPON", toWidth: weaponWidth)
          + "  DESCRIPTION"))
    for index in selected {
      let name = roster.withUTF8(.name, at: index) { text($0) }
      let description = roster.withUTF8(.description, at: index) { text($0) }
      let line =
        style.name(name, color: roster.nameColor(at: index))
        + String(repeating: " ", count: nameWidth - displayWidth(name) + 2)
        + padded(roster.weapon(at: index).rawValue, toWidth: weaponWidth) + "  "
        + escapedForMessage(description)
      try context.output.append {
        $0.append(contentsOf: line.utf8)
        $0.append(10)
      }
    }
  }
}

/// Text from a file's bytes.
func text(_ utf8: UnsafeRawBufferPointer) -> String {
  String(decoding: utf8, as: UTF8.self)
}
