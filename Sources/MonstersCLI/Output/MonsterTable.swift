import MonsterKit

/// The listings that show monsters in columns: the aligned table of a terminal, and a
/// GitHub-flavoured Markdown table for a pull request's comment.
enum MonsterTable {
  /// The columns a table shows when not told: name, weapon, description.
  static let defaultColumns = Array(MonsterField.listed.prefix(3))

  /// A column's title in Markdown, such as `Name colour`; the table's is in capitals.
  static func title(_ field: MonsterField) -> String {
    guard let first = field.label.first else { return "" }
    return first.uppercased() + field.label.dropFirst()
  }

  /// Calls `body` with a field of the monster at a position as text, as it is: a built-in
  /// text field's bytes as the file has them, a string's text, any other value as compact
  /// JSON (a weapon is its name, a number its digits), and nothing for no value.
  static func withText<Result>(
    of field: MonsterField, at index: Roster.Index, in roster: Roster,
    _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    if let text = field.builtIn?.textField { return roster.withUTF8(text, at: index, body) }
    var string = value(of: field, at: index, in: roster)
    return string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  /// The value of a field as text, as ``withText(of:at:in:_:)`` gives it.
  static func value(of field: MonsterField, at index: Roster.Index, in roster: Roster) -> String {
    switch roster.value(of: field, at: index) {
    case .string(let text)?: text
    case let value?: DiffReport.compactJSON(value)
    case nil: ""
    }
  }

  /// Calls `body` with a field of the monster at a position, as text a terminal may show:
  /// the text ``withText(of:at:in:_:)`` gives, or, when it holds a control character or a
  /// bidirectional control, the text with it escaped.
  static func withCell<Result>(
    _ field: MonsterField, at index: Roster.Index, in roster: Roster,
    _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    withText(of: field, at: index, in: roster) { bytes in
      guard holdsTerminalControl(bytes) else { return body(bytes) }
      var escaped = escapedForTerminal(MonstersCLI.text(bytes))
      return escaped.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Aligned columns with a header line in capitals, two spaces apart. A row ends at its
  /// last cell that is not empty, with no spaces after it; the names are in their colours
  /// when colour is on.
  static func writeTable(
    _ selected: [Roster.Index], of roster: Roster, columns: [MonsterField],
    context: CommandContext
  ) throws(CommandFailure) {
    let style = context.style
    let titles = columns.map { escapedForTerminal(title($0).uppercased()) }
    var widths = titles.map { displayWidth($0) }
    for (column, field) in columns.enumerated().dropLast() {
      if field.kind == .weapon {
        widths[column] = max(
          widths[column], roster.weapons.map { displayWidth($0.name) }.max() ?? 0)
        continue
      }
      for index in selected {
        widths[column] = max(
          widths[column], withCell(field, at: index, in: roster) { displayWidth(ofUTF8: $0) })
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
        for (column, field) in columns.enumerated() {
          withCell(field, at: index, in: roster) { cell in
            guard !cell.isEmpty else {
              pending += widths[column] + 2
              return
            }
            buffer.append(contentsOf: repeatElement(space, count: pending))
            if field == .name && style.usesColor {
              buffer.append(contentsOf: style.name(text(cell), at: index, in: roster).utf8)
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
  /// monster a row, each cell escaped by ``markdownCell(_:)``.
  static func writeMarkdown(
    _ selected: [Roster.Index], of roster: Roster, columns: [MonsterField],
    output: OutputChannel
  ) throws(CommandFailure) {
    output.writeLine("| " + columns.map { markdownCell(title($0)) }.joined(separator: " | ") + " |")
    output.writeLine("|" + String(repeating: "---|", count: columns.count))
    for index in selected {
      try output.append { buffer in
        buffer.append(UInt8(ascii: "|"))
        for field in columns {
          buffer.append(UInt8(ascii: " "))
          let cell = withText(of: field, at: index, in: roster) { markdownCell(text($0)) }
          buffer.append(contentsOf: cell.utf8)
          buffer.append(contentsOf: " |".utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// Text as a cell of a GitHub-flavoured Markdown table, shown as it is and unable to
  /// change the table or the page.
  ///
  /// A backslash and the punctuation Markdown acts on (`|`, `*`, `_`, `` ` ``, `[`, `]`,
  /// `~`) take a backslash; `&` and `<` are written as entities, so that no HTML gets
  /// in; a line break is `<br>`; a space at either end, which a cell would lose, is
  /// `&#32;`; and control characters and bidirectional controls, which could reorder
  /// what a reader sees, are shown escaped (`\u{202E}`).
  static func markdownCell(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var result = ""
    let leading = scalars.prefix { $0 == " " }.count
    let trailing = leading == scalars.count ? 0 : scalars.reversed().prefix { $0 == " " }.count
    while index < scalars.count {
      let scalar = scalars[index]
      defer { index += 1 }
      if scalar == " " && (index < leading || index >= scalars.count - trailing) {
        result += "&#32;"
        continue
      }
      switch scalar {
      case "\\", "|", "*", "_", "`", "[", "]", "~":
        result.unicodeScalars.append("\\")
        result.unicodeScalars.append(scalar)
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case "\r", "\n":
        // A carriage return and a line feed are one line break.
        if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        result += "<br>"
      case "\t": result += "\\t"
      case _ where scalar.properties.generalCategory == .control || isBidiControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar is one of Unicode's bidirectional formatting characters: the marks,
  /// embeddings, overrides and isolates that reorder text as it is shown.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
