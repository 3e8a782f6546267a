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
///
/// An edit of several monsters is one edit: all of them change, or, when one cannot, none
/// does.
public enum RosterEdit: Hashable, Sendable {
  /// Changes fields of the monster with a name, ignoring case.
  case set(String, Changes)
  /// Adds a monster at the end.
  case add(Monster)
  /// Removes the monster with a name, ignoring case.
  case remove(String)
  /// Gives the monster with a name a new one; it keeps its place.
  case rename(String, to: String)
  /// Changes fields of every monster a selection picks.
  case setEach(MonsterSelection, Changes)
  /// Removes every monster a selection picks.
  case removeEach(MonsterSelection)
  /// Adds a monster at the end, unless a monster has its name already, ignoring case:
  /// then nothing changes (``RosterChange/skippedExisting(_:holder:)``).
  case addIfMissing(Monster)
  /// Adds a monster at the end or, when a monster has its name already, ignoring case,
  /// makes the changes to that one (which keeps its name).
  case addOrSet(Monster, Changes)
  /// Gives the monster with a name, ignoring case, a new one, as ``rename(_:to:)`` does,
  /// unless no monster has the name: then nothing changes
  /// (``RosterChange/skippedMissing(_:)``).
  case renameIfPresent(String, to: String)

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
    /// Keys `monsters` does not know, each set to its value: one the monster has is
    /// replaced where it stands, a new one goes after the others. The monster's other
    /// unknown keys are kept.
    public var otherFields: [JSONMember]

    /// Creates a set of changes.
    ///
    /// - Parameters:
    ///   - weapon: The new weapon.
    ///   - description: The new description.
    ///   - icon: The new icon file name.
    ///   - nameColor: The new name colour; `.some(nil)` removes the colour.
    ///   - otherFields: Unknown keys to set.
    public init(
      weapon: WeaponType? = nil, description: String? = nil, icon: String? = nil,
      nameColor: NameColor?? = nil, otherFields: [JSONMember] = []
    ) {
      self.weapon = weapon
      self.description = description
      self.icon = icon
      self.nameColor = nameColor
      self.otherFields = otherFields
    }

    /// Whether the changes change nothing.
    public var isEmpty: Bool {
      weapon == nil && description == nil && icon == nil && nameColor == nil
        && otherFields.isEmpty
    }

    /// Makes the changes to a monster.
    ///
    /// - Parameter monster: The monster to change.
    public func apply(to monster: inout Monster) {
      if let weapon { monster.weapon = Weapon(weapon) }
      if let description { monster.description = description }
      if let icon { monster.icon = icon }
      if let nameColor { monster.nameColor = nameColor }
      guard !otherFields.isEmpty else { return }
      var positions = monster.otherFields.positionsByKey
      for member in otherFields {
        if let index = positions[member.key] {
          monster.otherFields[index] = member
        } else {
          positions[member.key] = monster.otherFields.count
          monster.otherFields.append(member)
        }
      }
    }
  }
}

// MARK: - Applying edits

extension Roster {
  /// Makes one edit.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: Whether the roster changed: setting a field to the value it has already,
  ///   renaming a monster to its own name, or an edit that skips what is there or picks
  ///   no monster changes nothing.
  /// - Throws: ``RosterError/noSuchMonster(_:suggestion:)`` when the edit names a monster
  ///   the roster does not have; ``RosterError/invalidName(_:reason:)`` or
  ///   ``RosterError/nameTaken(_:by:)`` for a new name that cannot be used.
  @discardableResult
  public mutating func apply(_ edit: RosterEdit) throws(RosterError) -> Bool {
    try applyReporting(edit).contains { $0.changesRoster }
  }

  /// Makes one edit, and says what it did.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: What the edit did to each monster it touched, in order: a monster set to
  ///   what it was already gives nothing, so an edit that changes nothing gives no
  ///   change (or only skips).
  /// - Throws: As ``apply(_:)``; when it throws, the roster is as it was.
  public mutating func applyReporting(_ edit: RosterEdit) throws(RosterError) -> [RosterChange] {
    switch edit {
    case .set(let name, let changes):
      return try setEach(.names([name]), changes)
    case .setEach(let selection, let changes):
      return try setEach(selection, changes)
    case .add(let monster):
      try add(monster)
      return [.added(monster.name)]
    case .addIfMissing(let monster):
      if let holder = index(named: monster.name) {
        return [.skippedExisting(monster.name, holder: self[holder].name)]
      }
      try add(monster)
      return [.added(monster.name)]
    case .addOrSet(let monster, let changes):
      if let index = index(named: monster.name) {
        var result: [RosterChange] = []
        change(at: [index], changes, into: &result)
        return result
      }
      try add(monster)
      return [.added(monster.name)]
    case .remove(let name):
      return try removeEach(.names([name]))
    case .removeEach(let selection):
      return try removeEach(selection)
    case .renameIfPresent(let name, let newName):
      guard index(named: name) != nil else { return [.skippedMissing(name)] }
      return try applyReporting(.rename(name, to: newName))
    case .rename(let name, let newName):
      let index = try existingIndex(named: name)
      let before = self[index]
      guard try update(named: name, { $0.name = newName }) else { return [] }
      return [.changed(MonsterChange(from: before, to: self[index]))]
    }
  }
}
