import TestSupport
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
    #expect(roster.storage.slotContents == (0..<6).map { .record($0) })
    try roster.apply(.set("Dog-Bot", .init(description: "Bark")))
    try roster.apply(.add(Monster(name: "Robo-Bot", description: "", weapon: .smoke)))
    try roster.apply(.remove("Cat-Bot"))
    try roster.apply(.set("Dog-Bot", .init(description: "Woof")))
    // A change of weapon or colour alone is made to the record itself.
    try roster.apply(.set("Ice-Bot", .init(weapon: .smoke, nameColor: .set(.red))))
    #expect(roster.storage.source.records[4].flags.contains(.rewritten))
    #expect(roster.monster(named: "Ice-Bot")?.weapon.type == .smoke)
    #expect(
      roster.storage.slotContents == [
        .removed, .edited(0), .record(2), .record(3), .record(4), .record(5), .edited(1),
      ])
    #expect(roster.storage.editedMonsters.map(\.name) == ["Dog-Bot", "Robo-Bot"])
    #expect(roster.storage.editedMonsters[0].description == "Woof")
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
      roster.storage.source.records.withUnsafeBufferPointer { mine in
        before.storage.source.records.withUnsafeBufferPointer { theirs in
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
    let fewRewrote = few.storage.source.hasRewrittenRecords
    #expect(fewShare)
    #expect(!fewRewrote)
    #expect(Array(few) == expected)
    // A fifth of them, 32 of 160, is more than one in eight.
    var many = few
    try many.apply(.setEach(.matching([.weapon(.smoke)]), .init(weapon: .fire)))
    for number in stride(from: 0, to: 160, by: 5) { expected[number].weapon = Weapon(.fire) }
    let manyShare = sharesRecords(many)
    let manyRewrote = many.storage.source.hasRewrittenRecords
    #expect(!manyShare)
    #expect(manyRewrote)
    #expect(Array(many) == expected)
    #expect(many.canonicalJSON() == (try Roster(expected).canonicalJSON()))
    #expect(Array(before) == monsters)
  }

  /// An edit of many monsters' declared fields and undeclared keys changes their records'
  /// other keys in place, building no monster, and leaves the roster, the changes it
  /// reports and the file's bytes as building every monster does: the truth is the same
  /// edits made to a roster whose monsters were all built, thousands of them at random.
  @Test func manyMonstersFieldsBeyondTheBuiltInOnesAreChangedInTheirRecords() throws {
    var generator = SeededGenerator(seed: 25)
    let fields = [
      try MonsterField(declaring: "team", kind: .values(["red", "blue", "green"])),
      try MonsterField(
        declaring: "level", kind: .integer(minimum: 1, maximum: 100), isRequired: true,
        defaultValue: .number("50")),
      try MonsterField(declaring: "notes"),
    ]
    let values: [String: [FieldInput?]] = [
      "team": [.typed("red"), .typed("blue"), .json(.string("green")), nil],
      "level": [.typed("7"), .json(.number("50")), .typed("100"), nil],
      "notes": [.json(.string("n")), .json(.array([.null])), .json(.string("")), nil],
      "x": [.json(.number("1")), .json(.bool(true)), nil],
      "y": [.json(.string("y")), nil],
      "weapon": [.typed("fire"), .typed("sword")],
      "description": [.text("changed")],
    ]
    let keys = values.keys.sorted()
    for round in 0..<60 {
      let count = Int.random(in: 8...40, using: &generator)
      let monsters = (0..<count).map { number in
        var others: [JSONMember] = [JSONMember("level", .number("\(number % 100 + 1)"))]
        if Bool.random(using: &generator) { others.append(JSONMember("team", .string("red"))) }
        if Bool.random(using: &generator) { others.append(JSONMember("x", .number("\(number)"))) }
        if Int.random(in: 0..<4, using: &generator) == 0 {
          others.append(JSONMember("notes", .string("old")))
        }
        others.shuffle(using: &generator)
        return Monster(
          name: "M-\(number)", description: "d", weapon: .sword, otherFields: others)
      }
      let built = try Roster(monsters, fields: fields, otherKeys: .keep)
      let original = try readRoster(bytes: built.canonicalJSON())
      #expect(Array(original) == Array(built), "round \(round)")
      var truth = built
      var read = original
      for edit in 0..<4 {
        var changes = RosterEdit.Changes([])
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          let key = keys.randomElement(using: &generator)!
          changes.set(key, to: values[key]!.randomElement(using: &generator)!)
        }
        // An eighth of the monsters or more, so that the records are changed.
        let picked = (0..<count).filter { _ in Int.random(in: 0..<3, using: &generator) > 0 }
        let selection = MonsterSelection.names(picked.map { "M-\($0)" })
        let context = "round \(round), edit \(edit): \(changes), \(picked.count) of \(count)"
        let onRecords =
          read.storage.source.hasRewrittenRecords
          || picked.count * Roster.monstersPerRecordCopy >= count
        let builtBefore = read.storage.editedMonsters.count
        let expected = Result { () throws(RosterError) in
          try truth.applyReporting(.setEach(selection, changes))
        }
        let actual = Result { () throws(RosterError) in
          try read.applyReporting(.setEach(selection, changes))
        }
        #expect(actual == expected, "\(context)")
        #expect(Array(read) == Array(truth), "\(context)")
        #expect(read.canonicalJSON() == truth.canonicalJSON(), "\(context)")
        if onRecords, !changes.assignments.contains(where: { $0.key == "description" }) {
          #expect(read.storage.editedMonsters.count == builtBefore, "\(context)")
        }
      }
      #expect(Array(original) == Array(built), "round \(round)")
      let reread = try readRoster(bytes: read.canonicalJSON())
      #expect(Array(reread) == Array(truth), "round \(round)")
    }
  }
}
