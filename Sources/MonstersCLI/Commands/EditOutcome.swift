import MonsterKit

/// What a run of edits did: the update, and what each edit changed or skipped, in order.
struct EditOutcome {
  /// The roster before and after, and whether it changed (and so was written).
  var update: RosterUpdate
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
}
