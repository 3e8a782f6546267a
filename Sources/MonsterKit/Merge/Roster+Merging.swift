// What diff and merge read of a roster's monsters without building their strings, through
// `RosterStorage`: this file, RosterView (a pass over the file's bytes), RosterAssembly
// (a roster made of another's records) and RosterOffsets.

extension Roster {
  /// Whether the monster at a position has keys `monsters` does not know.
  func hasOtherFields(at index: Index) -> Bool {
    storage.hasOtherFields(atSlot: index.slot)
  }

  /// The monster at a position as a slot of a roster assembled from this one's source: its
  /// record, or `nil` when it is not one of the source's records.
  func record(at index: Index) -> Slot? {
    storage.recordSlot(index.slot)
  }

  /// The position of the monster at an offset of a roster none of whose monsters was
  /// removed, such as an assembled one, where positions and offsets are the same.
  func index(atOffset offset: Int) -> Index {
    assert(count == storage.slotCount, "a roster with removed monsters")
    return Index(slot: offset)
  }
}

// MARK: - Comparing monsters

extension Roster {
  /// The name of the monster at a position.
  func name(at index: Index) -> String {
    withUTF8(.name, at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a text field of the monster at a position holds the same text as one of a
  /// monster of another roster, byte for byte.
  @inline(__always)
  func sameText(
    _ field: MonsterTextField, at index: Index, as other: Roster, at otherIndex: Index
  ) -> Bool {
    withUTF8(field, at: index) { mine in
      other.withUTF8(field, at: otherIndex) { theirs in bytesEqual(mine, theirs) }
    }
  }

  /// Whether the monster at a position is the same as one of another roster in every field
  /// but the name: the other built-in fields (a weapon by its name) and the other keys.
  func sameFieldsButName(at index: Index, as other: Roster, at otherIndex: Index) -> Bool {
    MonsterField.BuiltIn.ordered.allSatisfy { key in
      switch key.lane {
      case .text(.name): true
      case .text(let text): sameText(text, at: index, as: other, at: otherIndex)
      case .held: value(of: key.field, at: index) == other.value(of: key.field, at: otherIndex)
      }
    }
      && hasOtherFields(at: index) == other.hasOtherFields(at: otherIndex)
      && (!hasOtherFields(at: index) || otherFields(at: index) == other.otherFields(at: otherIndex))
  }

  /// Whether the monster at a position is the same as one of another roster in every field,
  /// its name spelled the same byte for byte.
  func sameMonster(at index: Index, as other: Roster, at otherIndex: Index) -> Bool {
    sameText(.name, at: index, as: other, at: otherIndex)
      && sameFieldsButName(at: index, as: other, at: otherIndex)
  }
}
