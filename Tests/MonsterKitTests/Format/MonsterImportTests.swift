import TestSupport
import Testing

@testable import MonsterKit

/// Reading monsters from TSV, NDJSON and JSON, as listings print them.
@Suite struct MonsterImportTests {
  private func read(_ text: String, _ format: MonsterImport.Format? = nil) throws
    -> [ImportedMonster]
  {
    try MonsterImport.read(Array(text.utf8), format: format)
  }

  private func failure(_ text: String, _ format: MonsterImport.Format? = nil)
    -> MonsterImportError?
  {
    do {
      _ = try read(text, format)
      return nil
    } catch let error as MonsterImportError {
      return error
    } catch {
      return nil
    }
  }

  // MARK: - Telling the format

  @Test(arguments: [
    ("[]", MonsterImport.Format.json), ("  \n[{}]", .json), ("{\"name\": 1}", .ndjson),
    ("\r\n\t {", .ndjson), ("name\tweapon\n", .tsv), ("", .tsv), ("   ", .tsv),
  ])
  func theFirstCharacterTellsTheFormat(_ text: String, _ format: MonsterImport.Format) {
    #expect(MonsterImport.Format.detected(in: Array(text.utf8)) == format)
  }

  // MARK: - TSV

  @Test func tsvAsAListingPrintsItReadsBack() throws {
    let text =
      "name\tweapon\tdescription\ticon\tnameColor\n"
      + "Cat-Bot\tsword\tMEE-OW\tmeetcatbot.png\t#FF8800\n"
      + "Odd-Bot\tninjaStar\ttab\\there\\nline\\r\\\\ \\q\tx.png\t\n"
    let monsters = try read(text)
    #expect(monsters.map(\.line) == [2, 3])
    #expect(
      monsters[0].monster
        == Monster(
          name: "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png", weapon: .sword,
          nameColor: .rgb(red: 255, green: 136, blue: 0)))
    #expect(monsters[1].monster.description == "tab\there\nline\r\\ \\q")
    #expect(monsters[1].monster.nameColor == nil)
    #expect(monsters[1].changes.assignments.contains(.init("nameColor", .text(""))))
    #expect(
      monsters[1].changes.assignments.contains(
        .init("description", .text("tab\there\nline\r\\ \\q"))))
  }

  @Test func columnsMayStandInAnyOrderAndBeLeftOut() throws {
    let monsters = try read("Weapon\tNAME\nfire\tRobo-Bot\nninja-star\tZap-Bot\n")
    #expect(monsters.map(\.monster.name) == ["Robo-Bot", "Zap-Bot"])
    #expect(monsters.map(\.monster.weapon) == [.fire, .ninjaStar])
    #expect(monsters[0].monster.icon == "meetrobobot.png")
    #expect(monsters[0].monster.description == "")
    #expect(monsters[0].changes == RosterEdit.Changes([.init("weapon", .text("fire"))]))
  }

  @Test func carriageReturnsBlankLinesAndAByteOrderMarkAreSkipped() throws {
    let text = "\u{FEFF}name\tweapon\r\n\r\nA\tfire\r\n\nB\tsmoke"
    let monsters = try read(text)
    #expect(monsters.map(\.monster.name) == ["A", "B"])
    #expect(monsters.map(\.line) == [3, 5])
  }

  @Test func aHeaderAloneOrNothingListsNoMonster() throws {
    #expect(try read("name\tweapon\n").isEmpty)
    #expect(try read("").isEmpty)
    #expect(try read("[]").isEmpty)
    #expect(try read(" \n ", .ndjson).isEmpty)
  }

  @Test(arguments: [
    ("Cat-Bot\tsword\n", 1, "the header has no 'name' column"),
    ("name\tcolour\n", 1, "the header has no 'weapon' column"),
    ("name\tname\tweapon\n", 1, "the header names the column 'name' twice"),
    ("name\tTeam\tweapon\tteam\n", 1, "the header names the column 'team' twice"),
    ("name\t\tweapon\n", 1, "the header names an empty column"),
    ("name\tdescription\n", 1, "the header has no 'weapon' column"),
    ("weapon\n", 1, "the header has no 'name' column"),
    ("name\tweapon\nA\tfire\nB\n", 3, "1 field where the header has 2 (name, weapon)"),
    ("name\tweapon\nA\tfire\textra\n", 2, "3 fields where the header has 2"),
    ("name\tweapon\n\tfire\n", 2, "'' cannot be a monster's name: it is empty"),
    ("name\tweapon\nA\\nB\tfire\n", 2, "cannot be a monster's name: it holds a control character"),
  ])
  func aBadLineIsNamed(_ text: String, _ line: Int, _ message: String) throws {
    let error = try #require(failure(text))
    #expect(error.line == line)
    #expect(error.column == nil)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test(arguments: [
    ("name\tweapon\nA\taxe\n", "Unknown weapon 'axe'. The weapons are blowgun"),
    ("name\tweapon\tnameColor\nA\tfire\tpurple\n", "Invalid value 'purple' for 'nameColor'"),
    ("name\tweapon\tnameColor\nA\tfire\tnone\n", "Invalid value 'none' for 'nameColor'"),
    (
      "{\"name\": \"A\", \"weapon\": \"fire\", \"nameColor\": \"#12345\"}", "Invalid value '#12345'"
    ),
  ])
  func aValueTheRosterDoesNotTakeIsRefusedWhenTheMonsterIsAdded(_ text: String, _ message: String)
    throws
  {
    let monsters = try read(text)
    var roster = Roster()
    do {
      try roster.apply(monsters[0].edit(ifTaken: .fail))
      Issue.record("added \(text)")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func columnsTheRosterDoesNotKnowAreKeptAsTextAndAnEmptyCellIsNoKey() throws {
    let monsters = try read("name\tweapon\ttags\nA\tfire\tboss\nB\tfire\t\n")
    #expect(monsters[0].monster.otherFields == [JSONMember("tags", .string("boss"))])
    #expect(monsters[1].monster.otherFields == [])
  }

  @Test func textThatIsNotUTF8IsNamedByItsLine() throws {
    let bytes = Array("name\tweapon\nA\tfire\n".utf8) + [0xFF, 0x09] + Array("fire\n".utf8)
    #expect(throws: MonsterImportError(line: 3, message: "the line is not UTF-8 text")) {
      try MonsterImport.read(bytes)
    }
  }

  // MARK: - JSON

  @Test func objectsOneALineOrInAnArrayRead() throws {
    let object =
      #"{"name": "A", "description": "d", "icon": "a.png", "weapon": "fire", "nameColor": "RED"}"#
    let expected = Monster(
      name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red)
    #expect(
      try read(object + "\n" + object.replacing("\"A\"", with: "\"B\"")).map(\.monster.name) == [
        "A", "B",
      ])
    #expect(try read(object).map(\.monster) == [expected])
    #expect(try read("[\n  " + object + "\n]\n").map(\.monster) == [expected])
    #expect(try read("[\n" + object + ",\n" + object + "]").map(\.line) == [2, 3])
    // Pretty objects one after another, as `show --format json` prints one.
    #expect(
      try read(
        "{\n  \"name\": \"A\",\n  \"weapon\": \"fire\"\n}\n{\"name\": \"B\", \"weapon\": \"fire\"}"
      ).map(\.line) == [1, 5])
  }

  @Test func keysLeftOutAreNotChangesAndNullIsNoColour() throws {
    let monsters = try read(
      #"{"name": "A", "weapon": "ninja_star"} {"name": "B", "weapon": "fire", "nameColor": null}"#)
    #expect(monsters[0].changes == RosterEdit.Changes([.init("weapon", .text("ninja_star"))]))
    #expect(monsters[0].monster.icon == "meeta.png")
    #expect(monsters[0].monster.weapon == .ninjaStar)
    #expect(
      monsters[1].changes
        == RosterEdit.Changes([.init("weapon", .text("fire")), .init("nameColor", nil)]))
  }

  @Test func unknownKeysAreKeptWithTheMonster() throws {
    let monsters = try read(#"[{"name": "A", "tags": ["x", 1e3], "weapon": "fire", "z": {}}]"#)
    let kept = [
      JSONMember("tags", .array([.string("x"), .number("1e3")])), JSONMember("z", .object([])),
    ]
    #expect(monsters[0].monster.otherFields == kept)
    #expect(
      monsters[0].changes.assignments.filter { $0.key != "weapon" }
        == kept.map { .init($0.key, .json($0.value)) })
  }

  @Test(arguments: [
    (
      #"{"name": "A", "weapon": 1}"#, MonsterImport.Format?.none, 1, 25, "'weapon' must be a string"
    ),
    (#"{"name": "A", "weapon": "fire", "name": "B"}"#, nil, 1, 33, "duplicate key 'name'"),
    ("[{\"name\": \"A\", \"weapon\": \"fire\"},\n 7]", nil, 2, 2, "expected a monster object"),
    ("{\"name\": \"A\",\n \"weapon\": \"fire\"", nil, 2, 18, "unexpected end of file"),
    ("[1]", .ndjson, 1, 1, "expected a monster object"),
    (#"{"name": "A", "weapon": "fire"}"#, .json, 1, 1, "expected a JSON array"),
    (#"{"version": 1, "monsters": []}"#, nil, 1, 1, "this is a roster file"),
  ])
  func badJSONIsNamedByLineAndColumn(
    _ text: String, _ format: MonsterImport.Format?, _ line: Int, _ column: Int,
    _ message: String
  ) throws {
    let error = try #require(failure(text, format))
    #expect(error.line == line)
    #expect(error.column == column)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test(arguments: [
    ("{\"weapon\": \"fire\"}", "the monster has no 'name'"),
    ("\n\n{\"name\": \"A\"}", "'A' has no 'weapon'"),
  ])
  func aMonsterThatCannotBeIsNamedByItsLine(_ text: String, _ message: String) throws {
    let error = try #require(failure(text))
    #expect(error.line == text.prefix { $0 == "\n" }.count + 1)
    #expect(error.column == nil)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func anErrorDescribesItselfWithItsPlace() {
    #expect(MonsterImportError(line: 3, message: "m").description == "3: m")
    #expect(MonsterImportError(line: 3, column: 7, message: "m").description == "3:7: m")
  }

  // MARK: - A roster's own listings

  @Test func aRostersCompactObjectsReadBackToItsMonsters() throws {
    var roster = try readRoster(bytes: try Fixture.seeded())
    try roster.apply(
      .set("Cat-Bot", .init(description: "tab\t\"q\" \u{1B}", nameColor: .some(.red))))
    var ndjson: [UInt8] = []
    var array: [UInt8] = Array("[".utf8)
    for (offset, index) in roster.indices.enumerated() {
      roster.appendJSON(ofMonsterAt: index, indent: nil, to: &ndjson)
      ndjson.append(UInt8(ascii: "\n"))
      if offset > 0 { array.append(UInt8(ascii: ",")) }
      roster.appendJSON(ofMonsterAt: index, indent: 1, to: &array)
    }
    array += Array("]".utf8)
    #expect(try MonsterImport.read(ndjson).map(\.monster) == roster.monsters)
    #expect(try MonsterImport.read(array).map(\.monster) == roster.monsters)
  }
}

extension ImportedMonster {
  /// The monster a roster that declares nothing adds for it.
  fileprivate var monster: Monster {
    var roster = Roster()
    guard (try? roster.apply(edit(ifTaken: .fail))) != nil, let added = roster.first else {
      return Monster(name: "not added", description: "", weapon: .blowgun)
    }
    return added
  }
}
