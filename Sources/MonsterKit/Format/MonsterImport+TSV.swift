// Reading TSV: a header line naming the columns, then one monster a line, with the
// escapes a listing writes undone.

extension MonsterImport {
  /// Reads TSV.
  static func readTSV(_ bytes: [UInt8]) throws(MonsterImportError) -> [ImportedMonster] {
    var columns: [MonsterKey]?
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
        let names = keys.map { $0.spelling.description }.joined(separator: ", ")
        throw MonsterImportError(
          line: lineNumber,
          message: "\(cells.count) \(cells.count == 1 ? "field" : "fields") where the header "
            + "has \(keys.count) (\(names)); fields are separated by one tab, and a tab in a "
            + "field is written \\t")
      }
      var fields = Fields()
      for (key, cell) in zip(keys, cells) {
        let text = tsvUnescaped(cell)
        switch key {
        case .name: fields.name = text
        case .weapon: fields.weapon = text
        case .description: fields.description = text
        case .icon: fields.icon = text
        case .nameColor: fields.nameColor = .some(text)
        }
      }
      monsters.append(try monster(fields, line: lineNumber))
    }
    return monsters
  }

  /// The columns a header line names.
  ///
  /// - Throws: ``MonsterImportError`` for a column that is not a field, one named twice,
  ///   or a header without `name` or `weapon`.
  private static func header(_ cells: [Substring], line: Int) throws(MonsterImportError)
    -> [MonsterKey]
  {
    let known = fieldNames.joined(separator: ", ")
    var keys: [MonsterKey] = []
    for cell in cells {
      guard
        let key = MonsterKey.allCases.first(where: {
          $0.spelling.description.lowercased() == cell.lowercased()
        })
      else {
        throw MonsterImportError(
          line: line,
          message: "the header names a column '\(escapedForMessage(cell))'; the first line "
            + "names the columns, tab-separated, among: \(known)")
      }
      guard !keys.contains(key) else {
        throw MonsterImportError(
          line: line, message: "the header names the column '\(key.spelling)' twice")
      }
      keys.append(key)
    }
    for needed in [MonsterKey.name, .weapon] where !keys.contains(needed) {
      throw MonsterImportError(
        line: line,
        message: "the header has no '\(needed.spelling)' column; the first line names the "
          + "columns, tab-separated, among: \(known)")
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
