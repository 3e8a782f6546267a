import TestSupport
import Testing

@testable import MonsterKit

/// Picking monsters by name or by their fields, and edits of several monsters at once.
@Suite struct RosterSelectingTests {
  private func names(_ roster: Roster, _ indices: [Roster.Index]) -> [String] {
    indices.map { roster[$0].name }
  }

  /// The seeded roster as the file holds it, so that records, not built monsters, are
  /// picked.
  private func seededFromFile() throws -> Roster {
    try readRoster(bytes: try Fixture.seeded())
  }

  // MARK: - Conditions

  @Test func aWeaponPicksEveryMonsterThatCarriesIt() throws {
    let roster = try seededFromFile()
    #expect(
      names(roster, try roster.indices(matching: [.weapon(.ninjaStar)]))
        == ["Fire-Bot", "Mini-Tomato-Bot"])
    #expect(try roster.indices(matching: []).count == 6)
  }

  /// No conditions pick every monster, in order, and none that was removed or replaced.
  @Test func noConditionsPickEveryMonsterThereIs() throws {
    var roster = try seededFromFile()
    try roster.apply(.remove("Dog-Bot"))
    try roster.apply(.set("Fire-Bot", .init(weapon: .smoke)))
    try roster.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .fire)))
    #expect(try roster.indices(matching: []) == Array(roster.indices))
    #expect(
      names(roster, try roster.indices(matching: []))
        == ["Cat-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot", "Robo-Bot"])
  }

  @Test func aNameIsComparedAsTheRosterComparesNames() throws {
    var roster = try seededFromFile()
    #expect(names(roster, try roster.indices(matching: [.name("cAT-bOT")])) == ["Cat-Bot"])
    try roster.add(Monster(name: "Café", description: "", weapon: .fire))
    #expect(names(roster, try roster.indices(matching: [.name("CAFÉ")])) == ["Café"])
    #expect(try roster.indices(matching: [.name("Cat")]).isEmpty)
  }

  @Test func descriptionAndIconMustBeExactlyTheText() throws {
    let roster = try seededFromFile()
    #expect(names(roster, try roster.indices(matching: [.description("MEE-OW")])) == ["Cat-Bot"])
    #expect(try roster.indices(matching: [.description("mee-ow")]).isEmpty)
    #expect(try roster.indices(matching: [.description("MEE-OW ")]).isEmpty)
    #expect(names(roster, try roster.indices(matching: [.icon("meetdogbot.png")])) == ["Dog-Bot"])
  }

  @Test func escapedTextInTheFileIsComparedAsItsText() throws {
    let roster = try readRoster(
      #"{"version": 1, "monsters": [{"name": "A", "description": "tab\there \u00e9", "icon": "a\/b.png", "weapon": "fire"}]}"#
    )
    #expect(try roster.indices(matching: [.description("tab\there é")]).count == 1)
    #expect(try roster.indices(matching: [.icon("a/b.png")]).count == 1)
  }

  /// A condition reads a value as the field does: a declared integer as its whole number,
  /// however the file writes it, and a key the roster does not declare as text, as `list
  /// --fields` shows it.
  @Test func aConditionPicksAValueByWhatItReadsAs() throws {
    let roster = try readRoster(
      #"""
      {"version": 1, "fields": [{"name": "health", "type": "integer"}], "otherKeys": "keep",
      "monsters": [
      {"name": "A", "description": "", "icon": "", "weapon": "fire", "health": 5.0, "n": 1.0,
       "b": true, "z": null, "o": {"k": 1}},
      {"name": "B", "description": "", "icon": "", "weapon": "fire", "health": 0.5e1, "n": "1.0"},
      {"name": "C", "description": "", "icon": "", "weapon": "fire", "health": 5, "n": 1}]}
      """#)
    func picked(_ key: String, _ text: String) throws -> [String] {
      names(roster, try roster.indices(matching: [MonsterCondition(key, .typed(text))]))
    }
    #expect(try picked("health", "5") == ["A", "B", "C"])
    #expect(try picked("n", "1.0") == ["A", "B"])
    #expect(try picked("n", "1") == ["C"])
    #expect(try picked("b", "true") == ["A"])
    #expect(try picked("z", "null") == ["A"])
    #expect(try picked("o", #"{"k":1}"#) == ["A"])
    #expect(try picked("health", "6").isEmpty)
  }

  /// Two conditions on one field that spell one value two ways both hold, as each alone
  /// does; two values still pick none.
  @Test func twoSpellingsOfOneValuePickWhatEachPicks() throws {
    let roster = try readRoster(
      #"""
      {"version": 1, "fields": [{"name": "health", "type": "integer"}], "otherKeys": "keep",
      "monsters": [
      {"name": "A", "description": "", "icon": "", "weapon": "fire", "health": 5},
      {"name": "B", "description": "", "icon": "", "weapon": "fire", "health": 5.0},
      {"name": "C", "description": "", "icon": "", "weapon": "fire", "health": 6}]}
      """#)
    func picked(_ conditions: (key: String, text: String)...) throws -> [String] {
      names(
        roster, try roster.indices(matching: conditions.map { MonsterCondition($0, .typed($1)) }))
    }
    #expect(try picked(("health", "5"), ("health", "5.0")) == ["A", "B"])
    #expect(try picked(("health", "0.5e1"), ("HEALTH", "5")) == ["A", "B"])
    #expect(try picked(("health", "5"), ("health", "6")).isEmpty)
  }

  /// A key of a monster's own (in a roster that keeps them), spelled exactly as typed, is
  /// that key, even where a declared or built-in field has the same name in another case; a
  /// name no monster spells so is the field.
  @Test func aKeySpelledExactlyIsNotAFieldOfAnotherCase() throws {
    let roster = try readRoster(
      #"""
      {"version": 1, "fields": [{"name": "team", "values": ["red", "blue"]}],
      "otherKeys": "keep", "monsters": [
      {"name": "A", "description": "", "icon": "", "weapon": "fire", "team": "red",
       "Team": "blue", "Weapon": "x"},
      {"name": "B", "description": "", "icon": "", "weapon": "fire", "Team": "red"}]}
      """#)
    func picked(_ key: String, _ text: String) throws -> [String] {
      names(roster, try roster.indices(matching: [MonsterCondition(key, .typed(text))]))
    }
    #expect(try picked("Team", "red") == ["B"])
    #expect(try picked("team", "red") == ["A"])
    #expect(try picked("TEAM", "red") == ["A"])
    #expect(try picked("Weapon", "x") == ["A"])
    #expect(try picked("WEAPON", "fire") == ["A", "B"])
    #expect(roster.field(named: "Team") == .other("Team"))
    #expect(roster.field(named: "TEAM")?.key == "team")
  }

  @Test func aColourOrNoColourPicksByTheNameColour() throws {
    var roster = try seededFromFile()
    try roster.apply(.set("Ice-Bot", .init(nameColor: .set(.rgb(red: 255, green: 136, blue: 0)))))
    #expect(
      names(roster, try roster.indices(matching: [.field(.nameColor, .string("#FF8800"))]))
        == ["Ice-Bot"])
    #expect(try roster.indices(matching: [.field(.nameColor, nil)]).count == 5)
    #expect(try roster.indices(matching: [.field(.nameColor, .string("red"))]).isEmpty)
  }

  @Test func everyConditionMustHold() throws {
    let roster = try seededFromFile()
    #expect(
      names(
        roster,
        try roster.indices(matching: [.weapon(.ninjaStar), .description("Extremely Handsome")]))
        == ["Mini-Tomato-Bot"])
    #expect(try roster.indices(matching: [.weapon(.ninjaStar), .name("Cat-Bot")]).isEmpty)
    #expect(try roster.indices(matching: [.weapon(.fire), .weapon(.smoke)]).isEmpty)
    #expect(try roster.indices(matching: [.name("Cat-Bot"), .name("Dog-Bot")]).isEmpty)
    #expect(try roster.indices(matching: [.name("Cat-Bot"), .name("CAT-BOT")]).count == 1)
  }

  @Test func removedMonstersAreNeverPicked() throws {
    var roster = try seededFromFile()
    try roster.apply(.remove("Fire-Bot"))
    #expect(
      names(roster, try roster.indices(matching: [.weapon(.ninjaStar)])) == ["Mini-Tomato-Bot"])
  }

  // MARK: - Editing several monsters

  @Test func setEachChangesEveryMonsterPickedAndSaysHow() throws {
    var roster = try seededFromFile()
    let changes = try roster.applyReporting(
      .setEach(.matching([.weapon(.ninjaStar)]), .init(weapon: .fire)))
    var expected = ["Fire-Bot", "Mini-Tomato-Bot"].map { MonsterChange(name: $0) }
    for index in expected.indices {
      expected[index].fields = [
        FieldChange(.weapon, from: .string("ninjaStar"), to: .string("fire"))
      ]
    }
    #expect(changes == expected.map { .changed($0) })
    #expect(try roster.indices(matching: [.weapon(.ninjaStar)]).isEmpty)
    #expect(try roster.indices(matching: [.weapon(.fire)]).count == 3)
    #expect(roster.monster(named: "Fire-Bot")?.weapon == .fire)
  }

  @Test func aWeaponOrColourChangeToRecordsWritesTheMonstersChanged() throws {
    var roster = try seededFromFile()
    let changes = try roster.applyReporting(
      .setEach(.names(["ice-bot", "cat-bot"]), .init(weapon: .smoke, nameColor: .set(.red))))
    var ice = MonsterChange(name: "Ice-Bot")
    ice.fields = [
      FieldChange(.weapon, from: .string("fire"), to: .string("smoke")),
      FieldChange(.nameColor, from: nil, to: .string("red")),
    ]
    #expect(changes.first == .changed(ice))
    let expected = text(try Fixture.seeded())
      .replacing(
        "\"icon\": \"meeticebot.png\",\n      \"weapon\": \"fire\"",
        with:
          "\"icon\": \"meeticebot.png\",\n      \"weapon\": \"smoke\",\n      \"nameColor\": \"red\""
      )
      .replacing(
        "\"icon\": \"meetcatbot.png\",\n      \"weapon\": \"sword\"",
        with:
          "\"icon\": \"meetcatbot.png\",\n      \"weapon\": \"smoke\",\n      \"nameColor\": \"red\""
      )
    #expect(text(roster.canonicalJSON()) == expected)
    #expect(try readRoster(bytes: roster.canonicalJSON()) == roster)
    // And back: the same monsters as the file, though the records were changed.
    try roster.apply(.set("Ice-Bot", .init(weapon: .fire, nameColor: .remove)))
    try roster.apply(.set("Cat-Bot", .init(weapon: .sword, nameColor: .remove)))
    #expect(roster.canonicalJSON() == (try Fixture.seeded()))
    #expect(roster.hasSameMonsters(as: try seededFromFile()))
  }

  @Test func aChangedRecordIsNotTheSameAsTheFilesRecord() throws {
    let roster = try seededFromFile()
    var edited = roster
    try edited.apply(.set("Dog-Bot", .init(weapon: .fire)))
    #expect(!edited.hasSameMonsters(as: roster))
    #expect(!roster.hasSameMonsters(as: edited))
    #expect(roster.monster(named: "Dog-Bot")?.weapon == .blowgun)
  }

  @Test func aMonsterAsAskedAlreadyGivesNoChange() throws {
    var roster = try seededFromFile()
    #expect(try roster.applyReporting(.setEach(.names(["Cat-Bot"]), .init(weapon: .sword))) == [])
    #expect(!(try roster.apply(.setEach(.matching([.weapon(.sword)]), .init(weapon: .sword)))))
  }

  @Test func aMissingNameChangesNone() throws {
    var roster = try seededFromFile()
    let before = roster
    #expect(throws: RosterError.noSuchMonster("Nobody", suggestion: nil)) {
      try roster.apply(.setEach(.names(["Cat-Bot", "Nobody"]), .init(weapon: .fire)))
    }
    #expect(roster == before)
    #expect(throws: RosterError.noSuchMonster("Nobody", suggestion: nil)) {
      try roster.apply(.removeEach(.names(["Cat-Bot", "Nobody"])))
    }
    #expect(roster == before)
  }

  @Test func aNameGivenTwicePicksItsMonsterOnce() throws {
    var roster = try seededFromFile()
    #expect(try roster.applyReporting(.removeEach(.names(["cat-bot", "CAT-BOT"]))).count == 1)
    #expect(roster.count == 5)
  }

  @Test func namesIfPresentSkipEachMissingNameOnce() throws {
    var roster = try seededFromFile()
    let changes = try roster.applyReporting(
      .removeEach(.namesIfPresent(["Robo-Bot", "Dog-Bot", "Robo-Bot", "ROBO-BOT", "robo-bot"])))
    #expect(changes.count == 2)
    #expect(changes.first == .skippedMissing("Robo-Bot"))
    #expect(changes.last == .removed("Dog-Bot"))
    #expect(roster.count == 5)
  }

  @Test func conditionsThatPickNoneSaySoAndChangeNothing() throws {
    var roster = try seededFromFile()
    let conditions: [MonsterCondition] = [.weapon(.fire), .name("Cat-Bot")]
    #expect(
      try roster.applyReporting(.setEach(.matching(conditions), .init(weapon: .smoke)))
        == [.noMatch(conditions)])
    #expect(!(try roster.apply(.removeEach(.matching(conditions)))))
    #expect(roster.count == 6)
  }

  @Test func removeEachRemovesEveryMonsterPickedAndFreesTheirNames() throws {
    var roster = try seededFromFile()
    let changes = try roster.applyReporting(.removeEach(.matching([.weapon(.ninjaStar)])))
    #expect(changes.count == 2)
    #expect(roster.count == 4)
    #expect(roster.monster(named: "fire-bot") == nil)
    try roster.add(Monster(name: "FIRE-BOT", description: "", weapon: .fire))
    #expect(roster.monster(named: "Fire-Bot")?.name == "FIRE-BOT")
  }

  // MARK: - Adding

  @Test func addIfMissingAddsOrSkips() throws {
    var roster = try seededFromFile()
    let robo = Monster(name: "Robo-Bot", description: "", weapon: .fire)
    #expect(try roster.applyReporting(.addIfMissing(robo)) == [.added("Robo-Bot")])
    let other = Monster(name: "ROBO-BOT", description: "x", weapon: .smoke)
    #expect(
      try roster.applyReporting(.addIfMissing(other)) == [
        .skippedExisting("ROBO-BOT", holder: "Robo-Bot")
      ])
    #expect(roster.monster(named: "robo-bot") == robo)
  }

  @Test func addOrSetChangesOnlyTheFieldsGivenAndKeepsTheName() throws {
    var roster = try seededFromFile()
    let tags = JSONMember("tags", .array([.string("boss")]))
    let changes = RosterEdit.Changes(weapon: .fire, otherFields: [tags])
    let new = Monster(name: "cat-bot", description: "", weapon: .fire, otherFields: [tags])
    let result = try roster.applyReporting(.addOrSet(new, changes))
    let cat = try #require(roster.monster(named: "Cat-Bot"))
    #expect(cat.name == "Cat-Bot")
    #expect(cat.description == "MEE-OW")
    #expect(cat.weapon == .fire)
    #expect(cat.otherFields == [tags])
    #expect(result.count == 1)
    #expect(try roster.applyReporting(.addOrSet(new, changes)) == [])
    let robo = Monster(name: "Robo-Bot", description: "", weapon: .smoke)
    #expect(
      try roster.applyReporting(.addOrSet(robo, .init(weapon: .smoke))) == [.added("Robo-Bot")])
  }

  @Test func otherFieldsThatAreSetReplaceTheirKeyWhereItStands() throws {
    var roster = try Roster([
      Monster(
        name: "A", description: "", weapon: .fire,
        otherFields: [JSONMember("a", .number("1")), JSONMember("b", .null)])
    ])
    try roster.apply(
      .set(
        "A",
        RosterEdit.Changes(otherFields: [
          JSONMember("a", .number("2")), JSONMember("c", .bool(true)),
        ])))
    #expect(
      roster.monsters[0].otherFields == [
        JSONMember("a", .number("2")), JSONMember("b", .null), JSONMember("c", .bool(true)),
      ])
    try roster.apply(
      .set(
        "A",
        RosterEdit.Changes(otherFields: [JSONMember("d", .null), JSONMember("d", .bool(false))])))
    #expect(roster.monsters[0].otherFields.last == JSONMember("d", .bool(false)))
    #expect(roster.monsters[0].otherFields.count == 4)
  }

  @Test func renameReportsTheNameBeforeAndAfter() throws {
    var roster = try seededFromFile()
    var expected = MonsterChange(name: "Dog-Bot")
    expected.newName = "Hound-Bot"
    #expect(try roster.applyReporting(.rename("dog-bot", to: "Hound-Bot")) == [.changed(expected)])
    #expect(try roster.applyReporting(.rename("hound-bot", to: "Hound-Bot")) == [])
  }

  @Test func aChangeBetweenTwoMonstersNamesEachFieldThatChanged() {
    let old = Monster(
      name: "A", description: "d", icon: "a.png", weapon: .fire,
      otherFields: [JSONMember("x", .null), JSONMember("y", .null)])
    var new = old
    new.description = "e"
    new.nameColor = .blue
    new.otherFields = [JSONMember("x", .bool(true)), JSONMember("z", .null)]
    let change = MonsterChange(from: old, to: new)
    #expect(change.name == "A" && change.newName == nil)
    #expect(change.change(of: .weapon) == nil && change.change(of: .icon) == nil)
    #expect(
      change.fields == [
        FieldChange(.description, from: .string("d"), to: .string("e")),
        FieldChange(.nameColor, from: nil, to: .string("blue")),
        FieldChange(.other("x"), from: .null, to: .bool(true)),
        FieldChange(.other("y"), from: .null, to: nil),
        FieldChange(.other("z"), from: nil, to: .null),
      ])
    #expect(!change.isEmpty)
    #expect(MonsterChange(from: old, to: old).isEmpty)
  }

  // MARK: - Comparing

  @Test func editsThatCancelOutLeaveTheSameMonsters() throws {
    let roster = try seededFromFile()
    var edited = roster
    try edited.apply(.set("Cat-Bot", .init(weapon: .fire)))
    #expect(!edited.hasSameMonsters(as: roster))
    try edited.apply(.set("Cat-Bot", .init(weapon: .sword)))
    #expect(edited.hasSameMonsters(as: roster))
    #expect(edited == roster)
    try edited.apply(.remove("Cat-Bot"))
    #expect(!edited.hasSameMonsters(as: roster))
    #expect(roster.hasSameMonsters(as: try seededFromFile()))
    #expect(roster.hasSameMonsters(as: Roster.seeded))
    var other = roster
    other.otherFields = [JSONMember("x", .null)]
    #expect(!other.hasSameMonsters(as: roster))
  }

  // MARK: - Canonical bytes

  @Test func aRosterKnowsWhetherItWasReadFromItsCanonicalForm() throws {
    #expect(try seededFromFile().readLayout == .canonical)
    let compact = try readRoster(
      #"{"version": 1, "monsters": [{"name": "A", "description": "", "icon": "a.png", "weapon": "fire"}]}"#
    )
    #expect(compact.readLayout == .notCanonical)
    let canonical = try readRoster(bytes: compact.canonicalJSON())
    #expect(canonical.readLayout == .canonical)
    #expect(Roster.seeded.readLayout == .notRead)
    #expect(Roster().readLayout == .notRead)
  }

  @Test func aFileWithUnknownKeysInCanonicalFormIsCanonical() throws {
    let roster = try readRoster(
      #"{"version": 1, "monsters": [{"name": "A", "description": "", "icon": "a.png", "weapon": "fire", "x": [1, {"y": null}]}], "z": "w"}"#
    )
    #expect(roster.readLayout == .notCanonical)
    #expect(try readRoster(bytes: roster.canonicalJSON()).readLayout == .canonical)
  }

  /// A key is a field of the roster while a monster that stands holds it: not once the
  /// monsters that held it were removed, from the file or added since.
  @Test func aKeyNoMonsterHoldsAnyMoreIsNoField() throws {
    var roster = try readRoster(
      #"""
      {"version": 1, "monsters": [
      {"name": "A", "description": "", "icon": "", "weapon": "fire", "team": "red"},
      {"name": "B", "description": "", "icon": "", "weapon": "fire"}]}
      """#)
    try roster.apply(
      .add(
        Monster(
          name: "C", description: "", weapon: .fire,
          otherFields: [JSONMember("rank", .number("1"))])))
    #expect(roster.field(named: "team") == .other("team"))
    #expect(roster.field(named: "rank") == .other("rank"))
    try roster.apply([.remove("A"), .remove("C")])
    #expect(roster.field(named: "team") == nil)
    #expect(roster.field(named: "rank") == nil)
    #expect(throws: RosterError.self) {
      try roster.indices(matching: [MonsterCondition("team", .typed("red"))])
    }
  }
}
