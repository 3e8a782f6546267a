import Foundation
import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

/// A declared roster is strict and typed: keys no field declares are refused (unless the
/// roster keeps them), a field named twice is a usage error, integers are exact, `--where`
/// compares, and declarations change from the command line, each one edit.
@Suite struct StrictDeclarationsCommandTests {
  private func harness() throws -> CommandLineHarness {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    return harness
  }

  // MARK: - Keys no field declares

  @Test func checkNamesAKeyNoFieldDeclaresWithTheFieldMeant() throws {
    let harness = try harness()
    try harness.writeRoster(
      teamRosterText.replacing("\"health\": 80", with: "\"health\": 80,\n      \"levl\": 9")
        .replacing("\"notes\": \"The", with: "\"Team\": \"red\",\n      \"notes\": \"The"))
    let check = harness.run(["check"])
    #expect(check.code == .failure)
    #expect(
      check.output.contains(
        "monster 1 ('Cat-Bot'): 'levl' is not a declared field; did you mean 'level'?")
        == false)
    #expect(check.output.contains("'levl' is not a declared field"), "\(check.output)")
    #expect(
      check.output.contains(
        "monster 2 ('Laser-Bot'): 'Team' is not a declared field; did you mean 'team'?"),
      "\(check.output)")
    // Every other command refuses the roster, as any roster that breaks a rule.
    #expect(harness.run(["list"]).code == .dataError)
  }

  @Test func editsAndImportsRefuseAKeyNoFieldDeclares() throws {
    let harness = try harness()
    let before = harness.rosterText()
    let set = harness.run(["set", "cat-bot", "--field", "Lvl=3"])
    #expect(set.code == .usage)
    #expect(set.errors.hasPrefix("Error: Unknown field 'Lvl'."), "\(set.errors)")
    let tsv = harness.run(
      ["import", "--update"], input: "name\tLevel \tName Color\nCat-Bot\t3\tred\nDog-Bot\t4\tblue\n"
    )
    #expect(tsv.code == .dataError)
    // Each column once, at the header, with the field meant.
    #expect(
      tsv.errors == """
        Error: <stdin>:1: Unknown field 'Level '. The fields are name, weapon, description, \
        icon, nameColor, team, health, notes.
        Error: <stdin>:1: Unknown field 'Name Color'. Did you mean 'nameColor'? The fields are \
        name, weapon, description, icon, nameColor, team, health, notes.
        Error: 1 line of <stdin> cannot be imported; nothing was written.

        """)
    let ndjson = harness.run(["import"], input: #"{"name": "A", "weapon": "sword", "helth": 5}"#)
    #expect(ndjson.code == .dataError)
    #expect(ndjson.errors.contains("Unknown field 'helth'. Did you mean 'health'?"))
    #expect(harness.rosterText() == before)
  }

  @Test func aRosterThatKeepsOtherKeysSaysSoInOneEntry() throws {
    let harness = try harness()
    let dryRun = harness.run(["fields", "other-keys", "keep", "--dry-run"])
    #expect(dryRun.code == .success)
    #expect(dryRun.output.contains("+  \"otherKeys\": \"keep\","), "\(dryRun.output)")
    #expect(harness.rosterText() == teamRosterText)
    #expect(
      harness.run(["fields", "other-keys", "keep"])
        == CommandResult(
          .success,
          output: "The roster now keeps a monster's keys that no field declares "
            + "(\"otherKeys\": \"keep\").\n"))
    #expect(
      harness.run(["fields"]).output.hasSuffix(
        "Keys no field declares: kept (\"otherKeys\": \"keep\").\n"))
    #expect(
      harness.run(["import"], input: #"{"name": "A", "weapon": "sword", "rank": 2}"#).code
        == .success)
    #expect(harness.run(["check"]).code == .success)
    // Refusing them again is refused while a monster has one, naming it.
    let refuse = harness.run(["fields", "other-keys", "refuse"])
    #expect(refuse.code == .failure)
    #expect(
      refuse.errors.hasPrefix(
        "Error: A has the key 'rank', which no field declares, and the roster would refuse it; "
          + "declare it ('monsters fields add rank') or keep such keys ('monsters fields "
          + "other-keys keep') first."), "\(refuse.errors)")
    let schema = harness.run(["schema"]).output
    #expect(!schema.contains("\"additionalProperties\": false\n    }\n  }"))
  }

  @Test func aRostersFirstFieldIsRefusedWhileMonstersHaveKeysOfTheirOwn() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      #"{"version": 1, "monsters": [{"name": "A", "description": "", "icon": "a.png", "weapon": "fire", "level": 3}]}"#
    )
    let refused = harness.run(["fields", "add", "team"])
    #expect(refused.code == .failure)
    #expect(refused.errors.contains("A has the key 'level', which no field declares"))
    // In one edit, with the key declared too, it is taken.
    #expect(
      harness.run(
        ["apply", "-"],
        input:
          "fields other-keys keep\nfields add team\nfields add level --integer\nfields other-keys refuse\n"
      ).code
        == .success)
    #expect(harness.run(["check"]).code == .success)
  }

  /// A merge keeps what either side says of other keys, and never cleanly writes a roster
  /// that holds a key no field declares: where one side gives a monster a key of its own
  /// and the other makes the roster refuse such keys, the monster is marked in conflict.
  @Test func aMergeKeepsTheRuleOfOtherKeysAndMarksAKeyItWouldRefuse() throws {
    let harness = try CommandLineHarness()
    func sides(_ ours: [String], _ theirs: [String]) throws -> CommandResult {
      #expect(
        harness.run(["--file", harness.path("base.json"), "init", "--force"]).code == .success)
      for name in ["ours.json", "theirs.json"] {
        try harness.write(
          try String(contentsOfFile: harness.path("base.json"), encoding: .utf8),
          to: harness.path(name))
      }
      for (name, edits) in [("ours.json", ours), ("theirs.json", theirs)] {
        let script = edits.joined(separator: "\n") + "\n"
        #expect(
          harness.run(["--file", harness.path(name), "apply", "-"], input: script).code == .success)
      }
      return harness.run(
        [
          "merge", harness.path("base.json"), harness.path("ours.json"),
          harness.path("theirs.json"),
        ])
    }
    let kept = try sides(
      ["fields add level --integer"],
      ["fields other-keys keep", "fields add team", "set cat-bot --field team=x"])
    #expect(kept.code == .success, "\(kept.errors)")
    #expect(harness.run(["check", harness.path("ours.json")]).code == .success)
    #expect(
      try String(contentsOfFile: harness.path("ours.json"), encoding: .utf8)
        .contains("\"otherKeys\": \"keep\""))
    // A key of a monster's own on one side, a first field on the other: marked.
    try harness.write("{\"name\": \"Cat-Bot\", \"x\": 1}\n", to: harness.path("x.ndjson"))
    let base = harness.path("base.json")
    #expect(harness.run(["--file", base, "init", "--force"]).code == .success)
    for name in ["ours.json", "theirs.json"] {
      try harness.write(try String(contentsOfFile: base, encoding: .utf8), to: harness.path(name))
    }
    #expect(
      harness.run([
        "--file", harness.path("ours.json"), "import", "--update", harness.path("x.ndjson"),
      ])
      .code == .success)
    #expect(
      harness.run(["--file", harness.path("theirs.json"), "fields", "add", "team"]).code == .success
    )
    let marked = harness.run([
      "merge", base, harness.path("ours.json"), harness.path("theirs.json"),
    ])
    #expect(marked.code == .failure)
    #expect(marked.errors.contains("Cat-Bot has 'x', which no field declares"), "\(marked.errors)")
    #expect(
      harness.run(["--file", harness.path("ours.json"), "resolve", "--theirs"]).code == .success)
    #expect(harness.run(["check", harness.path("ours.json")]).code == .success)
  }

  // MARK: - A field named twice

  @Test(arguments: [
    ["set", "cat-bot", "--field", "Notes=keep", "--field", "notes=other"],
    ["set", "cat-bot", "--field", "team=red", "--field", "TEAM=blue"],
  ])
  func aFieldGivenTwiceInAnyCaseIsAUsageError(_ arguments: [String]) throws {
    let harness = try harness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.contains("was given more than once"), "\(result.errors)")
    #expect(harness.rosterText() == teamRosterText)
  }

  @Test func aHeaderThatNamesAFieldTwiceIsAUsageError() throws {
    let harness = try harness()
    let result = harness.run(["import", "--update"], input: "name,Team,team\nCat-Bot,red,blue\n")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: <stdin>:1: the header names the column 'team' twice ('Team' and 'team' are one "
          + "field, in any case or normal form)"), "\(result.errors)")
    #expect(harness.rosterText() == teamRosterText)
  }

  // MARK: - Exact integers

  @Test func integersAreStoredInCanonicalFormAndRangesAreExact() throws {
    let harness = try harness()
    #expect(
      harness.run(["import", "--update"], input: #"{"name": "Dog-Bot", "health": 5.0}"#)
        == CommandResult(.success, output: "Dog-Bot: health none -> 5.\n"))
    #expect(
      harness.run(["set", "dog-bot", "--field", "health=1E1"]).output
        == "Dog-Bot: health 5 -> 10.\n")
    #expect(harness.rosterText()?.contains("\"health\": 10\n") == true)
    for value in ["5.5", "1e400", "100.00000000000000001", "0.99999999999999999"] {
      let result = harness.run(["set", "dog-bot", "--field", "health=\(value)"])
      #expect(result.code == .usage, "\(value)")
    }
    #expect(
      harness.run(["fields", "change", "health", "--minimum", "10", "--maximum", "10"]).code
        == .failure)
    #expect(harness.run(["set", "cat-bot", "--field", "health=10.0"]).code == .success)
    #expect(
      harness.run(["fields", "change", "health", "--minimum", "10", "--maximum", "10"]).code
        == .success)
    let close = harness.run(["set", "dog-bot", "--field", "health=9.9999999999999999"])
    #expect(close.code == .usage)
    #expect(close.errors.contains("it is not a whole number"), "\(close.errors)")
  }

  // MARK: - Comparisons in --where

  @Test func whereComparesIntegersAsNumbersAndTextByCodePoint() throws {
    let harness = try harness()
    #expect(
      harness.run(["set", "dog-bot", "--field", "health=9", "--field", "team=red"]).code == .success
    )
    func names(_ conditions: String...) -> String {
      harness.run(["list", "--format", "names"] + conditions.flatMap { ["--where", $0] }).output
    }
    #expect(names("team=red", "health<10") == "Dog-Bot\n")
    #expect(names("health>=9") == "Cat-Bot\nDog-Bot\n")
    #expect(names("health>80") == "")
    #expect(names("health<=80.0", "health>9") == "Cat-Bot\n")
    #expect(names("team!=red") == "Laser-Bot\n")
    #expect(names("health!=") == "Cat-Bot\nDog-Bot\n")
    #expect(names("health=") == "Laser-Bot\n")
    #expect(names("name<D") == "Cat-Bot\n")
    #expect(names("name>=Dog-Bot") == "Laser-Bot\nDog-Bot\n")
    #expect(names("name!=cat-bot") == "Laser-Bot\nDog-Bot\n")
    // `""` is the empty text, and nothing is no value.
    #expect(harness.run(["set", "dog-bot", "--field", "notes=\"\""]).code == .success)
    #expect(names("notes=\"\"") == "Dog-Bot\n")
    #expect(names("notes=") == "Cat-Bot\n")
    // set and remove pick the same way.
    #expect(
      harness.run(["set", "--where", "health<50", "--field", "team=blue"])
        == CommandResult(.success, output: "Dog-Bot: team red -> blue.\n"))
    #expect(
      harness.run(["remove", "--where", "health>=80"])
        == CommandResult(.success, output: "Removed Cat-Bot.\n"))
  }

  @Test func whereErrorsNameTheDeclaredFields() throws {
    let harness = try harness()
    let unknown = harness.run(["list", "--where", "helth<10"])
    #expect(unknown.code == .usage)
    #expect(
      unknown.errors.hasPrefix(
        "Error: Unknown field 'helth'. Did you mean 'health'? Choose one of: name, weapon, "
          + "description, icon, nameColor, team, health, notes."), "\(unknown.errors)")
    let notANumber = harness.run(["list", "--where", "health<ten"])
    #expect(notANumber.code == .usage)
    #expect(notANumber.errors.contains("an integer field is compared with a number"))
    #expect(harness.run(["list", "--where", "notes<"]).code == .usage)
    let help = harness.run(["list", "--help"]).output.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(help.contains("!= is the opposite of =; <, <=, > and >= compare integers"))
  }

  // MARK: - Changing declarations

  @Test func valuesAreAddedAndRemovedRemovalRefusedWhileHeld() throws {
    let harness = try harness()
    #expect(
      harness.run(["fields", "change", "team", "--add-values", "green,Yellow"])
        == CommandResult(
          .success, output: "Changed field team: values red, blue -> red, blue, green, Yellow.\n"))
    let held = harness.run(["fields", "change", "team", "--remove-values", "RED"])
    #expect(held.code == .failure)
    #expect(
      held.errors.hasPrefix(
        "Error: Field 'team' cannot be changed to take one of blue, green, Yellow: Cat-Bot "
          + "holds a value outside that."), "\(held.errors)")
    #expect(
      harness.run(["fields", "change", "team", "--remove-values", "yellow"]).output
        == "Changed field team: values red, blue, green, Yellow -> red, blue, green.\n")
    let empty = harness.run(["fields", "change", "team", "--add-values", "a,,b"])
    #expect(empty.code == .usage)
    #expect(empty.errors.contains("it lists an empty value"))
    let alike = harness.run(["fields", "change", "team", "--add-values", "GREEN"])
    #expect(alike.code == .usage)
    #expect(harness.run(["fields", "change", "team", "--remove-values", "purple"]).code == .usage)
  }

  @Test func aRangeChangeIsRefusedForMonstersOutsideItNamingThem() throws {
    let harness = try harness()
    #expect(
      harness.run(["fields", "change", "health", "--maximum", "200"])
        == CommandResult(.success, output: "Changed field health: maximum 100 -> 200.\n"))
    let narrow = harness.run(["fields", "change", "health", "--maximum", "50"])
    #expect(narrow.code == .failure)
    #expect(narrow.errors.contains("Cat-Bot holds a value outside that"))
    #expect(
      harness.run(["fields", "change", "health", "--minimum", "none"]).output
        == "Changed field health: minimum 1 -> none.\n")
    #expect(harness.run(["fields", "change", "notes", "--maximum", "3"]).code == .usage)
    let fraction = harness.run(["fields", "change", "health", "--minimum", "5.5"])
    #expect(fraction.code == .usage)
    #expect(
      fraction.errors.contains(
        "Invalid value for '--minimum <n|none>': '5.5' must be a whole number, or none."),
      "\(fraction.errors)")
    #expect(harness.run(["fields", "change", "health"]).code == .usage)
  }

  @Test func aFieldMadeRequiredIsGivenItsDefault() throws {
    let harness = try harness()
    let lacking = harness.run(["fields", "change", "notes", "--required"])
    #expect(lacking.code == .usage)
    #expect(lacking.errors.contains("'Cat-Bot' needs a value for 'notes'"))
    #expect(
      harness.run(["fields", "change", "notes", "--required", "--default", "none yet"])
        == CommandResult(
          .success,
          output: "Changed field notes: optional -> required, default none -> 'none yet'; gave "
            + "2 monsters its default, 'none yet'.\n"))
    #expect(harness.run(["show", "dog-bot", "--field", "notes"]).output == "none yet\n")
    #expect(
      harness.run(["fields", "change", "notes", "--optional"]).output
        == "Changed field notes: required -> optional, default 'none yet' -> none.\n")
    #expect(
      harness.run(["fields", "change", "notes", "--optional", "--default", "x"]).code == .usage)
    #expect(harness.run(["check"]).code == .success)
  }

  @Test func aFieldRenamedIsRenamedInEveryMonsterWhereItStands() throws {
    let harness = try harness()
    let dryRun = harness.run(["fields", "rename", "team", "squad", "--dry-run"])
    #expect(dryRun.output.contains("-      \"team\": \"red\",\n+      \"squad\": \"red\",\n"))
    #expect(harness.rosterText() == teamRosterText)
    #expect(
      harness.run(["fields", "rename", "TEAM", "squad"])
        == CommandResult(.success, output: "Renamed field team to squad, in 2 monsters.\n"))
    #expect(harness.rosterText() == teamRosterText.replacing("\"team\"", with: "\"squad\""))
    #expect(harness.run(["fields", "rename", "squad", "Health"]).code == .failure)
    #expect(harness.run(["fields", "rename", "squad", "weapon"]).code == .usage)
    #expect(
      harness.run(["list", "--where", "squad=red", "--format", "names"]).output == "Cat-Bot\n")
  }

  @Test func aWeaponRenamedIsRenamedInEveryMonsterThatCarriesIt() throws {
    let harness = try harness()
    #expect(
      harness.run(["weapons", "rename", "LASER", "plasma", "--image", "plasma.png"])
        == CommandResult(
          .success,
          output: "Renamed weapon laser to plasma, image laser.png -> plasma.png, which 1 "
            + "monster carries.\n"))
    #expect(
      harness.run(["weapons", "rename", "sword", "katana"]).output
        == "Renamed weapon sword to katana, which 2 monsters carry.\n")
    #expect(
      harness.run(["list", "--format", "tsv", "--fields", "name,weapon"]).output
        == "name\tweapon\nCat-Bot\tkatana\nLaser-Bot\tplasma\nDog-Bot\tkatana\n")
    #expect(
      harness.run(["weapons", "change", "katana", "--image", "art/katana.png"]).output
        == "Weapon katana: image sword.png -> art/katana.png.\n")
    #expect(harness.run(["weapons", "rename", "katana", "Plasma"]).code == .failure)
    #expect(harness.run(["check"]).code == .success)
    #expect(
      harness.run(["weapons", "--format", "names"]).output == "katana\nplasma\n")
  }

  @Test func aBuiltInWeaponKeepsItsImage() throws {
    let harness = try harness()
    let result = harness.run(["weapons", "change", "sword", "--image", "x.png"])
    #expect(result.code == .usage)
    #expect(result.errors.contains("it is a built-in weapon, whose image is sword.png"))
    #expect(harness.run(["weapons", "change", "sword"]).code == .usage)
  }

  @Test func addingAFieldThatExistsSaysHowToChangeIt() throws {
    let harness = try harness()
    #expect(
      harness.run(["fields", "add", "Health", "--integer"]).errors.hasPrefix(
        "Error: The roster has a field named 'health' already (field names are compared "
          + "ignoring case). 'monsters fields change health' changes its values, range or "
          + "default; 'monsters fields rename' its name.\n"))
  }

  // MARK: - Spreadsheets

  @Test func aCSVListingNeutralisesFormulasAndImportsBackExactly() throws {
    let harness = try harness()
    let hostile = [
      "=HYPERLINK(\"http://x\",\"y\")", "=cmd|' /C calc'!A0", "@SUM(1)", "+1", "-1+1", "\tx",
      "\rx", "'=x", "''", "'a", "-5",
    ]
    for (number, text) in hostile.enumerated() {
      #expect(
        harness.run(["add", "M\(number)", "--weapon", "sword", "--description", text]).code
          == .success)
    }
    let csv = harness.run(["list", "--format", "csv", "--fields", "name,description"]).output
    for line in csv.split(separator: "\r\n").dropFirst() {
      let cell = line.split(separator: ",", maxSplits: 1).last.map(String.init) ?? ""
      let value = cell.hasPrefix("\"") ? String(cell.dropFirst()) : cell
      #expect(
        !["=", "+", "@", "\t", "\r"].contains(value.first.map(String.init) ?? "")
          && !(value.hasPrefix("-") && value != "-5"), "\(line)")
    }
    #expect(csv.contains("M10,-5\r\n"))
    let before = harness.rosterBytes()
    let full = harness.run(["list", "--format", "csv", "--bom"]).output
    #expect(full.hasPrefix("\u{FEFF}name,"))
    #expect(
      harness.run(["import", "--update"], input: full).errors.contains("Nothing to change"))
    #expect(harness.rosterBytes() == before)
    #expect(harness.run(["list", "--bom"]).code == .usage)
  }

  @Test func importUpdateNeedsOnlyTheNameAndTheColumnsItChanges() throws {
    let harness = try harness()
    #expect(
      harness.run(["import", "--update"], input: "name,health\ndog-bot,7\n")
        == CommandResult(.success, output: "Dog-Bot: health none -> 7.\n"))
    let new = harness.run(["import", "--update"], input: "name,health\nNew-Bot,7\n")
    #expect(new.code == .dataError)
    #expect(new.errors.contains("'New-Bot' needs a value for 'weapon'"))
    #expect(harness.run(["import"], input: "name,health\nDog-Bot,7\n").code == .dataError)
  }
}
