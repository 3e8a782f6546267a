/// One change to a roster: what a command line, a line of an `apply` script or a pick in
/// the picker asks for.
///
/// Every edit, however it was asked for, is made by ``Roster/apply(_:)-(RosterEdit)``;
/// a file's edits go through ``RosterFile/update(dryRun:_:)-78lyj``, on the edit path that
/// every write of the file takes:
///
/// ```swift
/// let edit = RosterEdit.set("Cat-Bot", .init(weapon: .fire))
/// try RosterFile(path: "monsters.json").apply([edit])
/// ```
///
/// An edit of several monsters is one edit: all of them change, or, when one cannot, none
/// does. Values are checked against the roster's weapons and fields when the edit is made.
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
  /// Adds a monster of a name, with the fields the changes give: an empty description, the
  /// icon ``Monster/defaultIcon(forName:)`` gives, no colour, and a required field's default
  /// for what they leave out. A weapon is needed.
  case addNamed(String, Changes, ifTaken: IfTaken)
  /// Gives the monster with a name, ignoring case, a new one, as ``rename(_:to:)`` does,
  /// unless no monster has the name: then nothing changes
  /// (``RosterChange/skippedMissing(_:)``).
  case renameIfPresent(String, to: String)
  /// Adds a weapon at the end of the roster's weapons; a roster with the five built-in ones
  /// lists them from then on.
  case addWeapon(Weapon)
  /// Removes the weapon with a name, read forgivingly, which no monster may carry.
  case removeWeapon(String)
  /// Declares a field, after the others; a required one is given, by its default, to every
  /// monster without it.
  case addField(MonsterField)
  /// Takes away the declared field with a name, exactly or else in any case.
  case removeField(String, ifHeld: IfHeld)
  /// Changes the declaration of the declared field with a name, exactly or else in any
  /// case: its values, range, requirement or default.
  case changeField(String, FieldRedeclaration)
  /// Renames the declared field with a name, exactly or else in any case, and the key in
  /// every monster that has it.
  case renameField(String, to: String)
  /// Renames the weapon with a name, read forgivingly, in the roster's weapons and in every
  /// monster that carries it; it keeps its image unless `image` gives another.
  case renameWeapon(String, to: String, image: String?)
  /// Gives the roster's own weapon with a name, read forgivingly, another image.
  case changeWeaponImage(String, to: String)
  /// Says what the roster makes of a monster's key that no field declares.
  case setOtherKeys(OtherKeys)

  /// What adding a monster does when a monster has its name already, ignoring case.
  public enum IfTaken: Hashable, Sendable {
    /// The edit fails: ``RosterError/nameTaken(_:by:)``.
    case fail
    /// Nothing changes (``RosterChange/skippedExisting(_:holder:)``).
    case skip
    /// The changes are made to the monster that has the name.
    case update
  }

  /// What removing a field does while monsters have it.
  public enum IfHeld: Hashable, Sendable {
    /// The edit fails: ``RosterError/fieldInUse(_:monsters:count:)``.
    case fail
    /// The field is taken from those monsters too.
    case takeFromMonsters
  }

  /// New values for some of a monster's fields, in order; a field not named stays as it
  /// is, and of a field named twice the last value counts.
  ///
  /// ```swift
  /// var changes = RosterEdit.Changes(weapon: .fire)
  /// changes.set("team", to: .typed("red"))
  /// changes.remove("notes")  // takes the notes away
  /// ```
  public struct Changes: Hashable, Sendable {
    /// What changes do to a monster's name colour: leave it, set it, or take it away.
    ///
    /// Three cases rather than a double optional, so that a colour that failed to parse
    /// cannot pass for "take the colour away":
    ///
    /// ```swift
    /// guard let color = NameColor(parsing: text) else { return }  // say what is wrong
    /// try roster.apply(.set("Cat-Bot", .init(nameColor: .set(color))))
    /// ```
    public enum NameColorChange: Hashable, Sendable {
      /// The colour stays as it is.
      case keep
      /// The name gets this colour.
      case set(NameColor)
      /// The name loses its colour: the terminal's own colour shows it.
      case remove
    }

    /// One field's new value.
    public struct Assignment: Hashable, Sendable {
      /// The field's key: a built-in or declared field's, in any case, or another key.
      public var key: String
      /// The new value, or `nil` to take the value away (a field a monster may be without).
      public var value: FieldInput?
      /// Whether the key names a built-in or declared field only as spelled, code point for
      /// code point, as a key of a JSON object does; any other spelling is a key of its own.
      /// Otherwise a field is found in any case and normal form, as a person types it.
      public var keyIsExact: Bool

      /// Creates an assignment.
      ///
      /// - Parameters:
      ///   - key: The field's key.
      ///   - value: The new value, or `nil` for none.
      ///   - keyIsExact: Whether the key names a field only as spelled.
      public init(_ key: String, _ value: FieldInput?, keyIsExact: Bool = false) {
        self.key = key
        self.value = value
        self.keyIsExact = keyIsExact
      }
    }

    /// The new values, in the order given.
    public var assignments: [Assignment]

    /// Creates a set of changes.
    ///
    /// - Parameter assignments: The new values, in order.
    public init(_ assignments: [Assignment] = []) {
      self.assignments = assignments
    }

    /// Creates a set of changes of the built-in fields, and of other keys.
    ///
    /// - Parameters:
    ///   - weapon: The new weapon: the roster's weapon of its name.
    ///   - description: The new description.
    ///   - icon: The new icon file name.
    ///   - nameColor: What happens to the name colour: ``NameColorChange/keep`` (the
    ///     default), ``NameColorChange/set(_:)`` or ``NameColorChange/remove``.
    ///   - otherFields: Declared fields or other keys, each set to its value: one the
    ///     monster has is replaced where it stands, a new one goes after the others. A key is
    ///     taken exactly as spelled, as a key of a JSON object is: `Weapon` is a key of its
    ///     own, not the monster's weapon.
    public init(
      weapon: Weapon? = nil, description: String? = nil, icon: String? = nil,
      nameColor: NameColorChange = .keep, otherFields: [JSONMember] = []
    ) {
      self.init()
      func string(_ text: String) -> FieldInput { .json(.string(text)) }
      if let weapon { set(MonsterField.weapon.key, to: string(weapon.name)) }
      if let description { set(MonsterField.description.key, to: string(description)) }
      if let icon { set(MonsterField.icon.key, to: string(icon)) }
      switch nameColor {
      case .keep: break
      case .set(let color): set(MonsterField.nameColor.key, to: string(color.description))
      case .remove: remove(MonsterField.nameColor.key)
      }
      for member in otherFields {
        assignments.append(Assignment(member.key, .json(member.value), keyIsExact: true))
      }
    }

    /// Sets a field to a value, after the fields set before.
    ///
    /// - Parameters:
    ///   - key: The field's key.
    ///   - value: The new value, or `nil` to take the value away.
    public mutating func set(_ key: String, to value: FieldInput?) {
      assignments.append(Assignment(key, value))
    }

    /// Takes a field's value away, after the fields set before: for a field a monster may
    /// be without, or a key no one declared.
    ///
    /// - Parameter key: The field's key.
    public mutating func remove(_ key: String) {
      set(key, to: nil)
    }

    /// Whether the changes change nothing.
    public var isEmpty: Bool {
      assignments.isEmpty
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

  /// Makes edits in order, as one change, and says what each did: the one loop of edits,
  /// which ``RosterFile/apply(_:dryRun:)`` and every front end's edits run under the lock.
  ///
  /// - Parameters:
  ///   - edits: The edits.
  ///   - failed: Given an edit's position and its error: throws to stop there (by default,
  ///     the error), or returns to go on with the next edit, the failed one changing
  ///     nothing, so that every edit that cannot be made is known.
  /// - Returns: Each edit's changes, by its position (none for one that failed), and
  ///   whether the roster changed: not when the edits changed nothing, nor when their
  ///   changes cancel out.
  package mutating func applyEach(
    _ edits: [RosterEdit],
    failed: (Int, RosterError) throws(RosterError) -> Void = { (_, error) throws(RosterError) in
      throw error
    }
  ) throws(RosterError) -> (changes: [[RosterChange]], changed: Bool) {
    let before = self
    var changes: [[RosterChange]] = []
    var changedAny = false
    for (position, edit) in edits.enumerated() {
      do throws(RosterError) {
        let result = try applyReporting(edit)
        if result.contains(where: \.changesRoster) { changedAny = true }
        changes.append(result)
      } catch {
        try failed(position, error)
        changes.append([])
      }
    }
    return (changes, changedAny && (edits.count == 1 || !hasSameMonsters(as: before)))
  }

  /// Makes one edit, and says what it did.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: What the edit did to each monster it touched, in order: a monster set to
  ///   what it was already gives nothing, so an edit that changes nothing gives no
  ///   change (or only skips).
  /// - Throws: As ``apply(_:)-(RosterEdit)``; when it throws, the roster is as it was.
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
        change(at: [index], try resolved(changes), into: &result)
        return result
      }
      try add(monster)
      return [.added(monster.name)]
    case .addNamed(let name, let changes, let ifTaken):
      // The values are checked whether the name is taken or not, so that a mistyped weapon
      // fails every run of a script, not only the one that adds the monster.
      let values = try resolved(changes)
      if let index = index(named: name) {
        switch ifTaken {
        case .fail: throw .nameTaken(name, by: self[index].name)
        case .skip: return [.skippedExisting(name, holder: self[index].name)]
        case .update:
          var result: [RosterChange] = []
          change(at: [index], values, into: &result)
          return result
        }
      }
      try add(try newMonster(named: name, changes))
      return [.added(name)]
    case .remove(let name):
      return try removeEach(.names([name]))
    case .removeEach(let selection):
      return try removeEach(selection)
    case .renameIfPresent(let name, let newName):
      // The new name is checked whether there is a monster to rename or not, as the values
      // of an added monster are.
      try checkNameRules(newName)
      guard index(named: name) != nil else { return [.skippedMissing(name)] }
      return try applyReporting(.rename(name, to: newName))
    case .rename(let name, let newName):
      let index = try existingIndex(named: name)
      let before = self[index]
      var renamed = before
      renamed.name = newName
      guard try replace(at: index, with: renamed) else { return [] }
      return [.changed(MonsterChange(from: before, to: self[index]))]
    case .addWeapon(let weapon):
      return try addWeapon(weapon)
    case .removeWeapon(let name):
      return try removeWeapon(named: name)
    case .addField(let field):
      return try addField(field)
    case .removeField(let name, let ifHeld):
      return try removeField(named: name, ifHeld: ifHeld)
    case .changeField(let name, let change):
      return try changeField(named: name, change)
    case .renameField(let name, let newName):
      return try renameField(named: name, to: newName)
    case .renameWeapon(let name, let newName, let image):
      return try renameWeapon(named: name, to: newName, image: image)
    case .changeWeaponImage(let name, let image):
      return try changeWeaponImage(named: name, to: image)
    case .setOtherKeys(let rule):
      return try setOtherKeys(rule)
    }
  }
}

extension RosterEdit.Changes.NameColorChange {
  /// The colour the name has after a change that is not ``keep``: `nil` for ``remove``.
  var color: NameColor? {
    if case .set(let color) = self { color } else { nil }
  }
}
