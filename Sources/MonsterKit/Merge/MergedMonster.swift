/// What becomes of one monster of a merge.
enum MergedMonster: Equatable {
  case removed
  case ours
  case theirs
  /// A monster of fields from both sides, by its index among the merged monsters.
  case merged(Int32)
  case conflicted
}

/// The two versions of a monster in conflict; `nil` where a side has no monster.
struct ConflictedMonster {
  var ours: Monster?
  var theirs: Monster?
}

/// A monster of a marked file: its offset in each version (-1 where a version lacks it),
/// and the conflict it is in, if any.
struct MarkedEntry {
  var ours: Int32
  var theirs: Int32
  /// The conflict the monster is in, by a number its neighbours in the same conflict share
  /// (each conflict stands between markers of its own); -1 for none.
  var conflict: Int32

  /// Whether the monster is in a conflict.
  var isConflicted: Bool { conflict >= 0 }
}
