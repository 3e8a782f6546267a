// Adding, removing and changing monsters, with the names kept valid and unique.

extension Roster {
  /// Adds a monster at the end, with the roster's weapon of its weapon's name (and so the
  /// roster's image of it), and a required field it lacks given its default.
  ///
  /// The monster keeps its ``Monster/id``, unless a monster of the roster has it already
  /// (a copy of one of its monsters, renamed): then the roster gives it a new one.
  ///
  /// - Parameter monster: The new monster.
  /// - Returns: The monster's id on the roster.
  /// - Throws: ``RosterError/invalidName(_:reason:)`` or ``RosterError/nameTaken(_:by:)``;
  ///   ``RosterError/unknownWeapon(_:weapons:)``, ``RosterError/invalidValue(_:field:reason:)``
  ///   or ``RosterError/missingValue(field:monster:)`` for a weapon or a declared field the
  ///   roster does not take.
  @discardableResult
  public mutating func add(_ monster: Monster) throws(RosterError) -> Monster.ID {
    try checkName(monster.name, replacing: nil)
    var monster = try checked(monster)
    monster.id = newID(for: monster)
    append(monster)
    return monster.id
  }

  /// Removes the monster with a name, ignoring case.
  ///
  /// - Parameter name: The monster's name.
  /// - Returns: The monster removed.
  /// - Throws: ``RosterError/noSuchMonster(_:suggestion:)``.
  @discardableResult
  public mutating func remove(named name: String) throws(RosterError) -> Monster {
    let slot = try existingSlot(named: name)
    let monster = self[Index(slot: Int(slot))]
    unindexName(at: slot)
    removeMonster(atSlot: Int(slot))
    return monster
  }

  /// Changes the monster with a name, ignoring case.
  ///
  /// What the closure throws comes out as it was thrown, an app's own error too, and the
  /// roster is left as it was:
  ///
  /// ```swift
  /// try roster.update(named: "Cat-Bot") { monster in
  ///   monster.weapon = .fire
  ///   monster.nameColor = .red
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The monster's name.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed: setting a field to the value it has already
  ///   changes nothing.
  /// - Throws: What `change` throws; ``RosterError/noSuchMonster(_:suggestion:)``, and for
  ///   a new name ``RosterError/invalidName(_:reason:)`` or ``RosterError/nameTaken(_:by:)``;
  ///   for a weapon or a declared field the roster does not take, what ``add(_:)`` throws.
  @discardableResult
  public mutating func update<Failure: Error>(
    named name: String, _ change: (inout Monster) throws(Failure) -> Void
  ) throws -> Bool {
    let index = try existingIndex(named: name)
    return try replace(at: index, with: try changed(at: index, change))
  }

  /// Changes the monster with a name, ignoring case, with a change that throws nothing, or
  /// only the roster's errors (a closure marked `throws(RosterError)`): a caller whose
  /// errors are typed ``RosterError`` keeps them so.
  ///
  /// - Parameters:
  ///   - name: The monster's name.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed.
  /// - Throws: What `change` throws, and what the form whose change throws any error throws.
  @discardableResult
  public mutating func update(
    named name: String, _ change: (inout Monster) throws(RosterError) -> Void
  ) throws(RosterError) -> Bool {
    let index = try existingIndex(named: name)
    return try replace(at: index, with: try changed(at: index, change))
  }

  /// The monster at a position, changed; the roster is not.
  func changed<Failure: Error>(
    at index: Index, _ change: (inout Monster) throws(Failure) -> Void
  ) throws(Failure) -> Monster {
    var monster = self[index]
    try change(&monster)
    return monster
  }

  /// Puts a monster in the place of the one at a position, checked as ``add(_:)`` checks a
  /// new one; a new name must be free.
  ///
  /// - Returns: Whether the monster changed.
  mutating func replace(at index: Index, with new: Monster) throws(RosterError) -> Bool {
    let slot = Int32(index.slot)
    let old = self[index]
    guard new != old else { return false }
    let new = try checked(new)
    if new.name != old.name {
      try checkName(new.name, replacing: slot)
      unindexName(at: slot)
    }
    replaceMonster(atSlot: index.slot, with: new)
    if new.name != old.name {
      indexName(at: slot)
    }
    return true
  }

  /// The position of the monster with a name, ignoring case.
  ///
  /// - Throws: ``RosterError/noSuchMonster(_:suggestion:)``, with the closest name.
  package func existingIndex(named name: String) throws(RosterError) -> Index {
    Index(slot: Int(try existingSlot(named: name)))
  }

  private func existingSlot(named name: String) throws(RosterError) -> Int32 {
    guard let slot = slot(named: name) else {
      throw .noSuchMonster(name, suggestion: closestName(to: name))
    }
    return slot
  }

  /// Refuses a name that is not allowed or that another monster has, ignoring case.
  private func checkName(_ name: String, replacing slot: Int32?) throws(RosterError) {
    try checkNameRules(name)
    if let holder = self.slot(named: name), holder != slot {
      throw .nameTaken(name, by: self[Index(slot: Int(holder))].name)
    }
  }

  /// Gives the roster other keys of its own, in order, after the known ones: what the
  /// roster's object holds beyond `version`, `weapons`, `fields` and `monsters`.
  ///
  /// ```swift
  /// try roster.setOtherFields([JSONMember("title", .string("Team"))])
  /// try roster.setOtherFields([JSONMember("version", .number("2"))])  // throws
  /// ```
  ///
  /// - Parameter members: The keys and their values.
  /// - Throws: ``RosterError/invalidValue(_:field:reason:)`` for what the roster file could
  ///   not hold, naming the first such key: a key the roster has of its own (`version`,
  ///   `weapons`, `fields`, `monsters`), a key given twice, a number that is no JSON number
  ///   (`NaN`, `abc`, `01`), a value nested too deep. The roster is then as it was.
  public mutating func setOtherFields(_ members: [JSONMember]) throws(RosterError) {
    try members.checkWritableAsRosters()
    otherFields = members
  }

  /// Checks that a name follows the rules of names, whoever has it.
  ///
  /// - Throws: ``RosterError/invalidName(_:reason:)``.
  func checkNameRules(_ name: String) throws(RosterError) {
    if let problem = Monster.problem(withName: name) {
      throw .invalidName(name, reason: problem)
    }
  }
}
