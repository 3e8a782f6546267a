// Edits of several monsters at once: finding the monsters a selection picks, by name or by
// conditions on their fields, and changing or removing them together. Conditions are
// checked on the file's records and bytes, so that picking among a million monsters builds
// no monster that is not picked.

extension Roster {
  /// The positions of the monsters for which all the conditions hold, in roster order.
  ///
  /// A name is compared as the roster compares names, ignoring case; a description or an
  /// icon must be exactly the text given. No conditions pick every monster.
  ///
  /// - Parameter conditions: The conditions.
  /// - Returns: The positions.
  public func indices(matching conditions: [MonsterCondition]) -> [Index] {
    var onlySlot: Int?
    var weapon: WeaponType?
    var nameColor: NameColor??
    var texts: [(MonsterTextField, [UInt8])] = []
    for condition in conditions {
      switch condition {
      case .name(let name):
        guard let slot = slot(named: name).map(Int.init), onlySlot == nil || onlySlot == slot
        else { return [] }
        onlySlot = slot
      case .weapon(let wanted):
        guard weapon == nil || weapon == wanted else { return [] }
        weapon = wanted
      case .nameColor(let wanted):
        guard nameColor == nil || nameColor == wanted else { return [] }
        nameColor = .some(wanted)
      case .description(let text):
        texts.append((.description, Array(text.utf8)))
      case .icon(let text):
        texts.append((.icon, Array(text.utf8)))
      }
    }
    func holds(_ index: Index) -> Bool {
      if let weapon, self.weapon(at: index) != weapon { return false }
      if let nameColor, self.nameColor(at: index) != nameColor { return false }
      for (field, text) in texts {
        let equal = text.withUnsafeBytes { wanted in
          withUTF8(field, atSlot: Int32(truncatingIfNeeded: index.slot)) {
            $0.count == wanted.count && $0.elementsEqual(wanted)
          }
        }
        if !equal { return false }
      }
      return true
    }
    if let onlySlot {
      let index = Index(slot: onlySlot)
      return holds(index) ? [index] : []
    }
    var picked: [Index] = []
    for slot in slots.indices where !slots[slot].isRemoved {
      let index = Index(slot: slot)
      if holds(index) { picked.append(index) }
    }
    return picked
  }

  /// The positions of the monsters a selection picks, and what it skipped.
  ///
  /// - Throws: ``RosterError/noSuchMonster(_:suggestion:)`` for a name of
  ///   ``MonsterSelection/names(_:)`` that no monster has.
  func positions(of selection: MonsterSelection) throws(RosterError)
    -> (indices: [Index], skipped: [RosterChange])
  {
    switch selection {
    case .names(let names):
      var indices: [Index] = []
      for name in names {
        let index = try existingIndex(named: name)
        if !indices.contains(index) { indices.append(index) }
      }
      return (indices, [])
    case .namesIfPresent(let names):
      var indices: [Index] = []
      var skipped: [RosterChange] = []
      for name in names {
        if let index = index(named: name) {
          if !indices.contains(index) { indices.append(index) }
        } else if !skipped.contains(.skippedMissing(name)) {
          skipped.append(.skippedMissing(name))
        }
      }
      return (indices, skipped)
    case .matching(let conditions):
      let indices = indices(matching: conditions)
      return (indices, indices.isEmpty ? [.noMatch(conditions)] : [])
    }
  }

  /// Makes changes to every monster a selection picks.
  mutating func setEach(_ selection: MonsterSelection, _ changes: RosterEdit.Changes)
    throws(RosterError) -> [RosterChange]
  {
    let (indices, skipped) = try positions(of: selection)
    var result = skipped
    result.reserveCapacity(skipped.count + indices.count)
    change(at: indices, changes, into: &result)
    return result
  }

  /// Removes every monster a selection picks.
  mutating func removeEach(_ selection: MonsterSelection) throws(RosterError) -> [RosterChange] {
    let (indices, skipped) = try positions(of: selection)
    var result = skipped
    result.reserveCapacity(skipped.count + indices.count)
    for index in indices {
      let slot = Int32(truncatingIfNeeded: index.slot)
      result.append(.removed(withUTF8(.name, atSlot: slot) { String(decoding: $0, as: UTF8.self) }))
      unindexName(at: slot)
      removeMonster(atSlot: index.slot)
    }
    return result
  }

