/// A weapon of one type, as a monster carries it.
///
/// ```swift
/// let weapon = Weapon(.fire)
/// weapon.imageName  // "fire.png"
/// ```
public struct Weapon: Hashable, Sendable {
  /// What kind of weapon this is.
  public var type: WeaponType

  /// Creates a weapon of the given type.
  ///
  /// - Parameter type: The kind of weapon.
  public init(_ type: WeaponType) {
    self.type = type
  }

  /// The name of the image that shows this weapon, such as `sword.png`.
  public var imageName: String {
    type.imageName
  }
}

// MARK: - Codable

extension Weapon: Codable {
  /// Decodes a weapon from its type's name, as the roster file spells it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the value is not one of the five weapon names.
  public init(from decoder: any Decoder) throws {
    self.init(try WeaponType(from: decoder))
  }

  /// Encodes the weapon as its type's name.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    try type.encode(to: encoder)
  }
}
