import TestSupport
import Testing

@testable import MonsterKit

// JSON, as objects one a line or in an array, and the compact objects of a roster's own
// listings read back.
extension MonsterImportTests {
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
    #expect(
      monsters[0].changes
        == RosterEdit.Changes([.init("weapon", .text("ninja_star"), keyIsExact: true)]))
    #expect(monsters[0].monster.icon == "meeta.png")
    #expect(monsters[0].monster.weapon == .ninjaStar)
    #expect(
      monsters[1].changes
        == RosterEdit.Changes([
          .init("weapon", .text("fire"), keyIsExact: true),
          .init("nameColor", nil, keyIsExact: true),
        ]))
  }

  @Test func unknownKeysAreKeptWithTheMonster() throws {
    let monsters = try read(#"[{"name": "A", "tags": ["x", 1e3], "weapon": "fire", "z": {}}]"#)
    let kept = [
      JSONMember("tags", .array([.string("x"), .number("1e3")])), JSONMember("z", .object([])),
    ]
    #expect(monsters[0].monster.otherFields == kept)
    #expect(
      monsters[0].changes.assignments.filter { $0.key != "weapon" }
        == kept.map { .init($0.key, .json($0.value), keyIsExact: true) })
  }

  /// JSON tells `""` from no key, as TSV and CSV cannot: an empty string is a value, kept
  /// with the monster as a key of its own or, for a declared field, read as exactly `""`.
  @Test func anEmptyJSONStringIsAValueNotNoKey() throws {
    for text in [
      #"{"name": "A", "weapon": "fire", "notes": "", "team": "red"}"#,
      #"[{"name": "A", "weapon": "fire", "notes": "", "team": "red"}]"#,
    ] {
      let monsters = try read(text)
      #expect(
        monsters[0].monster.otherFields
          == [JSONMember("notes", .string("")), JSONMember("team", .string("red"))])
      #expect(
        monsters[0].changes.assignments.filter { $0.key != "weapon" }
          == [
            .init("notes", .json(.string("")), keyIsExact: true),
            .init("team", .text("red"), keyIsExact: true),
          ])
    }
    var roster = Roster()
    try roster.apply(.addField(try MonsterField(declaring: "notes")))
    let declared = try read(#"{"name": "A", "weapon": "fire", "notes": ""}"#)
    try roster.apply(declared[0].edit(ifTaken: .fail))
    #expect(roster.monster(named: "A")?.otherFields == [JSONMember("notes", .string(""))])
  }

  /// A cell quoted with nothing in it (`""`, as a listing writes the empty string) is the
  /// empty string for a field that takes it; for one that does not, it is no value, as an
  /// empty cell is, so that a spreadsheet that quotes every cell imports as one that does
  /// not.
  /// A cell CSV writes for a spreadsheet starts as no formula (a number aside), and reads
  /// back to its text exactly, whatever the text: apostrophes, formula characters and all.
  @Test func aCellNeutralisedForASpreadsheetReadsBackExactly() {
    let pieces = ["'", "=", "+", "-", "@", "\t", "\r", "a", "1", ".", "e", " ", "é"]
    var generator = SeededGenerator(seed: 0x5AFE)
    for _ in 0..<20_000 {
      let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }.joined()
      let safe = MonsterImport.spreadsheetSafe(text)
      #expect(MonsterImport.spreadsheetValue(safe) == text, "\(text.debugDescription)")
      if let first = safe.first, "=+-@\t\r".contains(first) {
        #expect(isJSONNumber(text), "\(text.debugDescription) is written \(safe.debugDescription)")
      }
    }
    #expect(MonsterImport.spreadsheetSafe("=SUM(A1)") == "'=SUM(A1)")
    #expect(MonsterImport.spreadsheetSafe("'=x") == "''=x")
    #expect(MonsterImport.spreadsheetSafe("'a") == "'a")
    #expect(MonsterImport.spreadsheetSafe("-5") == "-5")
    #expect(MonsterImport.spreadsheetSafe("-1+1") == "'-1+1")
  }

  @Test func aQuotedEmptyCellIsTheEmptyStringWhereAFieldTakesIt() throws {
    var roster = Roster()
    try roster.apply(.setOtherKeys(.keep))
    try roster.apply(.addField(try MonsterField(declaring: "notes")))
    try roster.apply(
      .addField(try MonsterField(declaring: "health", kind: .integer(minimum: nil, maximum: nil))))
    try roster.apply(.addField(try MonsterField(declaring: "team", kind: .values(["red"]))))
    for text in [
      "name\tweapon\tnameColor\tnotes\thealth\tteam\tx\tnone\n"
        + "A\tfire\t\"\"\t\"\"\t\"\"\t\"\"\t\"\"\t\n",
      "name,weapon,nameColor,notes,health,team,x,none\r\n\"A\",\"fire\",\"\",\"\",\"\",\"\",\"\",\r\n",
    ] {
      var edited = roster
      let monsters = try read(text)
      try edited.apply(monsters[0].edit(ifTaken: .fail))
      let added = try #require(edited.monster(named: "A"))
      #expect(added.nameColor == nil, "\(text)")
      #expect(
        added.otherFields == [JSONMember("notes", .string("")), JSONMember("x", .string(""))],
        "\(text)")
    }
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
      .set("Cat-Bot", .init(description: "tab\t\"q\" \u{1B}", nameColor: .set(.red))))
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
