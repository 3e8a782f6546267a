import MonstersSystem

/// A roster file's bytes and the records of the monsters in them.
struct RosterSource: Sendable {
  /// The file as it was read.
  var bytes: RosterBytes
  /// One record per monster, in file order.
  var records: [MonsterRecord]
  /// The other keys (declared fields and undeclared keys) of those monsters that have some.
  var otherFields: [[JSONMember]]
  /// The weapons the records number.
  var weapons = WeaponTable.builtIn
  /// Whether every name is plain ASCII without escapes, so that names compare bytewise.
  var namesAreASCII: Bool
  /// Whether the reader saw every byte where the canonical form puts it, so that the bytes
  /// are the canonical form of the roster they hold. `false` says nothing either way.
  var isKnownCanonical = false
  /// In a file known to be canonical, the offset where the last monster's object ends.
  var monstersEnd = 0
  /// Whether an edit changed a record in place (see ``MonsterRecord/Flags/rewritten``), so
  /// that the bytes no longer hold every record's object as it stands.
  var hasRewrittenRecords = false
  /// The ids of the records' monsters: numbered in a batch of the source's own, or each
  /// given (``Roster/keepingIdentities(of:)``).
  var recordIDs = RecordIDs.numbered(IDMint())

  /// The ids of a source's records.
  enum RecordIDs: Sendable {
    /// The record's number in a batch of ids.
    case numbered(IDMint)
    /// An id for each record, by its number.
    case given([Monster.ID])
  }

  /// The id of a record's monster.
  @inline(__always)
  func id(ofRecord record: Int) -> Monster.ID {
    switch recordIDs {
    case .numbered(let mint): mint.id(record)
    case .given(let ids): ids[record]
    }
  }

  static let empty = RosterSource(
    bytes: .empty, records: [], otherFields: [], namesAreASCII: true)

  /// Calls `body` with the UTF-8 bytes of one text field of one record.
  @inline(__always)
  func withUTF8<Result, Failure: Error>(
    _ field: MonsterTextField, of record: MonsterRecord,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try bytes.withUnsafeBytes { (all) throws(Failure) in
      let contents = UnsafeRawBufferPointer(rebasing: all[record.span(field).range])
      guard record.isEscaped(field) else { return try body(contents) }
      return try unescaped(contents).withUnsafeBytes(typed: body)
    }
  }

  /// The text of one field of one record.
  func text(_ field: MonsterTextField, of record: MonsterRecord) -> String {
    withUTF8(field, of: record) { String(decoding: $0, as: UTF8.self) }
  }
}

// MARK: - Changing the other keys of a record

extension RosterSource {
  /// Gives a record's monster new values of keys beyond the built-in ones (declared fields,
  /// undeclared keys), in its entry of ``otherFields``, so that no monster is built: the
  /// other keys' counterpart of ``RecordValues/apply(to:weapons:)``. The caller marks the
  /// record ``MonsterRecord/Flags/rewritten`` when something changed.
  ///
  /// - Parameters:
  ///   - values: Fields beyond the built-in ones and their new values, each field once,
  ///     checked against the roster.
  ///   - record: The record, given an entry of ``otherFields`` when it had none, and none
  ///     when it is left without other keys.
  ///   - changes: Where the fields that changed go, with their values before and after, in
  ///     the monster's order of its keys, then the keys it did not have in the order given.
  mutating func setOtherFields(
    _ values: [(field: MonsterField, value: JSONValue?)], of record: inout MonsterRecord,
    reportingTo changes: inout [FieldChange]
  ) {
    let first = changes.count
    // Where each change's key stands among the monster's keys, to order several changes.
    var places: [Int] = []
    let ordering = values.count > 1
    do {
      let members = record.otherFieldsIndex.map { otherFields[Int($0)] } ?? []
      for (field, value) in values {
        let place = members.firstIndex(ofKey: field.key)
        let before = place.map { members[$0].value }
        guard before != value else { continue }
        if ordering { places.append(place ?? members.count + places.count) }
        changes.append(FieldChange(field, from: before, to: value))
      }
    }
    guard changes.count > first else { return }
    let entry = record.otherFieldsIndex.map(Int.init) ?? otherFields.count
    if entry == otherFields.count { otherFields.append([]) }
    // By index: a change is not copied to read its key and value.
    for index in first..<changes.count {
      otherFields[entry].setValue(changes[index].new, forKey: changes[index].field.key)
    }
    record.otherFieldsIndex = otherFields[entry].isEmpty ? nil : Int32(entry)
    if ordering {
      let ordered = zip(places, changes[first...]).sorted { $0.0 < $1.0 }.map(\.1)
      changes.replaceSubrange(first..., with: ordered)
    }
  }
}
