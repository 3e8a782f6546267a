// The roster file's canonical form: keys in a fixed order, two-space indent, one key a
// line, strings with only the escapes JSON needs, and a final newline. Writing the same
// roster twice gives the same bytes, and changing one field changes one line.

// MARK: - Bytes

extension [UInt8] {
  /// Appends a static string's bytes.
  @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a line break and `level` steps of two-space indent.
  @inline(__always)
  mutating func appendLineBreak(indent level: Int) {
    append(UInt8(ascii: "\n"))
    var spaces = 2 * level
    while spaces > 0 {
      let count = Swift.min(spaces, blanks.utf8CodeUnitCount)
      append(contentsOf: UnsafeRawBufferPointer(start: blanks.utf8Start, count: count))
      spaces -= count
    }
  }

  /// Appends text as a JSON string: in quotes, with `"`, `\` and control characters
  /// escaped, and everything else as it is.
  ///
  /// - Parameters:
  ///   - utf8: The text's UTF-8 bytes.
  ///   - forTerminal: Whether to escape DEL and the C1 controls (U+0080 to U+009F) too,
  ///     which JSON allows raw but a terminal may act on.
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
        guard forTerminal else {
          index += 1
          continue
        }
        if byte == 0x7F {
          escaped = 0x7F
        } else if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) {
          escaped = utf8[index + 1]
          length = 2
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

/// Spaces to copy indent from.
private let blanks: StaticString =
  "                                                                "

/// Writes bytes through a raw pointer, for building a monster's object in one piece.
private struct ByteCursor {
  var position: UnsafeMutableRawPointer

  @inline(__always)
  mutating func write(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    position.copyMemory(from: base, byteCount: bytes.count)
    position += bytes.count
  }

  @inline(__always)
  mutating func write(_ text: StaticString) {
    position.copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
    position += text.utf8CodeUnitCount
  }

  @inline(__always)
  mutating func write(_ byte: UInt8) {
    position.storeBytes(of: byte, as: UInt8.self)
    position += 1
  }

  /// A line break and `level` steps of two-space indent, or nothing in the compact form.
  @inline(__always)
  mutating func writeLineBreak(indent level: Int?) {
    guard let level else { return }
    write(UInt8(ascii: "\n"))
    position.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "), count: 2 * level)
    position += 2 * level
  }
}

// MARK: - Monsters and rosters

extension Roster {
  /// Appends the JSON object of the monster at a position, as the roster file holds it.
  ///
  /// - Parameters:
  ///   - index: The monster's position.
  ///   - indent: The indent level of the line the object starts on, or `nil` for the
  ///     compact form (one line, no spaces), as `ndjson` wants.
  ///   - forTerminal: Whether to escape DEL and C1 controls too, for a terminal.
  ///   - output: The bytes to append to.
  package func appendJSON(
    ofMonsterAt index: Index, indent: Int?, forTerminal: Bool = false, to output: inout [UInt8]
  ) {
    let inner = indent.map { $0 + 1 }
    let entry = slots[index.slot]
    if entry >= 0, !forTerminal {
      let record = source.records[Int(entry)]
      if record.escapes == 0 && record.otherFields < 0 {
        appendJSON(of: record, indent: indent, to: &output)
        return
      }
    }
    output.append(UInt8(ascii: "{"))
    output.appendKey("name", isFirst: true, indent: inner)
    appendString(.name, at: index, forTerminal: forTerminal, to: &output)
    output.appendKey("description", isFirst: false, indent: inner)
    appendString(.description, at: index, forTerminal: forTerminal, to: &output)
    output.appendKey("icon", isFirst: false, indent: inner)
    appendString(.icon, at: index, forTerminal: forTerminal, to: &output)
    output.appendKey("weapon", isFirst: false, indent: inner)
    output.append(UInt8(ascii: "\""))
    output.append(weapon(at: index).fileSpelling)
    output.append(UInt8(ascii: "\""))
    if let color = nameColor(at: index) {
      output.appendKey("nameColor", isFirst: false, indent: inner)
      output.appendJSONString(color.description)
    }
    let others =
      entry >= 0
      ? source.records[Int(entry)].otherFields < 0
        ? [] : source.otherFields[Int(source.records[Int(entry)].otherFields)]
      : edited[Int(~entry)].otherFields
    output.appendMembers(others, isFirst: false, indent: inner, forTerminal: forTerminal)
    if let indent { output.appendLineBreak(indent: indent) }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends the object of a monster as read, with no escapes and no other keys: its
  /// strings are in canonical form already, so the object is the file's bytes between
  /// fixed pieces, built in one buffer and appended at once.
  @inline(__always)
  private func appendJSON(of record: MonsterRecord, indent: Int?, to output: inout [UInt8]) {
    let inner = indent.map { $0 + 1 }
    let color = record.nameColor?.description
    let lineBreaks = indent.map { 6 + 2 * ($0 + 1) * 5 + 2 * $0 } ?? 0
    let capacity =
      Int(record.name.end - record.name.start)
      + Int(record.description.end - record.description.start)
      + Int(record.icon.end - record.icon.start) + lineBreaks + 96 + (color?.utf8.count ?? 0)
    source.bytes.withUnsafeBytes { file in
      withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 1) { buffer in
        guard let start = buffer.baseAddress else { return }
        var cursor = ByteCursor(position: start)
        let separator: StaticString = indent == nil ? "\":\"" : "\": \""
        func member(_ key: StaticString, _ value: UnsafeRawBufferPointer, first: Bool = false) {
          if !first { cursor.write(UInt8(ascii: ",")) }
          cursor.writeLineBreak(indent: inner)
          cursor.write(UInt8(ascii: "\""))
          cursor.write(key)
          cursor.write(separator)
          cursor.write(value)
          cursor.write(UInt8(ascii: "\""))
        }
        cursor.write(UInt8(ascii: "{"))
        member("name", UnsafeRawBufferPointer(rebasing: file[record.name.range]), first: true)
        member("description", UnsafeRawBufferPointer(rebasing: file[record.description.range]))
        member("icon", UnsafeRawBufferPointer(rebasing: file[record.icon.range]))
        let weapon = record.weapon.fileSpelling
        member(
          "weapon", UnsafeRawBufferPointer(start: weapon.utf8Start, count: weapon.utf8CodeUnitCount)
        )
        if var color {
          color.withUTF8 { member("nameColor", UnsafeRawBufferPointer($0)) }
        }
        cursor.writeLineBreak(indent: indent)
        cursor.write(UInt8(ascii: "}"))
        output.append(
          contentsOf: UnsafeRawBufferPointer(
            start: start, count: start.distance(to: cursor.position)))
      }
    }
  }

  /// Appends a text field as a JSON string, copying the file's bytes when they need no
  /// change: a string without escapes is in canonical form already.
  @inline(__always)
  private func appendString(
    _ field: MonsterTextField, at index: Index, forTerminal: Bool, to output: inout [UInt8]
  ) {
    let entry = slots[index.slot]
    if entry >= 0 && !forTerminal {
      let record = source.records[Int(entry)]
      if !record.isEscaped(field) {
        output.append(UInt8(ascii: "\""))
        source.bytes.withUnsafeBytes { bytes in
          output.append(
            contentsOf: UnsafeRawBufferPointer(rebasing: bytes[record.span(field).range]))
        }
        output.append(UInt8(ascii: "\""))
        return
      }
    }
    withUTF8(field, at: index) { output.appendJSONString($0, forTerminal: forTerminal) }
  }

  /// Writes the roster file's bytes in canonical form, a chunk at a time.
  ///
  /// - Parameters:
  ///   - chunkSize: About how many bytes to hand over at once.
  ///   - sink: Takes each chunk, in order.
  /// - Throws: Whatever `sink` throws.
  func writeCanonical<Failure: Error>(
    chunkSize: Int, to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var output: [UInt8] = []
    output.reserveCapacity(chunkSize + 64 * 1024)
    output.append("{\n  \"version\": 1,\n  \"monsters\": [")
    var isFirst = true
    // Monsters as read from a file known to be in canonical form are that file's bytes:
    // a run of them that stood together in the file is copied as it is.
    var run: ClosedRange<Int>?
    func flushRun() throws(Failure) {
      guard let records = run else { return }
      run = nil
      let bytes = source.objectBytes(records)
      try source.bytes.withUnsafeBytes { file in
        Result { () throws(Failure) in
          let slice = UnsafeRawBufferPointer(rebasing: file[bytes])
          if slice.count < chunkSize {
            output.append(contentsOf: slice)
          } else {
            try hand(output, to: sink)
            output.removeAll(keepingCapacity: true)
            try sink(slice)
          }
        }
      }.get()
    }
    for index in indices {
      let entry = Int(slots[index.slot])
      if source.isKnownCanonical && entry >= 0, let records = run, records.upperBound + 1 == entry {
        run = records.lowerBound...entry
        continue
      }
      try flushRun()
      if !isFirst { output.append(UInt8(ascii: ",")) }
      isFirst = false
      output.append("\n    ")
      if source.isKnownCanonical && entry >= 0 {
        run = entry...entry
      } else {
        appendJSON(ofMonsterAt: index, indent: 2, to: &output)
      }
      if output.count >= chunkSize {
        try hand(output, to: sink)
        output.removeAll(keepingCapacity: true)
      }
    }
    try flushRun()
    output.append(isFirst ? "]" : "\n  ]")
    output.appendMembers(otherFields, isFirst: false, indent: 1)
    output.append("\n}\n")
    try hand(output, to: sink)
  }

  private func hand<Failure: Error>(
    _ chunk: [UInt8], to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var failure: Failure?
    chunk.withUnsafeBytes { chunk in
      do throws(Failure) {
        try sink(chunk)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// The roster file's bytes in canonical form.
  ///
  /// ```swift
  /// String(decoding: Roster().canonicalJSON(), as: UTF8.self)
  /// // "{\n  \"version\": 1,\n  \"monsters\": []\n}\n"
  /// ```
  public func canonicalJSON() -> [UInt8] {
    var result: [UInt8] = []
    writeCanonical(chunkSize: 1 << 20) { result.append(contentsOf: $0) }
    return result
  }
}
