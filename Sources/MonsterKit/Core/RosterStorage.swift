/// Where a roster keeps its monsters: the file it was read from, as records of the file's
/// bytes, and the monsters added or changed since, with a slot for each position that says
/// which of the two stands there, or that the monster there was removed.
///
/// The one type that holds a roster's slots and edited monsters: the rest of MonsterKit
/// reads a monster through it, one field at a time (``withUTF8(_:atSlot:_:)``,
/// ``weapon(atSlot:)``, ``otherFields(atSlot:)``, ``id(atSlot:)``) or whole
/// (``monster(atSlot:)``), and a pass over the file's bytes through ``withFile(_:)``; an
/// edit changes a slot through the mutating methods here, which keep ``liveCount`` and
/// ``positions`` true. What the file holds, ``source``, is read-only beyond them.
///
/// A slot is four bytes (``Slot``), so a roster of a million monsters read from a file
/// takes a few megabytes besides the file's bytes and records.
struct RosterStorage: Sendable {
  /// The file the monsters were read from, if any: its bytes and the records of its
  /// monsters.
  private(set) var source: RosterSource
  /// What stands at each position: a record of ``source``, an entry of `edited`, or
  /// nothing, where a monster was removed.
  private var slots: [Slot]
  /// Monsters added or changed since the file was read.
  private var edited: [Monster]
  /// How many slots hold a monster.
  private(set) var liveCount: Int
  /// The positions of the slots among those that hold a monster, from the first removal on.
  private(set) var positions: SlotPositions?

  /// Every record of a file, in order.
  init(source: RosterSource) {
    self.source = source
    self.slots = Slot.records(count: source.records.count)
    self.edited = []
    self.liveCount = source.records.count
  }

  /// Chosen records of a file and other monsters, in the order `slots` gives (none
  /// removed).
  ///
  /// The records and the monsters may come from a roster that gave a weapon another image
  /// (a side of a merge): each takes the image `weapons` gives its weapon.
  ///
  /// - Parameters:
  ///   - source: The file.
  ///   - slots: The slots, each a record of `source` or an entry of `edited`.
  ///   - edited: The other monsters.
  ///   - weapons: The weapons the roster declares, or `nil` for the built-in ones.
  init(source: RosterSource, slots: [Slot], edited: [Monster], weapons: [Weapon]?) {
    self.source = source
    self.slots = slots
    self.edited = edited
    self.liveCount = slots.count
    guard let weapons else { return }
    let table = source.weapons.weapons
    if !table.allSatisfy({ weapons.weapon(named: $0.name)?.hasSameImage(as: $0) ?? true }) {
      self.source.weapons = WeaponTable(table.map { weapons.weapon(named: $0.name) ?? $0 })
    }
    for entry in edited.indices {
      guard let weapon = weapons.weapon(named: edited[entry].weapon.name) else { continue }
      self.edited[entry].weapon = weapon
    }
  }

  // MARK: - Slots

  /// How many slots there are, removed ones included: the end of the positions.
  var slotCount: Int {
    slots.count
  }

  /// Whether the monster at a slot was removed.
  @inline(__always)
  func isRemoved(_ slot: Int) -> Bool {
    slots[slot].isRemoved
  }

  /// Whether every monster is a record as the file holds it, in the file's order, none
  /// added, removed, changed or moved.
  var isFileAsRead: Bool {
    !source.hasRewrittenRecords && edited.isEmpty && slots.count == source.records.count
      && liveCount == source.records.count
  }

  /// Whether any monster was added or changed as a monster of its own.
  var hasEditedMonsters: Bool {
    !edited.isEmpty
  }

  /// The monsters edited since the file was read, each as it was last stored, in no set
  /// order: one removed since is still among them. What the roster holds is
  /// ``otherFieldsOfEachMonster`` and the rest read by slot.
  var editedMonsters: [Monster] {
    edited
  }

  /// The keys beyond the built-in ones of each monster that stands, in order: not those of
  /// a record or an edited monster since removed or replaced.
  var otherFieldsOfEachMonster: some Sequence<[JSONMember]> {
    (0..<slots.count).lazy.filter { !isRemoved($0) }.map { otherFields(atSlot: $0) }
  }

  /// The same monsters in another order: the slots that hold a monster, in the order given.
  ///
  /// - Parameter order: A permutation of the slots that hold a monster.
  func reordered(_ order: [Slot]) -> RosterStorage {
    RosterStorage(source: source, slots: order, edited: edited, weapons: nil)
  }

