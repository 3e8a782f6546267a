// A monster's JSON object, as the roster file holds it or for output at any indent: its
// values in a ``MonsterObjectFrame``, copied from the file's bytes where they need no
// change.

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
    MonsterObjectFrame.withPieces(indent: indent) { frame in
      appendJSON(ofMonsterAt: index, in: frame, forTerminal: forTerminal, to: &output)
    }
  }

  /// Appends the JSON object of the monster at a position, in a frame.
  ///
  /// - Parameters:
  ///   - index: The monster's position.
  ///   - frame: The bytes around the values: the file's, or those of another indent.
  ///   - forTerminal: Whether to escape DEL and C1 controls too, for a terminal.
  ///   - output: The bytes to append to.
  func appendJSON(
    ofMonsterAt index: Index, in frame: MonsterObjectFrame.Pieces, forTerminal: Bool,
    to output: inout [UInt8]
  ) {
    if !forTerminal, let (_, record) = storage.record(atSlot: index.slot), record.isPlain {
      appendPlainJSON(of: record, in: frame, to: &output)
      return
    }
    for key in MonsterField.BuiltIn.ordered {
      switch key.lane {
      case .text(let field):
        output.append(contentsOf: frame.prefix(key))
        appendString(field, at: index, forTerminal: forTerminal, to: &output)
      case .held:
        guard let value = value(of: key.field, at: index) else { continue }
        output.append(contentsOf: frame.prefix(key))
        output.appendJSON(value, indent: frame.memberIndent, forTerminal: forTerminal)
      }
    }
    output.appendMembers(
      otherFields(at: index), isFirst: false, indent: frame.memberIndent, forTerminal: forTerminal)
    output.append(contentsOf: frame.end)
  }

  /// Appends the object of a plain record (see ``MonsterRecord/isPlain``): its strings are
  /// in canonical form already, so the object is the file's bytes between the frame's
  /// pieces, built in one buffer of its exact size and appended at once.
  @inline(__always)
  private func appendPlainJSON(
    of record: MonsterRecord, in frame: MonsterObjectFrame.Pieces, to output: inout [UInt8]
  ) {
    let weapons = storage.source.weapons
    storage.source.bytes.withUnsafeBytes { file in
      /// Calls `body` with a key's value (a string's between its quotes), or `nil` for none.
      @inline(__always)
      func withValue(_ key: MonsterField.BuiltIn, _ body: (UnsafeRawBufferPointer?) -> Void) {
        switch key.lane {
        case .text(let field):
          body(UnsafeRawBufferPointer(rebasing: file[record.span(field).range]))
        case .held(let field): record.withHeldValue(field, weapons: weapons, body)
        }
      }
      // A member is its prefix, then its value, a string's in quotes.
      var capacity = frame.end.count
      for key in MonsterField.BuiltIn.ordered {
        withValue(key) { value in
          if let value {
            capacity += frame.prefix(key).count + value.count + (key.takesStrings ? 2 : 0)
          }
        }
      }
      withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 1) { buffer in
        guard var cursor = ByteCursor(buffer) else { return }
        for key in MonsterField.BuiltIn.ordered {
          withValue(key) { value in
            if let value { cursor.writeMember(frame.prefix(key), value, quoted: key.takesStrings) }
          }
        }
        cursor.write(frame.end)
        output.append(contentsOf: cursor.written)
      }
    }
  }

  /// Appends a text field as a JSON string, copying the file's bytes when they need no
  /// change: a string without escapes is in canonical form already.
  @inline(__always)
  private func appendString(
    _ field: MonsterTextField, at index: Index, forTerminal: Bool, to output: inout [UInt8]
  ) {
    if !forTerminal, let (_, record) = storage.record(atSlot: index.slot) {
      if !record.isEscaped(field) {
        output.append(UInt8(ascii: "\""))
        storage.source.bytes.withUnsafeBytes { bytes in
          output.append(
            contentsOf: UnsafeRawBufferPointer(rebasing: bytes[record.span(field).range]))
        }
        output.append(UInt8(ascii: "\""))
        return
      }
    }
    withUTF8(field, at: index) { output.appendJSONString($0, forTerminal: forTerminal) }
  }
}
