/// A roster's weapons as the reader and the writer use them: a weapon's number (its place
/// in the list, which a record holds in a byte) from the bytes of its name, and its name's
/// bytes from its number.
struct WeaponTable: Hashable, Sendable {
  /// The weapons, in the roster's order.
  let weapons: [Weapon]
  /// Each weapon's name as UTF-8.
  private let spellings: [[UInt8]]
  /// Whether the weapons are the five built-in ones in their order, found by their fixed
  /// spellings without a search.
  private let isBuiltIn: Bool

  /// The most weapons a roster may have: a record holds a weapon's number in a byte.
  static let capacity = Int(UInt8.max) + 1

  /// The table of some weapons, at most ``capacity`` of them.
  init(_ weapons: [Weapon]) {
    precondition(weapons.count <= Self.capacity, "more weapons than a record can number")
    self.weapons = weapons
    spellings = weapons.map { Array($0.name.utf8) }
    isBuiltIn = weapons.haveSameImages(as: Weapon.builtIn)
  }

  /// Whether two tables number the same weapons, each with the same image.
  static func == (lhs: WeaponTable, rhs: WeaponTable) -> Bool {
    lhs.weapons.haveSameImages(as: rhs.weapons)
  }

  /// Hashes the weapons' names, in order.
  func hash(into hasher: inout Hasher) {
    hasher.combine(spellings)
  }

  /// The five built-in weapons.
  static let builtIn = WeaponTable(Weapon.builtIn)

  /// The number of the weapon whose name is some bytes, exactly as spelled.
  @inline(__always)
  func number(ofSpelling bytes: UnsafeRawBufferPointer) -> UInt8? {
    if isBuiltIn {
      return WeaponType(fileSpelling: bytes).map { UInt8(truncatingIfNeeded: $0.position) }
    }
    for (number, spelling) in spellings.enumerated() where spelling.count == bytes.count {
      if spelling.withUnsafeBytes({ bytesEqual($0, bytes) }) {
        return UInt8(truncatingIfNeeded: number)
      }
    }
    return nil
  }

  /// The number of the weapon with a name, exactly as spelled.
  func number(of name: String) -> UInt8? {
    weapons.firstIndex { $0.name.hasSameCodePoints(as: name) }.map { UInt8(truncatingIfNeeded: $0) }
  }

  /// Calls `body` with the bytes of a weapon's name.
  @inline(__always)
  func withSpelling<Result>(_ number: UInt8, _ body: (UnsafeRawBufferPointer) -> Result)
    -> Result
  {
    spellings[Int(number)].withUnsafeBytes(body)
  }

  /// The weapon of a number.
  @inline(__always)
  subscript(number: UInt8) -> Weapon {
    weapons[Int(number)]
  }
}

extension WeaponType {
  /// The type's place among the five, as ``allCases`` lists them.
  @inline(__always)
  var position: Int {
    switch self {
    case .blowgun: 0
    case .ninjaStar: 1
    case .fire: 2
    case .sword: 3
    case .smoke: 4
    }
  }
}
