/// Where one monster's fields lie in the file's bytes.
///
/// The weapon (by its number in the roster's ``WeaponTable``) and the name colour are the
/// record's own: an edit of only those changes the record (and marks it `rewritten`)
/// rather than building the monster.
///
/// Records keep a large roster cheap: a monster is a few offsets into the bytes the file
/// was read into, 36 bytes in all, and its strings are built only when someone asks for
/// them.
struct MonsterRecord: Sendable {
  /// The contents of the name, description and icon strings, between their quotes.
  var name: ByteSpan
  var description: ByteSpan
  var icon: ByteSpan
  /// Where the monster's other keys are in ``RosterSource/otherFields``; `nil` when it has
  /// none.
  var otherFieldsIndex: Int32?
  var nameColor: NameColor?
  /// The weapon's number in the source's weapon table.
  var weapon: UInt8
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

    /// Any text field's string holds escapes.
    static let anyEscaped = MonsterTextField.allCases.reduce(into: Flags()) {
      $0.insert(.escaped($1))
    }
  }

  /// The record of a monster none of whose fields is read yet.
  static let unread = MonsterRecord(
    name: ByteSpan(0..<0), description: ByteSpan(0..<0), icon: ByteSpan(0..<0),
    otherFieldsIndex: nil, nameColor: nil, weapon: 0, flags: [])

  var hasName: Bool { flags.contains(.hasName) }

  /// Where a text field's string lies, between its quotes.
  func span(_ field: MonsterTextField) -> ByteSpan {
    switch field {
    case .name: name
    case .description: description
    case .icon: icon
    }
  }

  /// Locates a text field's string.
  mutating func setSpan(_ field: MonsterTextField, _ span: ByteSpan) {
    switch field {
    case .name: name = span
    case .description: description = span
    case .icon: icon = span
    }
  }

  @inline(__always)
  func isEscaped(_ field: MonsterTextField) -> Bool {
    flags.contains(.escaped(field))
  }

  /// Whether the monster's object is its strings' bytes between fixed pieces: no string
  /// holds an escape, and there are no other keys.
  @inline(__always)
  var isPlain: Bool {
    otherFieldsIndex == nil && flags.isDisjoint(with: .anyEscaped)
  }

  /// The monster a record describes.
  ///
  /// - Parameters:
  ///   - source: The source the record is one of.
  ///   - id: The monster's id.
  func monster(in source: RosterSource, id: Monster.ID) -> Monster {
    Monster(
      id: id, name: source.text(.name, of: self),
      description: source.text(.description, of: self),
      icon: source.text(.icon, of: self),
      weapon: source.weapons[weapon],
      nameColor: nameColor,
      otherFields: otherFieldsIndex.map { source.otherFields[Int($0)] } ?? [])
  }
}

// MARK: - The values a record holds itself

extension MonsterRecord {
  /// Calls `body` with the canonical spelling of the value of a field the record holds
  /// itself (a string's between its quotes), or `nil` when the monster has none.
  @inline(__always)
  func withHeldValue<Result>(
    _ field: MonsterHeldField, weapons: WeaponTable,
    _ body: (UnsafeRawBufferPointer?) -> Result
  ) -> Result {
    switch field {
    case .weapon: weapons.withSpelling(weapon, body)
    case .nameColor: nameColor.map { $0.withSpelling(body) } ?? body(nil)
    }
  }

  /// The value of a field the record holds itself, as the file holds it.
  func heldValue(_ field: MonsterHeldField, weapons: WeaponTable) -> JSONValue? {
    withHeldValue(field, weapons: weapons) { spelling in
      spelling.map { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        return field.builtIn.takesStrings ? .string(text) : .number(text)
      }
    }
  }

  /// Whether the record holds the same value of a field as another, of this roster or
  /// another one, weapons compared by name.
  @inline(__always)
  func holdsSameValue(
    _ field: MonsterHeldField, as other: MonsterRecord, weapons: WeaponTable,
    otherWeapons: WeaponTable
  ) -> Bool {
    switch field {
    case .weapon:
      weapons == otherWeapons
        ? weapon == other.weapon
        : weapons[weapon].name.hasSameCodePoints(as: otherWeapons[other.weapon].name)
    case .nameColor: nameColor == other.nameColor
    }
  }
}
