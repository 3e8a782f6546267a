// Monsters by their ids: finding, changing, removing, moving and inserting a monster by
// the id an app holds of it, rather than by a position that another edit may have shifted
// or a name a rename may have changed; and the ids of an earlier roster given to the
// monsters of a later one, as a reload needs.

extension Roster {
  /// The id of the monster in a slot.
  @inline(__always)
  func id(atSlot slot: Int) -> Monster.ID {
    storage.id(atSlot: slot)
  }

  /// The position of the monster with an id, or `nil` when no monster of the roster has it.
  ///
  /// - Parameter id: The monster's id.
  /// - Complexity: O(1) for a monster as the roster's file holds it, where none has been
  ///   moved; O(*n*) otherwise.
  public func index(id: Monster.ID) -> Index? {
    if let record = recordNumber(of: id), record < storage.slotCount,
      storage.record(atSlot: record)?.number == record
    {
      return Index(slot: record)
    }
    for slot in 0..<storage.slotCount where !storage.isRemoved(slot) && self.id(atSlot: slot) == id
    {
      return Index(slot: slot)
    }
    return nil
  }

  /// The monster with an id, or `nil` when no monster of the roster has it: removed since
  /// the id was taken, or never on this roster.
  ///
  /// ```swift
  /// let selected = roster[0].id
  /// try roster.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
  /// roster[id: selected]?.name  // "Kitty-Bot"
  /// ```
  ///
  /// - Parameter id: The monster's id.
  /// - Complexity: As ``index(id:)``.
  public subscript(id id: Monster.ID) -> Monster? {
    index(id: id).map { self[$0] }
  }

  /// The number of the source's record whose id this is, when it is one.
  private func recordNumber(of id: Monster.ID) -> Int? {
    switch storage.source.recordIDs {
    case .numbered(let mint):
      id.lineage == mint.lineage && id.serial < UInt64(storage.source.records.count)
        ? Int(id.serial) : nil
    case .given(let ids): ids.firstIndex(of: id)
    }
  }

  /// Whether a monster of the roster has an id.
  ///
  /// - Complexity: O(1) amortized, once the ids of the edited monsters are gathered (O(*n*)
  ///   the first time); O(*n*) for a record's id whose record was moved.
  mutating func holds(id: Monster.ID) -> Bool {
    if editedIDs == nil {
      var ids: Set<Monster.ID> = []
      for slot in 0..<storage.slotCount
      where !storage.isRemoved(slot) && storage.record(atSlot: slot) == nil {
        ids.insert(storage.id(atSlot: slot))
      }
      editedIDs = ids
    }
    if editedIDs?.contains(id) == true { return true }
    guard let record = recordNumber(of: id) else { return false }
    return storage.slot(ofRecord: record) != nil
  }

  /// The id a monster added to the roster gets: its own, unless a monster of the roster has
  /// it (a copy of one of its monsters), then a new one.
  mutating func newID(for monster: Monster) -> Monster.ID {
    holds(id: monster.id) ? mint.mint() : monster.id
  }

  // MARK: - Edits by id

  /// The position of the monster with an id.
  ///
  /// - Throws: ``RosterError/monsterGone(_:)`` when no monster of the roster has it.
  func existingIndex(id: Monster.ID) throws(RosterError) -> Index {
    guard let index = index(id: id) else { throw .monsterGone(id) }
    return index
  }

  /// Changes the monster with an id, as `update(named:_:)`
  /// changes one by name: a rename keeps the id.
  ///
  /// ```swift
  /// try roster.update(id: selected) { $0.name = "Kitty-Bot" }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The monster's id.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed.
  /// - Throws: What `change` throws, as it threw it; ``RosterError/monsterGone(_:)`` when no
  ///   monster has the id; for a new name or a weapon or field the roster does not take,
  ///   what `update(named:_:)` throws.
  @discardableResult
  public mutating func update<Failure: Error>(
    id: Monster.ID, _ change: (inout Monster) throws(Failure) -> Void
  ) throws -> Bool {
    let index = try existingIndex(id: id)
    return try replace(at: index, with: try changed(at: index, change))
  }

  /// Changes the monster with an id with a change that throws nothing, or only the
  /// roster's errors (a closure marked `throws(RosterError)`), so that the caller's errors
  /// stay typed ``RosterError``.
  ///
  /// - Parameters:
  ///   - id: The monster's id.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed.
  /// - Throws: What `change` throws; ``RosterError/monsterGone(_:)``; or what `update(named:_:)`
  ///   throws.
  @discardableResult
  public mutating func update(
    id: Monster.ID, _ change: (inout Monster) throws(RosterError) -> Void
  ) throws(RosterError) -> Bool {
    let index = try existingIndex(id: id)
    return try replace(at: index, with: try changed(at: index, change))
  }

