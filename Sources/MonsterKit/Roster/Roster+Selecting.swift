// Edits of several monsters at once: finding the monsters a selection picks, by name or by
// conditions on their fields, and changing or removing them together. Conditions are
// checked on the file's records and bytes, so that picking among a million monsters builds
// no monster that is not picked.

extension Roster {
  /// The positions of the monsters for which all the conditions hold, in roster order.
  ///
  /// A name is compared as the roster compares names, ignoring case; any other value must
  /// be exactly the one given, read by the field's kind (a weapon typed `ninja-star` is
  /// `ninjaStar`; an integer field's `7` is also `7.0` in the file). No conditions pick
  /// every monster.
  ///
  /// - Parameter conditions: The conditions.
  /// - Returns: The positions.
  /// - Throws: ``RosterError/unknownField(_:fields:)`` for a field the roster does not have
  ///   and no monster has, ``RosterError/unknownWeapon(_:weapons:)`` or
  ///   ``RosterError/invalidValue(_:field:reason:)`` for a value its field does not take.
  public func indices(matching conditions: [MonsterCondition]) throws(RosterError) -> [Index] {
    indices(where: try resolved(conditions))
  }

  /// The positions of the monsters for which all the resolved conditions hold: those the
  /// conditions of equality pick, found on the file's records and bytes, then the others
  /// checked on each of those.
  func indices(where conditions: [ResolvedCondition]) -> [Index] {
    let equalities = conditions.filter { $0.comparison == .equal }.map { ($0.field, $0.value) }
    let others = conditions.filter { $0.comparison != .equal }
    let picked = indices(where: equalities)
    guard !others.isEmpty else { return picked }
    return picked.filter { index in
      others.allSatisfy { $0.holds(value(of: $0.field, at: index)) }
    }
  }

  /// The positions of the monsters whose fields have the values, read by the roster.
  func indices(where conditions: [(field: MonsterField, value: JSONValue?)]) -> [Index] {
    // Every monster, without the tables a selection builds: what `list` asks at every start.
    guard !conditions.isEmpty else { return indices(satisfying: { _ in true }) }
    // One field cannot have two values; two spellings of one value (an integer's `7` and
    // `7.0`) are one value, which both conditions then check.
    var wanted: [CodePointKey: JSONValue?] = [:]
    for (field, value) in conditions where field.builtIn != .name {
      if let earlier = wanted.updateValue(value, forKey: CodePointKey(field.key)), earlier != value,
        !field.holds(earlier, asked: value)
      {
        return []
      }
    }
    var onlySlot: Int?
    var held: [(field: MonsterField, value: JSONValue?)] = []
    var texts: [(MonsterTextField, [UInt8])] = []
    var others: [(field: MonsterField, value: JSONValue?)] = []
    for (field, value) in conditions {
      switch (field.builtIn, field.builtIn?.textField, value) {
      case (.name?, _, .string(let name)?):
        guard let slot = slot(named: name).map(Int.init), onlySlot == nil || onlySlot == slot
        else { return [] }
        onlySlot = slot
      case (_, let text?, .string(let wanted)?):
        texts.append((text, Array(wanted.utf8)))
      case (_?, nil, _):
        held.append((field, value))
      default:
        others.append((field, value))
      }
    }
    let heldValues = RecordValues(held, weapons: storage.source.weapons)
    func holds(_ index: Index) -> Bool {
      if let heldValues, let (_, record) = storage.record(atSlot: index.slot) {
        if !heldValues.areHeld(by: record) { return false }
      } else if held.contains(where: { value(of: $0.field, at: index) != $0.value }) {
        return false
      }
      for (field, text) in texts {
        let equal = text.withUnsafeBytes { wanted in
          withUTF8(field, atSlot: Int32(truncatingIfNeeded: index.slot)) {
            $0.count == wanted.count && $0.elementsEqual(wanted)
          }
        }
        if !equal { return false }
      }
      guard !others.isEmpty else { return true }
      // A monster has a few other keys, and a condition names one or two: a search of them
      // costs less than a dictionary of them per monster.
      let members = otherFields(at: index)
      return others.allSatisfy { wanted in
        wanted.field.holds(members.value(forKey: wanted.field.key), asked: wanted.value)
      }
    }
    if let onlySlot {
      let index = Index(slot: onlySlot)
      return holds(index) ? [index] : []
    }
    return indices(satisfying: holds)
  }

  /// The positions of the monsters for which `holds` is true, in roster order.
  private func indices(satisfying holds: (Index) -> Bool) -> [Index] {
    var picked: [Index] = []
    for slot in 0..<storage.slotCount where !storage.isRemoved(slot) {
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
      // A monster named twice, in any case or normal form, is picked once; a set keeps
      // that linear in the names given.
      var indices: [Index] = []
      var picked: Set<Index> = []
      for name in names {
        let index = try existingIndex(named: name)
        if picked.insert(index).inserted { indices.append(index) }
      }
      return (indices, [])
    case .namesIfPresent(let names):
      var indices: [Index] = []
      var picked: Set<Index> = []
      var skipped: [RosterChange] = []
      // A missing name given twice, in any case or normal form, is one name, skipped once.
      var skippedNames: Set<String> = []
      for name in names {
        if let index = index(named: name) {
          if picked.insert(index).inserted { indices.append(index) }
        } else if skippedNames.insert(Monster.foldedName(name)).inserted {
          skipped.append(.skippedMissing(name))
        }
      }
      return (indices, skipped)
    case .matching(let conditions):
      let resolved = try resolved(conditions)
      let indices = indices(where: resolved)
      let exact = resolved.map {
        MonsterCondition($0.field.key, $0.comparison, $0.value.map(FieldInput.json))
      }
      return (indices, indices.isEmpty ? [.noMatch(exact)] : [])
    }
  }

