// What diff and merge read of a roster's monsters without building their strings, and how
// they assemble a roster from the monsters of others. This is the one file of the merge
// code that knows how a roster keeps its monsters (records of the file's bytes, and edited
// monsters).

extension Roster {
  /// The keys `monsters` does not know of the monster at a position, without building the
  /// monster.
  func otherFields(at index: Index) -> [JSONMember] {
    let entry = slots[index.slot]
    guard entry >= 0 else { return edited[Int(~entry)].otherFields }
    let record = source.records[Int(entry)]
    return record.otherFields < 0 ? [] : source.otherFields[Int(record.otherFields)]
  }

  /// Whether the monster at a position has keys `monsters` does not know.
  func hasOtherFields(at index: Index) -> Bool {
    let entry = slots[index.slot]
    guard entry >= 0 else { return !edited[Int(~entry)].otherFields.isEmpty }
    return source.records[Int(entry)].otherFields >= 0
  }

  /// The monster at a position as a slot of a roster assembled from this one's source: its
  /// record, or `nil` when it is not one of the source's records.
  func record(at index: Index) -> Int32? {
    let entry = slots[index.slot]
    return entry >= 0 ? entry : nil
  }

  /// The position of the monster at an offset of a roster none of whose monsters was
  /// removed, such as an assembled one, where positions and offsets are the same.
  func index(atOffset offset: Int) -> Index {
    assert(count == slots.count, "a roster with removed monsters")
    return Index(slot: offset)
  }
}

/// A roster being assembled from the monsters of another, whose bytes it reads, and
/// monsters of its own.
struct RosterAssembly {
  /// The roster whose bytes the new one reads.
  let source: Roster
  private var slots: [Int32] = []
  private var others: [Monster] = []

  init(from source: Roster, capacity: Int) {
    self.source = source
    slots.reserveCapacity(capacity)
  }

  /// The number of monsters added so far.
  var count: Int { slots.count }

  /// Adds the source's monster at a position.
  mutating func append(positionOf index: Roster.Index) {
    if let record = source.record(at: index) {
      slots.append(record)
    } else {
      append(source[index])
    }
  }

  /// Adds a monster of its own.
  mutating func append(_ monster: Monster) {
    slots.append(~Int32(truncatingIfNeeded: others.count))
    others.append(monster)
  }

  /// The roster, its names not yet indexed: it can be written, and its names are indexed
  /// by ``Roster/indexNames()`` before it is searched.
  func roster(otherFields: [JSONMember]) -> Roster {
    Roster(source: source.source, slots: slots, edited: others, otherFields: otherFields)
  }
}

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

// MARK: - Comparing many monsters

/// A roster's bytes, records and slots, held for comparing many monsters without a closure
/// or a copy per comparison. It lives only inside ``Roster/withView(_:)``.
struct RosterView {
  let roster: Roster
  let file: UnsafeRawBufferPointer
  let records: UnsafeBufferPointer<MonsterRecord>
  let slots: UnsafeBufferPointer<Int32>

  /// The record of the monster at a position, when it is one of the source's.
  @inline(__always)
  func record(at index: Roster.Index) -> MonsterRecord? {
    let entry = slots[index.slot]
    return entry >= 0 ? records[Int(entry)] : nil
  }

  /// A text field's bytes in the file, when they are its text (no escapes).
  @inline(__always)
  func text(_ field: MonsterTextField, of record: MonsterRecord) -> UnsafeRawBufferPointer? {
    record.isEscaped(field) ? nil : UnsafeRawBufferPointer(rebasing: file[record.span(field).range])
  }

  /// Whether the monster at a position is the same as one of another roster, told by one
  /// comparison of their objects' bytes, when both are records of files in canonical form
  /// (where equal monsters are equal bytes); `nil` when it cannot be told so.
  @inline(__always)
  func sameObject(at index: Roster.Index, as other: RosterView, at otherIndex: Roster.Index)
    -> Bool?
  {
    guard roster.source.isKnownCanonical, other.roster.source.isKnownCanonical else {
      return nil
    }
    let mine = slots[index.slot]
    let theirs = other.slots[otherIndex.slot]
    guard mine >= 0, theirs >= 0 else { return nil }
    let a = roster.source.objectBytes(Int(mine)...Int(mine))
    let b = other.roster.source.objectBytes(Int(theirs)...Int(theirs))
    return bytesEqual(
      UnsafeRawBufferPointer(rebasing: file[a]), UnsafeRawBufferPointer(rebasing: other.file[b]))
  }

  /// Whether the monster at a position has the same text in a field as one of another
  /// roster, byte for byte.
  @inline(__always)
  func sameText(
    _ field: MonsterTextField, at index: Roster.Index, as other: RosterView,
    at otherIndex: Roster.Index
  ) -> Bool {
    if let mine = record(at: index), let theirs = other.record(at: otherIndex),
      let a = text(field, of: mine), let b = other.text(field, of: theirs)
    {
      return bytesEqual(a, b)
    }
    return roster.sameText(field, at: index, as: other.roster, at: otherIndex)
  }

  /// Whether the monster at a position is the same as one of another roster in every
  /// field, its name spelled the same byte for byte.
  @inline(__always)
  func sameMonster(at index: Roster.Index, as other: RosterView, at otherIndex: Roster.Index)
    -> Bool
  {
    sameText(.name, at: index, as: other, at: otherIndex)
      && sameFieldsButName(at: index, as: other, at: otherIndex)
  }

  /// Whether the monster at a position is the same as one of another roster in every field
  /// but the name.
  @inline(__always)
  func sameFieldsButName(
    at index: Roster.Index, as other: RosterView, at otherIndex: Roster.Index
  ) -> Bool {
    guard let mine = record(at: index), let theirs = other.record(at: otherIndex),
      mine.otherFields < 0, theirs.otherFields < 0, mine.escapes == 0, theirs.escapes == 0
    else {
      return roster.sameFieldsButName(at: index, as: other.roster, at: otherIndex)
    }
    return mine.weapon == theirs.weapon && mine.nameColor == theirs.nameColor
      && bytesEqual(
        UnsafeRawBufferPointer(rebasing: file[mine.description.range]),
        UnsafeRawBufferPointer(rebasing: other.file[theirs.description.range]))
      && bytesEqual(
        UnsafeRawBufferPointer(rebasing: file[mine.icon.range]),
        UnsafeRawBufferPointer(rebasing: other.file[theirs.icon.range]))
  }
}

extension Roster {
  /// Calls `body` with a view of the roster's bytes, records and slots.
  func withView<Result>(_ body: (RosterView) throws -> Result) rethrows -> Result {
    try source.bytes.withUnsafeBytes { file in
      try source.records.withUnsafeBufferPointer { records in
        try slots.withUnsafeBufferPointer { slots in
          try body(RosterView(roster: self, file: file, records: records, slots: slots))
        }
      }
    }
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
  /// but the name: description, icon, weapon, name colour and unknown keys.
  func sameFieldsButName(at index: Index, as other: Roster, at otherIndex: Index) -> Bool {
    weapon(at: index) == other.weapon(at: otherIndex)
      && nameColor(at: index) == other.nameColor(at: otherIndex)
      && sameText(.description, at: index, as: other, at: otherIndex)
      && sameText(.icon, at: index, as: other, at: otherIndex)
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

/// Whether two byte ranges hold the same bytes: eight at a time, then one by one.
@inline(__always)
func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard a.count == b.count else { return false }
  var offset = 0
  while offset + 8 <= a.count {
    if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < a.count {
    if a[offset] != b[offset] { return false }
    offset += 1
  }
  return true
}
