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

/// A monster of a marked file: its offset in each version that has it, and the conflict it
/// is in, if any.
///
/// A marked file of a million monsters keeps a million entries, so each is three `Int32`s,
/// with ``absent`` for what is not there.
struct MarkedEntry {
  private let oursOffset: Int32
  private let theirsOffset: Int32
  private let conflictNumber: Int32

  /// Stands for an offset or a conflict that is not there.
  private static let absent: Int32 = -1

  /// - Parameters:
  ///   - ours: The monster's offset in ours, or `nil` where ours lacks it.
  ///   - theirs: Its offset in theirs, or `nil` where theirs lacks it.
  ///   - conflict: The conflict it is in, by a number its neighbours in the same conflict
  ///     share (each conflict stands between markers of its own), or `nil` for none.
  init(ours: Int?, theirs: Int?, conflict: Int?) {
    func stored(_ value: Int?) -> Int32 {
      value.map { Int32(truncatingIfNeeded: $0) } ?? Self.absent
    }
    (oursOffset, theirsOffset, conflictNumber) = (stored(ours), stored(theirs), stored(conflict))
  }

  /// The monster's offset in ours, or `nil` where ours lacks it.
  var ours: Int? { oursOffset == Self.absent ? nil : Int(oursOffset) }
  /// The monster's offset in theirs, or `nil` where theirs lacks it.
  var theirs: Int? { theirsOffset == Self.absent ? nil : Int(theirsOffset) }
  /// The conflict the monster is in, or `nil` for none.
  var conflict: Int? { conflictNumber == Self.absent ? nil : Int(conflictNumber) }
}
