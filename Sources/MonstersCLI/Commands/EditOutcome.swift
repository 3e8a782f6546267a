import MonsterKit

/// What a run of edits did: the update, and what each edit changed or skipped, in order.
struct EditOutcome {
  /// The roster before and after, and whether it changed (and so was written).
  var update: RosterUpdate
  /// The edits, in order.
  var edits: [RosterEdit]
  /// Each edit's changes, by the edit's position.
  var changes: [[RosterChange]]
}

/// An edit the roster refused: why, and which of the edits it was.
struct EditFailure: Error {
  /// Why the roster refused it, or why reading or writing failed.
  var error: RosterError
  /// The position of the edit that failed, or `nil` when no edit did (the read or the
  /// write failed).
  var edit: Int?

  /// The failure to report for edits that each came from a line of an input (an `apply`
  /// script, an `import` listing): the failed edit's, named by its line; a failure outside
  /// any one edit, such as the save, is the command's own.
  ///
  /// - Parameters:
  ///   - path: The input's name, for the message.
  ///   - command: The command that made the edits, whose usage follows a usage error.
  ///   - hint: Words after the message of an edit's failure, if any.
  ///   - lineCommand: The command of the line an edit came from, by its position, whose
  ///     usage follows a usage error (none for a listing's line).
  ///   - line: The line an edit came from, by its position.
  /// - Returns: The failure.
  func failure(
    inInput path: String, command: CommandSpec?, hint: String? = nil,
    lineCommand: (Int) -> CommandSpec? = { _ in nil }, line: (Int) -> Int
  ) -> CommandFailure {
    guard let edit else { return CommandFailure(refusedEdit: error, command: command) }
    let failure = CommandFailure(refusedEdit: error, command: lineCommand(edit))
    return .scriptLine(
      path: path, line: line(edit), failure: hint.map { .hinted(failure, hint: $0) } ?? failure)
  }
}
