// Reading JSON: monster objects one after another, or in an array, each read as the roster
// file's reader reads a monster, and named by the line its object starts on.

extension MonsterImport {
  /// Reads JSON objects one after another, or, with `asArray`, an array of them.
  ///
  /// Objects one after another are one a line in NDJSON, so a line that is not JSON is named
  /// and reading goes on with the next line (or at a `{` where the error stands, which may
  /// start an object); an array that is not JSON cannot be split into monsters, and reading
  /// stops at its first syntax error.
  static func readJSON(
    _ bytes: [UInt8], asArray: Bool, needing needed: [MonsterField.BuiltIn],
    into reading: inout Reading
  ) {
    var objects: [(offset: Int, fields: Fields)] = []
    /// Where objects cannot be read, each at its offset: a value of the wrong type for a
    /// monster's field, a key given twice, text that is not JSON.
    var failures: [(offset: Int, message: String)] = []
    bytes.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      func readOne(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) {
        let offset = scanner.position
        let (fields, problem) = try readObject(&scanner, depth: depth)
        if let problem { failures.append(problem) } else { objects.append((offset, fields)) }
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
            let start = scanner.position
            do throws(JSONSyntaxError) {
              try readOne(&scanner, depth: 1)
            } catch {
              let (error, resumption) = recovery(from: error, ofObjectAt: start, in: buffer)
              failures.append((error.offset, error.message))
              scanner.position = resumption
            }
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
      add(object.fields, line: place.line, needing: needed, to: &reading)
    }
  }

  /// How reading objects one after another goes on after one that is not JSON.
  ///
  /// Where the text stops being JSON at a `{` past the object's start, the object broke off
  /// and another may begin there: the error is put back where the broken object's text
  /// ends (the end of its line, for NDJSON that lacks a `}`), and reading goes on at the
  /// `{`. Otherwise (an object nested too deep is the object's own, no new one) reading goes
  /// on at the start of the line after the error's.
  ///
  /// - Parameters:
  ///   - error: Where and why the object is not JSON.
  ///   - start: The offset the object starts at.
  ///   - bytes: The input.
  /// - Returns: The error to report, and an offset past `start`, or the input's end, to go
  ///   on at.
  private static func recovery(
    from error: JSONSyntaxError, ofObjectAt start: Int, in bytes: UnsafeRawBufferPointer
  ) -> (error: JSONSyntaxError, resumption: Int) {
    if error.kind == .notJSON, error.offset > start, error.offset < bytes.count,
      bytes[error.offset] == UInt8(ascii: "{")
    {
      var end = error.offset
      while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
      return (JSONSyntaxError(offset: end, message: error.message), error.offset)
    }
    var index = max(error.offset, start)
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    return (error, min(index + 1, bytes.count))
  }

  /// Reads one monster object whose `{` is at the scanner's position.
  ///
  /// - Returns: The fields, and the first place and reason the object makes no monster, if
  ///   any: a known key's value that is not a string, a key given twice, a roster file's
  ///   object. The object is read to its end all the same, so that the objects after it are
  ///   read too.
  /// - Throws: `JSONSyntaxError` for what is not JSON, or something other than an object.
  private static func readObject(_ scanner: inout JSONScanner, depth: Int)
    throws(JSONSyntaxError) -> (Fields, problem: (offset: Int, message: String)?)
  {
    guard try scanner.peek(expecting: "a monster object") == UInt8(ascii: "{") else {
      throw scanner.error("expected a monster object, such as {\"name\": ..., \"weapon\": ...}")
    }
    let start = scanner.position
    var fields = Fields()
    var problem: (offset: Int, message: String)?
    func note(_ offset: Int, _ message: String) {
      if problem == nil { problem = (offset, message) }
    }
    var keys = DuplicateKeyDetector()
    var sawMonsters = false
    try scanner.readObject(depth: depth) { (scanner, keyToken) throws(JSONSyntaxError) in
      let key = scanner.text(of: keyToken)
      do throws(JSONSyntaxError) {
        try keys.insert(key, at: keyToken.start - 1)
      } catch {
        note(error.offset, error.message)
      }
      let valueOffset = scanner.position
      let value = try scanner.readValue(depth: depth + 1)
      if key == "monsters" { sawMonsters = true }
      // A built-in field is a string, read as typed; a colour may be null, for none. Any
      // other key is the roster's to read: a string as typed, anything else as it is. JSON
      // tells an empty string from no key, so `""` is the value `""`, not a cell left empty.
      // A key names a field only as spelled: `NAME` is a key of its own, as JSON keys are.
      switch (value, MonsterField.BuiltIn(spelling: key)) {
      case (.string(let text), .name?): fields.name = text
      case (.string(let text), nil) where text.isEmpty:
        fields.set(key, to: .json(value), keyIsExact: true)
      case (.string(let text), _): fields.set(key, to: .text(text), keyIsExact: true)
      case (.null, let field?) where !field.isRequired: fields.set(key, to: nil, keyIsExact: true)
      case (_, _?): note(valueOffset, "'\(key)' must be a string")
      case (_, nil): fields.set(key, to: .json(value), keyIsExact: true)
      }
    }
    if sawMonsters && fields.name == nil {
      // A roster's own problems are not the import's: this one is said instead of them.
      problem = (
        start,
        "this is a roster file, not a monster object; import its monsters as listed in JSON"
      )
    }
    return (fields, problem)
  }
}
