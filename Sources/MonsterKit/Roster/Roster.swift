/// The monsters of a roster, in order, with no two names equal ignoring case.
///
/// A roster is a collection of ``Monster`` values that finds a monster by name, ignoring
/// case, in constant time, and takes edits that keep it valid:
///
/// ```swift
/// var roster = Roster.seeded
/// roster.monster(named: "cat-bot")?.weapon.type  // .sword
/// try roster.apply(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire)))
/// try roster.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke)))
/// ```
///
/// A roster read from a file keeps the file's bytes and builds a monster's strings only when
/// they are asked for, so that a roster of a million monsters is cheap to read and edit.
public struct Roster: Sendable {
  /// The file the roster was read from, if any: its bytes and the records of its monsters.
  var source: RosterSource
  /// What stands at each position: a record of `source` (zero or more), an entry of
  /// `edited` (`~index`), or nothing, for a removed monster (`Int32.min`).
  var slots: [Int32]
  /// Monsters added or changed since the roster was read.
  var edited: [Monster]
  /// The positions of `slots`, by name.
  var names: NameIndex
  /// Whether names are compared as ASCII bytes (all names are ASCII) or as Unicode text.
  var foldsUnicode: Bool
  private(set) var liveCount: Int

  /// The roster's keys that `monsters` does not know, in file order, written back after the
  /// known ones.
  public var otherFields: [JSONMember]

  static let removed = Int32.min

  /// The six monsters of the tutorial: the roster a missing file holds.
  public static let seeded = Roster(validated: Monster.seeded)

  /// Creates an empty roster.
  public init() {
    self.init(source: .empty, otherFields: [])
  }

  /// Creates a roster of the given monsters, in order.
  ///
  /// - Parameters:
  ///   - monsters: The monsters.
  ///   - otherFields: Keys for the roster's object that `monsters` does not know.
  /// - Throws: ``RosterError/invalidName(_:reason:)`` for an empty name or one with a
  ///   control character, ``RosterError/nameTaken(_:by:)`` when two names are equal
  ///   ignoring case.
  public init(_ monsters: some Sequence<Monster>, otherFields: [JSONMember] = [])
    throws(RosterError)
  {
    self.init(source: .empty, otherFields: otherFields)
    for monster in monsters {
      try add(monster)
    }
  }

  private init(validated monsters: [Monster]) {
    self.init(source: .empty, otherFields: [])
    for monster in monsters { append(monster) }
  }

  init(source: RosterSource, otherFields: [JSONMember]) {
    self.source = source
    self.slots = Array(0..<Int32(truncatingIfNeeded: source.records.count))
    self.edited = []
    self.names = NameIndex()
    self.foldsUnicode = !source.namesAreASCII
    self.liveCount = source.records.count
    self.otherFields = otherFields
  }

  /// A roster of chosen records of a source and of other monsters, in the order `slots`
  /// gives (a record, or `~index` of `edited`; none removed). Its names are not indexed
  /// until ``indexNames()`` is called.
  init(source: RosterSource, slots: [Int32], edited: [Monster], otherFields: [JSONMember]) {
    self.source = source
    self.slots = slots
    self.edited = edited
    self.names = NameIndex()
    self.foldsUnicode =
      !source.namesAreASCII || edited.contains { !$0.name.utf8.allSatisfy { $0 < 0x80 } }
    self.liveCount = slots.count
    self.otherFields = otherFields
  }

