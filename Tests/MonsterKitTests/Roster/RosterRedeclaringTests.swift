import TestSupport
import Testing

@testable import MonsterKit

/// Declarations changed across a roster's monsters: a field's values, range, requirement
/// and default, a field or a weapon renamed, a weapon's image, keys kept or refused. The
/// truth for a roster read from a file, whose monsters stay records until they change, is
/// the same edits made to a roster whose monsters were all built.
@Suite struct RosterRedeclaringTests {
  /// A roster of `count` monsters with a team, a level and notes, some without them.
  private static func monsters(_ count: Int, _ generator: inout SeededGenerator) -> [Monster] {
    (0..<count).map { number in
      var others: [JSONMember] = []
      if Int.random(in: 0..<3, using: &generator) > 0 {
        others.append(JSONMember("level", .number("\(Int.random(in: 1...50, using: &generator))")))
      }
      if Bool.random(using: &generator) {
        others.append(JSONMember("team", .string(Bool.random(using: &generator) ? "red" : "blue")))
      }
      if Int.random(in: 0..<4, using: &generator) == 0 {
        others.append(JSONMember("notes", .string("n\(number)")))
      }
      others.shuffle(using: &generator)
      let weapons = [Weapon.sword, .fire, Weapon(name: "laser")]
      return Monster(
        name: "M-\(number)", description: "d",
        weapon: weapons[Int.random(in: 0..<3, using: &generator)], otherFields: others)
    }
  }

  private static func fields() throws -> [MonsterField] {
    [
      try MonsterField(declaring: "team", kind: .values(["red", "blue"])),
      try MonsterField(declaring: "level", kind: .integer(minimum: 1, maximum: 50)),
      try MonsterField(declaring: "notes"),
    ]
  }

  /// Edits of declarations, some that monsters refuse.
  private static func edits(_ generator: inout SeededGenerator) -> [RosterEdit] {
    var widen = FieldRedeclaration()
    widen.maximum = .set(Int.random(in: 10...80, using: &generator))
    var values = FieldRedeclaration()
    values.addedValues = ["green"]
    values.removedValues = Bool.random(using: &generator) ? ["BLUE"] : []
    var required = FieldRedeclaration()
    required.requirement = .required
    required.defaultValue = .set(.typed("none yet"))
    let all: [RosterEdit] = [
      .changeField("level", widen), .changeField("Team", values), .changeField("notes", required),
      .renameField("team", to: "squad"), .renameField("LEVEL", to: "rank"),
      .renameWeapon("laser", to: "plasma", image: nil),
      .renameWeapon("sword", to: "katana", image: "katana.png"),
      .changeWeaponImage("laser", to: "beam.png"), .setOtherKeys(.keep),
      .set("M-1", .init(weapon: .fire)),
    ]
    return (0..<Int.random(in: 1...5, using: &generator)).map { _ in
      all[Int.random(in: 0..<all.count, using: &generator)]
    }
  }

  @Test func aReadRosterChangesAsABuiltOneDoes() throws {
    var generator = SeededGenerator(seed: 43)
    var (made, refused) = (0, 0)
    for round in 0..<150 {
      let monsters = Self.monsters(Int.random(in: 2...30, using: &generator), &generator)
      var built = try Roster(
        monsters, weapons: [.sword, .fire, Weapon(name: "laser")], fields: try Self.fields())
      var read = try readRoster(bytes: built.canonicalJSON())
      for edit in Self.edits(&generator) {
        let builtResult = Result { () throws(RosterError) in try built.applyReporting(edit) }
        let readResult = Result { () throws(RosterError) in try read.applyReporting(edit) }
        switch (builtResult, readResult) {
        case (.success(let builtChanges), .success(let readChanges)):
          made += 1
          #expect(builtChanges == readChanges, "round \(round): \(edit)")
        case (.failure(let builtError), .failure(let readError)):
          refused += 1
          #expect(builtError == readError, "round \(round): \(edit)")
        default:
          Issue.record("round \(round): \(edit): \(builtResult) but \(readResult)")
        }
        #expect(read.canonicalJSON() == built.canonicalJSON(), "round \(round): \(edit)")
      }
      // What is written reads back as it is, and breaks no rule.
      let bytes = read.canonicalJSON()
      let again = try readRoster(bytes: bytes)
      #expect(again.canonicalJSON() == bytes, "round \(round)")
      #expect(try RosterFile(path: scratchPath).problems(in: RosterBytes(bytes)) == [])
    }
    #expect(made > 100 && refused > 20, "\(made) made, \(refused) refused")
  }

  @Test func aRefusedChangeLeavesTheRosterAsItWas() throws {
    var roster = try Roster(
      [
        Monster(
          name: "A", description: "", weapon: .fire,
          otherFields: [JSONMember("level", .number("40"))])
      ],
      fields: try Self.fields())
    let before = roster
    var narrow = FieldRedeclaration()
    narrow.maximum = .set(30)
    #expect(
      throws: RosterError.valueInUse(
        field: "level", takes: "an integer from 1 to 30", monsters: ["A"], count: 1)
    ) { try roster.apply(.changeField("level", narrow)) }
    var required = FieldRedeclaration()
    required.requirement = .required
    #expect(throws: RosterError.missingValue(field: "team", monster: "A")) {
      try roster.apply(.changeField("team", required))
    }
    #expect(throws: RosterError.fieldTaken("Level", by: "level")) {
      try roster.apply(.renameField("team", to: "Level"))
    }
    #expect(throws: RosterError.unknownField("tema", fields: ["team", "level", "notes"])) {
      try roster.apply(.renameField("tema", to: "squad"))
    }
    #expect(roster == before)
  }
}
