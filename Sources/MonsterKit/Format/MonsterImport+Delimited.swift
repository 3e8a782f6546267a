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

/// The records of TSV or CSV text, one at a time: each line, or lines that a quoted field
/// spans, split into fields, with quotes and escapes undone. Blank records (an empty line,
/// or one whose fields are all empty) are skipped.
struct DelimitedRecords {
  /// A field of a record: its text, with quotes and escapes undone, and whether it was
  /// quoted.
  struct Cell {
    var text: String
    var isQuoted: Bool

    /// Whether the field was quoted with nothing in it (`""`), as a listing writes the
    /// empty string, to tell it from no value.
    var isQuotedEmpty: Bool { isQuoted && text.isEmpty }
  }

  /// What a record holds.
  enum Content {
    /// Its fields.
    case cells([Cell])
    /// Why it cannot be read, and whether the records after it can be.
    case failure(String, canGoOn: Bool)
  }

  /// A record: the line it starts on, counting from 1, and what it holds.
  struct Record {
    var line: Int
    var content: Content
  }

  private let bytes: [UInt8]
  private let dialect: MonsterImport.Dialect
  private var index = 0
  private var line = 1
  private var stopped = false

  private static let quote = UInt8(ascii: "\"")
  private static let lineFeed = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  init(bytes: [UInt8], dialect: MonsterImport.Dialect) {
    self.bytes = bytes
    self.dialect = dialect
  }

  /// The next record that is not blank, or `nil` at the end.
  mutating func next() -> Record? {
    while !stopped && index < bytes.count {
      let start = line
      let content = readRecord()
      if case .cells(let cells) = content, cells.allSatisfy(\.text.isEmpty) { continue }
      return Record(line: start, content: content)
    }
    return nil
  }

  /// Reads the record at `index`, leaving `index` after its line break.
  private mutating func readRecord() -> Content {
    var cells: [Cell] = []
    var invalidUTF8 = false
    while true {
      let cell: [UInt8]
      let isQuoted: Bool
      switch quotedField() {
      case .field(let content):
        cell = content
        isQuoted = true
      case .notQuoted:
        cell = unquotedField()
        isQuoted = false
      case .failure(let message, let canGoOn):
        if canGoOn { skipLine() } else { stopped = true }
        return .failure(message, canGoOn: canGoOn)
      }
      if let text = validUTF8(cell) {
        let value =
          if dialect.isTSV {
            isQuoted ? text : MonsterImport.tsvUnescaped(text[...])
          } else {
            MonsterImport.spreadsheetValue(text)
          }
        cells.append(Cell(text: value, isQuoted: isQuoted))
      } else {
        invalidUTF8 = true
      }
      // The field ends at a separator, a line break, or the end.
      guard index < bytes.count, bytes[index] == dialect.separator else { break }
      index += 1
    }
    endLine()
    return invalidUTF8 ? .failure("the line is not UTF-8 text", canGoOn: true) : .cells(cells)
  }

  /// How reading a field as a quoted one went.
  private enum QuotedField {
    case field([UInt8])
    case notQuoted
    case failure(String, canGoOn: Bool)
  }

  /// Reads the quoted field at `index`, if one starts there: up to its closing quote,
  /// with each doubled quote one. A TSV field that is not closed as a quoted field is read
  /// as it is instead; in CSV it is an error.
  private mutating func quotedField() -> QuotedField {
    guard index < bytes.count, bytes[index] == Self.quote else { return .notQuoted }
    var content: [UInt8] = []
    var position = index + 1
    var lineBreaks = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte == Self.quote {
        guard position + 1 < bytes.count, bytes[position + 1] == Self.quote else { break }
        content.append(byte)
        position += 2
        continue
      }
      if byte == Self.lineFeed { lineBreaks += 1 }
      content.append(byte)
      position += 1
    }
    guard position < bytes.count else {
      if dialect.isTSV { return .notQuoted }
      return .failure(
        "a quoted field starts here and its closing quote never comes; a quote in a quoted "
          + "field is written twice (\"\")", canGoOn: false)
    }
    let after = position + 1
    guard after == bytes.count || isFieldEnd(after) else {
      if dialect.isTSV { return .notQuoted }
      // The rest of the line the closing quote is on is skipped.
      index = after
      line += lineBreaks
      return .failure(
        "text after the closing quote of a quoted field; a quote in a quoted field is "
          + "written twice (\"\")", canGoOn: true)
    }
    index = after
    line += lineBreaks
    return .field(content)
  }

  /// Whether the byte at a position ends a field: a separator, a line feed, or a carriage
  /// return before a line feed or the end.
  private func isFieldEnd(_ position: Int) -> Bool {
    switch bytes[position] {
    case dialect.separator, Self.lineFeed: true
    case Self.carriageReturn: position + 1 == bytes.count || bytes[position + 1] == Self.lineFeed
    default: false
    }
  }

  /// Reads the field at `index` that is not quoted: up to a separator or the end of the
  /// line, without a carriage return that ends the line.
  private mutating func unquotedField() -> [UInt8] {
    let start = index
    while index < bytes.count, bytes[index] != dialect.separator, bytes[index] != Self.lineFeed {
      index += 1
    }
    var end = index
    let endsLine = end == bytes.count || bytes[end] == Self.lineFeed
    if endsLine, end > start, bytes[end - 1] == Self.carriageReturn { end -= 1 }
    return Array(bytes[start..<end])
  }

  /// Moves past the line break at `index`, a carriage return before it included, if any.
  private mutating func endLine() {
    if index < bytes.count, bytes[index] == Self.carriageReturn { index += 1 }
    if index < bytes.count, bytes[index] == Self.lineFeed {
      index += 1
      line += 1
    }
  }

  /// Moves past the rest of the line, after a record that could not be read.
  private mutating func skipLine() {
    while index < bytes.count, bytes[index] != Self.lineFeed { index += 1 }
    endLine()
  }
}

/// UTF-8 bytes as text, or `nil` when they are not UTF-8. (`String(validating:as:)` does
/// this from iOS 18 and macOS 15 on; MonsterKit runs on iOS 16.)
func validUTF8(_ bytes: [UInt8]) -> String? {
  if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  while true {
    switch parser.parseScalar(from: &iterator) {
    case .valid: continue
    case .error: return nil
    case .emptyInput: return String(decoding: bytes, as: UTF8.self)
    }
  }
}
