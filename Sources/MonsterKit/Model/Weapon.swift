/// A weapon a monster can carry: its name and the image that shows it.
///
/// A weapon is one of the five built-in ``WeaponType``s, or one a roster declares:
///
/// ```swift
/// Weapon.fire.imageName                      // "fire.png"
/// Weapon(name: "laser").imageName            // "laser.png"
/// Weapon(name: "laser", imageName: "beam.png").type  // nil: not built in
/// ```
///
/// On a roster, a weapon is its name: ``Roster/weapons`` lists the roster's weapons, and a
/// monster carries one of them, with the image the roster gives it.
public struct Weapon: Hashable, Sendable {
  /// The name, as the roster file spells it, such as `ninjaStar` or `laser`.
  public var name: String
  /// The name of the image that shows this weapon, such as `ninjastar.png`.
  public var imageName: String

  /// The built-in weapon of a type.
  ///
  /// - Parameter type: The kind of weapon.
  public init(_ type: WeaponType) {
    name = type.rawValue
    imageName = type.imageName
  }

  /// A weapon with a name and an image.
  ///
  /// - Parameters:
  ///   - name: The name. A roster takes letters and digits (see ``isValidName(_:)``).
  ///   - imageName: The image's file name; by default the name in lower case with `.png`.
  public init(name: String, imageName: String? = nil) {
    self.name = name
    self.imageName = imageName ?? Self.defaultImageName(forName: name)
  }

  /// The built-in type of this weapon, or `nil` for a weapon a roster declares.
  ///
  /// A weapon is built in when it has a built-in name and that weapon's image.
  public var type: WeaponType? {
    guard let type = WeaponType(rawValue: name), type.imageName == imageName else { return nil }
    return type
  }

  /// The image a weapon has unless the roster names another: its name in lower case,
  /// then `.png`, as the built-in weapons have.
  ///
  /// - Parameter name: The weapon's name.
  /// - Returns: The image's file name.
  public static func defaultImageName(forName name: String) -> String {
    name.lowercased() + ".png"
  }

  /// Whether a name may be a weapon's: one or more ASCII letters and digits.
  ///
  /// - Parameter name: The name.
  /// - Returns: `true` for a name such as `laser2`; `false` for an empty name, or one with
  ///   a space, a dash or any other character.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { byte in
        byte &- UInt8(ascii: "0") < 10 || asciiLowercased(byte) &- UInt8(ascii: "a") < 26
      }
  }

  /// A weapon's name folded as a person's spelling of it is compared: case, `-`, `_` and
  /// spaces ignored, so that `ninja-star`, `NinjaStar` and `ninja_star` are one name.
  ///
  /// - Parameter text: A name, as typed or as a file spells it.
  /// - Returns: The folded name.
  public static func foldedName(_ text: some StringProtocol) -> String {
    var folded = ""
    for scalar in text.unicodeScalars where !"-_ ".unicodeScalars.contains(scalar) {
      folded.unicodeScalars.append(scalar)
    }
    return folded.lowercased()
  }

  /// The five built-in weapons, in order.
  public static let builtIn: [Weapon] = WeaponType.allCases.map(Weapon.init)

  /// The built-in blowgun.
  public static let blowgun = Weapon(.blowgun)
  /// The built-in ninja star.
  public static let ninjaStar = Weapon(.ninjaStar)
  /// The built-in fire.
  public static let fire = Weapon(.fire)
  /// The built-in sword.
  public static let sword = Weapon(.sword)
  /// The built-in smoke.
  public static let smoke = Weapon(.smoke)
}

// MARK: - Equality

extension Weapon {
  /// Whether two weapons are the same weapon: the same name, code point by code point, as
  /// the roster file names weapons. The image is the roster's to give, not the weapon's to
  /// be told apart by: `monster.weapon == Weapon(name: "laser")` holds whatever image the
  /// roster gives its laser. ``hasSameImage(as:)`` compares the images too.
  public static func == (lhs: Weapon, rhs: Weapon) -> Bool {
    lhs.name.hasSameCodePoints(as: rhs.name)
  }

  /// Hashes the name, which ``==(_:_:)`` compares.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }

  /// Whether two weapons have the same name and the same image, code point by code point,
  /// as the roster file declares them.
  ///
  /// - Parameter other: The other weapon.
  /// - Returns: Whether both are the same.
  public func hasSameImage(as other: Weapon) -> Bool {
    self == other && imageName.hasSameCodePoints(as: other.imageName)
  }
}

extension [Weapon] {
  /// Whether two lists hold the same weapons, in the same order, each with the same image,
  /// as the roster file declares them.
  func haveSameImages(as other: [Weapon]) -> Bool {
    elementsEqual(other) { $0.hasSameImage(as: $1) }
  }
}

// MARK: - Finding a weapon by name

extension [Weapon] {
  /// The weapon with a name exactly as spelled, code point by code point, as the roster
  /// file names weapons.
  ///
  /// - Parameter name: The name.
  /// - Returns: The weapon, or `nil`.
  public func weapon(named name: String) -> Weapon? {
    first { $0.name.hasSameCodePoints(as: name) }
  }

  /// The weapon a person means by a spelling, read forgivingly: case, `-`, `_` and spaces
  /// are ignored (``Weapon/foldedName(_:)``).
  ///
  /// - Parameter text: The weapon as typed, such as `ninja-star`.
  /// - Returns: The weapon, or `nil` when the name is none of these.
  public func weapon(parsing text: some StringProtocol) -> Weapon? {
    let folded = Weapon.foldedName(text)
    return first { Weapon.foldedName($0.name) == folded }
  }

  /// The weapons' names, in order.
  public var names: [String] {
    map(\.name)
  }
}

// MARK: - Codable

extension Weapon: Codable {
  /// Decodes a weapon from its name, as a monster's object in the roster file holds it; the
  /// image is the default one (``defaultImageName(forName:)``), which is every built-in
  /// weapon's. A roster gives a declared weapon its own image, and refuses a weapon it
  /// does not have.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the value is not a string, or not a name a weapon can
  ///   have (``isValidName(_:)``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard Self.isValidName(name) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(escapedForMessage(name))' is no weapon's name")
    }
    self.init(name: name)
  }

  /// Encodes the weapon as its name.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
