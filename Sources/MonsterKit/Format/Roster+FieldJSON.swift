// A monster's JSON object with some of its fields only, in the order asked for: what a
// listing that chooses its fields prints.

extension Roster {
  /// Appends a JSON object of some fields of the monster at a position, in the order given.
  ///
  /// A field is written as the roster file writes it; `nameColor` is left out for a name
  /// with no colour, as the file leaves it out. Unknown keys are not written.
  ///
  /// - Parameters:
  ///   - index: The monster's position.
  ///   - keys: The fields, in order.
  ///   - indent: The indent level of the line the object starts on, or `nil` for the
  ///     compact form.
  ///   - forTerminal: Whether to escape DEL and C1 controls too, for a terminal.
  ///   - output: The bytes to append to.
  package func appendJSON(
    ofMonsterAt index: Index, keys: [MonsterKey], indent: Int?, forTerminal: Bool = false,
    to output: inout [UInt8]
  ) {
    output.append(UInt8(ascii: "{"))
    let memberIndent = indent.map { $0 + 1 }
    var isFirst = true
    for key in keys {
      if let field = key.textField {
        output.appendKey(key.spelling, isFirst: isFirst, indent: memberIndent)
        withUTF8(field, at: index) { output.appendJSONString($0, forTerminal: forTerminal) }
        isFirst = false
        continue
      }
      switch key {
      case .name, .description, .icon:
        preconditionFailure("a text field is written above")
      case .weapon:
        output.appendKey(key.spelling, isFirst: isFirst, indent: memberIndent)
        output.append(UInt8(ascii: "\""))
        output.append(weapon(at: index).fileSpelling)
        output.append(UInt8(ascii: "\""))
      case .nameColor:
        guard let color = nameColor(at: index) else { continue }
        output.appendKey(key.spelling, isFirst: isFirst, indent: memberIndent)
        output.appendJSONString(color.description)
      }
      isFirst = false
    }
    if let indent, !isFirst { output.appendLineBreak(indent: indent) }
    output.append(UInt8(ascii: "}"))
  }
}
