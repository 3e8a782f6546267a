import TestSupport
import Testing

@testable import MonsterKit

/// Reading monsters from TSV, NDJSON and JSON, as listings print them.
@Suite struct MonsterImportTests {
  func read(_ text: String, _ format: MonsterImport.Format? = nil) throws
    -> [ImportedMonster]
  {
    try MonsterImport.read(Array(text.utf8), format: format)
  }

  func failure(_ text: String, _ format: MonsterImport.Format? = nil)
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
}
