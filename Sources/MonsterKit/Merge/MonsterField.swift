/// A field of a monster, as a diff or a merge conflict names it.
public enum MonsterField: Hashable, Sendable {
  /// The name.
  case name
  /// The description.
  case description
  /// The icon's file name.
  case icon
  /// The weapon.
  case weapon
  /// The name colour.
  case nameColor
  /// A key `monsters` does not know, as the file spells it.
  case other(String)

  /// The fields `monsters` knows, in the order the file writes them.
  static let known: [MonsterField] = [.name, .description, .icon, .weapon, .nameColor]

  /// The key as the file spells it, such as `nameColor`.
  public var key: String {
    switch self {
    case .name: MonsterKey.name.spelling.description
    case .description: MonsterKey.description.spelling.description
    case .icon: MonsterKey.icon.spelling.description
    case .weapon: MonsterKey.weapon.spelling.description
    case .nameColor: MonsterKey.nameColor.spelling.description
    case .other(let key): key
    }
  }

  /// The field's value in a monster, as the file holds it; `nil` when the monster has none.
  ///
  /// - Parameter monster: The monster.
  /// - Returns: A string for the known fields (the weapon and colour as the file spells
  ///   them), the value of an unknown key, or `nil` for no colour or a key the monster lacks.
  public func value(in monster: Monster) -> JSONValue? {
    switch self {
    case .name: .string(monster.name)
    case .description: .string(monster.description)
    case .icon: .string(monster.icon)
    case .weapon: .string(monster.weapon.type.rawValue)
    case .nameColor: monster.nameColor.map { .string($0.description) }
    case .other(let key): monster.otherFields.first { $0.key == key }?.value
    }
  }
}

extension Monster {
  /// The monster's object as the file holds it: the known keys in order, then the others.
  package var jsonMembers: [JSONMember] {
    MonsterField.known.compactMap { field in
      field.value(in: self).map { JSONMember(field.key, $0) }
    } + otherFields
  }
}
