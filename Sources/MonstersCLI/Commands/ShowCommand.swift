import MonsterKit

/// `monsters show`: one monster, as the tutorial's detail pane shows it, or as JSON.
enum ShowCommand {
  static let formats = ["text", "json"]

  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "show",
      abstract: "Show one monster.",
      discussion: """
        The card shows the name (in its colour), the description, the icon, and the \
        weapon with its image. 'json' prints the monster's object as the file holds it.
        """,
      arguments: [
        ArgumentSpec(name: "monster", kind: .monster, help: "The monster's name, in any case.")
      ],
      options: [.format(formats, help: "text or json (default: text).")]),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.choice(.format(formats, help: ""), default: "text")
    let name = context.invocation.arguments[0]
    let roster = try context.readRoster()
    let index: Roster.Index
    do throws(RosterError) {
      index = try roster.existingIndex(named: name)
    } catch {
      throw .roster(error)
    }
    if format == "json" {
      var json: [UInt8] = []
      roster.appendJSON(ofMonsterAt: index, indent: 0, to: &json)
      try context.output.append { buffer in
        appendEscapingRawControls(json, to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
      }
      return
    }
    context.output.write(card(for: roster[index], style: context.style))
  }

  /// The detail card of a monster.
  static func card(for monster: Monster, style: TextStyle) -> String {
    let rows = [
      ("Description", escapedForMessage(monster.description)),
      ("Icon", escapedForMessage(monster.icon)),
      ("Weapon", "\(monster.weapon.type.rawValue) (\(monster.weapon.imageName))"),
      ("Name colour", monster.nameColor?.description ?? "none"),
    ]
    var lines = [style.name(monster.name, color: monster.nameColor)]
    for (label, value) in rows {
      lines.append("  " + padded(label, toWidth: 13) + value)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Appends JSON text with DEL and the C1 controls, which JSON lets stand raw in a string,
  /// written as `\u007f` to `\u009f`, so that they cannot reach a terminal.
  static func appendEscapingRawControls(_ json: [UInt8], to buffer: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    var index = 0
    while index < json.count {
      let byte = json[index]
      // U+0080 to U+009F are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
      let isC1 = byte == 0xC2 && index + 1 < json.count && json[index + 1] & 0xE0 == 0x80
      guard byte == 0x7F || isC1 else {
        buffer.append(byte)
        index += 1
        continue
      }
      let scalar = isC1 ? json[index + 1] : byte
      buffer.append(contentsOf: "\\u00".utf8)
      buffer.append(digits[Int(scalar >> 4)])
      buffer.append(digits[Int(scalar & 0xF)])
      index += isC1 ? 2 : 1
    }
  }
}
