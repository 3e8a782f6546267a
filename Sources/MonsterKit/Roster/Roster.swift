/// The monsters of a roster, in order, with no two the same name.
///
/// A roster is a collection of ``Monster`` values that finds a monster by name, ignoring
/// case, in constant time, and takes edits that keep it valid. Two names are the same name
/// when their ``Monster/foldedName`` are equal: `Straße` is `STRASSE`.
///
/// ```swift
/// var roster = Roster.seeded
/// roster.monster(named: "cat-bot")?.weapon.name  // "sword"
/// try roster.apply(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire)))
/// try roster.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke)))
/// ```
///
/// A roster read from a file keeps the file's bytes and builds a monster's strings only when
/// they are asked for, so that a roster of a million monsters is cheap to read and edit.
public struct Roster: Sendable {
  /// The monsters: the file's records and the monsters edited since, by position.
  var storage: RosterStorage
  /// The positions of the monsters, by name.
  var names: NameIndex

  /// The roster's keys that `monsters` does not know, in file order, written back after the
  /// known ones.
  ///
  /// They are set with ``setOtherFields(_:)``, which refuses what the file could not hold,
  /// so that ``canonicalJSON()`` always writes a roster that reads back as this one.
  public internal(set) var otherFields: [JSONMember]
  /// The weapons and fields the roster declares.
  var declarations: RosterDeclarations
  /// Where ids for the monsters the roster adds come from.
  var mint = IDMint()
  /// The ids of the monsters that stand in edited slots, once an addition has asked which
  /// ids the roster holds; `nil` until then. A record's id is its source's.
  var editedIDs: Set<Monster.ID>?

  /// The six monsters of the tutorial: the roster a missing file holds.
  public static let seeded = Roster(validated: Monster.seeded)

  /// Creates an empty roster.
  public init() {
    self.init(source: .empty, otherFields: [])
  }

  /// Creates a roster of the given monsters, in order, with weapons and fields of its own.
  ///
  /// ```swift
  /// let laser = Weapon(name: "laser")
  /// let team = try MonsterField(declaring: "team", kind: .values(["red", "blue"]))
  /// var roster = try Roster([], weapons: Weapon.builtIn + [laser], fields: [team])
  /// var changes = RosterEdit.Changes(weapon: laser)
  /// changes.set("team", to: .typed("red"))
  /// try roster.apply(.addNamed("Robo-Bot", changes, ifTaken: .fail))
  /// ```
  ///
  /// - Parameters:
  ///   - monsters: The monsters.
  ///   - weapons: The roster's weapons, or `nil` for the five built-in ones.
  ///   - fields: The fields the roster declares.
  ///   - otherKeys: What the roster makes of a monster's key that no field declares, or
  ///     `nil` to leave it to whether it declares fields (``OtherKeys``).
  ///   - otherFields: Keys for the roster's object that `monsters` does not know.
  /// - Throws: ``RosterError/invalidDeclaration(_:reason:)`` for weapons or fields that
  ///   cannot be declared so; ``RosterError/invalidName(_:reason:)`` for a name that breaks
  ///   the rules (empty, a control or format character, white space at either end),
  ///   ``RosterError/nameTaken(_:by:)`` when two are the same name;
  ///   ``RosterError/invalidValue(_:field:reason:)`` for other keys the file cannot hold so
  ///   (`version`, a key twice, a number that is no JSON number); for a monster whose
  ///   weapon or fields the roster does not take (a key no field declares, where it refuses
  ///   them), what ``apply(_:)-(RosterEdit)`` throws for ``RosterEdit/add(_:)``.
  public init(
    _ monsters: some Sequence<Monster>, weapons: [Weapon]? = nil, fields: [MonsterField] = [],
    otherKeys: OtherKeys? = nil, otherFields: [JSONMember] = []
  ) throws(RosterError) {
    let declarations = RosterDeclarations(weapons: weapons, fields: fields, otherKeys: otherKeys)
    try declarations.check()
    try otherFields.checkWritableAsRosters()
    self.init(source: .empty, otherFields: otherFields, declarations: declarations)
    for monster in monsters {
      try add(monster)
    }
  }

