import Foundation
import MonsterKit
import ProgramRunning
import Testing

@testable import MonstersCLI

/// `Fixtures/team.json`: a roster with a sixth weapon, laser, and the fields team, health
/// and notes.
let teamRosterText: String = {
  let url = packageRoot.appendingPathComponent("Fixtures/team.json")
  return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}()

/// Every command on a roster that declares its own weapons and fields.
@Suite struct DeclaredFieldsCommandTests {
  private func harness() throws -> CommandLineHarness {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    return harness
  }

  // MARK: - Setting and adding

  @Test func setTakesDeclaredFieldsAndTheSixthWeapon() throws {
    let harness = try harness()
    #expect(
      harness.run([
        "set", "dog-bot", "--field", "team=Blue", "--field", "health=42", "--weapon", "LASER",
      ])
        == CommandResult(
          .success,
          output: "Dog-Bot: weapon sword -> laser, team none -> blue, health none -> 42.\n"))
    #expect(harness.rosterText()?.contains("\"team\": \"blue\",\n      \"health\": 42\n") == true)
    #expect(harness.run(["check"]).code == .success)
    #expect(
      harness.run(["set", "dog-bot", "--field", "team="])
        == CommandResult(.success, output: "Dog-Bot: team blue -> none.\n"))
  }

  @Test(arguments: [
    (
      ["set", "cat-bot", "--field", "health=500"],
      "Invalid value '500' for 'health': it takes an integer from 1 to 100."
    ),
    (
      ["set", "cat-bot", "--field", "health=ten"],
      "Invalid value 'ten' for 'health': it takes an integer from 1 to 100."
    ),
    (
      ["set", "cat-bot", "--field", "team=green"],
      "Invalid value 'green' for 'team': it takes one of red, blue."
    ),
    (
      ["set", "cat-bot", "--field", "tema=red"],
      "Unknown field 'tema'. Did you mean 'team'? Choose one of: team, health, notes."
    ),
    (
      ["set", "cat-bot", "--field", "team"],
      "Invalid value for '--field <name=value>...': 'team'; write NAME=VALUE, such as team=red, or NAME= to take the value away."
    ),
    (
      ["set", "cat-bot", "--field", "weapon=laser"],
      "'weapon' is a built-in field: give it with --weapon, not --field."
    ),
    (
      ["set", "cat-bot", "--field", "Name=X"],
      "'name' is a built-in field: 'monsters rename' gives a monster a new name, not --field."
    ),
    (
      ["set", "cat-bot", "--weapon", "fire"], "Unknown weapon 'fire'. Choose one of: sword, laser."
    ),
    (
      ["add", "Zap-Bot", "--weapon", "laser", "--field", "health=0"],
      "Invalid value '0' for 'health': it takes an integer from 1 to 100."
    ),
    (
      ["set", "cat-bot", "--field", "health=7", "--field", "health=8"],
      "The field 'health' was given more than once."
    ),
    (
      ["add", "Zap-Bot", "--weapon", "laser", "--field", "team=red", "--field", "team="],
      "The field 'team' was given more than once."
    ),
  ])
  func aValueTheRosterDoesNotTakeIsAUsageErrorAndNothingIsWritten(
    _ arguments: [String], _ message: String
  ) throws {
    let harness = try harness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: " + message + "\n"), "\(result.errors)")
    #expect(harness.rosterText() == teamRosterText)
  }

  @Test func anIntegerTypedAnyWayIsWrittenInCanonicalIntegerForm() throws {
    let harness = try harness()
    #expect(harness.run(["fields", "add", "level", "--integer"]).code == .success)
    #expect(
      harness.run([
        "set", "dog-bot", "--field", "health=0042", "--field", "level=-0009223372036854775808",
      ])
        == CommandResult(
          .success,
          output: "Dog-Bot: health none -> 42, level none -> -9223372036854775808.\n"))
    #expect(harness.run(["set", "cat-bot", "--field", "level=-000"]).code == .success)
    #expect(harness.run(["set", "laser-bot", "--field", "level=1E1"]).code == .success)
    #expect(harness.run(["check"]).code == .success)
    #expect(
      harness.run(["list", "--fields", "name,level", "--format", "tsv"]).output
        == "name\tlevel\nCat-Bot\t0\nLaser-Bot\t10\nDog-Bot\t-9223372036854775808\n")
    let beyond = harness.run(["set", "cat-bot", "--field", "level=-000123456789012345678901"])
    #expect(beyond.code == .usage)
    #expect(beyond.errors.contains("beyond the whole numbers a field holds"), "\(beyond.errors)")
  }

  @Test func whereTakesAnIntegerFieldsNumberHoweverTheFileWritesIt() throws {
    let harness = try CommandLineHarness()
    func monster(_ name: String, _ level: String) -> String {
      #"{"name": "\#(name)", "description": "", "icon": "i.png", "weapon": "fire", "level": \#(level)}"#
    }
    try harness.writeRoster(
      #"{"version": 1, "fields": [{"name": "level", "type": "integer"}, {"name": "mood"}], "monsters": ["#
        + [
          monster("A", "7"), monster("B", "7.0"), monster("C", "0.7e1"), monster("D", "-0"),
          monster("E", "70e-1"), monster("F", "8"),
        ].joined(separator: ", ") + "]}")
    #expect(
      harness.run(["list", "--where", "level=7", "--format", "names"])
        == CommandResult(.success, output: "A\nB\nC\nE\n"))
    #expect(
      harness.run(["list", "--where", "level=0", "--format", "names"])
        == CommandResult(.success, output: "D\n"))
    #expect(harness.run(["remove", "--where", "level=7"]).code == .success)
    #expect(harness.run(["list", "--format", "names"]).output == "D\nF\n")
  }

  /// Integers are compared exactly, never through a double: `9007199254740993.0` is not
  /// 9007199254740992, which a double would round it to, and `remove --where` leaves that
  /// monster alone. A file's `5.0` and `1E1` are 5 and 10: valid, and written `5` and `10`
  /// by the next edit or `fmt`.
  @Test func integersAreComparedExactlyAndWrittenInCanonicalForm() throws {
    let harness = try CommandLineHarness()
    func monster(_ name: String, _ id: String) -> String {
      #"{"name": "\#(name)", "description": "", "icon": "i.png", "weapon": "fire", "id": \#(id)}"#
    }
    try harness.writeRoster(
      #"{"version": 1, "fields": [{"name": "id", "type": "integer"}], "monsters": ["#
        + [
          monster("A", "9007199254740992"), monster("B", "9007199254740993"),
          monster("C", "5.0"), monster("D", "1E1"),
        ].joined(separator: ", ") + "]}")
    #expect(
      harness.run(["list", "--where", "id=9007199254740993.0", "--format", "names"])
        == CommandResult(.success, output: "B\n"))
    #expect(
      harness.run(["list", "--where", "id=5", "--format", "names"])
        == CommandResult(.success, output: "C\n"))
    #expect(harness.run(["show", "d", "--field", "id"]) == CommandResult(.success, output: "10\n"))
    let check = harness.run(["check"])
    #expect(check.code == .failure)
    #expect(check.output.contains("valid but not in canonical form"), "\(check.output)")
    #expect(harness.run(["remove", "--where", "id=9007199254740993.0"]).code == .success)
    #expect(harness.run(["list", "--format", "names"]).output == "A\nC\nD\n")
    #expect(harness.run(["fmt"]).code == .success)
    let text = try #require(harness.rosterText())
    #expect(text.contains("\"id\": 5\n") && text.contains("\"id\": 10\n"), "\(text)")
    #expect(harness.run(["check"]).code == .success)
  }

  @Test func anUndeclaredFieldOfARosterThatDeclaresNoneSaysHowToDeclareIt() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--field", "team=red"]).errors.hasPrefix(
        "Error: Unknown field 'team': the roster declares no field. 'monsters fields add team' "
          + "declares one.\n"))
  }

  /// A field's name may be long; a message quotes at most 200 characters of it, as of any
  /// value, in an edit's line, the fields a mistyped one is not, and a field named twice.
  @Test func aLongFieldNameIsCutShortInEveryMessage() throws {
    let harness = try CommandLineHarness()
    let long = String(repeating: "y", count: 10_000)
    #expect(harness.run(["fields", "add", long]).code == .success)
    let set = harness.run(["set", "cat-bot", "--field", long + "=1"])
    #expect(set.code == .success)
    #expect(set.output.utf8.count < 400, "\(set.output.prefix(300))")
    #expect(set.output.hasSuffix("... (9800 more characters) none -> '1'.\n"))
    let unknown = harness.run(["set", "cat-bot", "--field", "yy=1"])
    #expect(unknown.code == .usage)
    #expect(unknown.errors.utf8.count < 1_000, "\(unknown.errors.prefix(300))")
    #expect(unknown.errors.contains("Choose one of: yyyy"))
    let twice = harness.run(["list", "--fields", long + "," + long])
    #expect(twice.code == .usage)
    #expect(twice.errors.utf8.count < 1_000, "\(twice.errors.prefix(300))")
  }

  @Test func addGivesTheMonsterItsFields() throws {
    let harness = try harness()
    #expect(
      harness.run([
        "add", "Zap-Bot", "--weapon", "laser", "--field", "team=red", "--field", "notes=new",
      ])
        == CommandResult(.success, output: "Added Zap-Bot.\n"))
    #expect(
      harness.run(["show", "zap-bot", "--format", "json"]).output
        == MonsterFields(
          name: "Zap-Bot", description: "", icon: "meetzapbot.png", weapon: "laser",
          others: ["team": "red", "notes": "new"]
        ).shown)
  }

  // MARK: - Reading

  @Test func listPicksAndShowsDeclaredFields() throws {
    let harness = try harness()
    #expect(
      harness.run(["list", "--where", "team=red", "--format", "names"])
        == CommandResult(.success, output: "Cat-Bot\n"))
    #expect(
      harness.run(["list", "--where", "team=", "--format", "names"])
        == CommandResult(.success, output: "Dog-Bot\n"))
    #expect(
      harness.run(["list", "--weapon", "laser", "--fields", "name,team,health"])
        == CommandResult(.success, output: "NAME       TEAM  HEALTH\nLaser-Bot  blue\n"))
    #expect(
      harness.run(["list", "--fields", "name,health", "--format", "ndjson"]).output
        == "{\"name\":\"Cat-Bot\",\"health\":80}\n{\"name\":\"Laser-Bot\"}\n{\"name\":\"Dog-Bot\"}\n"
    )
    #expect(
      harness.run(["list", "--format", "tsv"]).output.hasPrefix(
        "name\tweapon\tdescription\ticon\tnameColor\tteam\thealth\tnotes\n"
          + "Cat-Bot\tsword\tMEE-OW\tmeetcatbot.png\t\tred\t80\t\n"))
    #expect(harness.run(["show", "cat-bot", "--field", "health"]).output == "80\n")
    #expect(harness.run(["show", "dog-bot", "--field", "team"]).output == "\n")
    #expect(
      harness.run(["show", "laser-bot"]).output == """
        Laser-Bot
          Description  Pew pew
          Icon         meetlaserbot.png
          Weapon       laser (laser.png)
          Name colour  blue
          Team         blue
          Health       none
          Notes        The sixth weapon's first bearer

        """)
  }

  @Test func aKeyNeitherBuiltInNorDeclaredIsReadAsText() throws {
    let harness = try harness()
    try harness.writeRoster(
      teamRosterText.replacing(
        "\"weapon\": \"sword\"\n    }",
        with: "\"weapon\": \"sword\",\n      \"tags\": [\n        \"x\"\n      ]\n    }"
      ).replacing("\n  \"monsters\"", with: "\n  \"otherKeys\": \"keep\",\n  \"monsters\""))
    #expect(harness.run(["show", "dog-bot", "--field", "tags"]).output == "[\"x\"]\n")
    #expect(
      harness.run(["list", "--where", "tags=", "--format", "names"]).output
        == "Cat-Bot\nLaser-Bot\n")
    #expect(harness.run(["check"]).code == .success)
    // A key no monster has is a mistake.
    #expect(harness.run(["list", "--fields", "name,tagz"]).code == .usage)
  }

  @Test func weaponsListsTheRostersWeaponsAndHelpNamesThem() throws {
    let harness = try harness()
    #expect(
      harness.run(["weapons"])
        == CommandResult(.success, output: "WEAPON  IMAGE\nsword   sword.png\nlaser   laser.png\n"))
    #expect(harness.run(["set", "--help"]).output.contains("The new weapon: sword or laser"))
    #expect(harness.run(["help", "add"]).output.contains("The monster's weapon: sword or laser"))
  }

  @Test func checkNamesTheMonsterTheFieldAndWhatIsAllowed() throws {
    let harness = try harness()
    try harness.writeRoster(teamRosterText.replacing("\"health\": 80", with: "\"health\": 800"))
    #expect(
      harness.run(["check"])
        == CommandResult(
          .failure,
          output: "\(harness.rosterPath):35:17: monster 1 ('Cat-Bot'): 'health' is 800; it takes "
            + "an integer from 1 to 100\n",
          errors: "Error: 1 problem in \(harness.rosterPath).\n"))
    #expect(harness.run(["list"]).code == .dataError)
  }

  @Test func diffAndMergeGoFieldByField() throws {
    let harness = try harness()
    let base = harness.path("base.json")
    let ours = harness.path("ours.json")
    let theirs = harness.path("theirs.json")
    for path in [base, ours, theirs] { try harness.write(teamRosterText, to: path) }
    _ = harness.run(["-f", ours, "set", "cat-bot", "--field", "team=blue"])
    _ = harness.run(["-f", theirs, "set", "cat-bot", "--field", "health=5", "--weapon", "laser"])
    #expect(
      harness.run(["diff", base, theirs])
        == CommandResult(
          .failure, output: "Cat-Bot: weapon sword -> laser\nCat-Bot: health 80 -> 5\n"))
    #expect(harness.run(["merge", base, ours, theirs]).code == .success)
    #expect(
      harness.run(["-f", ours, "show", "cat-bot", "--format", "json"]).output.contains(
        "\"weapon\": \"laser\",\n  \"team\": \"blue\",\n  \"health\": 5"))
  }

  // MARK: - Importing

  @Test func importReadsDeclaredFieldsFromColumnsAndKeys() throws {
    let harness = try harness()
    #expect(
      harness.run(
        ["import"], input: "name\tweapon\tteam\thealth\nZap-Bot\tLaser\tRED\t9\n")
        == CommandResult(.success, output: "Added Zap-Bot.\n"))
    // A key no field declares is refused: the roster declares fields.
    let rank = #"{"name": "Ray-Bot", "weapon": "sword", "health": 10, "rank": 2}"#
    #expect(
      harness.run(["import"], input: rank)
        == CommandResult(
          .dataError,
          errors: "Error: <stdin>:1: Unknown field 'rank'. The fields are team, health, notes.\n"))
    #expect(harness.run(["fields", "other-keys", "keep"]).code == .success)
    #expect(
      harness.run(["import"], input: rank) == CommandResult(.success, output: "Added Ray-Bot.\n"))
    #expect(
      harness.run([
        "list", "--fields", "name,team,health,rank", "--format", "tsv", "--where", "health=9",
      ]).output
        == "name\tteam\thealth\trank\nZap-Bot\tred\t9\t\n")
    #expect(harness.run(["show", "ray-bot", "--field", "rank"]).output == "2\n")
    // A listing of the roster imports back as it is.
    let tsv = harness.run(["list", "--format", "tsv"]).output
    #expect(
      harness.run(["import", "--update"], input: tsv)
        == CommandResult(
          .success,
          errors: "monsters import: Nothing to change: monsters.json is as asked.\n"
            .replacing("monsters.json", with: harness.rosterPath)))
  }

  @Test func importRefusesAValueAFieldDoesNotTakeNamingItsLine() throws {
    let harness = try harness()
    #expect(
      harness.run(["import"], input: "name\tweapon\thealth\nA\tsword\t5\nB\tsword\t500\n")
        == CommandResult(
          .dataError,
          errors: "Error: <stdin>:3: 'health' cannot be '500': it takes an integer from 1 to 100\n")
    )
    #expect(
      harness.run(["import"], input: "name\tweapon\nA\tfire\n")
        == CommandResult(
          .dataError,
          errors: "Error: <stdin>:2: unknown weapon 'fire'; the weapons are sword, laser\n"))
    #expect(harness.rosterText() == teamRosterText)
  }
}
