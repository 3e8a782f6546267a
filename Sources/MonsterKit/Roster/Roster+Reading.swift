import MonstersSystem

// Reading a roster's monsters: by name, or a field at a time without building the monster,
// which is how a million of them are listed.

extension Roster {
  /// The monster with a name, ignoring case.
  ///
  /// - Parameter name: The name, in any case: `cat-bot` finds `Cat-Bot`.
  /// - Returns: The monster, or `nil` when none has that name.
  public func monster(named name: String) -> Monster? {
    slot(named: name).map { self[Index(slot: Int($0))] }
  }

  /// The position of the monster with a name, ignoring case.
  ///
  /// - Parameter name: The name, in any case.
  /// - Returns: The position, or `nil` when no monster has that name.
  public func index(named name: String) -> Index? {
    slot(named: name).map { Index(slot: Int($0)) }
  }

  /// The roster's monsters, in order.
  public var monsters: [Monster] {
    Array(self)
  }

  /// The weapon of the monster at a position, without building the monster.
  package func weapon(at index: Index) -> Weapon {
    switch slots[index.slot].content {
    case .record(let record): source.weapons[source.records[record].weapon]
    case .edited(let entry): edited[entry].weapon
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// The value of a field of the monster at a position, as the file holds it, without
  /// building the monster; `nil` when it has none.
  package func value(of field: MonsterField, at index: Index) -> JSONValue? {
    guard case .record(let record) = slots[index.slot].content else {
      guard case .edited(let entry) = slots[index.slot].content else {
        preconditionFailure("no monster stands at a removed monster's position")
      }
      return field.value(in: edited[entry])
    }
    switch field.builtIn?.lane {
    case .text(let text)?:
      return withUTF8(text, at: index) { .string(String(decoding: $0, as: UTF8.self)) }
    case .held(let held)?:
      return source.records[record].heldValue(held, weapons: source.weapons)
    case nil:
      return otherFields(at: index).value(forKey: field.key)
    }
  }

  /// The keys beyond the built-in ones of the monster at a position, without building the
  /// monster.
  func otherFields(at index: Index) -> [JSONMember] {
    switch slots[index.slot].content {
    case .record(let record):
      source.records[record].otherFieldsIndex.map { source.otherFields[Int($0)] } ?? []
    case .edited(let entry): edited[entry].otherFields
    case .removed: preconditionFailure("no monster stands at a removed monster's position")
    }
  }

  /// Calls `body` with the UTF-8 bytes of a text field of each monster at the given
  /// positions, in order, without building the monsters: the way to list a million names.
  package func forEachUTF8<Failure: Error>(
    _ field: MonsterTextField, at positions: some Sequence<Index>,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try source.bytes.withUnsafeBytes { (file) throws(Failure) in
      try source.records.withUnsafeBufferPointer { (records) throws(Failure) in
        for index in positions {
          if case .record(let record) = slots[index.slot].content,
            !records[record].isEscaped(field)
          {
            try body(UnsafeRawBufferPointer(rebasing: file[records[record].span(field).range]))
          } else {
            try withUTF8(field, atSlot: Int32(truncatingIfNeeded: index.slot), body)
          }
        }
      }
    }
  }

  /// Calls `body` with the UTF-8 bytes of a text field of the monster at a position,
  /// without building the monster.
  ///
  /// (`rethrows` rather than generic over the error's type: a generic function that
  /// another module calls is not specialized, and this is called once per monster listed.)
  package func withUTF8<Result>(
    _ field: MonsterTextField, at index: Index, _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try withUTF8(field, atSlot: Int32(truncatingIfNeeded: index.slot), body)
  }

  /// Calls `body` with the UTF-8 bytes of a text field of the monster at a slot.
  @inline(__always)
  func withUTF8<Result, Failure: Error>(
    _ field: MonsterTextField, atSlot slot: Int32,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch slots[Int(slot)].content {
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
}
