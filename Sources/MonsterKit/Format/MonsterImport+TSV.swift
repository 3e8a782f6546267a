// Reading TSV: a header line naming the columns, then one monster a line, with the
// escapes a listing writes undone.

extension MonsterImport {
  /// Reads TSV.
  static func readTSV(_ bytes: [UInt8]) throws(MonsterImportError) -> [ImportedMonster] {
    var columns: [String]?
    var monsters: [ImportedMonster] = []
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let next = end + 1
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      defer { start = next }
      if end == start { continue }
      guard let line = String(validating: bytes[start..<end], as: UTF8.self) else {
        throw MonsterImportError(line: lineNumber, message: "the line is not UTF-8 text")
      }
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard let keys = columns else {
        columns = try header(cells, line: lineNumber)
        continue
      }
      guard cells.count == keys.count else {
        let names = keys.map { escapedForMessage($0) }.joined(separator: ", ")
        throw MonsterImportError(
          line: lineNumber,
          message: "\(cells.count) \(cells.count == 1 ? "field" : "fields") where the header "
            + "has \(keys.count) (\(names)); fields are separated by one tab, and a tab in a "
            + "field is written \\t")
      }
      var fields = Fields()
      for (key, cell) in zip(keys, cells) {
        let text = tsvUnescaped(cell)
        if key == MonsterField.name.key {
          fields.name = text
        } else {
          fields.set(key, to: .text(text))
        }
      }
      monsters.append(try monster(fields, line: lineNumber))
    }
    return monsters
  }

  /// The columns a header line names: a built-in field's key in any case (as the file
  /// spells it), any other key as it is.
  ///
  /// - Throws: ``MonsterImportError`` for an empty column name, a column named twice
  ///   (ignoring case), or a header without `name` or `weapon`.
  private static func header(_ cells: [Substring], line: Int) throws(MonsterImportError)
    -> [String]
  {
    var keys: [String] = []
    var seen: Set<String> = []
    for cell in cells {
      let key =
        MonsterField.builtIn.first { $0.key.lowercased() == cell.lowercased() }?.key
        ?? tsvUnescaped(cell)
      guard !key.isEmpty else {
        throw MonsterImportError(
          line: line,
          message: "the header names an empty column; the first line names the columns, "
            + "tab-separated, such as name, weapon, description")
      }
      guard seen.insert(key.lowercased()).inserted else {
        throw MonsterImportError(
          line: line, message: "the header names the column '\(escapedForMessage(key))' twice")
      }
      keys.append(key)
    }
    for needed in [MonsterField.name, .weapon] where !keys.contains(needed.key) {
      throw MonsterImportError(
        line: line,
        message: "the header has no '\(needed.key)' column; the first line names the "
          + "columns, tab-separated, among: "
          + MonsterField.builtIn.map(\.key).joined(separator: ", ") + ", and other fields")
    }
    return keys
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
