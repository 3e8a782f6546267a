import Foundation
import MonstersCLI
import Testing

@Suite struct ListCommandTests {
  @Test func listsTheSeededRosterWhenThereIsNoFile() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--format", "names"])
        == CommandResult(
          .success, output: "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\n"))
  }

  @Test func printsTheSeededTableByDefault() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["list"]) == CommandResult(.success, output: seededTable))
    #expect(
      harness.run(["list", "--format", "table"]) == CommandResult(.success, output: seededTable))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func readingDoesNotCreateTheFile() throws {
    let harness = try CommandLineHarness()
    _ = harness.run(["list"])
    _ = harness.run(["list", "--format", "names"])
    #expect(harness.rosterBytes() == nil)
  }

  @Test func listsTheFileAsItIs() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "Robo-Bot", description: "Beep", weapon: "smoke"),
        MonsterFields(
          name: "A-Very-Long-Monster-Name", description: "Long", weapon: "blowgun",
          nameColor: "red"),
        MonsterFields(name: "Z", description: "", weapon: "ninjaStar"),
      ]))
    #expect(
      harness.run(["list"])
        == CommandResult(
          .success,
          output: "NAME                      WEAPON     DESCRIPTION\n"
            + "Robo-Bot                  smoke      Beep\n"
            + "A-Very-Long-Monster-Name  blowgun    Long\n"
            // No trailing white space after an empty description.
            + "Z                         ninjaStar\n"))
    #expect(
      harness.run(["list", "--format", "names"])
        == CommandResult(.success, output: "Robo-Bot\nA-Very-Long-Monster-Name\nZ\n"))
  }

  @Test func alignsWideAndAccentedNamesByTheirColumns() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "ロボ", description: "wide"),
        MonsterFields(name: "Cafe\u{301}", description: "combining"),
      ]))
    #expect(
      harness.run(["list"])
        == CommandResult(
          .success,
          output: """
            NAME  WEAPON     DESCRIPTION
            ロボ  fire       wide
            Cafe\u{301}  fire       combining

            """))
  }

  @Test func filtersByWeapon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--weapon", "fire"])
        == CommandResult(
          .success,
          output: """
            NAME     WEAPON     DESCRIPTION
            Ice-Bot  fire       Has A Chilling Effect

            """))
    #expect(
      harness.run(["list", "--weapon", "ninjaStar", "--format", "names"])
        == CommandResult(.success, output: "Fire-Bot\nMini-Tomato-Bot\n"))
  }

  @Test(arguments: [
    "ninja-star", "NinjaStar", "ninja_star", "ninjastar", "NINJASTAR", "Ninja-Star",
  ])
  func weaponFilterIsForgiving(_ spelling: String) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--weapon", spelling])
        == CommandResult(
          .success,
          output: """
            NAME             WEAPON     DESCRIPTION
            Fire-Bot         ninjaStar  Will Make You Steamed
            Mini-Tomato-Bot  ninjaStar  Extremely Handsome

            """))
  }

  /// A header with no rows reads as a listing of nothing by mistake; a note on standard
  /// error says what was asked and found, and JSON stays an empty array.
  @Test(arguments: ["table", "names", "ndjson", "tsv", "csv", "markdown"])
  func anEmptySelectionPrintsNoHeaderAndSaysSo(_ format: String) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "explode-bot", "--weapon", "fire"]).code == .success)
    let note =
      "monsters list: Nothing to list: no monster in \(harness.rosterPath) has weapon=smoke.\n"
    #expect(
      harness.run(["list", "--weapon", "smoke", "--format", format])
        == CommandResult(.success, errors: note))
    #expect(
      harness.run(["list", "--where", "description=nothing", "--where", "weapon=fire"])
        == CommandResult(
          .success,
          errors: "monsters list: Nothing to list: no monster in \(harness.rosterPath) has "
            + "description=nothing and weapon=fire.\n"))
    #expect(
      harness.run(["list", "--weapon", "smoke", "--format", "json"])
        == CommandResult(.success, output: "[]\n", errors: note))
  }

  @Test func anEmptyRosterPrintsNoHeaderAndSaysSo() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON([]))
    let note = "monsters list: Nothing to list: \(harness.rosterPath) holds no monster.\n"
    #expect(harness.run(["list"]) == CommandResult(.success, errors: note))
    #expect(harness.run(["list", "--format", "names"]) == CommandResult(.success, errors: note))
  }

  @Test func showsAnEditAtOnce() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "Cat-Bot", "--weapon", "fire"]).code == .success)
    #expect(
      harness.run(["list", "--weapon", "fire", "--format", "names"])
        == CommandResult(.success, output: "Cat-Bot\nIce-Bot\n"))
  }

  @Test func refusesAnUnknownWeapon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--weapon", "sord"])
        == usageFailure(
          "Unknown weapon 'sord'. Did you mean 'sword'? "
            + "Choose one of: blowgun, ninjaStar, fire, sword, smoke.",
          command: "list"))
  }

  @Test func refusesAnUnknownFormat() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--format", "xml"])
        == usageFailure(
          "Unknown format 'xml'. Choose one of: table, names, json, ndjson, tsv, csv, markdown.",
          command: "list"))
    #expect(
      harness.run(["list", "--format", "nmes"])
        == usageFailure(
          "Unknown format 'nmes'. Did you mean 'names'? "
            + "Choose one of: table, names, json, ndjson, tsv, csv, markdown.",
          command: "list"))
  }

  // MARK: - Formats for scripts

  /// CSV as RFC 4180 has it: quotes only where a field needs them, doubled inside, CRLF;
  /// on a terminal, control characters are shown escaped inside the quotes.
  @Test func csvQuotesWhatNeedsQuotesAndEndsLinesWithCRLF() throws {
    let harness = try harness(with: [
      MonsterFields(name: "Comma, Bot", description: "Says \"hi\"\nthen \u{1B}", nameColor: "red"),
      MonsterFields(name: "Plain-Bot", description: "a\tb", icon: "\"q\".png"),
    ])
    #expect(
      harness.run(["list", "--format", "csv"])
        == CommandResult(
          .success,
          output: "name,weapon,description,icon,nameColor\r\n"
            + "\"Comma, Bot\",fire,\"Says \"\"hi\"\"\nthen \u{1B}\",i.png,red\r\n"
            + "Plain-Bot,fire,a\tb,\"\"\"q\"\".png\",\r\n"))
    #expect(
      harness.run(["list", "--format", "csv", "--fields", "weapon,name"], terminal: true).output
        == "weapon,name\r\nfire,\"Comma, Bot\"\r\nfire,Plain-Bot\r\n")
    #expect(
      harness.run(["list", "--format", "csv", "--fields", "description"], terminal: true).output
        == "description\r\n\"Says \"\"hi\"\"\\nthen \\u{1B}\"\r\n\"a\\tb\"\r\n")
  }

  /// A TSV value that starts with a double quote is quoted, as a spreadsheet quotes it,
  /// so that it is not read back as a quoted field; other values are as they were.
  @Test func tsvQuotesAValueThatStartsWithAQuote() throws {
    let harness = try harness(with: [
      MonsterFields(name: "Q-Bot", description: "\"Hi\" there"),
      MonsterFields(name: "R-Bot", description: "say \"hi\""),
    ])
    #expect(
      harness.run(["list", "--format", "tsv", "--fields", "name,description"]).output
        == "name\tdescription\nQ-Bot\t\"\"\"Hi\"\" there\"\nR-Bot\tsay \"hi\"\n")
  }

  private func harness(with monsters: [MonsterFields]) throws -> CommandLineHarness {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON(monsters))
    return harness
  }

  @Test func jsonIsAnArrayOfTheFilesObjects() throws {
    let harness = try harness(with: [
      MonsterFields(name: "A", nameColor: "red"), MonsterFields(name: "B", weapon: "sword"),
    ])
    #expect(
      harness.run(["list", "--format", "json"]).output == """
        [
          {
            "name": "A",
            "description": "d",
            "icon": "i.png",
            "weapon": "fire",
            "nameColor": "red"
          },
          {
            "name": "B",
            "description": "d",
            "icon": "i.png",
            "weapon": "sword"
          }
        ]

        """)
    #expect(harness.run(["list", "--format", "json", "--weapon", "smoke"]).output == "[]\n")
  }

  @Test func jsonOfTheSeededRosterParsesToTheSameMonsters() throws {
    let harness = try CommandLineHarness()
    let output = harness.run(["list", "--format", "json"]).output
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: String]])
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(seededRosterText.utf8)) as? [String: Any])
    #expect(array == file["monsters"] as? [[String: String]])
  }

  @Test func ndjsonIsOneCompactObjectALine() throws {
    let harness = try harness(with: [
      MonsterFields(name: "A", description: "x \"y\""), MonsterFields(name: "B"),
    ])
    #expect(
      harness.run(["list", "--format", "ndjson"]).output == """
        {"name":"A","description":"x \\"y\\"","icon":"i.png","weapon":"fire"}
        {"name":"B","description":"d","icon":"i.png","weapon":"fire"}

        """)
  }

  @Test func tsvHasAHeaderAndEscapesTabsLineBreaksAndBackslashes() throws {
    let harness = try harness(with: [
      MonsterFields(name: "A", description: "tab\there\nnew\\line", nameColor: "#00FF00"),
      MonsterFields(name: "B"),
    ])
    #expect(
      harness.run(["list", "--format", "tsv"]).output
        == "name\tweapon\tdescription\ticon\tnameColor\n"
        + "A\tfire\ttab\\there\\nnew\\\\line\ti.png\t#00FF00\n"
        + "B\tfire\td\ti.png\t\n")
  }

  @Test func controlCharactersReachAPipeAsDataButATerminalOnlyEscaped() throws {
    let harness = try harness(with: [MonsterFields(name: "A", description: "\u{1B}]0;pwned\u{7}")])
    let piped = harness.run(["list", "--format", "tsv"]).output
    #expect(piped.contains("\u{1B}]0;pwned\u{7}"))
    for format in ["tsv", "json", "ndjson", "table"] {
      let shown = harness.run(["list", "--no-color", "--format", format], terminal: true).output
      #expect(!shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(format)")
    }
    let card = harness.run(["show", "A", "--no-color"], terminal: true).output
    #expect(!card.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
  }
}
