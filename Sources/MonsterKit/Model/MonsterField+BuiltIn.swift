// The built-in fields: one table, `MonsterField.BuiltIn`, in which each field every roster
// has declares its spelling, kind, whether it is required, its lane and how its value is
// read from and written to a monster. The reader, the object frame, the writer, the record,
// `Codable` and the merge's comparison go through the table or switch over it exhaustively,
// so that the compiler names each place a new built-in field needs (see `BuiltInTableTests`
// for the walk).

extension MonsterField {
  /// The fields every roster has, in the order the canonical form writes them: the one
  /// table a built-in field is declared in.
  ///
  /// Every property is an exhaustive `switch`, so that a new case is a compile error in
  /// each row until it is filled in; nothing matches a key by its length or a case by its
  /// place among others.
  package enum BuiltIn: Int, CaseIterable, Sendable {
    case name, description, icon, weapon, nameColor

    /// The key as the file spells it.
    @inline(__always)
    package var spelling: StaticString {
      switch self {
      case .name: "name"
      case .description: "description"
      case .icon: "icon"
      case .weapon: "weapon"
      case .nameColor: "nameColor"
      }
    }

    /// What the field's values are.
    @inline(__always)
    var kind: Kind {
      switch self {
      case .name: .name
      case .description, .icon: .text
      case .weapon: .weapon
      case .nameColor: .color
      }
    }

    /// Whether every monster has the field.
    @inline(__always)
    var isRequired: Bool {
      switch self {
      case .name, .description, .icon, .weapon: true
      case .nameColor: false
      }
    }

    /// How messages name the field.
    var label: String {
      switch self {
      case .name, .description, .icon, .weapon: spelling.description
      case .nameColor: "name colour"
      }
    }

    /// Where a record of the file keeps the field's value: see ``Lane``.
    @inline(__always)
    var lane: Lane {
      switch self {
      case .name: .text(.name)
      case .description: .text(.description)
      case .icon: .text(.icon)
      case .weapon: .held(.weapon)
      case .nameColor: .held(.nameColor)
      }
    }

    /// The text field of a record the key's value is, for a field in the text lane.
    package var textField: MonsterTextField? {
      if case .text(let field) = lane { field } else { nil }
    }

    /// Whether the field's values are JSON strings, as a file's object writes them in
    /// quotes.
    @inline(__always)
    var takesStrings: Bool {
      switch kind {
      case .name, .text, .weapon, .color, .values: true
      case .integer, .any: false
      }
    }

    /// The key a spelling names, if any.
    init?(spelling text: String) {
      guard let key = Self.ordered.first(where: { $0.spelling.description == text }) else {
        return nil
      }
      self = key
    }

    /// The key an unescaped key token's bytes name, compared bytewise with each spelling:
    /// how the reader tells a million monsters' keys apart.
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
      for key in Self.ordered where key.spelling.matches(bytes) {
        self = key
        return
      }
      return nil
    }

    /// The first key in the table's order: where a loop over the keys that reads no array
    /// starts, as the reader's, once a monster.
    @inline(__always)
    static var first: Self? { Self(rawValue: 0) }

    /// The key after this one in the table's order (the order of its cases, which the raw
    /// values follow), which an object's next key most often is; `nil` after the last.
    @inline(__always)
    var next: Self? { Self(rawValue: rawValue + 1) }

    /// The key's bit in a set of keys seen.
    @inline(__always)
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The keys in order, made once: what a loop over every monster's keys goes through.
    static let ordered = allCases

    /// The field this key is.
    package var field: MonsterField {
      MonsterField.builtIn[rawValue]
    }
  }

  /// The built-in fields, in the order the canonical form writes them.
  public static let builtIn: [MonsterField] = BuiltIn.allCases.map { key in
    MonsterField(
      key: key.spelling.description, kind: key.kind, isRequired: key.isRequired,
      origin: .builtIn(key))
  }

  /// The name.
  public static var name: MonsterField { BuiltIn.name.field }
  /// The description.
  public static var description: MonsterField { BuiltIn.description.field }
  /// The icon's file name.
  public static var icon: MonsterField { BuiltIn.icon.field }
  /// The weapon.
  public static var weapon: MonsterField { BuiltIn.weapon.field }
  /// The name colour.
  public static var nameColor: MonsterField { BuiltIn.nameColor.field }

  /// A key the roster neither builds in nor declares, as the file spells it: any JSON
  /// value, kept as it is.
  ///
  /// - Parameter key: The key.
  /// - Returns: The field.
  public static func other(_ key: String) -> MonsterField {
    if let builtIn = BuiltIn(spelling: key) { return builtIn.field }
    return MonsterField(key: key, kind: .any, isRequired: false, origin: .undeclared)
  }
}

// MARK: - The codec: a built-in field's value in a monster

extension MonsterField.BuiltIn {
  /// The field's value in a monster, as the file holds it; `nil` when it has none.
  func value(in monster: Monster) -> JSONValue? {
    switch self {
    case .name: .string(monster.name)
    case .description: .string(monster.description)
    case .icon: .string(monster.icon)
    case .weapon: .string(monster.weapon.name)
    case .nameColor: monster.nameColor.map { .string($0.description) }
    }
  }

  /// Gives a monster a value of the field, one it takes, or takes it away (`nil`, which
  /// only a field that is not required has).
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it.
  ///   - monster: The monster.
  ///   - weapons: The weapons a weapon's name is one of, for its image.
  func set(_ value: JSONValue?, in monster: inout Monster, weapons: [Weapon]) {
    let text: String? = if case .string(let text)? = value { text } else { nil }
    switch self {
    case .name: monster.name = text ?? monster.name
    case .description: monster.description = text ?? monster.description
    case .icon: monster.icon = text ?? monster.icon
    case .weapon:
      monster.weapon = text.map { weapons.weapon(named: $0) ?? Weapon(name: $0) } ?? monster.weapon
    case .nameColor: monster.nameColor = text.flatMap { NameColor(spelling: $0) }
    }
  }

  /// Whether two monsters have the same value of the field, as the file would hold it:
  /// text the same code points, a weapon by its name.
  @inline(__always)
  func isSame(in monster: Monster, as other: Monster) -> Bool {
    switch self {
    case .name: monster.name.hasSameCodePoints(as: other.name)
    case .description: monster.description.hasSameCodePoints(as: other.description)
    case .icon: monster.icon.hasSameCodePoints(as: other.icon)
    case .weapon: monster.weapon.name.hasSameCodePoints(as: other.weapon.name)
    case .nameColor: monster.nameColor == other.nameColor
    }
  }

  /// Hashes what ``isSame(in:as:)`` compares.
  func hash(of monster: Monster, into hasher: inout Hasher) {
    switch self {
    case .name: hasher.combine(monster.name)
    case .description: hasher.combine(monster.description)
    case .icon: hasher.combine(monster.icon)
    case .weapon: hasher.combine(monster.weapon.name)
    case .nameColor: hasher.combine(monster.nameColor)
    }
  }
}
