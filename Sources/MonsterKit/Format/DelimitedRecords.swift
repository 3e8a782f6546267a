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
