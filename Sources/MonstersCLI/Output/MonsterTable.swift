import MonsterKit

/// The listings that show monsters in columns: the aligned table of a terminal, and a
/// GitHub-flavoured Markdown table for a pull request's comment.
enum MonsterTable {
  /// The columns a table shows when not told: name, weapon, description.
  static let defaultColumns: [MonsterKey] = [.name, .weapon, .description]

  /// A column's title in Markdown, such as `Name colour`; the table's is in capitals.
  static func title(_ key: MonsterKey) -> String {
    switch key {
    case .name: "Name"
    case .weapon: "Weapon"
    case .description: "Description"
    case .icon: "Icon"
    case .nameColor: "Name colour"
    }
  }

  /// Calls `body` with a field of the monster at a position, as text a terminal may show:
  /// the file's bytes, or, when they hold a control character or a bidirectional control, the
  /// text with it escaped.
  /// A weapon is its name, a colour as the file spells it, and no colour is empty.
  static func withCell<Result>(
    _ key: MonsterKey, at index: Roster.Index, in roster: Roster,
    _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    func text(_ string: String) -> Result {
      var string = string
      return string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
    guard let field = key.textField else { return text(value(of: key, at: index, in: roster)) }
    return roster.withUTF8(field, at: index) { bytes in
      holdsTerminalControl(bytes) ? text(escapedForTerminal(MonstersCLI.text(bytes))) : body(bytes)
    }
  }

  /// The value of a field as text, as it is: a weapon's name, a colour as the file spells
  /// it, nothing for no colour.
  static func value(of key: MonsterKey, at index: Roster.Index, in roster: Roster) -> String {
    if let field = key.textField { return roster.withUTF8(field, at: index) { text($0) } }
    return key == .weapon
      ? roster.weapon(at: index).rawValue : roster.nameColor(at: index)?.description ?? ""
  }

  /// Aligned columns with a header line in capitals, two spaces apart. A row ends at its
  /// last cell that is not empty, with no spaces after it; the names are in their colours
  /// when colour is on.
  static func writeTable(
    _ selected: [Roster.Index], of roster: Roster, columns: [MonsterKey],
    context: CommandContext
  ) throws(CommandFailure) {
    let style = context.style
    let titles = columns.map { title($0).uppercased() }
    var widths = titles.map { displayWidth($0) }
    for (column, key) in columns.enumerated().dropLast() {
      if key == .weapon {
        widths[column] = max(widths[column], WeaponType.longestNameWidth)
        continue
      }
      for index in selected {
        widths[column] = max(
          widths[column], withCell(key, at: index, in: roster) { displayWidth(ofUTF8: $0) })
      }
    }
    var header = ""
    for (column, title) in titles.enumerated() {
      header += column == titles.count - 1 ? title : padded(title, toWidth: widths[column]) + "  "
    }
    context.output.writeLine(style.header(header))
    let space = UInt8(ascii: " ")
    for index in selected {
      try context.output.append { buffer in
        var pending = 0
        for (column, key) in columns.enumerated() {
          withCell(key, at: index, in: roster) { cell in
            guard !cell.isEmpty else {
              pending += widths[column] + 2
              return
            }
            buffer.append(contentsOf: repeatElement(space, count: pending))
            if key == .name && style.usesColor, let color = roster.nameColor(at: index) {
              buffer.append(contentsOf: style.name(text(cell), color: color).utf8)
            } else {
              buffer.append(contentsOf: cell)
            }
            pending =
              column < columns.count - 1 ? widths[column] - displayWidth(ofUTF8: cell) + 2 : 0
          }
        }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// A GitHub-flavoured Markdown table: a header row of titles, the delimiter row, then one
  /// monster a row, each value in a code span (``MarkdownText/cell(_:)``), so that no text
  /// of the roster can change the table or the page, mention anyone or link anywhere.
  static func writeMarkdown(
    _ selected: [Roster.Index], of roster: Roster, columns: [MonsterKey],
    output: OutputChannel
  ) throws(CommandFailure) {
    output.writeLine("| " + columns.map(title).joined(separator: " | ") + " |")
    output.writeLine("|" + String(repeating: "---|", count: columns.count))
    for index in selected {
      try output.append { buffer in
        buffer.append(UInt8(ascii: "|"))
        for key in columns {
          buffer.append(UInt8(ascii: " "))
          buffer.append(contentsOf: markdownCell(key, at: index, in: roster).utf8)
          buffer.append(contentsOf: " |".utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// A field of the monster at a position as a cell of a Markdown table: its value in a
  /// code span, or nothing for no value.
  static func markdownCell(_ key: MonsterKey, at index: Roster.Index, in roster: Roster)
    -> String
  {
    MarkdownText.cell(value(of: key, at: index, in: roster))
  }
}
