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

  static let empty = RosterSource(
    bytes: .empty, records: [], otherFields: [], namesAreASCII: true)

  /// The bytes of a run of monsters' objects, in a file known to be canonical: from the `{`
  /// of the first to the `}` of the last, the separators between them included.
  ///
  /// - Parameter records: The positions of the run's records, which stood together in the
  ///   file.
  /// - Returns: The range of the file's bytes to copy.
  func objectBytes(_ records: ClosedRange<Int>) -> Range<Int> {
    let start = Int(self.records[records.lowerBound].name.start) - CanonicalLayout.nameOffset
    let end =
      records.upperBound + 1 < self.records.count
      ? Int(self.records[records.upperBound + 1].name.start) - CanonicalLayout.nameOffset
        - CanonicalLayout.separatorCount
      : monstersEnd
    return start..<end
  }

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
