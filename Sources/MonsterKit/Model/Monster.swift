/// A monster on the roster: its name, description, icon, weapon and name colour.
///
/// ```swift
/// var monster = Monster(
///   name: "Robo-Bot", description: "Beep", weapon: .sword)
/// monster.icon        // "meetrobobot.png"
/// monster.weapon = .fire
/// ```
public struct Monster: Hashable, Sendable {
  /// The monster's name. On a roster no two names are the same name: see ``foldedName``.
  public var name: String
  /// A line about the monster.
  public var description: String
  /// The file name of the monster's image, such as `meetcatbot.png`.
  public var icon: String
  /// The weapon the monster carries.
  public var weapon: Weapon
  /// The colour of the monster's name, or `nil` for the terminal's own colour.
  public var nameColor: NameColor?
  /// The keys of the monster's object beyond the five built-in ones, in file order: the
  /// fields its roster declares (``Roster/declaredFields``) and keys no one declared.
  ///
  /// They are written after the built-in keys, in this order; a key no one declared is kept
  /// as it was. A roster refuses a monster whose other keys its file could not hold: a
  /// built-in key (set by its own property), a key twice, or a number that is no JSON number.
  public var otherFields: [JSONMember]

  /// Creates a monster.
  ///
  /// - Parameters:
  ///   - name: The monster's name.
  ///   - description: A line about the monster.
  ///   - icon: The image file name; by default the tutorial's pattern,
  ///     ``defaultIcon(forName:)``.
  ///   - weapon: The weapon the monster carries.
  ///   - nameColor: The colour of the name, if any.
  ///   - otherFields: The keys beyond the built-in ones: declared fields and others.
  public init(
    name: String,
    description: String,
    icon: String? = nil,
    weapon: Weapon,
    nameColor: NameColor? = nil,
    otherFields: [JSONMember] = []
  ) {
    self.name = name
    self.description = description
    self.icon = icon ?? Self.defaultIcon(forName: name)
    self.weapon = weapon
    self.nameColor = nameColor
    self.otherFields = otherFields
  }

  /// The tutorial's icon name for a monster: `meet`, the name's letters and digits in
  /// lower case, then `.png`.
  ///
  /// ```swift
  /// Monster.defaultIcon(forName: "Robo-Bot")  // "meetrobobot.png"
  /// ```
  ///
  /// - Parameter name: The monster's name.
  /// - Returns: The icon's file name.
  public static func defaultIcon(forName name: String) -> String {
    let kept = name.filter { $0.isLetter || $0.isNumber }
    return "meet" + kept.lowercased() + ".png"
  }
}

// MARK: - Equality

extension Monster {
  /// Whether two monsters are the same, field by field, as the roster file would hold them:
  /// text the same code points, not canonically equivalent ones (which a monster's ``id``
  /// does not tell apart), and the weapon by its name, as a monster's object names it (the
  /// image is the roster's, by its declarations).
  public static func == (lhs: Monster, rhs: Monster) -> Bool {
    lhs.name.hasSameCodePoints(as: rhs.name)
      && lhs.description.hasSameCodePoints(as: rhs.description)
      && lhs.icon.hasSameCodePoints(as: rhs.icon)
      && lhs.weapon.name.hasSameCodePoints(as: rhs.weapon.name)
      && lhs.nameColor == rhs.nameColor && lhs.otherFields == rhs.otherFields
  }

  /// Hashes the fields ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(description)
    hasher.combine(icon)
    hasher.combine(weapon.name)
    hasher.combine(nameColor)
    hasher.combine(otherFields)
  }
}

// MARK: - Identifiable

extension Monster: Identifiable {
  /// The monster's name, folded as a roster compares names (``foldedName``): two
  /// monsters of one roster never have the same id, a monster renamed to the same name
  /// (`Straße` to `STRASSE`, `Café` from NFC to NFD) keeps its id, and one given another
  /// name has a new one.
  ///
  /// ```swift
  /// Monster.seeded[0].id  // "cat-bot"
  /// ```
  ///
  /// With it, a roster's monsters fill a SwiftUI `List` or `ForEach` as they are.
  public var id: String {
    foldedName
  }
}

