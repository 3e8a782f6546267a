/// Where each slot of a roster stands among the slots that hold a monster, once a monster has
/// been removed: a Fenwick tree (binary indexed tree) of one count per slot, 1 for a monster
/// and 0 for a hole.
///
/// A roster from which no monster was removed needs none of this (a slot's position is its
/// number); a roster keeps one from its first removal on. Then a slot's position and the slot
/// at a position are each found in O(log n), and a removal or an append costs O(log n), so
/// that ``Roster`` is a random-access collection whatever was removed, and removing a
/// hundred thousand monsters of a million stays fast.
struct SlotPositions: Sendable {
  /// The tree, from index 1: entry `i` counts the monsters in slots `i - lowbit(i) ..< i`.
  private var tree: [Int32]

  /// The positions of `count` slots that all hold a monster.
  ///
  /// - Parameter count: How many slots there are.
  init(slotCount count: Int) {
    // With every count 1, entry `i` counts `lowbit(i)` slots.
    tree = [Int32](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
      buffer[0] = 0
      for index in stride(from: 1, through: count, by: 1) {
        buffer[index] = Int32(truncatingIfNeeded: index & -index)
      }
      initialized = count + 1
    }
  }

  /// How many slots there are.
  var slotCount: Int {
    tree.count - 1
  }

  /// The number of monsters in the slots before a slot: its position when it holds one.
  ///
  /// - Parameter slot: A slot, or the slot count for the end.
  func position(ofSlot slot: Int) -> Int {
    var index = slot
    var sum = 0
    while index > 0 {
      sum += Int(tree[index])
      index &= index - 1
    }
    return sum
  }

  /// The slot of the monster at a position.
  ///
  /// - Parameter position: A position, from 0; the number of monsters for the end.
  /// - Returns: The slot; the slot count for a position past the last monster.
  func slot(atPosition position: Int) -> Int {
    var slot = 0
    var remaining = position + 1
    var step = 1
    while step <= slotCount / 2 { step <<= 1 }
    while step > 0 {
      let next = slot + step
      if next <= slotCount && Int(tree[next]) < remaining {
        slot = next
        remaining -= Int(tree[next])
      }
      step >>= 1
    }
    return slot
  }

  /// Marks a slot as a hole.
  ///
  /// - Parameter slot: A slot that holds a monster.
  mutating func remove(slot: Int) {
    var index = slot + 1
    while index < tree.count {
      tree[index] -= 1
      index += index & -index
    }
  }

  /// Adds a slot that holds a monster, after the last one.
  mutating func appendSlot() {
    let index = tree.count
    // The new entry counts the slots `index - lowbit(index) ..< index`: the new one, and
    // those before it that the entries below it count.
    let covered = position(ofSlot: index - 1) - position(ofSlot: index - (index & -index))
    tree.append(Int32(truncatingIfNeeded: covered + 1))
  }
}