  /// Indexes every name, and reports the names that are taken.
  ///
  /// - Returns: For each name equal to an earlier one, its position and the earlier one's.
  mutating func indexNames() -> [(position: Int, earlier: Int)] {
    var duplicates: [(position: Int, earlier: Int)] = []
    var index = NameIndex(capacity: liveCount)
    if !foldsUnicode && edited.isEmpty {
      // A roster as read, with ASCII names: work on the file's bytes directly.
      source.bytes.withUnsafeBytes { bytes in
        source.records.withUnsafeBufferPointer { records in
          func name(_ position: Int32) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[records[Int(slots[Int(position)])].name.range])
          }
          // In batches: first every name's hash and a read of its bucket, which the
          // processor can overlap, so that the inserts then find their buckets in cache.
          let batchSize = 512
          var hashes = [Int](repeating: 0, count: batchSize)
          var batchStart = 0
          while batchStart < slots.count {
            let batch = batchStart..<Swift.min(batchStart + batchSize, slots.count)
            for position in batch where slots[position] != Self.removed {
              hashes[position - batchStart] = hashASCIILowercased(
                name(Int32(truncatingIfNeeded: position)))
            }
            index.prefetch(hashes: hashes)
            for position in batch where slots[position] != Self.removed {
              let slot = Int32(truncatingIfNeeded: position)
              let bytes = name(slot)
              let hash = hashes[position - batchStart]
              if let earlier = index.find(
                hash: hash, where: { asciiEqualIgnoringCase(name($0), bytes) })
              {
                duplicates.append((position, Int(earlier)))
              } else {
                index.insert(slot, hash: hash)
              }
            }
            batchStart = batch.upperBound
          }
        }
      }
    } else {
      for position in slots.indices where slots[position] != Self.removed {
        let slot = Int32(truncatingIfNeeded: position)
        let hash = nameHash(at: slot)
        if let earlier = index.find(hash: hash, where: { namesMatch($0, slot) }) {
          duplicates.append((position, Int(earlier)))
        } else {
          index.insert(slot, hash: hash)
        }
      }
    }
    names = index
    return duplicates
  }
}

// MARK: - Names

extension Roster {
  /// Whether a name may be a monster's, and if not, why.
  ///
  /// - Parameter utf8: The name's UTF-8 bytes.
  /// - Returns: `nil` for a good name; otherwise what is wrong, such as `is empty`.
  static func problem(withName utf8: UnsafeRawBufferPointer) -> String? {
    if utf8.isEmpty { return "is empty" }
    return holdsControlCharacter(utf8) ? "holds a control character" : nil
  }

  static func problem(withName name: String) -> String? {
    var name = name
    return name.withUTF8 { problem(withName: UnsafeRawBufferPointer($0)) }
  }

  /// Calls `body` with the UTF-8 bytes of a text field of the monster at a slot.
  @inline(__always)
  func withUTF8<Result>(
    _ field: MonsterTextField, atSlot slot: Int32,
    _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    let entry = slots[Int(slot)]
    if entry >= 0 {
      return try source.withUTF8(field, of: source.records[Int(entry)], body)
    }
    var text =
      switch field {
      case .name: edited[Int(~entry)].name
      case .description: edited[Int(~entry)].description
      case .icon: edited[Int(~entry)].icon
      }
    return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
  }

  private func nameHash(at slot: Int32) -> Int {
    withUTF8(.name, atSlot: slot) { hashName($0) }
  }

  @inline(__always)
  private func hashName(_ utf8: UnsafeRawBufferPointer) -> Int {
    guard foldsUnicode else { return hashASCIILowercased(utf8) }
    var hasher = Hasher()
    hasher.combine(String(decoding: utf8, as: UTF8.self).lowercased())
    return hasher.finalize()
  }

  private func namesMatch(_ first: Int32, _ second: Int32) -> Bool {
    withUTF8(.name, atSlot: first) { a in
      withUTF8(.name, atSlot: second) { b in namesEqual(a, b) }
    }
  }

  @inline(__always)
  private func namesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    if foldsUnicode {
      return String(decoding: a, as: UTF8.self).lowercased()
        == String(decoding: b, as: UTF8.self).lowercased()
    }
    return asciiEqualIgnoringCase(a, b)
  }

  /// The slot of the monster with a name, ignoring case.
  func slot(named name: String) -> Int32? {
    var name = name
    return name.withUTF8 { query in
      let query = UnsafeRawBufferPointer(query)
      if !foldsUnicode && query.contains(where: { $0 >= 0x80 }) {
        // An ASCII index cannot hash this name, though it may equal an ASCII one
        // (KELVIN SIGN is K ignoring case), so compare it with every name as text.
        let folded = String(decoding: query, as: UTF8.self).lowercased()
        return slots.indices.lazy.map { Int32(truncatingIfNeeded: $0) }.first { slot in
          slots[Int(slot)] != Self.removed
            && withUTF8(.name, atSlot: slot) {
              String(decoding: $0, as: UTF8.self).lowercased() == folded
            }
        }
      }
      return names.find(hash: hashName(query)) { slot in
        withUTF8(.name, atSlot: slot) { namesEqual($0, query) }
      }
    }
  }

  /// Indexes the name at a slot, switching to comparing names as Unicode text first if the
  /// name is the first that is not ASCII (which indexes every name again).
  private mutating func indexName(at slot: Int32) {
    let isASCII = withUTF8(.name, atSlot: slot) { $0.allSatisfy { $0 < 0x80 } }
    if foldsUnicode || isASCII {
      names.insert(slot, hash: nameHash(at: slot))
    } else {
      foldsUnicode = true
      _ = indexNames()
    }
  }

  /// The name closest to `name`, ignoring case, if any is close enough to be what was meant.
  func closestName(to name: String) -> String? {
    var best: (distance: Int, slot: Int32)?
    let query = Array(name.utf8)
    let limit = suggestionLimit(forLength: query.count)
    return query.withUnsafeBytes { query in
      for index in indices {
        let slot = Int32(truncatingIfNeeded: index.slot)
        let distance = withUTF8(.name, atSlot: slot) { candidate in
          editDistance(query, candidate, limit: best.map { $0.distance - 1 } ?? limit)
        }
        if let distance { best = (distance, slot) }
        if distance == 0 { break }
      }
      return best.map { withUTF8(.name, atSlot: $0.slot) { String(decoding: $0, as: UTF8.self) } }
    }
  }
}