  /// What stands at each position, removed ones included.
  var slotContents: [Slot.Content] {
    slots.map(\.content)
  }

  /// The slots that hold a monster, in order.
  var liveSlots: [Slot] {
    slots.filter { !$0.isRemoved }
  }

  /// The slot that stands at a position, for a roster assembled from this one's source
  /// when it is a record of the source; `nil` for an edited monster.
  func recordSlot(_ slot: Int) -> Slot? {
    guard case .record = slots[slot].content else { return nil }
    return slots[slot]
  }

  // MARK: - Reading one monster

  /// The monster at a slot, its strings built from the file's bytes.
  func monster(atSlot slot: Int) -> Monster {
    switch slots[slot].content {
    case .record(let record):
      source.records[record].monster(in: source, id: source.id(ofRecord: record))
    case .edited(let entry): edited[entry]
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// The record of the monster at a slot when it is one of the file's, perhaps rewritten in
  /// place: its number among the source's records, and the record.
  @inline(__always)
  func record(atSlot slot: Int) -> (number: Int, record: MonsterRecord)? {
    guard case .record(let number) = slots[slot].content else { return nil }
    return (number, source.records[number])
  }

  /// Calls `body` with the UTF-8 bytes of a text field of the monster at a slot.
  @inline(__always)
  func withUTF8<Result, Failure: Error>(
    _ field: MonsterTextField, atSlot slot: Int,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch slots[slot].content {
    case .record(let record):
      return try source.withUTF8(field, of: source.records[record], body)
    case .edited(let entry):
      var text =
        switch field {
        case .name: edited[entry].name
        case .description: edited[entry].description
        case .icon: edited[entry].icon
        }
      return try text.withUTF8(typed: body)
    case .removed:
      preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// The weapon of the monster at a slot.
  func weapon(atSlot slot: Int) -> Weapon {
    switch slots[slot].content {
    case .record(let record): source.weapons[source.records[record].weapon]
    case .edited(let entry): edited[entry].weapon
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// The value of a field of the monster at a slot, as the file holds it; `nil` when it
  /// has none.
  func value(of field: MonsterField, atSlot slot: Int) -> JSONValue? {
    guard case .record(let record) = slots[slot].content else {
      return field.value(in: monster(atSlot: slot))
    }
    switch field.builtIn?.lane {
    case .text(let text)?:
      return source.withUTF8(text, of: source.records[record]) {
        .string(String(decoding: $0, as: UTF8.self))
      }
    case .held(let held)?:
      return source.records[record].heldValue(held, weapons: source.weapons)
    case nil:
      return otherFields(atSlot: slot).value(forKey: field.key)
    }
  }

  /// The keys beyond the built-in ones of the monster at a slot.
  func otherFields(atSlot slot: Int) -> [JSONMember] {
    switch slots[slot].content {
    case .record(let record):
      source.records[record].otherFieldsIndex.map { source.otherFields[Int($0)] } ?? []
    case .edited(let entry): edited[entry].otherFields
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// Whether the monster at a slot has keys beyond the built-in ones.
  func hasOtherFields(atSlot slot: Int) -> Bool {
    switch slots[slot].content {
    case .record(let record): source.records[record].otherFieldsIndex != nil
    case .edited(let entry): !edited[entry].otherFields.isEmpty
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// The id of the monster at a slot.
  func id(atSlot slot: Int) -> Monster.ID {
    switch slots[slot].content {
    case .record(let record): source.id(ofRecord: record)
    case .edited(let entry): edited[entry].id
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// The slot where record `record` of the source stands, or `nil` when none holds it.
  ///
  /// - Complexity: O(1) where no monster was moved before it; O(*n*) otherwise.
  func slot(ofRecord record: Int) -> Int? {
    if record < slots.count, case .record(record) = slots[record].content { return record }
    return slots.firstIndex(of: .record(record))
  }

  // MARK: - The file's bytes

  /// Calls `body` with the file's bytes, its records and the slots, for a pass over many
  /// monsters without a closure or a copy for each.
  @inline(__always)
  func withFile<Result, Failure: Error>(
    _ body: (FileView) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try source.bytes.withUnsafeBytes { (file) throws(Failure) in
      try source.records.withUnsafeBufferPointer { (records) throws(Failure) in
        try slots.withUnsafeBufferPointer { (slots) throws(Failure) in
          try body(FileView(file: file, records: records, slots: slots))
        }
      }
    }
  }

  /// The file's bytes, records and slots, inside ``withFile(_:)``.
  struct FileView {
    /// The file's bytes.
    let file: UnsafeRawBufferPointer
    /// The records of the file's monsters, in file order.
    let records: UnsafeBufferPointer<MonsterRecord>
    /// What stands at each position.
    let slots: UnsafeBufferPointer<Slot>

    /// The record of the monster at a slot, when it is one of the file's.
    @inline(__always)
    func record(atSlot slot: Int) -> MonsterRecord? {
      guard case .record(let record) = slots[slot].content else { return nil }
      return records[record]
    }

    /// A text field's bytes in the file, when they are its text (no escapes).
    @inline(__always)
    func text(_ field: MonsterTextField, of record: MonsterRecord) -> UnsafeRawBufferPointer? {
      record.isEscaped(field)
        ? nil : UnsafeRawBufferPointer(rebasing: file[record.span(field).range])
    }
  }

  // MARK: - Editing

  /// Puts a monster in a new slot at the end.
  ///
  /// - Returns: The slot.
  mutating func append(_ monster: Monster) -> Int {
    let slot = slots.count
    slots.append(.edited(edited.count))
    edited.append(monster)
    liveCount += 1
    positions?.appendSlot()
    return slot
  }

  /// Empties a slot.
  ///
  /// - Returns: The id of the monster removed, when it was an edited one.
  mutating func remove(slot: Int) -> Monster.ID? {
    let id: Monster.ID? =
      if case .edited(let entry) = slots[slot].content { edited[entry].id } else { nil }
    slots[slot] = .removed
    liveCount -= 1
    if positions == nil { positions = SlotPositions(slotCount: slots.count) }
    positions?.remove(slot: slot)
    return id
  }

  /// Puts a monster at a slot that holds one, as an edited monster.
  mutating func replace(slot: Int, with monster: Monster) {
    switch slots[slot].content {
    case .record:
      slots[slot] = .edited(edited.count)
      edited.append(monster)
    case .edited(let entry):
      edited[entry] = monster
    case .removed:
      preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// Changes the record of the monster at a slot in place, when it is one of the file's,
  /// with the source it belongs to (for its other keys and weapons); a record changed is
  /// marked ``MonsterRecord/Flags/rewritten``, and the source as no longer holding every
  /// record's object as it stands.
  ///
  /// - Parameters:
  ///   - slot: The slot.
  ///   - change: The change, given the record and the source; it returns whether it
  ///     changed something.
  /// - Returns: What `change` returned, or `nil` when the monster is an edited one.
  mutating func rewriteRecord(
    atSlot slot: Int, _ change: (inout MonsterRecord, inout RosterSource) -> Bool
  ) -> Bool? {
    guard case .record(let number) = slots[slot].content else { return nil }
    var record = source.records[number]
    guard change(&record, &source) else { return false }
    record.flags.insert(.rewritten)
    source.records[number] = record
    source.hasRewrittenRecords = true
    return true
  }

  /// Changes the monster at a slot in place, when it is an edited one.
  ///
  /// - Returns: Whether it is an edited one.
  @discardableResult
  mutating func updateEdited(atSlot slot: Int, _ change: (inout Monster) -> Void) -> Bool {
    guard case .edited(let entry) = slots[slot].content else { return false }
    change(&edited[entry])
    return true
  }

  /// Changes the source's weapons: the table that records number their weapons by.
  mutating func setWeapons(_ table: WeaponTable) {
    source.weapons = table
  }

  /// Gives each monster an id.
  ///
  /// - Parameter ids: The ids, one for each slot that holds a monster, in order.
  mutating func setIDs(_ ids: [Monster.ID]) {
    var recordIDs: [Monster.ID]?
    for (slot, id) in zip(slots.filter { !$0.isRemoved }, ids) {
      switch slot.content {
      case .record(let record):
        if recordIDs == nil {
          recordIDs = (0..<source.records.count).map(source.id(ofRecord:))
        }
        recordIDs?[record] = id
      case .edited(let entry): edited[entry].id = id
      case .removed: preconditionFailure("only the slots that hold a monster are given ids")
      }
    }
    if let recordIDs { source.recordIDs = .given(recordIDs) }
  }
}
