import MonsterKit

/// `monsters show`: one monster, as the tutorial's detail pane shows it, as JSON, or one
/// field's bare value.
enum ShowCommand {
  static let formats = ["text", "json"]
  static let formatOption = OptionSpec.format(formats, default: "text")
  static let fieldOption = OptionSpec(
    "field", value: .field, valueName: "field",
    help: "Print only this field's value, bare, for a script: name, weapon, description, "
      + "icon or nameColor (an empty line for no colour).")

  static let subcommand = Subcommand(name: "show", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Show one monster.",
      discussion: """
        The card shows the name (in its colour), the description, the icon, and the \
        weapon with its image. 'json' prints the monster's object as the file holds it.
        """,
      arguments: [.monster],
      options: [formatOption, fieldOption])
  }

  /// Prints the monster named, as a card, as its JSON object, or one field.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption)
    let field = try context.invocation.field(fieldOption)
    if field != nil && context.invocation.value(formatOption) != nil {
      throw context.usageError(
        .invalidValue(
          "'--\(fieldOption.name)' prints one bare value; give it without '--\(formatOption.name)'."
        ))
    }
    let name = try context.invocation.requiredArgument(0)
    let roster = try context.readRoster()
    let index: Roster.Index
    do throws(RosterError) {
      index = try roster.existingIndex(named: name)
    } catch {
      throw .roster(error)
    }
    if let field {
      let value = MonsterTable.value(of: field, at: index, in: roster)
      context.output.writeLine(context.style.isTerminal ? escapedForTerminal(value) : value)
      return
    }
    if format == "json" {
      try context.output.append { buffer in
        roster.appendJSON(
          ofMonsterAt: index, indent: 0, forTerminal: context.style.isTerminal, to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
      }
      return
    }
    context.output.write(card(for: roster[index], style: context.style))
  }

  /// The detail card of a monster.
  static func card(for monster: Monster, style: TextStyle) -> String {
    let rows = [
      ("Description", escapedForTerminal(monster.description)),
      ("Icon", escapedForTerminal(monster.icon)),
      ("Weapon", "\(monster.weapon.type.rawValue) (\(monster.weapon.imageName))"),
      ("Name colour", monster.nameColor?.description ?? "none"),
    ]
    var lines = [style.name(monster.name, color: monster.nameColor)]
    for (label, value) in rows {
      lines.append("  " + padded(label, toWidth: 13) + value)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
