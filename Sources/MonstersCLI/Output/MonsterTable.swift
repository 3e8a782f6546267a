import MonsterKit

/// The listings that show monsters in columns: the aligned table of a terminal, and a
/// GitHub-flavoured Markdown table for a pull request's comment.
enum MonsterTable {
  /// The columns a table shows when not told: name, weapon, description.
  static let defaultColumns = Array(MonsterField.listed.prefix(3))

  /// A column's title in Markdown, such as `Name colour`; the table's is in capitals.
  static func title(_ field: MonsterField) -> String {
    guard let first = field.label.first else { return "" }
    // `String(_:)`: a `String` plus a `Substring` is the generic `+`, whose first call, on
    // every table's start, looks up `Substring`'s conformances by name (100,000
    // instructions).
    return first.uppercased() + String(field.label.dropFirst())
  }

  /// Calls `body` with a field of the monster at a position as text, as it is: a built-in
  /// text field's bytes as the file has them, a string's text, any other value as compact
  /// JSON (a weapon is its name, a number its digits), and nothing for no value.
  ///
  /// (Inlined, as ``withCell(_:at:in:_:)`` is: called for each cell, a closure of either,
  /// made apart from its caller, held a copy of the roster, seven a row.)
  @inline(__always)
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
  @inline(__always)
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
  /// monster a row, each value in a code span (``MarkdownText/cell(_:)``), so that no text
  /// of the roster can change the table or the page, mention anyone or link anywhere.
  static func writeMarkdown(
    _ selected: [Roster.Index], of roster: Roster, columns: [MonsterField],
    output: OutputChannel
  ) throws(CommandFailure) {
    // A declared field's name is the roster's text, in a code span as its values are.
    let titles = columns.map { $0.builtIn == nil ? MarkdownText.code($0.label) : title($0) }
    output.writeLine("| " + titles.joined(separator: " | ") + " |")
    output.writeLine("|" + String(repeating: "---|", count: columns.count))
    for index in selected {
      try output.append { buffer in
        buffer.append(UInt8(ascii: "|"))
        for field in columns {
          buffer.append(UInt8(ascii: " "))
          buffer.append(contentsOf: markdownCell(field, at: index, in: roster).utf8)
          buffer.append(contentsOf: " |".utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// A field of the monster at a position as a cell of a Markdown table: its value in a
  /// code span, or nothing for no value.
  static func markdownCell(_ field: MonsterField, at index: Roster.Index, in roster: Roster)
    -> String
  {
    MarkdownText.cell(value(of: field, at: index, in: roster))
  }
}
