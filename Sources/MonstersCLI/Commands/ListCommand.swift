import MonsterKit

/// `monsters list`: the monsters, as a table, one name a line, JSON, NDJSON or TSV.
enum ListCommand {
  static let formats = ["table", "names", "json", "ndjson", "tsv"]
  static let formatOption = OptionSpec.format(formats, default: "table")

  static let weaponOption = OptionSpec.weapon(help: "Only the monsters that carry this weapon.")

  static let subcommand = Subcommand(name: "list", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "List the monsters.",
      discussion: """
        The table has the columns NAME, WEAPON and DESCRIPTION. For scripts: 'names' \
        prints one name a line; 'json' an array of monster objects as in the file; \
        'ndjson' one compact object a line; 'tsv' a header line (name, weapon, \
        description, icon, nameColor) and one monster a line, with tab, line break, \
        carriage return and backslash written \\t, \\n, \\r and \\\\.
        """,
      options: [
        weaponOption,
        formatOption,
      ])
  }

  /// Lists the monsters that carry the weapon asked for (all by default), in the format
  /// asked for.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption)
    let weapon = try context.invocation.weapon(weaponOption)
    let roster = try context.readRoster()
    let selected = selection(of: roster, carrying: weapon)
    switch format {
    case "names":
      try writeNames(of: selected, in: roster, to: context.output)
    case "json":
      try writeJSON(of: selected, in: roster, context: context)
    case "ndjson":
      for index in selected {
        try context.output.append { buffer in
          roster.appendJSON(
            ofMonsterAt: index, indent: nil, forTerminal: context.style.isTerminal, to: &buffer)
          buffer.append(UInt8(ascii: "\n"))
        }
      }
    case "tsv":
      try writeTSV(of: selected, in: roster, context: context)
    default:
      try writeTable(of: selected, in: roster, context: context)
    }
  }

  /// The positions of the monsters to list: those that carry `weapon`, or all of them.
  static func selection(of roster: Roster, carrying weapon: WeaponType?) -> [Roster.Index] {
    // A loop rather than `roster.indices.filter`: a generic collection of a `Roster` costs
    // the runtime more to set up, at every start, than listing a small roster does.
    var selected: [Roster.Index] = []
    var index = roster.startIndex
    while index != roster.endIndex {
      if weapon == nil || roster.weapon(at: index) == weapon { selected.append(index) }
      index = roster.index(after: index)
    }
    return selected
  }

  /// An array of monster objects, as the file holds them.
  static func writeJSON(
    of selected: [Roster.Index], in roster: Roster, context: CommandContext
  ) throws(CommandFailure) {
    context.output.write("[")
    for (offset, index) in selected.enumerated() {
      try context.output.append { buffer in
        buffer.append(offset == 0 ? "\n  " : ",\n  ")
        roster.appendJSON(
          ofMonsterAt: index, indent: 1, forTerminal: context.style.isTerminal, to: &buffer)
      }
    }
    context.output.writeLine(selected.isEmpty ? "]" : "\n]")
  }

  /// A header line, then one monster a line, tab-separated.
  static func writeTSV(
    of selected: [Roster.Index], in roster: Roster, context: CommandContext
  ) throws(CommandFailure) {
    context.output.writeLine("name\tweapon\tdescription\ticon\tnameColor")
    let isTerminal = context.style.isTerminal
    for index in selected {
      try context.output.append { buffer in
        func appendField(_ text: String) {
          buffer.append(contentsOf: text.utf8)
          buffer.append(UInt8(ascii: "\t"))
        }
        func appendField(_ field: MonsterTextField) {
          roster.withUTF8(field, at: index) {
            appendTSVField($0, forTerminal: isTerminal, to: &buffer)
          }
          buffer.append(UInt8(ascii: "\t"))
        }
        appendField(.name)
        appendField(roster.weapon(at: index).rawValue)
        appendField(.description)
        appendField(.icon)
        buffer.append(contentsOf: (roster.nameColor(at: index)?.description ?? "").utf8)
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// Appends a TSV field: the file's bytes as they are when there is nothing to escape.
  static func appendTSVField(
    _ utf8: UnsafeRawBufferPointer, forTerminal: Bool, to buffer: inout [UInt8]
  ) {
    let needsEscape = forTerminal ? holdsTerminalControl(utf8) : holdsControlCharacter(utf8)
    if needsEscape || utf8.contains(UInt8(ascii: "\\")) {
      buffer.append(contentsOf: tsvField(text(utf8), forTerminal: forTerminal).utf8)
    } else {
      buffer.append(contentsOf: utf8)
    }
  }

  /// A TSV field: tab, line break, carriage return and backslash escaped, and on a
  /// terminal every other control character and the bidirectional controls too.
  static func tsvField(_ text: String, forTerminal: Bool) -> String {
    escaping(text) { scalar in
      switch scalar {
      case "\t": "\\t"
      case "\n": "\\n"
      case "\r": "\\r"
      case "\\": "\\\\"
      case _
      where forTerminal
        && (scalar.properties.generalCategory == .control || scalar.properties.isBidiControl):
        escapedForTerminal(String(scalar))
      default: nil
      }
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
      nameWidth = max(nameWidth, roster.withUTF8(.name, at: index) { displayWidth(ofUTF8: $0) })
    }
    let weaponWidth = WeaponType.longestNameWidth
    context.output.writeLine(
      style.header(
        padded("NAME", toWidth: nameWidth) + "  " + padded("WEAPON", toWidth: weaponWidth)
          + "  DESCRIPTION"))
    let space = UInt8(ascii: " ")
    for index in selected {
      try context.output.append { buffer in
        roster.withUTF8(.name, at: index) { name in
          if style.usesColor {
            buffer.append(
              contentsOf: style.name(text(name), color: roster.nameColor(at: index)).utf8)
          } else {
            buffer.append(contentsOf: name)
          }
          buffer.append(
            contentsOf: repeatElement(space, count: nameWidth - displayWidth(ofUTF8: name) + 2))
        }
        let weapon = roster.weapon(at: index).rawValue
        buffer.append(contentsOf: weapon.utf8)
        // No spaces at the end of a row without a description.
        roster.withUTF8(.description, at: index) { description in
          guard !description.isEmpty else { return }
          buffer.append(
            contentsOf: repeatElement(space, count: weaponWidth - weapon.utf8.count + 2))
          if holdsTerminalControl(description) {
            buffer.append(contentsOf: escapedForTerminal(text(description)).utf8)
          } else {
            buffer.append(contentsOf: description)
          }
        }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }
}
