import TestSupport
import Testing

@testable import MonsterKit

/// The weapons and fields a roster declares: read, checked, written, and what they make of
/// the monsters.
@Suite struct RosterDeclarationsTests {
  private func team() throws -> Roster {
    try readRoster(bytes: try Fixture.bytes("team.json"))
  }

  /// A roster file with declarations and monsters, each a line of JSON.
  private func roster(weapons: String? = nil, fields: String? = nil, _ monsters: String...)
    -> String
  {
    "{\"version\": 1, "
      + (weapons.map { "\"weapons\": \($0), " } ?? "")
      + (fields.map { "\"fields\": \($0), " } ?? "")
      + "\"monsters\": [\n" + monsters.joined(separator: ",\n") + "\n]}\n"
  }

  private func problems(_ text: String) throws -> [String] {
    try RosterFile(path: scratchPath).parse(RosterBytes(Array(text.utf8))).1.map(\.description)
  }

  // MARK: - Reading and writing

  @Test func aRosterThatDeclaresThemReadsAndWritesItsWeaponsAndFieldsInCanonicalForm() throws {
    let roster = try team()
    #expect(roster.weapons.map(\.imageName) == ["sword.png", "laser.png"])
    #expect(roster.weapons == [.sword, Weapon(name: "laser")])
    #expect(roster.declaresWeapons)
    #expect(
      roster.declaredFields == [
        try MonsterField(declaring: "team", kind: .values(["red", "blue"])),
        try MonsterField(declaring: "health", kind: .integer(minimum: 1, maximum: 100)),
        try MonsterField(declaring: "notes"),
      ])
    #expect(roster.storage.source.isKnownCanonical == false)
    #expect(roster.canonicalJSON() == (try Fixture.bytes("team.json")))
    #expect(
      try RosterFile(path: scratchPath).problems(in: RosterBytes(roster.canonicalJSON())) == [])
    #expect(roster.monster(named: "laser-bot")?.weapon.imageName == "laser.png")
    #expect(
      roster.monster(named: "cat-bot")?[try #require(roster.field(named: "health"))]
        == .number("80"))
  }

  @Test func aRosterThatDeclaresNothingReadsAndWritesAsBefore() throws {
    let roster = try readRoster(bytes: try Fixture.seeded())
    #expect(roster.weapons == Weapon.builtIn)
    #expect(!roster.declaresWeapons)
    #expect(roster.declaredFields.isEmpty)
    #expect(roster.storage.source.isKnownCanonical)
    #expect(roster.canonicalJSON() == (try Fixture.seeded()))
  }

  @Test func aCanonicalRosterThatDeclaresWeaponsAloneIsKnownCanonicalAsRead() throws {
    let text = roster(
      weapons: #"["fire", {"name": "laser", "image": "beam.png"}]"#,
      #"{"name": "A", "description": "", "icon": "a.png", "weapon": "laser"}"#)
    let canonical = try readRoster(text).canonicalJSON()
    let read = try readRoster(bytes: canonical)
    #expect(read.storage.source.isKnownCanonical)
    #expect(read.canonicalJSON() == canonical)
    #expect(read.monsters[0].weapon.hasSameImage(as: Weapon(name: "laser", imageName: "beam.png")))
    // A file whose declarations stand in another order, or another layout, is not.
    let swapped = text.replacing(#""version": 1, "#, with: "").replacing(
      "{\"weapons\"", with: "{\"version\": 1, \"weapons\"")
    #expect(try readRoster(swapped).canonicalJSON() == canonical)
  }

  @Test func declarationsAfterTheMonstersAreReadAsIfBefore() throws {
    let text =
      #"{"monsters": [{"name": "A", "description": "", "icon": "a.png", "weapon": "laser", "team": "red"}], "#
      + #""fields": [{"name": "team", "values": ["red"]}], "version": 1, "weapons": [{"name": "laser"}]}"#
    let roster = try readRoster(text)
    #expect(roster.monsters[0].weapon == Weapon(name: "laser"))
    #expect(roster.declaredFields.map(\.key) == ["team"])
    #expect(
      try problems(text.replacing(#""team": "red"}"#, with: #""team": "blue"}"#)) == [
        "1:92: monster 1 ('A'): 'team' is 'blue'; it takes one of red"
      ])
  }

  @Test func theImageOfADeclaredWeaponDefaultsToItsNameInLowerCase() throws {
    let read = try readRoster(roster(weapons: #"[{"name": "Laser2"}]"#))
    #expect(read.weapons == [Weapon(name: "Laser2")])
    #expect(read.weapons.first?.imageName == "laser2.png")
    #expect(text(read.canonicalJSON()).contains(#""image": "laser2.png""#))
  }

  // MARK: - What breaks a rule

  @Test(arguments: [
    (#""weapons": 7"#, "'weapons' must be an array of weapons"),
    (#""weapons": []"#, "'weapons' lists no weapon"),
    (#""weapons": ["laser"]"#, "weapon 1: 'laser' is not a built-in weapon"),
    (#""weapons": [7]"#, "weapon 1 must be a built-in weapon's name or an object"),
    (#""weapons": [{"image": "x.png"}]"#, "weapon 1 has no 'name'"),
    (#""weapons": [{"name": 1}]"#, "weapon 1: 'name' must be a string"),
    (#""weapons": [{"name": "a", "image": 1}]"#, "weapon 1: 'image' must be a string"),
    (#""weapons": [{"name": "a", "colour": "x"}]"#, "weapon 1: unknown key 'colour'"),
    (
      #""weapons": [{"name": "ninja-axe"}]"#,
      "weapon 1 ('ninja-axe'): a weapon's name is one or more letters and digits"
    ),
    (#""weapons": [{"name": ""}]"#, "weapon 1 (''): a weapon's name is one or more letters"),
    (
      #""weapons": ["sword", {"name": "Sword"}]"#,
      "weapon 2 ('Sword'): it is the same name as 'sword'"
    ),
    (
      #""weapons": [{"name": "fire", "image": "f.png"}]"#,
      "weapon 1 ('fire'): it is a built-in weapon, whose image is fire.png"
    ),
    (#""fields": {}"#, "'fields' must be an array of fields"),
    (#""fields": []"#, "'fields' lists no field"),
    (#""fields": ["team"]"#, "field 1 must be an object with its name"),
    (#""fields": [{"values": ["a"]}]"#, "field 1 has no 'name'"),
    (#""fields": [{"name": "weapon"}]"#, "field 1 ('weapon'): 'weapon' is a built-in field"),
    (
      #""fields": [{"name": "NAMECOLOR"}]"#,
      "field 1 ('NAMECOLOR'): 'NAMECOLOR' is the built-in field 'nameColor' in another case"
    ),
    (#""fields": [{"name": ""}]"#, "field 1 (''): the name is empty"),
    (#""fields": [{"name": "a=b"}]"#, "field 1 ('a=b'): the name holds '='"),
    (#""fields": [{"name": "level<"}]"#, "field 1 ('level<'): the name holds '<'"),
    (#""fields": [{"name": "on!"}]"#, "field 1 ('on!'): the name holds '!'"),
    (
      #""fields": [{"name": "de\u017Fcription"}]"#,
      "'de\u{17F}cription' is the built-in field 'description' in another case or form"
    ),
    (
      #""fields": [{"name": "a", "values": ["red", ""]}]"#, "field 1 ('a'): it lists an empty value"
    ),
    (
      #""fields": [{"name": "a", "values": ["stra\u00DFe", "STRASSE"]}]"#,
      "the same value ignoring case, as a value is typed"
    ),
    (
      #""fields": [{"name": "Stra\u00DFe"}, {"name": "STRASSE"}]"#,
      "field 2 ('STRASSE'): it is the same name as 'Stra\u{DF}e', ignoring case"
    ),
    (
      #""fields": [{"name": "a", "type": "date"}]"#,
      "field 1 ('a'): 'type' must be \"integer\" or \"text\""
    ),
    (
      #""fields": [{"name": "a", "minimum": 1.5}]"#,
      "field 1 ('a'): 'minimum' must be a whole number"
    ),
    (
      #""fields": [{"name": "a", "minimum": -9223372036854775809}]"#,
      "field 1 ('a'): 'minimum' must be a whole number from -9223372036854775808 to "
        + "9223372036854775807"
    ),
    (
      #""fields": [{"name": "a", "minimum": 5, "maximum": 1}]"#,
      "field 1 ('a'): its minimum, 5, is more than its maximum, 1"
    ),
    (
      #""fields": [{"name": "a", "type": "text", "maximum": 1}]"#,
      "field 1 ('a'): 'minimum' and 'maximum' go with"
    ),
    (
      #""fields": [{"name": "a", "type": "integer", "values": ["x"]}]"#,
      "field 1 ('a'): 'values' are text"
    ),
    (#""fields": [{"name": "a", "values": []}]"#, "field 1 ('a'): it lists no values"),
    (
      #""fields": [{"name": "a", "values": ["x", "x"]}]"#,
      "field 1 ('a'): it lists the value 'x' twice"
    ),
    (
      #""fields": [{"name": "a", "values": ["\u00e9", "e\u0301"]}]"#,
      "field 1 ('a'): it lists the value 'e\u{301}' twice (as '\\u{E9}' and 'e\\u{301}', one text "
        + "in two Unicode forms)"
    ),
    (
      #""fields": [{"name": "a", "values": ["red", "blue", "Red"]}]"#,
      "field 1 ('a'): it lists 'red' and 'Red', the same value ignoring case, as a value is typed"
    ),
    (
      #""fields": [{"name": "a", "values": ["Caf\u00e9", "CAFE\u0301"]}]"#,
      "field 1 ('a'): it lists 'Caf\u{e9}' and 'CAFE\u{301}', the same value ignoring case"
    ),
    (#""fields": [{"name": "a", "values": [1]}]"#, "field 1 ('a'): 'values' must be strings"),
    (
      #""fields": [{"name": "a", "required": "yes"}]"#,
      "field 1 ('a'): 'required' must be true or false"
    ),
    (
      #""fields": [{"name": "a", "default": "x"}]"#,
      "field 1 ('a'): a default goes with a required field"
    ),
    (
      #""fields": [{"name": "a", "type": "integer", "required": true, "default": "x"}]"#,
      "field 1 ('a'): its default must be a number"
    ),
    (#""fields": [{"name": "a", "requried": true}]"#, "field 1: unknown key 'requried'"),
    (
      #""fields": [{"name": "team"}, {"name": "Team"}]"#,
      "field 2 ('Team'): it is the same name as 'team', ignoring case"
    ),
    (
      #""fields": [{"name": "t\u00e9am"}, {"name": "te\u0301am"}]"#,
      "field 2 ('te\u{301}am'): it is the same name as 't\u{e9}am', in another Unicode form"
    ),
  ])
  func aDeclarationThatBreaksARuleIsAProblemAtItsEntry(_ member: String, _ message: String) throws {
    let text = "{\"version\": 1, \(member), \"monsters\": []}"
    let found = try problems(text)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains(message) == true, "\(found)")
    #expect(throws: RosterError.self) { try readRoster(text) }
  }

  @Test func everyBadEntryIsNamedAndTheGoodOnesStillHold() throws {
    let text = roster(
      weapons: #"["sword", "bogus", {"name": "laser"}, 7]"#,
      #"{"name": "A", "description": "", "icon": "a.png", "weapon": "laser"}"#,
      #"{"name": "B", "description": "", "icon": "b.png", "weapon": "bogus"}"#)
    let found = try problems(text)
    #expect(found.count == 3, "\(found)")
    #expect(
      found.last?.contains("monster 2 ('B'): unknown weapon 'bogus'; the weapons are sword, laser")
        == true)
  }

  // MARK: - Monsters and what the roster declares

  @Test(arguments: [
    (#""weapon": "fire""#, "monster 1 ('A'): unknown weapon 'fire'; the weapons are sword, laser"),
    (#""weapon": "Laser""#, "unknown weapon 'Laser'"),
    (#""weapon": "laser", "team": "green""#, "'team' is 'green'; it takes one of red, blue"),
    (#""weapon": "laser", "team": 1"#, "'team' must be a string: one of red, blue"),
    (#""weapon": "laser", "health": 0"#, "'health' is 0; it takes an integer from 1 to 100"),
    (#""weapon": "laser", "health": 101"#, "'health' is 101; it takes an integer from 1 to 100"),
    (#""weapon": "laser", "health": 1.5"#, "'health' is 1.5, not a whole number"),
    (#""weapon": "laser", "health": "5""#, "'health' must be a number"),
    (#""weapon": "laser", "health": 1e400"#, "beyond the whole numbers a field holds"),
    (#""weapon": "laser", "health": 1e-400"#, "'health' is 1e-400, not a whole number"),
    (#""weapon": "laser", "notes": null"#, "'notes' must be a string: text"),
    (#""weapon": "laser", "health": 100, "team": "red""#, ""),
    (
      #""weapon": "laser", "boss": "yes", "health": 100, "team": "red""#,
      "'boss' is not a declared field; the roster keeps no key of a monster's own unless it "
        + "declares \"otherKeys\": \"keep\""
    ),
    (#""weapon": "laser", "Team": "red""#, "'Team' is not a declared field; did you mean 'team'?"),
    (#""weapon": "laser", "helth": 5"#, "'helth' is not a declared field; did you mean 'health'?"),
    (#""weapon": "laser", "health": 1.0"#, ""),
    (#""weapon": "laser", "health": 5e1"#, ""),
  ])
  func aMonstersWeaponAndDeclaredFieldsAreChecked(_ keys: String, _ message: String) throws {
    let text = roster(
      weapons: #"["sword", {"name": "laser"}]"#,
      fields:
        #"[{"name": "team", "values": ["red", "blue"]}, {"name": "health", "type": "integer", "minimum": 1, "maximum": 100}, {"name": "notes"}]"#,
      #"{"name": "A", "description": "", "icon": "a.png", \#(keys)}"#)
    let found = try problems(text)
    if message.isEmpty {
      #expect(found == [])
    } else {
      #expect(found.count == 1 && found[0].contains(message), "\(found)")
    }
  }

  @Test func aRequiredFieldIsOnEveryMonster() throws {
    let text = roster(
      fields: #"[{"name": "team", "values": ["red"], "required": true, "default": "red"}]"#,
      #"{"name": "A", "description": "", "icon": "a.png", "weapon": "fire", "team": "red"}"#,
      #"{"name": "B", "description": "", "icon": "b.png", "weapon": "fire"}"#)
    #expect(try problems(text) == ["3:1: monster 2 ('B'): no 'team', a required field"])
  }

  /// A monster written as the canonical form writes it is read by a shorter path than any
  /// other; it, too, must have every required field.
  @Test func aMonsterInCanonicalFormIsRefusedWithoutARequiredField() throws {
    var roster = try Roster([.seeded[0], .seeded[1]])
    try roster.apply(
      .addField(
        try MonsterField(
          declaring: "team", kind: .values(["red"]), isRequired: true, defaultValue: .string("red"))
      ))
    let canonical = String(decoding: roster.canonicalJSON(), as: UTF8.self)
    #expect(try problems(canonical) == [])
    let lacking = canonical.replacingOccurrences(
      of: ",\n      \"team\": \"red\"\n    },\n    {", with: "\n    },\n    {")
    #expect(lacking != canonical)
    let found = try problems(lacking)
    #expect(found == ["14:5: monster 1 ('Cat-Bot'): no 'team', a required field"], "\(found)")
  }

  /// Every spelling JSON allows is read exactly, never through a double: the reading says
  /// whether a number is whole, what it is, and so its canonical form.
  @Test func integersAreReadExactlyFromTheirDigits() {
    let cases: [(String, IntegerReading?)] = [
      ("0", .integer(0)), ("-0", .integer(0)), ("-0.0e5", .integer(0)), ("0e-400", .integer(0)),
      ("-7", .integer(-7)), ("12.0", .integer(12)), ("1.2e1", .integer(12)),
      ("1E2", .integer(100)), ("1E+2", .integer(100)), ("700e-2", .integer(7)),
      ("0.7e1", .integer(7)), ("1.5", .fraction), ("1e-1", .fraction), ("1e-400", .fraction),
      ("9.9999999999999999", .fraction), ("10.000000000000000000001", .fraction),
      ("1e400", .beyond(negative: false)), ("-1e400", .beyond(negative: true)),
      ("99999999999999999999", .beyond(negative: false)),
      ("-99999999999999999999", .beyond(negative: true)), ("1e30", .beyond(negative: false)),
      // Next to the ends of `Int`, where a double rounds: each exactly as written.
      ("9223372036854775807", .integer(.max)), ("9223372036854775807.0", .integer(.max)),
      ("9223372036854775808", .beyond(negative: false)),
      ("-9223372036854775808", .integer(.min)), ("-9.223372036854775808e18", .integer(.min)),
      ("-9223372036854775809", .beyond(negative: true)),
      ("9007199254740993.0", .integer(9_007_199_254_740_993)),
      ("5e18", .integer(5_000_000_000_000_000_000)), ("9.3e18", .beyond(negative: false)),
      ("0.00000000000000000000000000001e29", .integer(1)),
      ("1e1000000000000000000000", .beyond(negative: false)),
      ("1e-1000000000000000000000", .fraction),
      ("-0x1p63", nil), ("NaN", nil), ("007", nil), ("+1", nil), ("1.", nil), ("", nil),
    ]
    for (text, reading) in cases {
      #expect(IntegerReading(json: text) == reading, "\(text)")
    }
    #expect(IntegerReading(json: "1.0E1")?.canonicalText == "10")
    #expect(IntegerReading(json: "-0")?.canonicalText == "0")
    #expect(IntegerReading(json: "1.5")?.canonicalText == nil)
  }
}