/// Whether two ASCII strings are equal ignoring case.
@inline(__always)
private func asciiEqualIgnoringCase(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer)
  -> Bool
{
  guard a.count == b.count else { return false }
  for index in 0..<a.count where asciiLowercased(a[index]) != asciiLowercased(b[index]) {
    return false
  }
  return true
}

/// Whether UTF-8 text holds a control character: C0, DEL, or C1 (U+0080 to U+009F).
///
/// Eight bytes at a time while all are printable ASCII, the common case, then byte by byte.
package func holdsControlCharacter(_ utf8: UnsafeRawBufferPointer) -> Bool {
  var start = 0
  let ones: UInt64 = 0x0101_0101_0101_0101
  while start + 8 <= utf8.count {
    let word = utf8.loadUnaligned(fromByteOffset: start, as: UInt64.self)
    let deletes = word ^ (ones &* 0x7F)
    let controls = (word &- ones &* 0x20) & ~word
    let hasDelete = (deletes &- ones) & ~deletes
    if (controls | hasDelete | word) & (ones &* 0x80) != 0 { break }
    start += 8
  }
  for index in start..<utf8.count {
    let byte = utf8[index]
    // C1 controls are 0xC2 then 0x80...0x9F.
    if byte < 0x20 || byte == 0x7F
      || (byte == 0xC2 && index + 1 < utf8.count && utf8[index + 1] & 0xE0 == 0x80)
    {
      return true
    }
  }
  return false
}

/// The hash of ASCII bytes as if they were lower case.
///
/// Eight bytes at a time through a multiply-and-fold mix (as wyhash does), keyed with a
/// random value per process, so that no file can be made to collide its names on purpose.
@inline(__always)
private func hashASCIILowercased(_ bytes: UnsafeRawBufferPointer) -> Int {
  @inline(__always)
  func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
  let key = Roster.hashKey
  var state = key ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
  var index = 0
  while index + 8 <= bytes.count {
    let word = asciiLowercased(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    state = mix(state ^ word, 0xA076_1D64_78BD_642F)
    index += 8
  }
  var tail: UInt64 = 0
  var shift: UInt64 = 0
  while index < bytes.count {
    tail |= UInt64(asciiLowercased(bytes[index])) << shift
    shift += 8
    index += 1
  }
  state = mix(state ^ tail, 0xE703_7ED1_A0B4_28DB)
  return Int(truncatingIfNeeded: mix(state, key ^ 0x8EBC_6AF0_9C88_C6E3))
}

extension Roster {
  /// A random key for this process's name hashes.
  static let hashKey: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x6D6F_6E73)
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }()
}

@inline(__always)
private func asciiLowercased(_ byte: UInt8) -> UInt8 {
  byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}

/// Eight ASCII bytes at once, lower-cased.
@inline(__always)
private func asciiLowercased(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let low7 = word & (ones &* 0x7F)
  // The high bit of each byte: set when the byte is >= 'A', then when it is > 'Z'.
  let atLeastA = low7 &+ ones &* (0x80 - 0x41)
  let aboveZ = low7 &+ ones &* (0x80 - 0x5B)
  let isUpper = (atLeastA ^ aboveZ) & ~word & (ones &* 0x80)
  return word | (isUpper >> 2)
}

