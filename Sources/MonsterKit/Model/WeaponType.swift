/// The five built-in weapons, in the order a roster that declares none lists them.
///
/// The raw value is the spelling the roster file uses:
///
/// ```swift
/// WeaponType(rawValue: "ninjaStar")  // .ninjaStar
/// WeaponType.ninjaStar.imageName     // "ninjastar.png"
/// ```
///
/// A roster may declare weapons of its own: ``Weapon`` is any weapon, built in or not.
public enum WeaponType: String, CaseIterable, Sendable, Codable {
  /// A blowgun.
  case blowgun
  /// A ninja star.
  case ninjaStar
  /// Fire.
  case fire
  /// A sword.
  case sword
  /// Smoke.
  case smoke

  /// The name of the image that shows this weapon, such as `ninjastar.png`.
  public var imageName: String {
    rawValue.lowercased() + ".png"
  }

  /// Reads a weapon the way a person types it on a command line.
  ///
  /// Case, hyphens, underscores and spaces are ignored, so `ninja-star`, `NinjaStar`,
  /// `ninja_star` and `ninjastar` all give ``ninjaStar``.
  ///
  /// - Parameter text: The weapon as typed.
  /// - Returns: The weapon, or `nil` when `text` names none of the five.
  public init?(parsing text: some StringProtocol) {
    let folded = Weapon.foldedName(text)
    guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else {
      return nil
    }
    self = match
  }

  /// Reads a weapon exactly as the roster file spells it.
  init?(fileSpelling bytes: UnsafeRawBufferPointer) {
    let weapon: WeaponType
    switch bytes.count {
    case 4: weapon = .fire
    case 5: weapon = bytes[1] == UInt8(ascii: "w") ? .sword : .smoke
    case 7: weapon = .blowgun
    case 9: weapon = .ninjaStar
    default: return nil
    }
    guard weapon.fileSpelling.matches(bytes) else { return nil }
    self = weapon
  }

  /// The file spelling as bytes, for comparing and writing without building strings.
  var fileSpelling: StaticString {
    switch self {
    case .blowgun: "blowgun"
    case .ninjaStar: "ninjaStar"
    case .fire: "fire"
    case .sword: "sword"
    case .smoke: "smoke"
    }
  }
}

extension StaticString {
  /// Whether some bytes are this string's UTF-8 bytes.
  @inline(__always)
  func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytesEqual(bytes, UnsafeRawBufferPointer(start: utf8Start, count: utf8CodeUnitCount))
  }
}
