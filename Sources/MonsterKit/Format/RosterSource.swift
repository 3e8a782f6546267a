/// A range of a roster file's bytes.
struct ByteSpan: Hashable, Sendable {
  var start: UInt32
  var end: UInt32

  init(_ range: Range<Int>) {
    start = UInt32(truncatingIfNeeded: range.lowerBound)
    end = UInt32(truncatingIfNeeded: range.upperBound)
  }

  var range: Range<Int> { Int(start)..<Int(end) }
}

/// The text fields of a monster, as a record of the file locates them.
package enum MonsterTextField: Int, CaseIterable, Sendable {
  /// The name.
  case name
  /// The description.
  case description
  /// The icon's file name.
  case icon
}

/// Where one monster's fields lie in the file's bytes.
///
/// Records keep a large roster cheap: a monster is a few offsets into the bytes the file
/// was read into, and its strings are built only when someone asks for them.
struct MonsterRecord: Sendable {
  /// The contents of the name, description and icon strings, between their quotes.
  var name: ByteSpan
  var description: ByteSpan
  var icon: ByteSpan
  /// An index into ``RosterSource/otherFields``, or -1 when the monster has none.
  var otherFields: Int32
  var nameColor: NameColor?
  var weapon: WeaponType
  /// One bit per ``MonsterTextField``: set when that string holds escapes.
  var escapes: UInt8

  func span(_ field: MonsterTextField) -> ByteSpan {
    switch field {
    case .name: name
    case .description: description
    case .icon: icon
    }
  }

  func isEscaped(_ field: MonsterTextField) -> Bool {
    escapes & (1 << field.rawValue) != 0
  }
}

/// A roster file's bytes and the records of the monsters in them.
struct RosterSource: Sendable {
  /// The file as it was read.
  var bytes: RosterBytes
  /// One record per monster, in file order.
  var records: [MonsterRecord]
  /// The unknown keys of those monsters that have some.
  var otherFields: [[JSONMember]]
  /// Whether every name is plain ASCII without escapes, so that names compare bytewise.
  var namesAreASCII: Bool
  /// Whether the reader saw every byte where the canonical form puts it, so that the bytes
  /// are the canonical form of the roster they hold. `false` says nothing either way.
  var isKnownCanonical = false
  /// In a file known to be canonical, the offset where the last monster's object ends.
  var monstersEnd = 0

  /// The bytes of a run of monsters' objects, in a file known to be canonical: from the `{`
  /// of the first to the `}` of the last, the separators between them included.
  func objectBytes(_ records: ClosedRange<Int>) -> Range<Int> {
    // `{`, a line break and six spaces of indent, and `"name": "` stand before the name.
    let nameOffset = 17
    // `,`, a line break and four spaces stand between two objects.
    let separator = 6
    let start = Int(self.records[records.lowerBound].name.start) - nameOffset
    let end =
      records.upperBound + 1 < self.records.count
      ? Int(self.records[records.upperBound + 1].name.start) - nameOffset - separator
      : monstersEnd
    return start..<end
  }

  static let empty = RosterSource(
    bytes: .empty, records: [], otherFields: [], namesAreASCII: true)

  /// Calls `body` with the UTF-8 bytes of one text field of one record.
  @inline(__always)
  func withUTF8<Result>(
    _ field: MonsterTextField, of record: MonsterRecord,
    _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try bytes.withUnsafeBytes { all in
      let contents = UnsafeRawBufferPointer(rebasing: all[record.span(field).range])
      guard record.isEscaped(field) else { return try body(contents) }
      return try unescaped(contents).withUnsafeBytes(body)
    }
  }

  /// The text of one field of one record.
  func text(_ field: MonsterTextField, of record: MonsterRecord) -> String {
    withUTF8(field, of: record) { String(decoding: $0, as: UTF8.self) }
  }

  /// The monster a record describes.
  func monster(_ record: MonsterRecord) -> Monster {
    Monster(
      name: text(.name, of: record),
      description: text(.description, of: record),
      icon: text(.icon, of: record),
      weapon: record.weapon,
      nameColor: record.nameColor,
      otherFields: record.otherFields < 0 ? [] : otherFields[Int(record.otherFields)])
  }
}
