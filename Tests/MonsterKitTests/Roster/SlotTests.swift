import Testing

@testable import MonsterKit

@Suite struct SlotTests {
  @Test(arguments: [0, 1, 7, 1 << 20, Int(Int32.max) - 1])
  func aSlotGivesBackWhatItWasMadeOf(_ index: Int) {
    #expect(Slot.record(index).content == .record(index))
    #expect(Slot.edited(index).content == .edited(index))
    #expect(!Slot.record(index).isRemoved)
    #expect(!Slot.edited(index).isRemoved)
  }

  @Test func theFirstEditedMonsterIsNotARecordOrAHole() {
    #expect(Slot.edited(0).content == .edited(0))
    #expect(Slot.record(0).content == .record(0))
    #expect(Slot.removed.content == .removed)
    #expect(Slot.removed.isRemoved)
    #expect(!Slot.edited(0).isRemoved)
    #expect(Slot.edited(0) != Slot.record(0))
  }

  @Test func aRosterReadHasOneRecordSlotPerMonsterInOrder() {
    #expect(Slot.records(count: 0).isEmpty)
    #expect(Slot.records(count: 5).map(\.content) == (0..<5).map { .record($0) })
  }

  /// A million monsters keep a million slots and records: their size is the roster's
  /// memory.
  @Test func slotsAndRecordsKeepTheirSize() {
    #expect(MemoryLayout<Slot>.stride == 4)
    #expect(MemoryLayout<MonsterRecord>.stride == 36)
  }

  @Test func slotsTellEditedMonstersFromRecordsAsTheRosterChanges() throws {
    var roster = try readRoster(bytes: try Fixture.seeded())
    #expect(roster.slots.map(\.content) == (0..<6).map { .record($0) })
    try roster.apply(.set("Dog-Bot", .init(description: "Bark")))
    try roster.apply(.add(Monster(name: "Robo-Bot", description: "", weapon: .smoke)))
    try roster.apply(.remove("Cat-Bot"))
    try roster.apply(.set("Dog-Bot", .init(description: "Woof")))
    // A change of weapon or colour alone is made to the record itself.
    try roster.apply(.set("Ice-Bot", .init(weapon: .smoke, nameColor: .set(.red))))
    #expect(roster.source.records[4].flags.contains(.rewritten))
    #expect(roster.monster(named: "Ice-Bot")?.weapon.type == .smoke)
    #expect(
      roster.slots.map(\.content) == [
        .removed, .edited(0), .record(2), .record(3), .record(4), .record(5), .edited(1),
      ])
    #expect(roster.edited.map(\.name) == ["Dog-Bot", "Robo-Bot"])
    #expect(roster.edited[0].description == "Woof")
    #expect(roster.map(\.name).first == "Dog-Bot")
    #expect(roster.count == 6)
  }

  /// A change made to the file's records copies them all (the roster before the edit keeps
  /// them), 36 bytes a monster: an edit of one monster of a million builds that monster
  /// instead, and only an edit of many changes the records.
  @Test func aFewMonstersAreBuiltAndManyChangedInTheirRecords() throws {
    let monsters = (0..<160).map { number in
      Monster(
        name: "M-\(number)", description: "d", weapon: number % 5 == 0 ? .smoke : .sword)
    }
    let before = try readRoster(bytes: try Roster(monsters).canonicalJSON())
    func sharesRecords(_ roster: Roster) -> Bool {
      roster.source.records.withUnsafeBufferPointer { mine in
        before.source.records.withUnsafeBufferPointer { theirs in
          mine.baseAddress == theirs.baseAddress
        }
      }
    }
    var expected = monsters
    var few = before
    try few.apply(.setEach(.names(["M-1", "M-2"]), .init(weapon: .fire)))
    expected[1].weapon = Weapon(.fire)
    expected[2].weapon = Weapon(.fire)
    let fewShare = sharesRecords(few)
    let fewRewrote = few.source.hasRewrittenRecords
    #expect(fewShare)
    #expect(!fewRewrote)
    #expect(Array(few) == expected)
    // A fifth of them, 32 of 160, is more than one in eight.
    var many = few
    try many.apply(.setEach(.matching([.weapon(.smoke)]), .init(weapon: .fire)))
    for number in stride(from: 0, to: 160, by: 5) { expected[number].weapon = Weapon(.fire) }
    let manyShare = sharesRecords(many)
    let manyRewrote = many.source.hasRewrittenRecords
    #expect(!manyShare)
    #expect(manyRewrote)
    #expect(Array(many) == expected)
    #expect(many.canonicalJSON() == (try Roster(expected).canonicalJSON()))
    #expect(Array(before) == monsters)
  }
}