  /// Makes changes to every monster a selection picks.
  mutating func setEach(_ selection: MonsterSelection, _ changes: RosterEdit.Changes)
    throws(RosterError) -> [RosterChange]
  {
    let changes = try resolved(changes)
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
  /// A change of the fields a record holds itself (the weapon, the colour) and of keys beyond
  /// the built-in ones (declared fields, undeclared keys) to a monster as the file holds it
  /// is made to its record and its other keys, so that no monster is built: the way to
  /// change 200,000 monsters of a million in about the time a file takes to write.
  /// That copies the records once, so an edit of a few monsters builds them instead.
  ///
  /// - Parameters:
  ///   - indices: The positions.
  ///   - changes: The changes, read by the roster.
  ///   - result: Where a change for each monster that is not what it was goes.
  mutating func change(
    at indices: [Index], _ changes: ResolvedChanges, into result: inout [RosterChange]
  ) {
    // The first change to a record copies all of them, as the roster before the edit keeps
    // them: for a few monsters, building each costs far less.
    let manyMonsters =
      storage.source.hasRewrittenRecords
      || indices.count * Self.monstersPerRecordCopy >= storage.source.records.count
    let others = changes.values.filter { $0.field.builtIn == nil }
    let held = changes.values.filter { $0.field.builtIn != nil }
    let onRecords = manyMonsters ? RecordValues(held, weapons: storage.source.weapons) : nil
    for index in indices {
      var fields: [FieldChange] = []
      if let onRecords,
        let changed = storage.rewriteRecord(
          atSlot: index.slot,
          { record, source in
            fields = onRecords.apply(to: &record, weapons: source.weapons)
            if !others.isEmpty {
              source.setOtherFields(others, of: &record, reportingTo: &fields)
            }
            return !fields.isEmpty
          })
      {
        guard changed else { continue }
        var change = MonsterChange(
          name: withUTF8(.name, at: index) { String(decoding: $0, as: UTF8.self) })
        change.fields = fields
        result.append(.changed(change))
        continue
      }
      guard wouldChange(at: index, changes) else { continue }
      let before = self[index]
      var after = before
      changes.apply(to: &after, weapons: weapons)
      guard after != before else { continue }
      replaceMonster(atSlot: index.slot, with: after)
      result.append(
        .changed(MonsterChange(from: before, to: after, declared: declarations.fields)))
    }
  }

  /// How many of a roster's monsters an edit changes, at least, for each that is changed in
  /// its record rather than built: one copy of the records (36 bytes a monster) costs about
  /// as much memory as building one monster (its strings, its slot among the edited) in
  /// this many.
  static let monstersPerRecordCopy = 8

  /// Whether changes would change the monster at a position, found from its fields without
  /// building it: importing a roster's own listing compares a million monsters this way.
  private func wouldChange(at index: Index, _ changes: ResolvedChanges) -> Bool {
    for (field, value) in changes.values {
      if let text = field.builtIn?.textField, case .string(var wanted)? = value {
        let slot = Int32(truncatingIfNeeded: index.slot)
        let equal = wanted.withUTF8 { wanted in
          withUTF8(text, atSlot: slot) { $0.elementsEqual(UnsafeRawBufferPointer(wanted)) }
        }
        if !equal { return true }
      } else if self.value(of: field, at: index) != value {
        return true
      }
    }
    return false
  }

  /// Puts a changed monster in its slot. The caller has checked and indexed its name.
  mutating func replaceMonster(atSlot slot: Int, with monster: Monster) {
    // The monster at a position keeps its id, whatever the new one holds.
    var monster = monster
    monster.id = id(atSlot: slot)
    if storage.record(atSlot: slot) != nil { editedIDs?.insert(monster.id) }
    storage.replace(slot: slot, with: monster)
  }

  /// Whether two rosters declare the same, and hold the same monsters in the same order and
  /// the same other keys, as `==` says, without building the monsters that both took,
  /// unchanged, from the same file: how an edit learns that its changes cancelled out, on a
  /// roster of any size.
  ///
  /// - Parameter other: The other roster.
  /// - Returns: Whether the rosters are equal.
  package func hasSameMonsters(as other: Roster) -> Bool {
    guard count == other.count, otherFields == other.otherFields,
      declarations == other.declarations
    else { return false }
    let sameSource = storage.source.bytes.withUnsafeBytes { mine in
      other.storage.source.bytes.withUnsafeBytes { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
    var mine = startIndex
    var theirs = other.startIndex
    while mine != endIndex {
      if sameSource, let (record, mineRecord) = storage.record(atSlot: mine.slot),
        let (otherRecord, theirRecord) = other.storage.record(atSlot: theirs.slot),
        record == otherRecord, !mineRecord.flags.contains(.rewritten),
        !theirRecord.flags.contains(.rewritten)
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
