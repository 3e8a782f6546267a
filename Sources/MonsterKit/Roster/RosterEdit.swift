/// One change to a roster: what a command line, a line of an `apply` script or a pick in
/// the picker asks for.
///
/// Every edit, however it was asked for, is applied by ``Roster/apply(_:)`` and saved by
/// ``RosterFile/apply(_:dryRun:)``:
///
/// ```swift
/// let edit = RosterEdit.set("Cat-Bot", .init(weapon: .fire))
/// try RosterFile(path: "monsters.json").apply([edit])
/// ```
public enum RosterEdit: Hashable, Sendable {
  /// Changes fields of the monster with a name, ignoring case.
  case set(String, Changes)
  /// Adds a monster at the end.
  case add(Monster)
  /// Removes the monster with a name, ignoring case.
  case remove(String)
  /// Gives the monster with a name a new one; it keeps its place.
  case rename(String, to: String)

  /// New values for some of a monster's fields; `nil` leaves a field as it is.
  public struct Changes: Hashable, Sendable {
    /// The new weapon.
    public var weapon: WeaponType?
    /// The new description.
    public var description: String?
    /// The new icon file name.
    public var icon: String?
    /// The new name colour: `.some(nil)` removes the colour.
    public var nameColor: NameColor??

    /// Creates a set of changes.
    ///
    /// - Parameters:
    ///   - weapon: The new weapon.
    ///   - description: The new description.
    ///   - icon: The new icon file name.
    ///   - nameColor: The new name colour; `.some(nil)` removes the colour.
    public init(
      weapon: WeaponType? = nil, description: String? = nil, icon: String? = nil,
      nameColor: NameColor?? = nil
    ) {
      self.weapon = weapon
      self.description = description
      self.icon = icon
      self.nameColor = nameColor
    }

    /// Whether the changes change nothing.
    public var isEmpty: Bool {
      weapon == nil && description == nil && icon == nil && nameColor == nil
    }

    /// Makes the changes to a monster.
    ///
    /// - Parameter monster: The monster to change.
    public func apply(to monster: inout Monster) {
      if let weapon { monster.weapon = Weapon(weapon) }
      if let description { monster.description = description }
      if let icon { monster.icon = icon }
      if let nameColor { monster.nameColor = nameColor }
    }
  }
}

// MARK: - Applying edits

extension Roster {
  /// Makes one edit.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: Whether the roster changed: setting a field to the value it has already,
  ///   or renaming a monster to its own name, changes nothing.
  /// - Throws: ``RosterError/noSuchMonster(_:suggestion:)`` when the edit names a monster
  ///   the roster does not have; ``RosterError/invalidName(_:reason:)`` or
  ///   ``RosterError/nameTaken(_:by:)`` for a new name that cannot be used.
  @discardableResult
  public mutating func apply(_ edit: RosterEdit) throws(RosterError) -> Bool {
    switch edit {
    case .set(let name, let changes):
      return try update(named: name) { changes.apply(to: &$0) }
    case .add(let monster):
      try add(monster)
      return true
    case .remove(let name):
      try remove(named: name)
      return true
    case .rename(let name, let newName):
      return try update(named: name) { $0.name = newName }
    }
  }
}