  /// Makes changes, which leave names alone, to the monsters at some positions.
  ///
  /// A change of the weapon or the colour alone to a monster as the file holds it is made
  /// to its record, which holds both, so that no monster is built: the way to change
  /// 200,000 monsters of a million in about the time a file takes to write. That copies the
  /// records once, so an edit of a few monsters builds them instead.
  ///
  /// - Parameters:
  ///   - indices: The positions.
  ///   - changes: The changes.
  ///   - result: Where a change for each monster that is not what it was goes.
  mutating func change(
    at indices: [Index], _ changes: RosterEdit.Changes, into result: inout [RosterChange]
  ) {
    // The first change to a record copies all of them, as the roster before the edit keeps
    // them: for a few monsters, building each costs far less.
    let manyMonsters =
      source.hasRewrittenRecords
      || indices.count * Self.monstersPerRecordCopy >= source.records.count
    let onRecords =
      manyMonsters && changes.description == nil && changes.icon == nil
      && changes.otherFields.isEmpty
    for index in indices {
      if onRecords, case .record(let position) = slots[index.slot].content {
        var record = source.records[position]
        let (weapon, nameColor) = (record.weapon, record.nameColor)
        if let new = changes.weapon { record.weapon = new }
        if let new = changes.nameColor { record.nameColor = new }
        guard record.weapon != weapon || record.nameColor != nameColor else { continue }
        record.flags.insert(.rewritten)
        source.records[position] = record
        source.hasRewrittenRecords = true
        var change = MonsterChange(name: source.text(.name, of: record))
        if record.weapon != weapon { change.weapon = .init(weapon, record.weapon) }
        if record.nameColor != nameColor { change.nameColor = .init(nameColor, record.nameColor) }
        result.append(.changed(change))
        continue
      }
      guard wouldChange(at: index, changes) else { continue }
      let before = self[index]
      var after = before
      changes.apply(to: &after)
      guard after != before else { continue }
      replaceMonster(atSlot: index.slot, with: after)
      result.append(.changed(MonsterChange(from: before, to: after)))
    }
  }

  /// How many of a roster's monsters an edit changes, at least, for each that is changed in
  /// its record rather than built: one copy of the records (36 bytes a monster) costs about
  /// as much memory as building one monster (its strings, its slot among the edited) in
  /// this many.
  static let monstersPerRecordCopy = 8

  /// Whether changes would change the monster at a position, found from its fields without
  /// building it: importing a roster's own listing compares a million monsters this way.
  private func wouldChange(at index: Index, _ changes: RosterEdit.Changes) -> Bool {
    if let weapon = changes.weapon, weapon != self.weapon(at: index) { return true }
    if let nameColor = changes.nameColor, nameColor != self.nameColor(at: index) { return true }
    for (field, text) in [
      (MonsterTextField.description, changes.description), (.icon, changes.icon),
    ] {
      guard var text else { continue }
      let slot = Int32(truncatingIfNeeded: index.slot)
      let equal = text.withUTF8 { wanted in
        withUTF8(field, atSlot: slot) { $0.elementsEqual(UnsafeRawBufferPointer(wanted)) }
      }
      if !equal { return true }
    }
    guard !changes.otherFields.isEmpty else { return false }
    let others = otherFields(at: index).valuesByKey
    return changes.otherFields.contains { others[$0.key] != $0.value }
  }

  /// Puts a changed monster in its slot. The caller has checked and indexed its name.
  mutating func replaceMonster(atSlot slot: Int, with monster: Monster) {
    switch slots[slot].content {
    case .record:
      slots[slot] = .edited(edited.count)
      edited.append(monster)
    case .edited(let entry):
      edited[entry] = monster
    case .removed:
      preconditionFailure("a name never finds a removed monster")
    }
  }

  /// Whether two rosters hold the same monsters in the same order and the same other keys,
  /// as `==` says, without building the monsters that both took, unchanged, from the same
  /// file: how an edit learns that its changes cancelled out, on a roster of any size.
  ///
  /// - Parameter other: The other roster.
  /// - Returns: Whether the rosters are equal.
  package func hasSameMonsters(as other: Roster) -> Bool {
    guard count == other.count, otherFields == other.otherFields else { return false }
    let sameSource = source.bytes.withUnsafeBytes { mine in
      other.source.bytes.withUnsafeBytes { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
    var mine = startIndex
    var theirs = other.startIndex
    while mine != endIndex {
      if sameSource, case .record(let record) = slots[mine.slot].content,
        case .record(let otherRecord) = other.slots[theirs.slot].content, record == otherRecord,
        !source.records[record].flags.contains(.rewritten),
        !other.source.records[record].flags.contains(.rewritten)
      {
        // The same record of the same bytes, as the file has it.
      } else if self[mine] != other[theirs] {
        return false
      }
      mine = index(after: mine)
      theirs = other.index(after: theirs)
    }
    return true
  }
}
