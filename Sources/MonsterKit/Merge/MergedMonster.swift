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
/// and whether it is in conflict.
struct MarkedEntry {
  var ours: Int32
  var theirs: Int32
  var isConflicted: Bool
}
