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
    storage.weapon(atSlot: index.slot)
  }

  /// The value of a field of the monster at a position, as the file holds it, without
  /// building the monster; `nil` when it has none.
  package func value(of field: MonsterField, at index: Index) -> JSONValue? {
    storage.value(of: field, atSlot: index.slot)
  }

  /// The keys beyond the built-in ones of the monster at a position, without building the
  /// monster.
  func otherFields(at index: Index) -> [JSONMember] {
    storage.otherFields(atSlot: index.slot)
  }

  /// Calls `body` with the UTF-8 bytes of a text field of each monster at the given
  /// positions, in order, without building the monsters: the way to list a million names.
  package func forEachUTF8<Failure: Error>(
    _ field: MonsterTextField, at positions: some Sequence<Index>,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try storage.withFile { (view) throws(Failure) in
      for index in positions {
        if let record = view.record(atSlot: index.slot), let text = view.text(field, of: record) {
          try body(text)
        } else {
          try storage.withUTF8(field, atSlot: index.slot, body)
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
    try storage.withUTF8(field, atSlot: index.slot, body)
  }

  /// Calls `body` with the UTF-8 bytes of a text field of the monster at a slot.
  @inline(__always)
  func withUTF8<Result, Failure: Error>(
    _ field: MonsterTextField, atSlot slot: Int32,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try storage.withUTF8(field, atSlot: Int(slot), body)
  }
}
