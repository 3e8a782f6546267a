// MARK: - Objects and arrays

extension JSONScanner {
  /// Reads an object whose `{` is at the current position, handing each member's key to
  /// `member` with the scanner at the start of the value; `member` must read the value.
  ///
  /// - Parameters:
  ///   - depth: How deep the object is; 1 for the outermost value.
  ///   - member: Reads one member's value.
  mutating func readObject(
    depth: Int,
    _ member: (inout JSONScanner, StringToken) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    guard depth <= Self.maximumDepth else { throw tooDeep() }
    position += 1
    if try peek(expecting: "a string key or '}'") == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      let byte = try peek(expecting: "a string key")
      guard byte == UInt8(ascii: "\"") else {
        if byte == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
        throw error(
          byte == UInt8(ascii: "'")
            ? "strings must be in double quotes" : "expected a string key in double quotes")
      }
      let key = try readString()
      guard try peek(expecting: "':' after an object key") == UInt8(ascii: ":") else {
        throw error("expected ':' after an object key")
      }
      position += 1
      _ = try peek(expecting: "a value")
      try member(&self, key)
      switch try peek(expecting: "',' or '}' after an object member") {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw error("expected ',' or '}' after an object member")
      }
    }
  }

  /// Reads an array whose `[` is at the current position, calling `element` with the
  /// scanner at the start of each element; `element` must read the element.
  ///
  /// - Parameters:
  ///   - depth: How deep the array is; 1 for the outermost value.
  ///   - element: Reads one element.
  mutating func readArray(
    depth: Int,
    _ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    guard depth <= Self.maximumDepth else { throw tooDeep() }
    position += 1
    if try peek(expecting: "a value or ']'") == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      if try peek(expecting: "a value") == UInt8(ascii: "]") {
        throw error("trailing comma before ']'")
      }
      try element(&self)
      switch try peek(expecting: "',' or ']' after an array element") {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw error("expected ',' or ']' after an array element")
      }
    }
  }

  // MARK: - Values

  /// Reads any value at the current position, building it.
  ///
  /// Objects are checked for duplicate keys.
  ///
  /// - Parameter depth: How deep the value is; 1 for the outermost value.
  mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    switch try peek(expecting: "a value") {
    case UInt8(ascii: "{"):
      var members: [JSONMember] = []
      var keys = DuplicateKeyDetector()
      try readObject(depth: depth) { (scanner, key) throws(JSONSyntaxError) in
        let name = scanner.text(of: key)
        try keys.insert(name, at: key.start - 1)
        members.append(JSONMember(name, try scanner.readValue(depth: depth + 1)))
      }
      return .object(members)
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      try readArray(depth: depth) { (scanner) throws(JSONSyntaxError) in
        elements.append(try scanner.readValue(depth: depth + 1))
      }
      return .array(elements)
    case UInt8(ascii: "\""):
      return .string(text(of: try readString()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let range = try readNumber()
      return .number(String(decoding: bytes[range], as: UTF8.self))
    default:
      return try readLiteral()
    }
  }

  /// Checks that nothing but white space follows the outermost value.
  func expectEnd(after what: String) throws(JSONSyntaxError) {
    var scanner = self
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw scanner.error(
        "unexpected \(scanner.describeWord(at: scanner.position)) after \(what)")
    }
  }
}
