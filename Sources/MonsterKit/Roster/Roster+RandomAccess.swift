// A roster is a random-access collection: moving an index by any distance, and measuring
// the distance between two, take constant time while no monster has been removed (a
// position is a slot), and logarithmic time after (``SlotPositions``). This is what a
// SwiftUI `List` of a roster needs to stay fast.

extension Roster: BidirectionalCollection, RandomAccessCollection {
  /// The position before `index`.
  ///
  /// - Parameter index: A position after ``startIndex``.
  /// - Returns: The previous position.
  public func index(before index: Index) -> Index {
    self.index(index, offsetBy: -1)
  }

  /// The position `distance` monsters from `index`.
  ///
  /// - Parameters:
  ///   - index: A valid position.
  ///   - distance: How many monsters to move; negative to move back.
  /// - Returns: The position, which must be between ``startIndex`` and ``endIndex``: as
  ///   for an array, one outside them stops the program, whether or not a monster was
  ///   removed, rather than stand for another monster.
  public func index(_ index: Index, offsetBy distance: Int) -> Index {
    guard let positions = storage.positions else { return Index(slot: index.slot + distance) }
    // Past the holes, the tree would take a position before the first for the first.
    let position = positions.position(ofSlot: index.slot) + distance
    precondition(position >= 0 && position <= count, "Index out of range")
    return Index(slot: positions.slot(atPosition: position))
  }

  /// The number of monsters from one position to another.
  ///
  /// - Parameters:
  ///   - start: A valid position.
  ///   - end: Another valid position.
  /// - Returns: How many monsters lie between them; negative when `end` comes first.
  public func distance(from start: Index, to end: Index) -> Int {
    guard let positions = storage.positions else { return end.slot - start.slot }
    return positions.position(ofSlot: end.slot) - positions.position(ofSlot: start.slot)
  }
}
