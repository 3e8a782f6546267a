// Reading JSON: monster objects one after another, or in an array, each read as the roster
// file's reader reads a monster, and named by the line its object starts on.

extension MonsterImport {
  /// Reads JSON objects one after another, or, with `asArray`, an array of them.
  static func readJSON(_ bytes: [UInt8], asArray: Bool) throws(MonsterImportError)
    -> [ImportedMonster]
  {
    var objects: [(offset: Int, fields: Fields)] = []
    let failure: (offset: Int, message: String)? = bytes.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      do throws(JSONSyntaxError) {
        if asArray {
          guard try scanner.peek(expecting: "a JSON array") == UInt8(ascii: "[") else {
            throw scanner.error("expected a JSON array of monster objects")
          }
          try scanner.readArray(depth: 1) { (scanner) throws(JSONSyntaxError) in
            objects.append((scanner.position, try readObject(&scanner, depth: 2)))
          }
          try scanner.expectEnd(after: "the array's closing ']'")
        } else {
          while true {
            scanner.skipWhitespace()
            if scanner.isAtEnd { break }
            objects.append((scanner.position, try readObject(&scanner, depth: 1)))
          }
        }
        return nil
      } catch {
        return (error.offset, error.message)
      }
    }
    if let failure {
      let position = bytes.withUnsafeBytes { TextPosition(of: failure.offset, in: $0) }
      throw MonsterImportError(
        line: position.line, column: position.column, message: failure.message)
    }
    let lines = bytes.withUnsafeBytes { buffer in
      TextPosition.positions(of: objects.map(\.offset), in: buffer).map(\.line)
    }
    var monsters: [ImportedMonster] = []
    monsters.reserveCapacity(objects.count)
    for (object, line) in zip(objects, lines) {
      monsters.append(try monster(object.fields, line: line))
    }
    return monsters
  }

  /// Reads one monster object whose `{` is at the scanner's position.
  ///
  /// - Throws: `JSONSyntaxError` for what is not JSON, a key given twice, something other
  ///   than an object, or a built-in key whose value is not a string.
  private static func readObject(_ scanner: inout JSONScanner, depth: Int)
    throws(JSONSyntaxError) -> Fields
  {
    guard try scanner.peek(expecting: "a monster object") == UInt8(ascii: "{") else {
      throw scanner.error("expected a monster object, such as {\"name\": ..., \"weapon\": ...}")
    }
    let start = scanner.position
    var fields = Fields()
    var keys = DuplicateKeyDetector()
    var sawMonsters = false
    try scanner.readObject(depth: depth) { (scanner, keyToken) throws(JSONSyntaxError) in
      let key = scanner.text(of: keyToken)
      try keys.insert(key, at: keyToken.start - 1)
      let valueOffset = scanner.position
      let value = try scanner.readValue(depth: depth + 1)
      if key == "monsters" { sawMonsters = true }
      let builtIn = MonsterField.BuiltIn(spelling: key)
      switch (value, builtIn) {
      case (.string(let text), .name?): fields.name = text
      case (.string(let text), _): fields.set(key, to: .text(text))
      case (.null, let field?) where !field.isRequired: fields.set(key, to: nil)
      case (_, _?):
        throw JSONSyntaxError(offset: valueOffset, message: "'\(key)' must be a string")
      case (_, nil): fields.set(key, to: .json(value))
      }
    }
    if sawMonsters && fields.name == nil {
      throw JSONSyntaxError(
        offset: start,
        message: "this is a roster file, not a monster object; import its monsters as "
          + "listed in JSON")
    }
    return fields
  }
}