// MARK: - Codable

extension Monster: Codable {
  /// Decodes a monster from its object in the roster file: the five built-in keys, and
  /// every other key, kept in ``otherFields`` as it was.
  ///
  /// The order of the other keys is the order the decoder lists them in, which for some
  /// decoders (`JSONDecoder`) is not the order of the text.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a built-in key is missing or of the wrong type, or the
  ///   name breaks the roster's rules for names (empty, a control or format character,
  ///   white space at either end). A weapon has its default image (see
  ///   ``Weapon/init(from:)``); a roster gives a declared weapon its own.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    let name = try container.decode(String.self, forKey: JSONKey(MonsterField.name.key))
    if let problem = Roster.problem(withName: name) {
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey(MonsterField.name.key), in: container,
        debugDescription: "'\(escapedForMessage(name))' cannot be a monster's name: it \(problem)")
    }
    let builtIn = Set(MonsterField.builtIn.map(\.key))
    self.init(
      name: name,
      description: try container.decode(
        String.self, forKey: JSONKey(MonsterField.description.key)),
      icon: try container.decode(String.self, forKey: JSONKey(MonsterField.icon.key)),
      weapon: try container.decode(Weapon.self, forKey: JSONKey(MonsterField.weapon.key)),
      nameColor: try container.decodeIfPresent(
        NameColor.self, forKey: JSONKey(MonsterField.nameColor.key)),
      otherFields: try container.allKeys.filter { !builtIn.contains($0.stringValue) }.map {
        JSONMember($0.stringValue, try container.decode(JSONValue.self, forKey: $0))
      })
  }

  /// Encodes the monster as its object in the roster file: the built-in keys (`nameColor`
  /// left out when there is none), then ``otherFields``.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` when ``otherFields`` hold what the file cannot
  ///   (a built-in key, a key twice, a number that is no JSON number), with the
  ///   ``RosterError`` as its underlying error: an encoder would let the later of two
  ///   values of a key replace the earlier, such as a monster's name; also for two keys
  ///   that differ only in their Unicode normal form, which the file keeps apart and an
  ///   encoder does not; whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    do throws(RosterError) {
      try otherFields.checkWritableAsMonsters()
    } catch {
      throw EncodingError.unwritable(self, at: encoder.codingPath, because: error)
    }
    try otherFields.checkKeysApartForEncoder(self, codingPath: encoder.codingPath)
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(name, forKey: JSONKey(MonsterField.name.key))
    try container.encode(description, forKey: JSONKey(MonsterField.description.key))
    try container.encode(icon, forKey: JSONKey(MonsterField.icon.key))
    try container.encode(weapon, forKey: JSONKey(MonsterField.weapon.key))
    try container.encodeIfPresent(nameColor, forKey: JSONKey(MonsterField.nameColor.key))
    for member in otherFields {
      try container.encode(member.value, forKey: JSONKey(member.key))
    }
  }
}

// MARK: - The seeded roster

extension Monster {
  /// The six monsters of the tutorial, in its order: the roster before any edit.
  ///
  /// The icons are spelled out, as the tutorial names them, rather than derived with
  /// ``defaultIcon(forName:)``: a program that shows the seeded roster then starts without
  /// the Unicode tables that deriving them reads.
  public static let seeded: [Monster] = [
    Monster(name: "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png", weapon: .sword),
    Monster(name: "Dog-Bot", description: "BOW-WOW", icon: "meetdogbot.png", weapon: .blowgun),
    Monster(
      name: "Explode-Bot", description: "Tick, tick, BOOM!", icon: "meetexplodebot.png",
      weapon: .smoke),
    Monster(
      name: "Fire-Bot", description: "Will Make You Steamed", icon: "meetfirebot.png",
      weapon: .ninjaStar),
    Monster(
      name: "Ice-Bot", description: "Has A Chilling Effect", icon: "meeticebot.png",
      weapon: .fire),
    Monster(
      name: "Mini-Tomato-Bot", description: "Extremely Handsome", icon: "meetminitomatobot.png",
      weapon: .ninjaStar),
  ]
}
