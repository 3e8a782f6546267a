/// The keys of a monster's object, in the order the canonical form writes them.
package enum MonsterKey: Int, CaseIterable, Sendable {
  case name, description, icon, weapon, nameColor

  /// The key as the file spells it.
  package var spelling: StaticString {
    switch self {
    case .name: "name"
    case .description: "description"
    case .icon: "icon"
    case .weapon: "weapon"
    case .nameColor: "nameColor"
    }
  }

  /// The key a file spelling names, if any.
  package init?(spelling text: String) {
    guard let key = Self.allCases.first(where: { $0.spelling.description == text }) else {
      return nil
    }
    self = key
  }

  /// The key for an unescaped key token, compared bytewise.
  @inline(__always)
  init?(_ bytes: UnsafeRawBufferPointer) {
    let key: MonsterKey
    switch bytes.count {
    case 4: key = bytes[0] == UInt8(ascii: "n") ? .name : .icon
    case 6: key = .weapon
    case 9: key = .nameColor
    case 11: key = .description
    default: return nil
    }
    guard key.spelling.matches(bytes) else { return nil }
    self = key
  }

  @inline(__always)
  var bit: UInt8 { 1 << UInt8(rawValue) }

  /// The text field the key's value is, for `name`, `description` and `icon`.
  package var textField: MonsterTextField? {
    switch self {
    case .name: .name
    case .description: .description
    case .icon: .icon
    case .weapon, .nameColor: nil
    }
  }
}
