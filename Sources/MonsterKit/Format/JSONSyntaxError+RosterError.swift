extension JSONSyntaxError {
  /// The error as a roster file's: at its line and column, or, where the bytes hold a
  /// merge's conflict markers (which are no JSON), the conflict that was left unresolved.
  ///
  /// - Parameters:
  ///   - path: The file's name, for the message.
  ///   - bytes: The bytes the error is in.
  func rosterError(path: String, in bytes: UnsafeRawBufferPointer) -> RosterError {
    let conflicts = ConflictMarkers.unresolvedLines(in: bytes)
    if !conflicts.isEmpty { return .unresolvedConflict(path: path, lines: conflicts) }
    let position = TextPosition(of: offset, in: bytes)
    return .syntax(path: path, line: position.line, column: position.column, message: message)
  }
}