// MARK: - Reading

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
  package func weapon(at index: Index) -> WeaponType {
    let entry = slots[index.slot]
    return entry >= 0 ? source.records[Int(entry)].weapon : edited[Int(~entry)].weapon.type
  }

  /// The name colour of the monster at a position, without building the monster.
  package func nameColor(at index: Index) -> NameColor? {
    let entry = slots[index.slot]
    return entry >= 0 ? source.records[Int(entry)].nameColor : edited[Int(~entry)].nameColor
  }

  /// Calls `body` with the UTF-8 bytes of a text field of each monster at the given
  /// positions, in order, without building the monsters: the way to list a million names.
  package func forEachUTF8<Failure: Error>(
    _ field: MonsterTextField, at positions: some Sequence<Index>,
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let result = source.bytes.withUnsafeBytes { file in
      source.records.withUnsafeBufferPointer { records in
        Result { () throws(Failure) in
          for index in positions {
            let entry = slots[index.slot]
            guard entry >= 0, !records[Int(entry)].isEscaped(field) else {
              var failure: Failure?
              withUTF8(field, at: index) { bytes in
                do throws(Failure) { try body(bytes) } catch { failure = error }
              }
              if let failure { throw failure }
              continue
            }
            try body(UnsafeRawBufferPointer(rebasing: file[records[Int(entry)].span(field).range]))
          }
        }
      }
    }
    try result.get()
  }

  /// Calls `body` with the UTF-8 bytes of a text field of the monster at a position,
  /// without building the monster.
  package func withUTF8<Result>(
    _ field: MonsterTextField, at index: Index, _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try withUTF8(field, atSlot: Int32(truncatingIfNeeded: index.slot), body)
  }
}

// MARK: - Editing

extension Roster {
  /// Adds a monster at the end.
  ///
  /// - Parameter monster: The new monster.
  /// - Throws: ``RosterError/invalidName(_:reason:)`` or ``RosterError/nameTaken(_:by:)``.
  public mutating func add(_ monster: Monster) throws(RosterError) {
    try checkName(monster.name, replacing: nil)
    append(monster)
  }

  private mutating func append(_ monster: Monster) {
    let slot = Int32(truncatingIfNeeded: slots.count)
    slots.append(~Int32(truncatingIfNeeded: edited.count))
    edited.append(monster)
    liveCount += 1
    indexName(at: slot)
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
    names.remove(slot, hash: nameHash(at: slot))
    slots[Int(slot)] = Self.removed
    liveCount -= 1
    return monster
  }

  /// Changes the monster with a name, ignoring case.
  ///
  /// - Parameters:
  ///   - name: The monster's name.
  ///   - change: What to do to the monster.
  /// - Returns: Whether the monster changed: setting a field to the value it has already
  ///   changes nothing.
  /// - Throws: ``RosterError/noSuchMonster(_:suggestion:)``, and for a new name
  ///   ``RosterError/invalidName(_:reason:)`` or ``RosterError/nameTaken(_:by:)``.
  @discardableResult
  public mutating func update(
    named name: String, _ change: (inout Monster) throws(RosterError) -> Void
  ) throws(RosterError) -> Bool {
    let slot = try existingSlot(named: name)
    let old = self[Index(slot: Int(slot))]
    var new = old
    try change(&new)
    guard new != old else { return false }
    if new.name != old.name {
      try checkName(new.name, replacing: slot)
      names.remove(slot, hash: nameHash(at: slot))
    }
    let entry = slots[Int(slot)]
    if entry >= 0 {
      slots[Int(slot)] = ~Int32(truncatingIfNeeded: edited.count)
      edited.append(new)
    } else {
      edited[Int(~entry)] = new
    }
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
    if let reason = Self.problem(withName: name) {
      throw .invalidName(name, reason: "it " + reason)
    }
    if let holder = self.slot(named: name), holder != slot {
      throw .nameTaken(name, by: self[Index(slot: Int(holder))].name)
    }
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
    Index(slot: slots.count)
  }

  /// The number of monsters.
  public var count: Int {
    liveCount
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
    let entry = slots[index.slot]
    return entry >= 0 ? source.monster(source.records[Int(entry)]) : edited[Int(~entry)]
  }

  private func nextLiveSlot(from slot: Int) -> Int {
    guard liveCount != slots.count else { return Swift.min(slot, slots.count) }
    var slot = slot
    while slot < slots.count, slots[slot] == Self.removed { slot += 1 }
    return slot
  }
}

// MARK: - Equatable

extension Roster: Equatable {
  /// Whether two rosters hold the same monsters in the same order and the same other keys.
  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    lhs.count == rhs.count && lhs.otherFields == rhs.otherFields && lhs.elementsEqual(rhs)
  }
}
