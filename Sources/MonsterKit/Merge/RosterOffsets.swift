/// The positions of a roster's monsters by offset, from 0 to `count - 1`, and back. For a
/// roster with no monster removed, as one read from a file, they are the same numbers, and
/// nothing is stored.
struct RosterOffsets {
  /// The number of monsters.
  let count: Int
  /// The position of each monster, when positions and offsets differ.
  private let indices: [Roster.Index]?
  /// The offset of each slot, when positions and offsets differ; `nil` for a slot with no
  /// monster.
  private let offsetsBySlot: OffsetTable?

  init(_ roster: Roster) {
    count = roster.count
    if roster.endIndex.slot == roster.count {
      indices = nil
      offsetsBySlot = nil
    } else {
      let indices = Array(roster.indices)
      var offsets = OffsetTable(absent: roster.endIndex.slot)
      for (offset, index) in indices.enumerated() {
        offsets[index.slot] = offset
      }
      self.indices = indices
      offsetsBySlot = offsets
    }
  }

  @inline(__always)
  subscript(offset: Int) -> Roster.Index {
    indices?[offset] ?? Roster.Index(slot: offset)
  }

  /// The offset of the monster at a position.
  func offset(of index: Roster.Index) -> Int {
    guard let offsetsBySlot else { return index.slot }
    guard let offset = offsetsBySlot[index.slot] else {
      preconditionFailure("no monster stands at a removed monster's position")
    }
    return offset
  }
}
