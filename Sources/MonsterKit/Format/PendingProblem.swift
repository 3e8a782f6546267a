/// A roster rule that a file breaks, at a byte offset, before it is given a line and column.
struct PendingProblem {
  var offset: Int
  var message: String
  /// The version a file of a newer roster version has (see ``RosterProblem/newerVersion``).
  var newerVersion: String? = nil
}
