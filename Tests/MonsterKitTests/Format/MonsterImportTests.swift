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
    ("name,weapon\n", .csv), ("\u{FEFF}x", .tsv), ("\"name\",\"weapon\"", .csv),
    ("name\tweapon,x\n", .tsv), ("name\nweapon,x", .tsv), (",", .csv),
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
    ("Cat-Bot\tsword\n", 1, "the header has no 'name' column; the first line names the"),
    ("name\tcolour\n", 1, "the header has no 'weapon' column"),
    ("name\tname\tweapon\n", 1, "the header names the column 'name' twice"),
    ("name\tdescription\n", 1, "the header has no 'weapon' column"),
    ("weapon\n", 1, "the header has no 'name' column"),
    ("name\tweapon\nA\tfire\nB\n", 3, "1 field where the header has 2 (name, weapon)"),
    ("name\tweapon\nA\tfire\textra\n", 2, "3 fields where the header has 2"),
    // The header's names, quoted in a message, are escaped as any text from a file is.
    ("name\tweapon\tx\u{0}\u{1B}[2J\nA\tfire\n", 2, "has 3 (name, weapon, x\\u{00}\\u{1B}[2J)"),
    ("name\tweapon\n\tfire\n", 2, "'' cannot be a monster's name: it is empty"),
    ("name\tweapon\t\nA\tfire\tx\n", 2, "a value in column 3, which the header leaves unnamed"),
    (
      "name\tweapon\tteam\tTeam\n", 1,
      "the header names the column 'Team' twice ('team' and 'Team' are one field"
    ),
    ("name\tweapon\tteam\tteam\n", 1, "the header names the column 'team' twice"),
    (
      "name,weapon,caf\u{E9},cafe\u{301}\n", 1,
      "the header names the column 'cafe\u{301}' twice ('caf\u{E9}' and 'cafe\u{301}' are one"
    ),
    ("name\tweapon\nA\\nB\tfire\n", 2, "cannot be a monster's name: it holds a control character"),
    // A header whose fields are joined by another separator, or whose lines end in a
    // carriage return alone, is told so, not only that it lacks a column.
    (
      "name;weapon;description\nA;fire;x\n", 1,
      "the header has no 'name' column, but its field 'name;weapon;description' holds it: "
        + "fields are separated by one tab, not by ';'"
    ),
    (
      "name;weapon;a,b\n", 1,
      "the header has no 'name' column, but its field 'name;weapon;a' holds it: fields are "
        + "separated by commas, not by ';'"
    ),
    (
      "name ,weapon\nA,fire\n", 1,
      "the header has no 'name' column, but its field 'name ' holds it: a column is named "
        + "without spaces or quotes around its name"
    ),
    (
      "name\tweapon\rA\tfire\r", 1,
      "the header has no 'weapon' column, but its field 'weapon\\rA' holds it: lines end in "
        + "CRLF or LF, not in a carriage return alone"
    ),
  ])
  func aBadLineIsNamed(_ text: String, _ line: Int, _ message: String) throws {
    let error = try #require(failure(text))
    #expect(error.line == line)
    #expect(error.column == nil)
    #expect(error.message.contains(message), "\(error.message)")
  }

  /// TSV read as CSV: the header's tab is named escaped, as any text in a message is.
  @Test func aHeaderOfTabsReadAsCSVIsToldSo() throws {
    let error = try #require(failure("name\tweapon\nA\tfire\n", .csv))
    #expect(
      error.message
        == "the header has no 'name' column, but its field 'name\\tweapon' holds it: fields "
        + "are separated by commas, not by '\\t'")
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

  /// Text a spreadsheet saves as "Unicode text" is UTF-16 with a byte order mark: it is
  /// named as such, once, in every format, not as lines that are not UTF-8.
  @Test(arguments: [[UInt8]([0xFF, 0xFE]), [0xFE, 0xFF]], MonsterImport.Format.allCases)
  func utf16TextIsToldApart(_ byteOrderMark: [UInt8], _ format: MonsterImport.Format) {
    let text = "name\tweapon\nA\tfire\n"
    let units = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let reading = MonsterImport.readEach(byteOrderMark + units, format: format)
    #expect(reading.monsters.isEmpty)
    #expect(
      reading.errors == [
        MonsterImportError(line: 1, message: "the input is UTF-16 text; save it as UTF-8")
      ])
  }

  // MARK: - Quotes in TSV, as spreadsheets write them

  /// A spreadsheet saved as tab-separated text quotes a cell that holds a quote, a tab or
  /// a line break, and doubles its quotes: such a field is read as the spreadsheet meant.
  @Test func aFieldQuotedAsASpreadsheetQuotesItIsReadUnquoted() throws {
    let text =
      "name\tweapon\tdescription\n"
      + "Hi-Bot\tfire\t\"Says \"\"hi\"\"\"\n"
      + "\"Quote \"\"Q\"\" Bot\"\tfire\t\"two\r\nlines\tand \\n\"\n"
      + "Late-Bot\tsmoke\t\"\"\n"
    let monsters = try read(text)
    #expect(monsters.map(\.line) == [2, 3, 5])
    #expect(monsters[0].monster.description == "Says \"hi\"")
    #expect(monsters[1].monster.name == "Quote \"Q\" Bot")
    #expect(monsters[1].monster.description == "two\r\nlines\tand \\n")
    #expect(monsters[2].monster.description == "")
  }

  /// A field that starts with a quote but is not closed as a quoted field (text after the
  /// closing quote, or no closing quote) is text as it is, as TSV always read it.
  @Test(arguments: [
    ("\"Hi\" there", "\"Hi\" there"), ("\"open", "\"open"), ("\"a\"\"b", "\"a\"\"b"),
    ("say \"\"x\"\"", "say \"\"x\"\""), ("\\\"x", "\\\"x"),
  ])
  func aQuoteThatDoesNotCloseAFieldIsText(_ field: String, _ description: String) throws {
    let monsters = try read("name\tweapon\tdescription\nA\tfire\t\(field)\nB\tfire\tb\n")
    #expect(monsters.map(\.monster.description) == [description, "b"])
  }

  // MARK: - CSV

  @Test func csvAsASpreadsheetExportsItReads() throws {
    let bytes =
      [0xEF, 0xBB, 0xBF]
      + Array(
        ("Name,Weapon,Description,nameColor\r\n"
          + "\"Robo, Bot\",fire,\"Says \"\"hi\"\"\",red\r\n"
          + "Two-Bot,ninja-star,\"line one\nline two\",\r\n"
          + ",,,\r\n" + "\r\n"
          + "Plain-Bot,smoke,back\\slash \\t,#00ff00").utf8)
    let monsters = try MonsterImport.read(bytes, format: .csv)
    #expect(monsters.map(\.line) == [2, 3, 7])
    #expect(monsters.map(\.monster.name) == ["Robo, Bot", "Two-Bot", "Plain-Bot"])
    #expect(monsters[0].monster.description == "Says \"hi\"")
    #expect(monsters[0].monster.nameColor == .red)
    #expect(monsters[1].monster.description == "line one\nline two")
    #expect(monsters[1].changes.assignments.contains(.init("nameColor", .text(""))))
    #expect(monsters[2].monster.description == "back\\slash \\t")
    #expect(try MonsterImport.read(bytes).map(\.monster) == monsters.map(\.monster))
  }

  @Test(arguments: [
    ("name,weapon\nA,fire\n\"B,fire\n", 3, "a quoted field starts here and its closing quote"),
    ("name,weapon\n\"A\"x,fire\n", 2, "text after the closing quote of a quoted field"),
    ("name,weapon\nA,fire,x\n", 2, "3 fields where the header has 2 (name, weapon); fields are "),
  ])
  func aBadCSVLineIsNamed(_ text: String, _ line: Int, _ message: String) throws {
    let error = try #require(failure(text, .csv))
    #expect(error.line == line)
    #expect(error.message.contains(message), "\(error.message)")
  }

  // MARK: - Columns and keys of a monster's own

  /// One rule for every format: a column or key that is not one of the monster's fields is
  /// kept as a key of its own; TSV and CSV give text, and no key for an empty cell.
  @Test func columnsAndKeysThatAreNotFieldsAreKeysOfTheMonstersOwn() throws {
    let kept = [JSONMember("team", .string("red")), JSONMember("Notes", .string("a, b"))]
    for text in [
      "name\tweapon\tteam\tNotes\nA\tfire\tred\ta, b\nB\tfire\t\t\n",
      "name,weapon,team,Notes\nA,fire,red,\"a, b\"\nB,fire,,\n",
      "{\"name\": \"A\", \"weapon\": \"fire\", \"team\": \"red\", \"Notes\": \"a, b\"}\n"
        + "{\"name\": \"B\", \"weapon\": \"fire\"}",
    ] {
      let monsters = try read(text)
      #expect(monsters[0].monster.otherFields == kept, "\(text)")
      // A column names a field in any case; a JSON key only as spelled.
      let isJSON = text.hasPrefix("{")
      #expect(
        monsters[0].changes.assignments.filter { $0.key == "team" || $0.key == "Notes" }
          == [
            .init("team", .text("red"), keyIsExact: isJSON),
            .init("Notes", .text("a, b"), keyIsExact: isJSON),
          ])
      #expect(monsters[1].monster.otherFields.isEmpty)
    }
  }

  // MARK: - Every bad line

  @Test func everyLineThatCannotBeReadIsNamedAndTheRestAreRead() {
    let reading = MonsterImport.readEach(
      Array(
        ("name\tweapon\nA\tfire\nB\taxe\nC\tfire\textra\nD\tsmoke\n\tfire\n"
          + "E\tfire\n").utf8))
    // B's weapon is the roster's to judge: one that lacks an axe refuses it as B is added.
    #expect(reading.monsters.map(\.name) == ["A", "B", "D", "E"])
    #expect(reading.errors.map(\.line) == [4, 6])
    var roster = Roster()
    #expect(throws: RosterError.unknownWeapon("axe", weapons: Weapon.builtIn.names)) {
      try roster.apply(reading.monsters[1].edit(ifTaken: .fail))
    }
    let json = MonsterImport.readEach(
      Array(
        ("{\"name\": \"A\", \"weapon\": 1}\n{\"name\": \"B\", \"weapon\": \"fire\"}\n"
          + "{\"name\": \"C\"}\n{\"name\": \"D\", \"weapon\": \"fire\"} {").utf8))
    #expect(json.monsters.map(\.monster.name) == ["B", "D"])
    #expect(json.errors.map(\.line) == [1, 3, 4])
    #expect(json.errors.map(\.column) == [25, nil, 34])
  }

  /// NDJSON is one object a line: a line that is not JSON, or holds no object, is named,
  /// and the lines after it are read; an array cannot go on past its first syntax error.
  @Test func aLineOfNDJSONThatIsNotJSONIsNamedAndTheNextLinesAreRead() {
    let lines = [
      #"{"name": "A", "weapon": "fire"}"#, #"{"name": "B", "weapon": "fire",}"#,
      #"{"name": "C", "weapon": "fire", "name": "C"}"#, "7", #"{"version": 1, "monsters": []}"#,
      #"{"name": "D", "weapon": "fire""#, #"{"name": "E", "weapon": "fire"} x"#,
      #"{"name": "F", "weapon": 1}"#, "[1]", #"{"name": "G", "weapon": "fire"}"#,
    ]
    let reading = MonsterImport.readEach(Array(lines.joined(separator: "\n").utf8))
    #expect(reading.monsters.map(\.name) == ["A", "E", "G"])
    #expect(reading.errors.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9])
    // D's object breaks off where E's begins: D's line is the one named, at its end.
    #expect(reading.errors[4].column == 31)
    #expect(reading.errors[0].message == "trailing comma before '}'")
    #expect(reading.errors[4].message == "expected ',' or '}' after an object member")
    let array = MonsterImport.readEach(Array(("[" + lines.joined(separator: ",\n") + "]").utf8))
    #expect(array.monsters.map(\.name) == ["A"])
    #expect(array.errors.map(\.line) == [2])
  }

  /// An object nested too deep is one bad line, named once at the object too deep: its
  /// inner objects are its own, not monsters that begin where the depth ran out.
  @Test func aLineOfNDJSONNestedTooDeepIsOneProblemAndTheNextLinesAreRead() {
    let depth = JSONScanner.maximumDepth + 10
    let nested =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    let lines = [
      #"{"name": "A", "weapon": "fire", "x": \#(nested)}"#, #"{"name": "B", "weapon": "fire"}"#,
    ]
    let reading = MonsterImport.readEach(Array(lines.joined(separator: "\n").utf8))
    #expect(reading.monsters.map(\.name) == ["B"])
    #expect(reading.errors.map(\.line) == [1])
    #expect(reading.errors.first?.message == "nesting deeper than 512 levels")
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