  /// Removes the monster with an id.
  ///
  /// - Parameter id: The monster's id.
  /// - Returns: The monster removed.
  /// - Throws: ``RosterError/monsterGone(_:)`` when no monster has the id.
  @discardableResult
  public mutating func remove(id: Monster.ID) throws(RosterError) -> Monster {
    let index = try existingIndex(id: id)
    let monster = self[index]
    unindexName(at: Int32(index.slot))
    removeMonster(atSlot: index.slot)
    return monster
  }

  /// Moves monsters, in the order given, to stand before the monster with another id, or
  /// last: the move of a list's `onMove`, by id, so that it moves the same monsters when
  /// made again on the roster as another program left it.
  ///
  /// ```swift
  /// .onMove { offsets, destination in
  ///   let moving = offsets.map { roster[$0].id }
  ///   let before = destination < roster.count ? roster[destination].id : nil
  ///   try? roster.move(moving, before: before)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - ids: The ids of the monsters to move; one given twice counts once.
  ///   - before: The id of the monster they go before; `nil` to put them last. It may be one
  ///     of them, as a list's destination may be a row it moves: they then go where it
  ///     stands, before the first monster after it that is not moved, as
  ///     ``move(fromOffsets:toOffset:)`` and `Array`'s move place them.
  /// - Throws: ``RosterError/monsterGone(_:)`` for an id no monster has; the roster is then
  ///   as it was.
  /// - Complexity: O(*n*).
  public mutating func move(_ ids: some Sequence<Monster.ID>, before: Monster.ID?)
    throws(RosterError)
  {
    var offsets: [Int] = []
    var seen: Set<Monster.ID> = []
    for id in ids where seen.insert(id).inserted {
      offsets.append(distance(from: startIndex, to: try existingIndex(id: id)))
    }
    var destination = count
    if let before {
      destination = distance(from: startIndex, to: try existingIndex(id: before))
    }
    move(fromOffsets: offsets, toOffset: destination)
  }

  /// Inserts a monster before the monster with an id, or last, checked as ``add(_:)``
  /// checks one.
  ///
  /// - Parameters:
  ///   - monster: The new monster.
  ///   - before: The id of the monster it goes before; `nil` to put it last.
  /// - Returns: The new monster's id on the roster: its own, unless a monster of the roster
  ///   has it already (a copy of one), then a new one.
  /// - Throws: ``RosterError/monsterGone(_:)`` for an id no monster has; what ``add(_:)``
  ///   throws. The roster is then as it was.
  @discardableResult
  public mutating func insert(_ monster: Monster, before: Monster.ID?) throws(RosterError)
    -> Monster.ID
  {
    let offset = try before.map { (id) throws(RosterError) in
      distance(from: startIndex, to: try existingIndex(id: id))
    }
    let id = try add(monster)
    if let offset { move(fromOffsets: [count - 1], toOffset: offset) }
    return id
  }

  // MARK: - Ids kept through a reload

  /// The roster with the ids of an earlier roster: each monster that is one of the
  /// earlier roster's, as `monsters diff` and `merge` tell (by name, and a renamed one by
  /// its place and what it holds, on evidence that leaves no doubt), gets that monster's
  /// id; any other gets a new one.
  ///
  /// An app that reads its file again, after another program changed it, keeps its
  /// selection and its rows so:
  ///
  /// ```swift
  /// let reloaded = try file.snapshot()
  /// roster = reloaded.roster.keepingIdentities(of: roster)
  /// ```
  ///
  /// - Parameter earlier: The roster the app held.
  /// - Returns: This roster, its monsters with the earlier ones' ids.
  /// - Complexity: O(*n*) for rosters that differ in a few monsters, as a diff.
  public func keepingIdentities(of earlier: Roster) -> Roster {
    var earlier = earlier
    if earlier.names.count != earlier.count { _ = earlier.indexNames() }
    let matching = RosterMatching(old: earlier, new: self)
    // A group of monsters whose reading is in doubt keeps no id: another reading could
    // give one monster's id to another.
    var doubtful: Set<Int> = []
    for group in matching.uncertain { doubtful.formUnion(group.new) }
    let earlierIDs = earlier.indices.map { earlier.id(atSlot: $0.slot) }
    var fresh = IDMint()
    var roster = self
    roster.storage.setIDs(
      (0..<count).map { offset in
        matching.oldOffset[offset].flatMap { doubtful.contains(offset) ? nil : earlierIDs[$0] }
          ?? fresh.mint()
      })
    roster.mint = fresh
    roster.editedIDs = nil
    return roster
  }
}
