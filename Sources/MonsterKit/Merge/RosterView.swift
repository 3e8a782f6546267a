/// A roster's bytes, records and slots, held for comparing many monsters without a closure
/// or a copy per comparison. It lives only inside ``Roster/withView(_:)``.
struct RosterView {
  let roster: Roster
  /// The roster's file, records and slots.
  let stored: RosterStorage.FileView

  /// The file's bytes.
  var file: UnsafeRawBufferPointer { stored.file }
  /// The records of the file's monsters.
  var records: UnsafeBufferPointer<MonsterRecord> { stored.records }
  /// What stands at each position.
  var slots: UnsafeBufferPointer<Slot> { stored.slots }

  /// The record of the monster at a position, when it is one of the source's.
  @inline(__always)
  func record(at index: Roster.Index) -> MonsterRecord? {
    stored.record(atSlot: index.slot)
  }

  /// A text field's bytes in the file, when they are its text (no escapes).
  @inline(__always)
  func text(_ field: MonsterTextField, of record: MonsterRecord) -> UnsafeRawBufferPointer? {
    stored.text(field, of: record)
  }

  /// Whether the roster is its file's canonical form as read: its monsters are the
  /// records, in order, none edited or removed, so that monster `k` is record `k` and a
  /// run of monsters is a run of the file's bytes.
  var isCanonicalFileAsRead: Bool {
    roster.storage.source.isKnownCanonical && roster.isFileAsRead
  }

  /// How many monsters, from an offset of this roster and one of another, and at most
  /// `limit`, are the same, byte for byte, when both are their canonical files as read: the
  /// two runs of bytes are compared at once, a word at a time, and the first difference
  /// counted in monsters. `nil` when it cannot be told so.
  func sameRun(from i: Int, as other: RosterView, from j: Int, count limit: Int) -> Int? {
    guard isCanonicalFileAsRead, other.isCanonicalFileAsRead, i < records.count,
      j < other.records.count, limit > 0
    else { return nil }
    let source = roster.storage.source
    let start = source.objectBytes(i...i).lowerBound
    let otherBytes = other.roster.storage.source.objectBytes(
      j...min(other.records.count, j + limit) - 1)
    let otherStart = otherBytes.lowerBound
    let length = min(source.monstersEnd - start, otherBytes.upperBound - otherStart)
    let same =
      firstMismatch(
        UnsafeRawBufferPointer(rebasing: file[start..<start + length]),
        UnsafeRawBufferPointer(rebasing: other.file[otherStart..<otherStart + length]))
      ?? length
    // The monsters whose objects end within the bytes that are the same.
    let end = partitionPoint(i..<min(records.count, i + min(other.records.count - j, limit))) {
      source.objectBytes($0...$0).upperBound - start <= same
    }
    return end - i
  }

  /// Whether the monster at a position is known to be the same as one of another roster,
  /// told by one comparison of their objects' bytes, when both are records of files in
  /// canonical form (where equal monsters are equal bytes); `false` when it cannot be told
  /// so.
  @inline(__always)
  func isKnownSameObject(
    at index: Roster.Index, as other: RosterView, at otherIndex: Roster.Index
  ) -> Bool {
    guard roster.storage.source.isKnownCanonical, other.roster.storage.source.isKnownCanonical,
      case .record(let mine) = slots[index.slot].content,
      case .record(let theirs) = other.slots[otherIndex.slot].content,
      !records[mine].flags.contains(.rewritten),
      !other.records[theirs].flags.contains(.rewritten)
    else { return false }
    let a = roster.storage.source.objectBytes(mine...mine)
    let b = other.roster.storage.source.objectBytes(theirs...theirs)
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
      mine.isPlain, theirs.isPlain
    else {
      return roster.sameFieldsButName(at: index, as: other.roster, at: otherIndex)
    }
    // Plain records' strings hold no escapes: their bytes are their text.
    return MonsterField.BuiltIn.ordered.allSatisfy { key in
      switch key.lane {
      case .text(.name): true
      case .text(let field):
        bytesEqual(
          UnsafeRawBufferPointer(rebasing: file[mine.span(field).range]),
          UnsafeRawBufferPointer(rebasing: other.file[theirs.span(field).range]))
      case .held(let field):
        mine.holdsSameValue(
          field, as: theirs, weapons: roster.storage.source.weapons,
          otherWeapons: other.roster.storage.source.weapons)
      }
    }
  }
}

extension Roster {
  /// Calls `body` with a view of the roster's bytes, records and slots.
  func withView<Result>(_ body: (RosterView) throws -> Result) rethrows -> Result {
    try storage.withFile { view in
      try body(RosterView(roster: self, stored: view))
    }
  }
}
