// A monster's JSON object with some of its fields only, in the order asked for: what a
// listing that chooses its fields prints.

extension Roster {
  /// Appends a JSON object of some fields of the monster at a position, in the order given.
  ///
  /// A field is written as the roster file writes it, and left out where the monster has
  /// no value (no colour, no such key), as the file leaves it out.
  ///
  /// - Parameters:
  ///   - index: The monster's position.
  ///   - fields: The fields, in order.
  ///   - indent: The indent level of the line the object starts on, or `nil` for the
  ///     compact form.
  ///   - forTerminal: Whether to escape DEL and C1 controls too, for a terminal.
  ///   - output: The bytes to append to.
  package func appendJSON(
    ofMonsterAt index: Index, fields: [MonsterField], indent: Int?, forTerminal: Bool = false,
    to output: inout [UInt8]
  ) {
    output.append(UInt8(ascii: "{"))
    let memberIndent = indent.map { $0 + 1 }
    var isFirst = true
    for field in fields {
      if let key = field.builtIn, let text = key.textField {
        output.appendKey(key.spelling, isFirst: isFirst, indent: memberIndent)
        withUTF8(text, at: index) { output.appendJSONString($0, forTerminal: forTerminal) }
      } else if let value = value(of: field, at: index) {
        output.appendKey(
          field.key, isFirst: isFirst, indent: memberIndent, forTerminal: forTerminal)
        output.appendJSON(value, indent: memberIndent, forTerminal: forTerminal)
      } else {
        continue
      }
      isFirst = false
    }
    if let indent, !isFirst { output.appendLineBreak(indent: indent) }
    output.append(UInt8(ascii: "}"))
  }
}
