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
  /// Which monster this is, whatever its name: see ``ID``.
  public internal(set) var id: ID

  /// Creates a monster, with an ``id`` no other monster has.
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
    self.init(
      id: .random(), name: name, description: description, icon: icon, weapon: weapon,
      nameColor: nameColor, otherFields: otherFields)
  }

  /// Creates a monster with an id given, such as one a roster made for it.
  init(
    id: ID, name: String, description: String, icon: String? = nil, weapon: Weapon,
    nameColor: NameColor? = nil, otherFields: [JSONMember] = []
  ) {
    self.id = id
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
  /// text the same code points, not canonically equivalent ones, and the weapon by its
  /// name, as a monster's object names it (the image is the roster's, by its declarations).
  /// The ``id`` is not compared: a monster saved and read back, or taken from another
  /// roster, is the same monster.
  public static func == (lhs: Monster, rhs: Monster) -> Bool {
    MonsterField.BuiltIn.ordered.allSatisfy { $0.isSame(in: lhs, as: rhs) }
      && lhs.otherFields == rhs.otherFields
  }

  /// Hashes the fields ``==(_:_:)`` compares.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    for key in MonsterField.BuiltIn.ordered { key.hash(of: self, into: &hasher) }
    hasher.combine(otherFields)
  }
}

// MARK: - Identifiable

/// With its ``id``, a roster's monsters fill a SwiftUI `List` or `ForEach` as they are, and
/// a row stays the monster's row through a rename.
extension Monster: Identifiable {}

// MARK: - The seeded roster

extension Monster {
  /// The six monsters of the tutorial, in its order: the roster before any edit.
  ///
  /// The icons are spelled out, as the tutorial names them, rather than derived with
  /// ``defaultIcon(forName:)``: a program that shows the seeded roster then starts without
  /// the Unicode tables that deriving them reads.
  public static let seeded: [Monster] = [
    ("Cat-Bot", "MEE-OW", "meetcatbot.png", Weapon.sword),
    ("Dog-Bot", "BOW-WOW", "meetdogbot.png", .blowgun),
    ("Explode-Bot", "Tick, tick, BOOM!", "meetexplodebot.png", .smoke),
    ("Fire-Bot", "Will Make You Steamed", "meetfirebot.png", .ninjaStar),
    ("Ice-Bot", "Has A Chilling Effect", "meeticebot.png", .fire),
    ("Mini-Tomato-Bot", "Extremely Handsome", "meetminitomatobot.png", .ninjaStar),
  ].map { name, description, icon, weapon in
    Monster(name: name, description: description, icon: icon, weapon: weapon)
  }
}
