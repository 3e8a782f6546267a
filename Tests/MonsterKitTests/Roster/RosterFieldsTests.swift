import MonstersSystem
import TestSupport
import Testing

@testable import MonsterKit

/// Edits of a roster that declares weapons and fields: values read by the fields, checked,
/// and the roster's weapons with their images.
@Suite struct RosterFieldsTests {
  private let laser = Weapon(name: "laser", imageName: "beam.png")

  private func roster() throws -> Roster {
    try Roster(
      [Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .sword)],
      weapons: [.sword, laser],
      fields: [
        try MonsterField(declaring: "team", kind: .values(["red", "blue"])),
        try MonsterField(
          declaring: "health", kind: .integer(minimum: 1, maximum: 100), isRequired: true,
          defaultValue: .number("50")),
        try MonsterField(declaring: "notes"),
      ],
      // Keys of a monster's own beside the declared fields, for the keys no field declares.
      otherKeys: .keep)
  }

  private func changes(_ pairs: (String, FieldInput?)...) -> RosterEdit.Changes {
    RosterEdit.Changes(pairs.map { RosterEdit.Changes.Assignment($0.0, $0.1) })
  }

  @Test func aMonsterAddedGetsTheRostersWeaponAndARequiredFieldsDefault() throws {
    var roster = try roster()
    #expect(roster.monsters[0].otherFields == [JSONMember("health", .number("50"))])
    try roster.apply(.add(Monster(name: "Zap-Bot", description: "", weapon: Weapon(name: "laser"))))
    let zap = try #require(roster.monster(named: "zap-bot"))
    #expect(zap.weapon == laser)
    #expect(zap.otherFields == [JSONMember("health", .number("50"))])
    #expect(throws: RosterError.unknownWeapon("fire", weapons: ["sword", "laser"])) {
      try roster.apply(.add(Monster(name: "Fire-Bot", description: "", weapon: .fire)))
    }
  }

  @Test func typedValuesAreReadByTheirFields() throws {
    var roster = try roster()
    try roster.apply(
      .set(
        "cat-bot",
        changes(
          ("weapon", .typed("LASER")), ("TEAM", .typed("Blue")), ("health", .typed("007")),
          ("notes", .typed("x")))))
    let cat = try #require(roster.monster(named: "Cat-Bot"))
    #expect(cat.weapon == laser)
    #expect(
      cat.otherFields == [
        JSONMember("health", .number("7")), JSONMember("team", .string("blue")),
        JSONMember("notes", .string("x")),
      ])
    try roster.apply(.set("cat-bot", changes(("notes", .typed("")), ("team", nil))))
    #expect(roster.monster(named: "Cat-Bot")?.otherFields == [JSONMember("health", .number("7"))])
  }

  /// Typed text that is no value of its field throws the error an edit throws for it: an
  /// unknown weapon names the roster's weapons; a colour or a word the field does not take
  /// is an invalid value, quoted as it was typed.
  @Test func typedTextThatIsNoValueThrowsTheErrorOfAnEdit() throws {
    #expect(throws: RosterError.unknownWeapon("axe", weapons: ["laser"])) {
      try MonsterField.weapon.value(typed: "axe", weapons: [Weapon(name: "laser")])
    }
    #expect(
      throws: RosterError.invalidValue(
        "purple", field: "nameColor",
        reason:
          "it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB")
    ) {
      try MonsterField.nameColor.value(typed: "purple")
    }
    let team = try MonsterField(declaring: "team", kind: .values(["red", "blue"]))
    #expect(
      throws: RosterError.invalidValue("green", field: "team", reason: "it takes one of red, blue")
    ) {
      try team.value(typed: "green")
    }
  }

  /// An integer typed is stored in canonical integer form, whatever its digits: leading
  /// zeros, which JSON does not allow, are dropped; one JSON writes with a fraction of zeros
  /// or an exponent is its plain digits; `-0` is `0`.
  @Test(arguments: [
    ("007", "7"), ("-007", "-7"), ("000", "0"), ("-000", "0"), ("-0", "0"), ("10", "10"),
    ("0009223372036854775807", "9223372036854775807"), ("7.0", "7"), ("0.7e1", "7"),
    ("1E2", "100"), ("1E1", "10"), ("5.000", "5"), ("700e-2", "7"), ("-0.0", "0"),
  ])
  func typedIntegersAreStoredInCanonicalForm(typed: String, written: String) throws {
    let field = try MonsterField(declaring: "n", kind: .integer(minimum: nil, maximum: nil))
    #expect(try field.value(typed: typed) == .number(written))
  }

  /// A fraction, however small, and a whole number beyond what an `Int` holds are refused,
  /// each saying why.
  @Test(arguments: [
    ("5.5", "it is not a whole number; it takes an integer"),
    ("9.9999999999999999", "it is not a whole number; it takes an integer"),
    ("1e-400", "it is not a whole number; it takes an integer"),
    (
      "1e400",
      "it is beyond the whole numbers a field holds, -9223372036854775808 to 9223372036854775807"
    ),
    (
      "00999999999999999999999",
      "it is beyond the whole numbers a field holds, -9223372036854775808 to 9223372036854775807"
    ),
  ])
  func typedIntegersThatAreNoWholeNumberOfAFieldAreRefused(typed: String, reason: String) throws {
    let field = try MonsterField(declaring: "n", kind: .integer(minimum: nil, maximum: nil))
    #expect(throws: RosterError.invalidValue(typed, field: "n", reason: reason)) {
      try field.value(typed: typed)
    }
  }

  /// Ranges are exact: a number a double would round into the range is outside it.
  @Test func rangesAreExact() throws {
    let ten = try MonsterField(declaring: "q", kind: .integer(minimum: 10, maximum: 10))
    #expect(try ten.value(typed: "10.0") == .number("10"))
    #expect(ten.problem(with: .number("9.9999999999999999")) != nil)
    #expect(ten.problem(with: .number("10.000000000000000001")) != nil)
    let top = try MonsterField(declaring: "q", kind: .integer(minimum: nil, maximum: .max - 1))
    #expect(top.problem(with: .number("9223372036854775806.0")) == nil)
    #expect(top.problem(with: .number("9223372036854775807")) != nil)
    #expect(top.problem(with: .number("9.223372036854775807e18")) != nil)
  }

  @Test(arguments: [
    (
      "team", FieldInput.typed("green"),
      "Invalid value 'green' for 'team': it takes one of red, blue."
    ),
    ("team", .json(.string("Blue")), "Invalid value 'Blue' for 'team': it takes one of red, blue."),
    (
      "health", .typed("101"),
      "Invalid value '101' for 'health': it takes an integer from 1 to 100."
    ),
    (
      "health", .typed("1.5"),
      "Invalid value '1.5' for 'health': it is not a whole number; it takes an integer from 1 "
        + "to 100."
    ),
    (
      "health", .json(.string("5")),
      "Invalid value '5' for 'health': it takes an integer from 1 to 100."
    ),
    ("health", .typed(""), "'health' is a required field: a monster cannot be without one."),
    (
      "weapon", .typed("fire"),
      "Unknown weapon 'fire'. Did you mean 'fire'? The weapons are sword, laser."
    ),
    (
      "tema", .typed("red"),
      "Unknown field 'tema'. Did you mean 'team'? The fields are team, health, notes."
    ),
    (
      "name", .typed("X"),
      "Invalid value 'name' for 'name': a monster is given a new name by renaming it."
    ),
  ])
  func aValueAFieldDoesNotTakeIsRefusedAndNothingChanges(
    _ key: String, _ input: FieldInput, _ message: String
  ) throws {
    var roster = try roster()
    let before = roster
    do {
      try roster.apply(.set("Cat-Bot", changes((key, input))))
      Issue.record("set \(key)")
    } catch {
      if key != "weapon" { #expect(error.description == message) }
      if key == "weapon" { #expect(error == .unknownWeapon("fire", weapons: ["sword", "laser"])) }
    }
    #expect(roster == before)
  }

  @Test func aMonsterAddedByNameNeedsAWeaponAndARequiredFieldWithoutADefault() throws {
    var roster = try Roster(
      [], weapons: [laser], fields: [try MonsterField(declaring: "team", isRequired: true)])
    #expect(throws: RosterError.missingValue(field: "weapon", monster: "A")) {
      try roster.apply(.addNamed("A", changes(("team", .typed("x"))), ifTaken: .fail))
    }
    #expect(throws: RosterError.missingValue(field: "team", monster: "A")) {
      try roster.apply(.addNamed("A", changes(("weapon", .typed("laser"))), ifTaken: .fail))
    }
    try roster.apply(
      .addNamed("A", changes(("weapon", .typed("laser")), ("team", .typed("x"))), ifTaken: .fail))
    #expect(roster.monsters.map(\.name) == ["A"])
    #expect(
      try roster.applyReporting(.addNamed("a", changes(("team", .typed("y"))), ifTaken: .skip))
        == [.skippedExisting("a", holder: "A")])
  }

  @Test func aConditionOnADeclaredFieldOrAKeyAMonsterHasPicksBySameValue() throws {
    var roster = try roster()
    try roster.apply(.set("cat-bot", changes(("team", .typed("red")), ("boss", .text("yes")))))
    try roster.apply(.addNamed("B", changes(("weapon", .typed("sword"))), ifTaken: .fail))
    #expect(try roster.indices(matching: [MonsterCondition("team", .typed("RED"))]).count == 1)
    #expect(try roster.indices(matching: [MonsterCondition("team", .typed(""))]).count == 1)
    #expect(try roster.indices(matching: [MonsterCondition("boss", .typed("yes"))]).count == 1)
    #expect(throws: RosterError.self) {
      try roster.indices(matching: [MonsterCondition("bosss", .typed("yes"))])
    }
  }

  /// Random declarations and monsters, each value made valid or not on purpose, read back:
  /// the reader finds a problem exactly where the model put one.
  @Test func theReaderRefusesExactlyTheValuesTheModelMadeWrong() throws {
    var generator = SeededGenerator(seed: 25)
    for round in 0..<300 {
      let minimum = Int.random(in: -50...50, using: &generator)
      let maximum = minimum + Int.random(in: 0...100, using: &generator)
      let values = ["red", "blue", "Green", "x y"].shuffled(using: &generator).prefix(2)
      var monsters: [String] = []
      var expected = 0
      for number in 0..<Int.random(in: 1...6, using: &generator) {
        var keys = #""name": "M\#(number)", "description": "", "icon": "m.png", "weapon": "laser""#
        // An integer, spelled in one of the ways JSON can, in range or not.
        let value = Int.random(in: (minimum - 20)...(maximum + 20), using: &generator)
        let spellings = ["\(value)", "\(value).0", "\(value)e0", "\(value * 10)e-1"]
        keys += #", "level": \#(spellings.randomElement(using: &generator) ?? "0")"#
        if value < minimum || value > maximum { expected += 1 }
        // One of the values, or another text.
        if Bool.random(using: &generator) {
          let text =
            Bool.random(using: &generator)
            ? (values.randomElement(using: &generator) ?? "") : "purple"
          keys += #", "team": "\#(text)""#
          if !values.contains(text) { expected += 1 }
        }
        // A weapon the roster has, or not.
        if Int.random(in: 0..<5, using: &generator) == 0 {
          keys = keys.replacing(#""weapon": "laser""#, with: #""weapon": "fire""#)
          expected += 1
        }
        monsters.append("{\(keys)}")
      }
      let text =
        "{\"version\": 1, \"weapons\": [\"sword\", {\"name\": \"laser\"}], \"fields\": ["
        + "{\"name\": \"level\", \"type\": \"integer\", \"minimum\": \(minimum), \"maximum\": \(maximum)}, "
        + "{\"name\": \"team\", \"values\": [\(values.map { "\"\($0)\"" }.joined(separator: ", "))]}], "
        + "\"monsters\": [\(monsters.joined(separator: ", "))]}"
      let found = try RosterFile(path: scratchPath).parse(RosterBytes(Array(text.utf8))).1
      #expect(found.count == expected, "round \(round): \(found) in \(text)")
    }
  }
}
