/// Where one monster's fields lie in the file's bytes.
///
/// The weapon and the name colour are the record's own: an edit of only those changes
/// the record (and marks it `rewritten`) rather than building the
/// monster.
///
/// Records keep a large roster cheap: a monster is a few offsets into the bytes the file
/// was read into, 36 bytes in all, and its strings are built only when someone asks for
/// them.
struct MonsterRecord: Sendable {
  /// The contents of the name, description and icon strings, between their quotes.
  var name: ByteSpan
  var description: ByteSpan
  var icon: ByteSpan
  /// Where the monster's unknown keys are in ``RosterSource/otherFields``; `nil` when it
  /// has none.
  var otherFieldsIndex: Int32?
  var nameColor: NameColor?
  var weapon: WeaponType
  var flags: Flags

  /// Facts about a record's strings, one bit each.
  struct Flags: OptionSet, Sendable {
    var rawValue: UInt8

    /// The monster's object has a name string. One without (a monster that is not an
    /// object, or whose name is missing or not a string) has a problem of its own.
    static let hasName = Flags(rawValue: 1 << 7)

    /// The record's weapon or name colour was changed since the file was read, so that
    /// the file's bytes of the monster's object are no longer its object: they may not be
    /// copied as they stand.
    static let rewritten = Flags(rawValue: 1 << 6)

    /// The field's string holds escapes, so that its bytes are not its text.
    @inline(__always)
    static func escaped(_ field: MonsterTextField) -> Flags {
      Flags(rawValue: 1 << field.rawValue)
    }

    /// Any field's string holds escapes.
    @inline(__always)
    static var anyEscaped: Flags {
      escaped(.name).union(.escaped(.description)).union(.escaped(.icon))
    }
  }

  /// The record of a monster none of whose fields is read yet.
  static let unread = MonsterRecord(
    name: ByteSpan(0..<0), description: ByteSpan(0..<0), icon: ByteSpan(0..<0),
    otherFieldsIndex: nil, nameColor: nil, weapon: .blowgun, flags: [])

  var hasName: Bool { flags.contains(.hasName) }

  func span(_ field: MonsterTextField) -> ByteSpan {
    switch field {
    case .name: name
    case .description: description
    case .icon: icon
    }
  }

  @inline(__always)
  func isEscaped(_ field: MonsterTextField) -> Bool {
    flags.contains(.escaped(field))
  }

  /// Whether the monster's object is its strings' bytes between fixed pieces: no string
  /// holds an escape, and there are no unknown keys.
  @inline(__always)
  var isPlain: Bool {
    otherFieldsIndex == nil && flags.isDisjoint(with: .anyEscaped)
  }
}
