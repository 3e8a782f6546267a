/// The positions of a roster's monsters by offset, from 0 to `count - 1`, and back. For a
/// roster with no monster removed, as one read from a file, they are the same numbers, and
/// nothing is stored.
struct RosterOffsets {
  /// The number of monsters.
  let count: Int
  /// The position of each monster, when positions and offsets differ.
  private let indices: [Roster.Index]?
  /// The offset of each slot, when positions and offsets differ.
  private let offsetsBySlot: [Int32]?

  init(_ roster: Roster) {
    count = roster.count
    if roster.endIndex.slot == roster.count {
      indices = nil
      offsetsBySlot = nil
    } else {
      let indices = Array(roster.indices)
      var offsets = [Int32](repeating: -1, count: roster.endIndex.slot)
      for (offset, index) in indices.enumerated() {
        offsets[index.slot] = Int32(truncatingIfNeeded: offset)
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
    offsetsBySlot.map { Int($0[index.slot]) } ?? index.slot
  }
}
