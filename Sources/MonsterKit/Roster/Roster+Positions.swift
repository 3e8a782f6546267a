// Editing by position, as a list in an app edits: the monster at an offset, removing one
// monster or the monsters at some offsets, inserting one at an offset, moving some to
// another place. The offsets count monsters from the first, 0 to `count - 1`, as SwiftUI's
// `onDelete` and `onMove` give them.

extension Roster {
  /// The monster at an offset from the first.
  ///
  /// ```swift
  /// Roster.seeded[0].name  // "Cat-Bot"
  /// ```
  ///
  /// - Parameter offset: A position from 0 to `count - 1`.
  /// - Complexity: O(1) while no monster has been removed; O(log n) after.
  public subscript(offset: Int) -> Monster {
    self[index(startIndex, offsetBy: offset)]
  }

  /// Changes the monster at an offset, as `update(named:_:)` changes one by its name.
  ///
  /// - Parameters:
  ///   - offset: A position from 0 to `count - 1`.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed.
  /// - Throws: What `change` throws, as it threw it; for a new name or a weapon or field
  ///   the roster does not take, what `update(named:_:)` throws.
  @discardableResult
  public mutating func update<Failure: Error>(
    at offset: Int, _ change: (inout Monster) throws(Failure) -> Void
  ) throws -> Bool {
    let index = index(startIndex, offsetBy: offset)
    return try replace(at: index, with: try changed(at: index, change))
  }

  /// Changes the monster at an offset with a change that throws nothing, or only the
  /// roster's errors (a closure marked `throws(RosterError)`), so that the caller's errors
  /// stay typed ``RosterError``.
  ///
  /// - Parameters:
  ///   - offset: A position from 0 to `count - 1`.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed.
  /// - Throws: What `change` throws; for a new name or a weapon or field the roster does
  ///   not take, what `update(named:_:)` throws.
  @discardableResult
  public mutating func update(
    at offset: Int, _ change: (inout Monster) throws(RosterError) -> Void
  ) throws(RosterError) -> Bool {
    let index = index(startIndex, offsetBy: offset)
    return try replace(at: index, with: try changed(at: index, change))
  }

  /// Removes the monsters at some offsets, as SwiftUI's `onDelete` gives them (an
  /// `IndexSet`, or any sequence of offsets).
  ///
  /// ```swift
  /// .onDelete { offsets in roster.remove(atOffsets: offsets) }
  /// ```
  ///
  /// - Parameter offsets: Positions from 0 to `count - 1`, in any order; one given twice
  ///   counts once.
  /// - Returns: The monsters removed, in roster order.
  @discardableResult
  public mutating func remove(atOffsets offsets: some Sequence<Int>) -> [Monster] {
    let indices = Set(offsets).sorted().map { index(startIndex, offsetBy: $0) }
    let removed = indices.map { self[$0] }
    for index in indices {
      let slot = Int32(index.slot)
      unindexName(at: slot)
      removeMonster(atSlot: index.slot)
    }
    return removed
  }

  /// Removes the monster at an offset, as `Array`'s `remove(at:)` does.
  ///
  /// ```swift
  /// var roster = Roster.seeded
  /// roster.remove(at: 0).name  // "Cat-Bot"
  /// ```
  ///
  /// - Parameter offset: A position from 0 to `count - 1`.
  /// - Returns: The monster removed.
  @discardableResult
  public mutating func remove(at offset: Int) -> Monster {
    remove(atOffsets: CollectionOfOne(offset))[0]
  }

  /// Inserts a monster at an offset, checked as ``add(_:)`` checks one.
  ///
  /// - Parameters:
  ///   - monster: The new monster.
  ///   - offset: Where it goes, from 0 (first) to `count` (last).
  /// - Throws: What ``add(_:)`` throws; the roster is then as it was.
  public mutating func insert(_ monster: Monster, at offset: Int) throws(RosterError) {
    precondition(offset >= 0 && offset <= count, "an offset from 0 to count")
    try add(monster)
    move(fromOffsets: [count - 1], toOffset: offset)
  }

  /// Moves the monsters at some offsets to stand, in their order, before the monster at
  /// another offset, as SwiftUI's `onMove` gives them and as `Array`'s
  /// `move(fromOffsets:toOffset:)` does.
  ///
  /// ```swift
  /// .onMove { offsets, destination in
  ///   roster.move(fromOffsets: offsets, toOffset: destination)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - offsets: Positions from 0 to `count - 1`; one given twice counts once.
  ///   - destination: The offset, before the move, of the monster they go before, or
  ///     `count` to put them last.
  /// - Complexity: O(n): the roster's names are indexed again.
  public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    precondition(destination >= 0 && destination <= count, "a destination from 0 to count")
    let moving = Set(offsets)
    precondition(moving.allSatisfy { $0 >= 0 && $0 < count }, "offsets from 0 to count - 1")
    let live = storage.liveSlots
    var kept: [Slot] = []
    var moved: [Slot] = []
    var insertion = 0
    for (offset, slot) in live.enumerated() {
      if moving.contains(offset) {
        moved.append(slot)
      } else {
        if offset < destination { insertion += 1 }
        kept.append(slot)
      }
    }
    let order = Array(kept[..<insertion]) + moved + Array(kept[insertion...])
    guard order != live || live.count != storage.slotCount else { return }
    let (mint, editedIDs) = (self.mint, self.editedIDs)
    self = Roster(
      storage: storage.reordered(order), otherFields: otherFields, declarations: declarations)
    // The same monsters, moved: their ids, and where new ones come from, are as they were.
    (self.mint, self.editedIDs) = (mint, editedIDs)
    _ = indexNames()
  }

  /// Makes edits in order, as one change: all of them, or, when one fails, none.
  ///
  /// ```swift
  /// try roster.apply([.remove("Dog-Bot"), .rename("Cat-Bot", to: "Kitty-Bot")])
  /// ```
  ///
  /// - Parameter edits: The edits.
  /// - Returns: Whether the roster changed: not when the edits changed nothing, nor when
  ///   their changes cancel out.
  /// - Throws: The first failed edit's error, as applying it alone throws it; the
  ///   roster is then as it was.
  @discardableResult
  public mutating func apply(_ edits: [RosterEdit]) throws(RosterError) -> Bool {
    var edited = self
    let changed = try edited.applyEach(edits).changed
    self = edited
    return changed
  }
}
