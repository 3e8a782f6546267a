import MonsterKit

/// `monsters show`: one monster, as the tutorial's detail pane shows it, as JSON, or one
/// field's bare value.
enum ShowCommand {
  /// How the monster is shown.
  enum Format: String, OptionChoice {
    case text, json
  }

  static let formatOption = OptionSpec.format(Format.text)
  static let fieldOption = OptionSpec(
    "field", OptionValue(.field, "field"),
    help: "Print only this field's value, bare, for a script: "
      + MonsterField.listed.map(\.key).joined(separator: ", ")
      + ", a declared field or another key (an empty line for no value).")

  static let subcommand = Subcommand(name: "show", run: run) {
    CommandSpec(
      abstract: "Show one monster.",
      discussion: """
        The card shows the name (in its colour), the description, the icon, and the \
        weapon with its image. 'json' prints the monster's object as the file holds it.
        """,
      arguments: [.monster],
      options: [formatOption, fieldOption])
  }.examples {
    [
      CommandExample("Cat-Bot's card.", "show cat-bot"),
      CommandExample("Cat-Bot's object, as the file holds it.", "show cat-bot --format json"),
      CommandExample("Only the weapon, bare, for a script.", "show cat-bot --field weapon"),
    ]
  }

  /// Prints the monster named, as a card, as its JSON object, or one field.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption, as: Format.self)
    let fieldName = context.invocation.value(fieldOption)
    if fieldName != nil && context.invocation.value(formatOption) != nil {
      throw context.usageError(
        .invalidValue(
          "'--\(fieldOption.name)' prints one bare value; give it without '--\(formatOption.name)'."
        ))
    }
    let name = try context.invocation.requiredArgument(0)
    let roster = try context.readRoster()
    let field = try fieldName.map { (name) throws(CommandFailure) in
      try context.fields(named: [name], in: roster, option: fieldOption)[0]
    }
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
    switch format {
    case .json:
      try context.output.append { buffer in
        roster.appendJSON(
          ofMonsterAt: index, indent: 0, forTerminal: context.style.isTerminal, to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
      }
    case .text:
      context.output.write(card(for: roster[index], on: roster, style: context.style))
    }
  }

  /// The detail card of a monster: its name, then a line for each other field of its
  /// roster, the weapon with its image, and `none` where it has no value.
  static func card(for monster: Monster, on roster: Roster, style: TextStyle) -> String {
    var lines = [style.name(of: monster)]
    let fields = roster.fields.dropFirst()
    let width = max(13, (fields.map { displayWidth(MonsterTable.title($0)) }.max() ?? 0) + 2)
    for field in fields {
      let value: String =
        switch (field.kind, field.value(in: monster)) {
        case (.weapon, _): "\(monster.weapon.name) (\(monster.weapon.imageName))"
        case (_, .string(let text)?): text
        case (_, let value?): DiffReport.compactJSON(value)
        case (_, nil): ValueKind.noColorWord
        }
      lines.append(
        "  " + padded(escapedForTerminal(MonsterTable.title(field)), toWidth: width)
          + escapedForTerminal(value))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
