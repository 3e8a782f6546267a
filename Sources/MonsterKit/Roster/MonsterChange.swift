/// What an edit changed in one monster: its name, and each field that changed, before and
/// after.
///
/// A change is described without building the monster, so that an edit of a million
/// monsters read from a file says what it did at little cost.
public struct MonsterChange: Hashable, Sendable {
  /// A field's value before and after.
  public struct Values<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value before.
    public var old: Value
    /// The value after.
    public var new: Value

    /// Creates the values of a field that changed.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    public init(_ old: Value, _ new: Value) {
      self.old = old
      self.new = new
    }
  }

  /// The monster's name before the edit.
  public var name: String
  /// The new name, when the name changed.
  public var newName: String?
  /// The weapon, when it changed.
  public var weapon: Values<WeaponType>?
  /// The description, when it changed.
  public var description: Values<String>?
  /// The icon's file name, when it changed.
  public var icon: Values<String>?
  /// The name colour, when it changed.
  public var nameColor: Values<NameColor?>?
  /// The unknown keys that were set: each with its value before (`nil` for a new key)
  /// and after, in the monster's order.
  public var otherFields: [Values<JSONMember?>]

  /// Creates the change of a monster with nothing changed yet.
  ///
  /// - Parameter name: The monster's name before the edit.
  public init(name: String) {
    self.name = name
    self.otherFields = []
  }

  /// The change from one version of a monster to another.
  ///
  /// - Parameters:
  ///   - old: The monster before.
  ///   - new: The monster after.
  public init(from old: Monster, to new: Monster) {
    self.init(name: old.name)
    if new.name != old.name { newName = new.name }
    if new.weapon != old.weapon { weapon = Values(old.weapon.type, new.weapon.type) }
    if new.description != old.description { description = Values(old.description, new.description) }
    if new.icon != old.icon { icon = Values(old.icon, new.icon) }
    if new.nameColor != old.nameColor { nameColor = Values(old.nameColor, new.nameColor) }
    let (before, after) = (old.otherFields.valuesByKey, new.otherFields.valuesByKey)
    for key in JSONMember.keys(of: [old.otherFields, new.otherFields])
    where before[key] != after[key] {
      let member = { (value: JSONValue?) in value.map { JSONMember(key, $0) } }
      otherFields.append(Values(member(before[key]), member(after[key])))
    }
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    newName == nil && weapon == nil && description == nil && icon == nil && nameColor == nil
      && otherFields.isEmpty
  }
}
