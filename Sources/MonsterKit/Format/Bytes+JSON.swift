// Writing JSON into bytes: strings with only the escapes JSON needs, any value, compact or
// pretty with the canonical layout's indent.

extension [UInt8] {
  /// Appends a static string's bytes.
  @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a line break and `level` steps of the canonical indent.
  @inline(__always)
  mutating func appendLineBreak(indent level: Int) {
    append(UInt8(ascii: "\n"))
    for _ in 0..<level { append(CanonicalLayout.indent) }
  }

  /// Appends text as a JSON string: in quotes, with `"`, `\` and control characters
  /// escaped, and everything else as it is.
  ///
  /// - Parameters:
  ///   - utf8: The text's UTF-8 bytes.
  ///   - forTerminal: Whether to escape DEL, the C1 controls (U+0080 to U+009F) and the
  ///     bidirectional controls (U+202E...) too, which JSON allows raw but a terminal may
  ///     act on.
  package mutating func appendJSONString(_ utf8: UnsafeRawBufferPointer, forTerminal: Bool = false)
  {
    append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      var escaped = byte
      var length = 1
      if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
        guard forTerminal, byte >= 0x7F else {
          index += 1
          continue
        }
        if byte == 0x7F {
          escaped = 0x7F
        } else if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) {
          escaped = utf8[index + 1]
          length = 2
        } else if let bidi = bidiControl(in: utf8, at: index) {
          append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
          append("\\u")
          append(contentsOf: hex4(bidi.scalar).lowercased().utf8)
          index += bidi.length
          runStart = index
          continue
        } else {
          index += 1
          continue
        }
      }
      append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
      index += length
      runStart = index
      append(UInt8(ascii: "\\"))
      switch escaped {
      case 0x22, 0x5C: append(byte)
      case 0x08: append(UInt8(ascii: "b"))
      case 0x0C: append(UInt8(ascii: "f"))
      case 0x0A: append(UInt8(ascii: "n"))
      case 0x0D: append(UInt8(ascii: "r"))
      case 0x09: append(UInt8(ascii: "t"))
      default:
        append("u00")
        append(contentsOf: hex2(escaped).lowercased().utf8)
      }
    }
    append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
    append(UInt8(ascii: "\""))
  }

  /// Appends a string as a JSON string.
  package mutating func appendJSONString(_ text: String, forTerminal: Bool = false) {
    var text = text
    text.withUTF8 { appendJSONString(UnsafeRawBufferPointer($0), forTerminal: forTerminal) }
  }

  /// Starts an object member: the comma before all but the first, the line break and
  /// indent in the pretty form, the key and the colon.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - isFirst: Whether this is the object's first member.
  ///   - indent: The member's indent level, or `nil` for the compact form.
  @inline(__always)
  mutating func appendKey(_ key: StaticString, isFirst: Bool, indent: Int?) {
    if !isFirst { append(UInt8(ascii: ",")) }
    if let indent { appendLineBreak(indent: indent) }
    append(UInt8(ascii: "\""))
    append(key)
    append(indent == nil ? "\":" : "\": ")
  }

  mutating func appendKey(_ key: String, isFirst: Bool, indent: Int?, forTerminal: Bool) {
    if !isFirst { append(UInt8(ascii: ",")) }
    if let indent { appendLineBreak(indent: indent) }
    appendJSONString(key, forTerminal: forTerminal)
    append(indent == nil ? ":" : ": ")
  }

  /// Appends any JSON value.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - indent: The indent level of the line the value starts on, or `nil` for the
  ///     compact form.
  ///   - forTerminal: Whether strings escape DEL and C1 controls too.
  package mutating func appendJSON(_ value: JSONValue, indent: Int?, forTerminal: Bool = false) {
    switch value {
    case .null: append("null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .number(let text): append(contentsOf: text.utf8)
    case .string(let text): appendJSONString(text, forTerminal: forTerminal)
    case .array(let elements):
      append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { append(UInt8(ascii: ",")) }
        if let indent { appendLineBreak(indent: indent + 1) }
        appendJSON(element, indent: indent.map { $0 + 1 }, forTerminal: forTerminal)
      }
      if let indent, !elements.isEmpty { appendLineBreak(indent: indent) }
      append(UInt8(ascii: "]"))
    case .object(let members):
      append(UInt8(ascii: "{"))
      appendMembers(
        members, isFirst: true, indent: indent.map { $0 + 1 }, forTerminal: forTerminal)
      if let indent, !members.isEmpty { appendLineBreak(indent: indent) }
      append(UInt8(ascii: "}"))
    }
  }

  mutating func appendMembers(
    _ members: [JSONMember], isFirst: Bool, indent: Int?, forTerminal: Bool = false
  ) {
    for (offset, member) in members.enumerated() {
      appendKey(
        member.key, isFirst: isFirst && offset == 0, indent: indent, forTerminal: forTerminal)
      appendJSON(member.value, indent: indent, forTerminal: forTerminal)
    }
  }
}
