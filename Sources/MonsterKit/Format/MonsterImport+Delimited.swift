// Reading TSV and CSV: a header line naming the columns, then one monster a record, as a
// listing or a spreadsheet writes them.

extension MonsterImport {
  /// How a format of delimited text separates and quotes its fields.
  struct Dialect {
    /// The byte between two fields.
    var separator: UInt8
    /// Whether a field that is not quoted has a listing's backslash escapes undone, and a
    /// field that starts with a quote but is not closed as a quoted field is text as it
    /// is (TSV); otherwise such a field is an error (CSV).
    var isTSV: Bool

    /// Tab-separated values, as `monsters list --format tsv` writes them.
    static let tsv = Dialect(separator: UInt8(ascii: "\t"), isTSV: true)
    /// Comma-separated values, as RFC 4180 has them.
    static let csv = Dialect(separator: UInt8(ascii: ","), isTSV: false)

    /// How a line of the header's width is told to separate its fields, for a message.
    var separatorAdvice: String {
      isTSV
        ? "fields are separated by one tab, and a tab in a field is written \\t"
        : "fields are separated by commas, and a field that holds one is quoted"
    }

    /// What separates two fields, in words: `one tab`, `commas`.
    var separatorName: String { isTSV ? "one tab" : "commas" }
  }

  /// What a column of the header is.
  enum Column: Equatable {
    /// One of the built-in fields.
    case field(MonsterField.BuiltIn)
    /// A key of the monster's own, kept as text.
    case other(String)
    /// A column the header leaves unnamed, as a spreadsheet's export may have at its
    /// end: its cells must be empty.
    case unnamed
  }

  /// Reads TSV or CSV.
  static func readDelimited(
    _ bytes: [UInt8], as dialect: Dialect, needing needed: [MonsterField.BuiltIn],
    into reading: inout Reading
  ) {
    var records = DelimitedRecords(bytes: bytes, dialect: dialect)
    var columns: [Column]?
    while let record = records.next() {
      let line = record.line
      let cells: [DelimitedRecords.Cell]
      switch record.content {
      case .failure(let message, let canGoOn):
        reading.errors.append(MonsterImportError(line: line, message: message))
        // A header that cannot be read leaves no way to read the lines after it.
        guard canGoOn, columns != nil else { return }
        continue
      case .cells(let read):
        cells = read
      }
      guard let columns else {
        do throws(MonsterImportError) {
          columns = try header(cells.map(\.text), line: line, dialect: dialect, needing: needed)
          reading.header = Header(line: line, columns: cells.map(\.text))
        } catch {
          reading.errors.append(error)
          return
        }
        continue
      }
      guard cells.count == columns.count else {
        let names = columns.compactMap { $0.name.map { escapedForMessage($0) } }
          .joined(separator: ", ")
        reading.errors.append(
          MonsterImportError(
            line: line,
            message: "\(cells.count) \(cells.count == 1 ? "field" : "fields") where the "
              + "header has \(columns.count) (\(names)); \(dialect.separatorAdvice)"))
        continue
      }
      var fields = Fields()
      var unnamedValue: Int?
      for (position, (column, cell)) in zip(columns, cells).enumerated() {
        switch column {
        case .field(.name): fields.name = cell.text
        case .field(let key): fields.set(key.spelling.description, to: .text(cell.text))
        // A declared field the roster reads; another key kept as text, none for no text,
        // the empty string for `""`.
        case .other(let key):
          fields.set(key, to: cell.isQuotedEmpty ? .quotedEmpty : .text(cell.text))
        case .unnamed:
          if !cell.text.isEmpty && unnamedValue == nil { unnamedValue = position + 1 }
        }
      }
      if let unnamedValue {
        reading.errors.append(
          MonsterImportError(
            line: line,
            message: "a value in column \(unnamedValue), which the header leaves unnamed"))
        continue
      }
      add(fields, line: line, needing: needed, to: &reading)
    }
  }

  /// The columns a header line names: each built-in field in any case, a declared field or
  /// a key of the monster's own by any other name, nothing for an empty name.
  ///
  /// - Throws: ``MonsterImportError`` for a field named twice, in any case or normal form
  ///   (``MonsterImportError/Kind/fieldNamedTwice``), or a header without a column `needed`.
  private static func header(
    _ cells: [String], line: Int, dialect: Dialect, needing needed: [MonsterField.BuiltIn]
  ) throws(MonsterImportError) -> [Column] {
    var columns: [Column] = []
    var named: [String: String] = [:]
    for cell in cells {
      let column: Column =
        cell.isEmpty
        ? .unnamed
        : MonsterField.BuiltIn.allCases.first {
          $0.spelling.description.lowercased() == cell.lowercased()
        }.map(Column.field) ?? .other(cell)
      if let name = column.name,
        let earlier = named.updateValue(cell, forKey: MonsterField.foldedKey(name))
      {
        throw MonsterImportError(
          line: line,
          message: "the header names the column '\(escapedForMessage(name))' twice"
            + (earlier == cell && earlier.hasSameCodePoints(as: cell)
              ? ""
              : " ('\(escapedForMessage(earlier))' and '\(escapedForMessage(cell))' are one "
                + "field, in any case or normal form)"),
          kind: .fieldNamedTwice)
      }
      columns.append(column)
    }
    for needed in needed where !columns.contains(.field(needed)) {
      let missing = "the header has no '\(needed.spelling)' column"
      throw MonsterImportError(
        line: line,
        message: joinedColumn(needed, in: cells, dialect: dialect).map {
          missing + ", but its field '\(escapedForMessage($0.field))' holds it: \($0.advice)"
        }
          ?? missing + "; the first line names the columns, among them "
          + fieldNames.joined(separator: ", "))
    }
    return columns
  }