  private init(validated monsters: [Monster]) {
    self.init(source: .empty, otherFields: [])
    for monster in monsters { append(monster) }
  }

  /// A roster of the monsters a file holds, before their names are indexed.
  init(
    source: RosterSource, otherFields: [JSONMember], declarations: RosterDeclarations = .none
  ) {
    self.init(
      storage: RosterStorage(source: source), otherFields: otherFields,
      declarations: declarations)
  }

  /// A roster of stored monsters, before their names are indexed (``indexNames()``).
  init(storage: RosterStorage, otherFields: [JSONMember], declarations: RosterDeclarations) {
    self.storage = storage
    self.declarations = declarations
    self.names = NameIndex()
    self.otherFields = otherFields
  }

  /// A roster of chosen records of a source and of other monsters, in the order `slots`
  /// gives (none removed). Its names are not indexed until ``indexNames()`` is called.
  ///
  /// The records and the monsters may come from a roster that gave a weapon another image
  /// (a side of a merge): each carries its weapon with the image these declarations give.
  init(
    source: RosterSource, slots: [Slot], edited: [Monster], otherFields: [JSONMember],
    declarations: RosterDeclarations
  ) {
    self.init(
      storage: RosterStorage(
        source: source, slots: slots, edited: edited, weapons: declarations.weapons),
      otherFields: otherFields, declarations: declarations)
  }

  /// Puts a monster in a new slot at the end, and indexes its name. The caller has checked
  /// the name, and that no monster of the roster has the monster's id.
  mutating func append(_ monster: Monster) {
    let slot = storage.append(monster)
    editedIDs?.insert(monster.id)
    indexName(at: Int32(truncatingIfNeeded: slot))
  }

  /// Empties a slot whose name is out of the index already.
  mutating func removeMonster(atSlot slot: Int) {
    if let id = storage.remove(slot: slot) { editedIDs?.remove(id) }
  }
}

// MARK: - Collection

extension Roster: Collection {
  /// A position on a roster.
  public struct Index: Comparable, Hashable, Sendable {
    let slot: Int

    /// Orders positions as the monsters stand.
    public static func < (lhs: Index, rhs: Index) -> Bool {
      lhs.slot < rhs.slot
    }
  }

  /// The position of the first monster.
  public var startIndex: Index {
    Index(slot: nextLiveSlot(from: 0))
  }

  /// The position after the last monster.
  public var endIndex: Index {
    Index(slot: storage.slotCount)
  }

  /// The number of monsters.
  public var count: Int {
    storage.liveCount
  }

  /// The position after `index`.
  ///
  /// - Parameter index: A position before ``endIndex``.
  /// - Returns: The next position.
  public func index(after index: Index) -> Index {
    Index(slot: nextLiveSlot(from: index.slot + 1))
  }

  /// The monster at a position.
  ///
  /// - Parameter index: A position before ``endIndex``.
  public subscript(index: Index) -> Monster {
    storage.monster(atSlot: index.slot)
  }

  private func nextLiveSlot(from slot: Int) -> Int {
    let end = storage.slotCount
    guard storage.liveCount != end else { return Swift.min(slot, end) }
    var slot = slot
    while slot < end, storage.isRemoved(slot) { slot += 1 }
    return slot
  }
}

// MARK: - Equatable

extension Roster: Equatable {
  /// Whether two rosters declare the same weapons and fields, and hold the same monsters in
  /// the same order and the same other keys.
  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    lhs.count == rhs.count && lhs.declarations == rhs.declarations
      && lhs.otherFields == rhs.otherFields && lhs.elementsEqual(rhs)
  }
}
