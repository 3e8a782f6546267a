import Foundation
import Testing

@testable import MonstersCLI

@Suite struct ImportCommandTests {
  private let header = "name\tweapon\tdescription\ticon\tnameColor\n"

  @Test func importsTSVInOneEditAndSaysWhatItAdded() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let input = header + "Robo-Bot\tfire\tBeep\tr.png\tred\nZap-Bot\tninja-star\t\tz.png\t\n"
    #expect(
      harness.run(["import"], input: input)
        == CommandResult(.success, output: "Added Robo-Bot.\nAdded Zap-Bot.\n"))
    #expect(
      harness.run(["list", "--format", "tsv", "--where", "weapon=fire"]).output
        == header + "Ice-Bot\tfire\tHas A Chilling Effect\tmeeticebot.png\t\n"
        + "Robo-Bot\tfire\tBeep\tr.png\tred\n")
    #expect(harness.run(["show", "zap-bot", "--field", "weapon"]).output == "ninjaStar\n")
  }

  @Test(arguments: ["tsv", "csv", "json", "ndjson"])
  func aRostersOwnListingChangesNothingAndDoesNotRewriteTheFile(_ format: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(
          name: "Tab-Bot", description: "a\tb\\c\nd \u{1B} \"q\"", nameColor: "#FF8800"),
        MonsterFields(name: "Quote-Bot", description: "\"Says \"\"hi\"\"\"", icon: "\"q,\r\n.png"),
        MonsterFields(name: "Comma, Bot", description: "\"a\"\tb\"", icon: ",\"x"),
        MonsterFields(name: "Café", icon: "é.png", weapon: "ninjaStar"),
        MonsterFields(name: "Plain-Bot", nameColor: "red"),
      ]).replacing(
        "\"weapon\": \"ninjaStar\"", with: "\"weapon\": \"ninjaStar\",\n      \"x\": [1]"))
    let before = try #require(FileIdentity(path: harness.rosterPath))
    let bytes = harness.rosterBytes()
    let listing = harness.run(["list", "--format", format])
    #expect(listing.code == .success)
    let result = harness.run(["import", "--update", "-"], input: listing.output)
    #expect(
      result
        == CommandResult(
          .success,
          errors: "monsters import: Nothing to change: \(harness.rosterPath) is as asked.\n"))
    #expect(FileIdentity(path: harness.rosterPath) == before)
    #expect(harness.rosterBytes() == bytes)
  }

  /// An empty JSON string is a value, not no key: a key of the monster's own (in a roster
  /// that keeps them) or a declared text field holding `""` survives its own listing, and a
  /// new monster keeps it too.
  @Test(arguments: ["json", "ndjson"])
  func anEmptyStringInJSONIsKept(_ format: String) throws {
    let harness = try CommandLineHarness()
    let roster = """
      {
        "version": 1,
        "fields": [
          {
            "name": "memo"
          }
        ],
        "otherKeys": "keep",
        "monsters": [
          {
            "name": "Cat-Bot",
            "description": "MEE-OW",
            "icon": "meetcatbot.png",
            "weapon": "sword",
            "memo": "",
            "notes": ""
          },
          {
            "name": "Dog-Bot",
            "description": "",
            "icon": "",
            "weapon": "fire",
            "x": null
          }
        ]
      }

      """
    try harness.writeRoster(roster)
    #expect(harness.run(["check"]).code == .success, "\(roster)")
    #expect(harness.rosterText()?.contains("\"notes\": \"\"") == true)
    let listing = harness.run(["list", "--format", format])
    #expect(
      harness.run(["import", "--update", "--format", format, "-"], input: listing.output)
        == CommandResult(
          .success,
          errors: "monsters import: Nothing to change: \(harness.rosterPath) is as asked.\n"))
    #expect(harness.rosterText() == roster)
    let added = harness.run(
      ["import", "--format", format, "-"],
      input: format == "json"
        ? #"[{"name": "New-Bot", "weapon": "fire", "notes": "", "memo": ""}]"#
        : #"{"name": "New-Bot", "weapon": "fire", "notes": "", "memo": ""}"#)
    #expect(added.code == .success, "\(added.errors)")
    let shown = harness.run(["show", "new-bot", "--format", "json"]).output
    #expect(shown.contains("\"memo\": \"\"") && shown.contains("\"notes\": \"\""), "\(shown)")
  }

  @Test func updateReplacesTheFieldsGivenAndKeepsTheRest() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    #expect(harness.run(["set", "cat-bot", "--name-color", "red"]).code == .success)
    let result = harness.run(
      ["import", "--update"],
      input: "NAME\tweapon\tnameColor\ncat-bot\tfire\t\nRobo-Bot\tsmoke\tblue\n")
    #expect(
      result
        == CommandResult(
          .success,
          output: "Cat-Bot: weapon sword -> fire, name colour red -> none.\nAdded Robo-Bot.\n"))
    let cat = harness.run(["show", "Cat-Bot", "--format", "json"]).output
    #expect(cat.contains(#""name": "Cat-Bot""#) && cat.contains(#""description": "MEE-OW""#))
    #expect(!cat.contains("nameColor"))
    let json = harness.run(
      ["import", "--update"], input: #"{"name": "robo-bot", "weapon": "smoke", "tags": [1]}"#)
    #expect(json == CommandResult(.success, output: "Robo-Bot: key 'tags' added.\n"))
    #expect(harness.run(["show", "robo-bot", "--field", "nameColor"]).output == "blue\n")
  }

  @Test func aTakenNameIsAnErrorNamingItsLineAndNothingIsWritten() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let input = header + "Robo-Bot\tfire\t\tr.png\t\nCAT-BOT\tfire\t\tc.png\t\n"
    #expect(
      harness.run(["import", "-"], input: input)
        == CommandResult(
          .failure,
          errors: "Error: <stdin>:3: The name 'CAT-BOT' is taken: there is a monster named "
            + "'Cat-Bot' (names are compared ignoring case). Use --update to replace its "
            + "fields.\n"))
    #expect(harness.rosterText() == seededRosterText)
    let twice = harness.run(["import"], input: "name\tweapon\nA\tfire\n\na\tsmoke\n")
    #expect(twice.code == .failure)
    #expect(twice.errors.hasPrefix("Error: <stdin>:4: The name 'a' is taken"))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test(arguments: [
    (
      "name\tweapon\nAxe-Bot\taxe\n",
      "<stdin>:2: unknown weapon 'axe'; the weapons are blowgun, ninjaStar, fire, sword, smoke"
    ),
    ("name\tweapon\tdescription\nA\tfire\n", "<stdin>:2: 2 fields where the header has 3"),
    ("name\tdescription\nA\tx\n", "<stdin>:1: the header has no 'weapon' column"),
    (
      "[{\"name\": \"A\", \"weapon\": \"fire\"},\n {\"name\": 1}]",
      "<stdin>:2:11: 'name' must be a string"
    ),
    (
      "{\"name\": \"A\"\n",
      "<stdin>:2:1: unexpected end of file; expected ',' or '}' after an object member"
    ),
  ])
  func anInputThatCannotBeReadIs65AndWritesNothing(_ input: String, _ message: String) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["import"], input: input)
    #expect(result.code == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("Error: " + message), "\(result.errors)")
    #expect(harness.rosterBytes() == nil)
  }

  /// Each bad line is named, not only the first: the first 20 one by one, then how many
  /// more; taken names and lines that cannot be read alike, in the order of the input.
  @Test func everyBadLineIsNamedUpToTwentyThenCountedAndNothingIsWritten() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    var input = "name\tweapon\nCat-Bot\tfire\nGood-Bot\tfire\n"
    for number in 1...24 { input += "Bad-\(number)\taxe\n" }
    let result = harness.run(["import"], input: input)
    #expect(result.code == .dataError)
    var expected =
      "Error: <stdin>:2: There is a monster named 'Cat-Bot' already. Use --update to replace "
      + "its fields.\n"
    for number in 1...19 {
      expected +=
        "Error: <stdin>:\(number + 3): unknown weapon 'axe'; the weapons are blowgun, "
        + "ninjaStar, fire, sword, smoke\n"
    }
    expected +=
      "Error: 25 lines of <stdin> cannot be imported (5 more than named above); "
      + "nothing was written.\n"
    #expect(result.errors == expected)
    #expect(harness.rosterText() == seededRosterText)
    // Taken names alone are 1, as one is.
    let taken = harness.run(["import"], input: "name,weapon\nCat-Bot,fire\ndog-bot,fire\n")
    #expect(
      taken
        == CommandResult(
          .failure,
          errors: "Error: <stdin>:2: There is a monster named 'Cat-Bot' already. Use --update "
            + "to replace its fields.\nError: <stdin>:3: The name 'dog-bot' is taken: there is "
            + "a monster named 'Dog-Bot' (names are compared ignoring case). Use --update to "
            + "replace its fields.\nError: 2 lines of <stdin> cannot be imported; nothing was "
            + "written.\n"))
    #expect(harness.run(["import", "--update", "--dry-run"], input: input).code == .dataError)
    #expect(harness.rosterText() == seededRosterText)
  }

  /// A spreadsheet's CSV, and its tab-separated text with Excel's quotes, import as the
  /// spreadsheet meant them; the roster lists back as CSV.
  /// A line of NDJSON that is not JSON hides none after it: each bad line is named, the
  /// count is of bad lines (line 7 has two problems), and nothing is written.
  @Test func everyBadLineOfNDJSONIsNamedPastOneThatIsNotJSON() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let input = [
      #"{"name":"A","weapon":"fire"}"#, #"{"name":"B","weapon":"fire",}"#,
      #"{"name":"C","weapon":"axe"}"#, #"{"name":"D","weapon":"fire","nameColor":"pink"}"#,
      "7", #"{"name":"E","weapon":"fire"} {"#, #"{"name":"Cat-Bot","weapon":"fire"} x"#,
      #"{"name":"G","weapon":"fire""#, #"{"name":"H","weapon":"fire"}"#,
    ].joined(separator: "\n")
    let result = harness.run(["import"], input: input)
    #expect(
      result
        == CommandResult(
          .dataError,
          errors: """
            Error: <stdin>:2:29: trailing comma before '}'
            Error: <stdin>:3: unknown weapon 'axe'; the weapons are blowgun, ninjaStar, fire, \
            sword, smoke
            Error: <stdin>:4: 'nameColor' cannot be 'pink': it takes a colour: black, red, \
            green, yellow, blue, magenta, cyan, white or #RRGGBB
            Error: <stdin>:5:1: expected a monster object, such as {"name": ..., "weapon": ...}
            Error: <stdin>:6:31: expected a string key in double quotes
            Error: <stdin>:7:36: expected a monster object, such as {"name": ..., "weapon": ...}
            Error: <stdin>:7: There is a monster named 'Cat-Bot' already. Use --update to \
            replace its fields.
            Error: <stdin>:8:28: expected ',' or '}' after an object member
            Error: 7 lines of <stdin> cannot be imported; nothing was written.

            """))
    #expect(harness.rosterText() == seededRosterText)
  }

  /// Two problems on one line of NDJSON (two objects, or an object and text after it) are
  /// one line that cannot be imported, counted in the singular.
  @Test func twoProblemsOnOneLineAreCountedAsOneLine() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(
      ["import"], input: #"{"name":"Cat-Bot","weapon":"fire"}{"name":"Dog-Bot","weapon":"fire"}"#)
    #expect(
      result
        == CommandResult(
          .failure,
          errors: """
            Error: <stdin>:1: There is a monster named 'Cat-Bot' already. Use --update to \
            replace its fields.
            Error: <stdin>:1: There is a monster named 'Dog-Bot' already. Use --update to \
            replace its fields.
            Error: 1 line of <stdin> cannot be imported; nothing was written.

            """))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func aSpreadsheetsExportsImport() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON([]))
    let csv = "\u{FEFF}Name,Weapon,Description\r\n\"Robo, Bot\",fire,\"Says \"\"hi\"\"\"\r\n"
    #expect(
      harness.run(["import"], input: csv) == CommandResult(.success, output: "Added Robo, Bot.\n"))
    let tsv = "name\tweapon\tdescription\nTab-Bot\tsmoke\t\"Two\nlines, \"\"quoted\"\"\"\n"
    #expect(
      harness.run(["import", "--format", "tsv"], input: tsv)
        == CommandResult(.success, output: "Added Tab-Bot.\n"))
    #expect(
      harness.run(["list", "--format", "csv"]).output
        == "name,weapon,description,icon,nameColor\r\n"
        + "\"Robo, Bot\",fire,\"Says \"\"hi\"\"\",meetrobobot.png,\r\n"
        + "Tab-Bot,smoke,\"Two\nlines, \"\"quoted\"\"\",meettabbot.png,\r\n")
    #expect(
      harness.run(["list", "--format", "tsv"]).output
        == "name\tweapon\tdescription\ticon\tnameColor\n"
        + "Robo, Bot\tfire\tSays \"hi\"\tmeetrobobot.png\t\n"
        + "Tab-Bot\tsmoke\tTwo\\nlines, \"quoted\"\tmeettabbot.png\t\n")
  }

  @Test func theFormatMayBeGiven() throws {
    let harness = try CommandLineHarness()
    let object = #"{"name": "A", "weapon": "fire"}"#
    #expect(harness.run(["import", "--format", "ndjson"], input: object).code == .success)
    let asArray = harness.run(["import", "--format", "json"], input: object)
    #expect(asArray.code == .dataError)
    #expect(asArray.errors.hasPrefix("Error: <stdin>:1:1: expected a JSON array"))
    let asTSV = harness.run(["import", "--format", "tsv"], input: object)
    #expect(asTSV.code == .dataError)
    let asCSV = harness.run(["import", "--format", "csv"], input: object)
    #expect(asCSV.code == .dataError)
    let bad = harness.run(["import", "--format", "cvs"], input: object)
    #expect(bad.code == .usage)
    #expect(
      bad.errors.hasPrefix(
        "Error: Unknown format 'cvs'. Did you mean 'csv'? Choose one of: tsv, csv, ndjson, json."
      ))
  }

  @Test func anInputFileIsReadAndAMissingOneIs66() throws {
    let harness = try CommandLineHarness()
    try harness.write("name\tweapon\nA\tfire\n", to: harness.path("new.tsv"))
    #expect(harness.run(["import", harness.path("new.tsv")]).output == "Added A.\n")
    let missing = harness.run(["import", harness.path("nope.tsv")])
    #expect(
      missing
        == CommandResult(.noInput, errors: "Error: \(harness.path("nope.tsv")): no such file.\n"))
    let folder = harness.run(["import", harness.folder])
    #expect(folder.code == .ioError)
  }

  @Test func anEmptyListingImportsNothingAndCreatesNoFile() throws {
    let harness = try CommandLineHarness()
    for input in ["", "name\tweapon\n", "[]", "\n"] {
      #expect(
        harness.run(["import"], input: input)
          == CommandResult(
            .success,
            errors: "monsters import: Nothing to import into \(harness.rosterPath): <stdin> "
              + "lists no monster.\n"))
    }
    #expect(harness.rosterBytes() == nil)
  }

  @Test func anEmptyListingIsRefusedWhereAnyImportWouldBe() throws {
    let harness = try CommandLineHarness()
    let listing = harness.path("empty.tsv")
    try harness.write("", to: listing)
    // A roster given on standard input can be read, not edited.
    let stream = harness.run(["-f", "-", "import", listing], input: seededRosterText)
    #expect(stream.code == .usage)
    #expect(stream.errors.hasPrefix("Error: <stdin> is a stream"))
    // A roster that is not valid is refused before anything is imported.
    try harness.writeRoster("{\"version\": 1, \"monsters\": [}")
    #expect(harness.run(["import", listing]).code == .dataError)
  }

  @Test func dryRunPrintsTheDiffAndExitCodeSaysWhetherItWouldChange() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(
      ["import", "--dry-run", "--exit-code"], input: "name\tweapon\nRobo-Bot\tfire\n")
    #expect(result.code == .failure)
    #expect(result.output.contains("+      \"name\": \"Robo-Bot\","))
    #expect(result.errors.isEmpty)
    #expect(harness.rosterText() == seededRosterText)
    let same = harness.run(
      ["import", "--update", "--dry-run", "--exit-code"], input: "name\tweapon\nCat-Bot\tsword\n")
    #expect(same.code == .success)
    #expect(same.output.isEmpty)
  }
}
