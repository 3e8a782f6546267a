// Reading JSON: monster objects one after another, or in an array, each read as the roster
// file's reader reads a monster, and named by the line its object starts on.

extension MonsterImport {
  /// Reads JSON objects one after another, or, with `asArray`, an array of them.
  static func readJSON(_ bytes: [UInt8], asArray: Bool, into reading: inout Reading) {
    var objects: [(offset: Int, fields: Fields)] = []
    /// Where the objects cannot be read, each at its offset: a value of the wrong type for
    /// a monster's field, then the place, if any, where the input stops being JSON.
    var failures: [(offset: Int, message: String)] = []
    bytes.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      func readOne(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) {
        let offset = scanner.position
        let (fields, typeError) = try readObject(&scanner, depth: depth)
        if let typeError { failures.append(typeError) } else { objects.append((offset, fields)) }
      }
      do throws(JSONSyntaxError) {
        if asArray {
          guard try scanner.peek(expecting: "a JSON array") == UInt8(ascii: "[") else {
            throw scanner.error("expected a JSON array of monster objects")
          }
          try scanner.readArray(depth: 1) { (scanner) throws(JSONSyntaxError) in
            try readOne(&scanner, depth: 2)
          }
          try scanner.expectEnd(after: "the array's closing ']'")
        } else {
          while true {
            scanner.skipWhitespace()
            if scanner.isAtEnd { break }
            try readOne(&scanner, depth: 1)
          }
        }
      } catch {
        failures.append((error.offset, error.message))
      }
    }
    let places = bytes.withUnsafeBytes { buffer in
      TextPosition.positions(of: objects.map(\.offset) + failures.map(\.offset), in: buffer)
    }
    for (failure, place) in zip(failures, places[objects.count...]) {
      reading.errors.append(
        MonsterImportError(line: place.line, column: place.column, message: failure.message))
    }
    reading.monsters.reserveCapacity(objects.count)
    for (object, place) in zip(objects, places) {
      add(object.fields, line: place.line, to: &reading)
    }
  }

  /// Reads one monster object whose `{` is at the scanner's position.
  ///
  /// - Returns: The fields, and where and why a known key's value is not a string, if one
  ///   is not: the object is read to its end all the same, so that the objects after it
  ///   are read too.
  /// - Throws: `JSONSyntaxError` for what is not JSON, a key given twice, or something
  ///   other than an object.
  private static func readObject(_ scanner: inout JSONScanner, depth: Int)
    throws(JSONSyntaxError) -> (Fields, typeError: (offset: Int, message: String)?)
  {
    guard try scanner.peek(expecting: "a monster object") == UInt8(ascii: "{") else {
      throw scanner.error("expected a monster object, such as {\"name\": ..., \"weapon\": ...}")
    }
    let start = scanner.position
    var fields = Fields()
    var typeError: (offset: Int, message: String)?
    var keys = DuplicateKeyDetector()
    var sawMonsters = false
    try scanner.readObject(depth: depth) { (scanner, keyToken) throws(JSONSyntaxError) in
      let key = scanner.text(of: keyToken)
      try keys.insert(key, at: keyToken.start - 1)
      let valueOffset = scanner.position
      let value = try scanner.readValue(depth: depth + 1)
      if key == "monsters" { sawMonsters = true }
      // A built-in field is a string, read as typed; a colour may be null, for none. Any
      // other key is the roster's to read: a string as typed, anything else as it is. JSON
      // tells an empty string from no key, so `""` is the value `""`, not a cell left empty.
      switch (value, MonsterField.BuiltIn(spelling: key)) {
      case (.string(let text), .name?): fields.name = text
      case (.string(let text), nil) where text.isEmpty: fields.set(key, to: .json(value))
      case (.string(let text), _): fields.set(key, to: .text(text))
      case (.null, let field?) where !field.isRequired: fields.set(key, to: nil)
      case (_, _?):
        if typeError == nil { typeError = (valueOffset, "'\(key)' must be a string") }
      case (_, nil): fields.set(key, to: .json(value))
      }
    }
    if sawMonsters && fields.name == nil {
      throw JSONSyntaxError(
        offset: start,
        message: "this is a roster file, not a monster object; import its monsters as "
          + "listed in JSON")
    }
    return (fields, typeError)
  }
}