  /// The characters that separate fields or end lines elsewhere, which a header that
  /// lacks a column may hold its name beside: another format's separator, or a carriage
  /// return that ends lines alone, as old Mac programs write text.
  private static let foreignSeparators: [Character] = [",", ";", "\t", "|", "\r"]

  /// A field of a header that holds a needed column's name beside a foreign separator
  /// (`name;weapon`) or spaces (`name `), and how the fields or lines are separated
  /// instead; `nil` if none does.
  private static func joinedColumn(
    _ needed: MonsterField.BuiltIn, in cells: [String], dialect: Dialect
  ) -> (field: String, advice: String)? {
    let name = needed.spelling.description.lowercased()
    // `name; weapon` and `"name";"weapon"` hold the names too.
    func isName(_ part: Substring) -> Bool {
      let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\"" }
      guard let first = part.firstIndex(where: { !isPadding($0) }),
        let last = part.lastIndex(where: { !isPadding($0) })
      else { return false }
      return part[first...last].lowercased() == name
    }
    for cell in cells {
      if cell.lowercased() != name, isName(cell[...]) {
        return (cell, "a column is named without spaces or quotes around its name")
      }
      for separator in foreignSeparators where separator.asciiValue != dialect.separator {
        let parts = cell.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count > 1,
          parts.contains(where: isName)
        else { continue }
        let advice =
          separator == "\r"
          ? "lines end in CRLF or LF, not in a carriage return alone"
          : "fields are separated by \(dialect.separatorName), not by "
            + "'\(escapedForMessage(String(separator)))'"
        return (cell, advice)
      }
    }
    return nil
  }

  /// A field with the escapes of a listing undone: `\t`, `\n`, `\r` and `\\`. A backslash
  /// before anything else, or at the end, is kept as it is.
  static func tsvUnescaped(_ field: Substring) -> String {
    guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
    var result = ""
    var scalars = field.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let next = scalars.first else {
        result.unicodeScalars.append(scalar)
        continue
      }
      let replacement: Unicode.Scalar? =
        switch next {
        case "t": "\t"
        case "n": "\n"
        case "r": "\r"
        case "\\": "\\"
        default: nil
        }
      if let replacement {
        result.unicodeScalars.append(replacement)
        scalars.removeFirst()
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

// MARK: - Cells a spreadsheet would read as formulas

extension MonsterImport {
  /// The first characters that make a spreadsheet read a cell as a formula (`=SUM(A1)`,
  /// `+1`, `-1+1`, `@SUM(1)`), or that some read as one after a tab or carriage return.
  private static let formulaStarts: [UInt8] = Array("=+-@\t\r".utf8)
  /// What goes before such a cell in CSV, as a spreadsheet itself marks text typed into a
  /// cell: an apostrophe.
  private static let formulaMark = UInt8(ascii: "'")

  /// A cell's text as CSV writes it for a spreadsheet: with an apostrophe before it where
  /// it starts as a formula would, after any apostrophes it starts with (a number, such as
  /// `-5`, is no formula and stays as it is). ``spreadsheetValue(_:)`` takes the apostrophe
  /// away again, so reading the CSV gives the text back, exactly; text that starts with
  /// apostrophes and no formula after them (`'a`, `''`) stays as it is either way.
  ///
  /// ```swift
  /// MonsterImport.spreadsheetSafe("=HYPERLINK(\"x\")")  // "'=HYPERLINK(\"x\")"
  /// MonsterImport.spreadsheetSafe("'=x")                 // "''=x"
  /// MonsterImport.spreadsheetSafe("-5")                  // "-5"
  /// ```
  package static func spreadsheetSafe(_ text: String) -> String {
    startsAsAFormula(text) && !isJSONNumber(text) ? "'" + text : text
  }

  /// Whether text starts as a formula would, after any apostrophes it starts with.
  private static func startsAsAFormula(_ text: String) -> Bool {
    text.utf8.first { $0 != formulaMark }.map { formulaStarts.contains($0) } ?? false
  }

  /// Whether a cell that starts with a byte may need ``spreadsheetSafe(_:)``'s apostrophe:
  /// a quick test that spares every other cell a string.
  package static func mayNeedSpreadsheetMark(_ first: UInt8) -> Bool {
    first == formulaMark || formulaStarts.contains(first)
  }

  /// A CSV cell's text as the value it stands for: without the apostrophe that
  /// ``spreadsheetSafe(_:)`` puts before a cell that starts as a formula would.
  static func spreadsheetValue(_ cell: String) -> String {
    guard cell.utf8.first == formulaMark, startsAsAFormula(cell) else { return cell }
    return String(decoding: cell.utf8.dropFirst(), as: UTF8.self)
  }
}

extension MonsterImport.Column {
  /// The column's name as the header gives it, or `nil` for an unnamed one.
  var name: String? {
    switch self {
    case .field(let key): key.spelling.description
    case .other(let key): key
    case .unnamed: nil
    }
  }
}
