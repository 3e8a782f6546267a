import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

/// `weapons add|remove`, `fields`, `fields add|remove`: each one edit through the one edit
/// path, with `--dry-run`, in a script of `apply` too.
@Suite struct DeclarationCommandsTests {
  private let seededText = String(decoding: Roster.seeded.canonicalJSON(), as: UTF8.self)

  // MARK: - Weapons

  @Test func aSixthWeaponIsAddedCarriedAndRefusedWhileCarried() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons", "add", "laser"]).output == "Added weapon laser (image laser.png).\n")
    #expect(
      harness.run(["weapons", "--format", "names"]).output
        == "blowgun\nninjaStar\nfire\nsword\nsmoke\nlaser\n")
    #expect(harness.run(["set", "cat-bot", "--weapon", "Laser"]).code == .success)
    #expect(
      harness.run(["weapons", "remove", "laser"])
        == CommandResult(
          .failure,
          errors: "Error: Weapon 'laser' cannot be removed: Cat-Bot carries it; give it another "
            + "weapon first ('monsters set --where weapon=laser --weapon W').\n"))
    #expect(
      harness.run(["weapons", "remove", "ninja-star"])
        == CommandResult(
          .failure,
          errors: "Error: Weapon 'ninjaStar' cannot be removed: Fire-Bot and Mini-Tomato-Bot "
            + "carry it; give them another weapon first ('monsters set --where "
            + "weapon=ninjaStar --weapon W').\n"))
    #expect(
      harness.run(["weapons", "add", "LASER"])
        == CommandResult(
          .failure,
          errors: "Error: The roster has a weapon named 'laser' already (weapon names are "
            + "compared ignoring case, '-' and '_').\n"))
    #expect(harness.run(["weapons", "add", "bow", "--image", "art/bow.png"]).code == .success)
    #expect(
      harness.run(["weapons"]).output.hasSuffix("laser      laser.png\nbow        art/bow.png\n"))
    #expect(harness.run(["check"]).code == .success)
  }

  /// A weapon's name may be long; a message quotes at most 200 characters of it, as of any
  /// value: when it is added, carried, refused or listed among the roster's weapons.
  @Test func aLongWeaponNameIsCutShortInEveryMessage() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    let long = String(repeating: "w", count: 10_000)
    let cut = String(repeating: "w", count: 200) + "... (9800 more characters)"
    #expect(
      harness.run(["weapons", "add", long])
        == CommandResult(
          .success,
          output:
            "Added weapon \(cut) (image \(cut.prefix(200))... (9804 more characters)).\n"))
    #expect(harness.run(["set", "cat-bot", "--weapon", long]).code == .success)
    let inUse = harness.run(["weapons", "remove", long])
    #expect(inUse.code == .failure)
    #expect(
      inUse.errors
        == "Error: Weapon '\(cut)' cannot be removed: Cat-Bot carries it; give it another weapon "
        + "first ('monsters set --where weapon=\(cut) --weapon W').\n")
    let unknown = harness.run(["set", "cat-bot", "--weapon", "axe"])
    #expect(unknown.code == .usage)
    #expect(unknown.errors.hasPrefix("Error: Unknown weapon 'axe'. Choose one of: blowgun, "))
    #expect(unknown.errors.contains(", \(cut).\n"))
    #expect(unknown.errors.utf8.count < 1_000)
    #expect(harness.run(["set", "cat-bot", "--weapon", "fire"]).code == .success)
    #expect(
      harness.run(["weapons", "remove", long])
        == CommandResult(.success, output: "Removed weapon \(cut).\n"))
  }

  @Test func aWeaponsNameIsLettersAndDigits() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    let result = harness.run(["weapons", "add", "ray gun"])
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: 'ray gun' cannot be declared: a weapon's name is"))
  }

  @Test func dryRunShowsTheDeclarationAndWritesNothing() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    let before = harness.rosterText()
    let result = harness.run(["weapons", "add", "laser", "--dry-run"])
    #expect(result.code == .success)
    #expect(result.output.contains("+  \"weapons\": [\n+    \"blowgun\",\n"))
    #expect(
      result.output.contains(
        "+    {\n+      \"name\": \"laser\",\n+      \"image\": \"laser.png\"\n+    }\n"))
    #expect(harness.rosterText() == before)
    #expect(harness.run(["weapons", "add", "laser", "--dry-run", "--exit-code"]).code == .failure)
  }

  /// Each change of a declaration prints, with `--dry-run`, the diff it would make and
  /// writes nothing; `--exit-code` then says that it would change the file.
  @Test(arguments: [
    (["fields", "change", "team", "--add-values", "green"], "+        \"green\"\n"),
    (["fields", "change", "health", "--maximum", "200"], "+      \"maximum\": 200\n"),
    (["fields", "rename", "team", "squad"], "+      \"name\": \"squad\",\n"),
    (["weapons", "rename", "laser", "plasma"], "+      \"name\": \"plasma\",\n"),
    (["weapons", "change", "laser", "--image", "beam.png"], "+      \"image\": \"beam.png\"\n"),
  ])
  func aChangeOfADeclarationIsShownByDryRunAndNotMade(_ arguments: [String], _ line: String)
    throws
  {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    let result = harness.run(arguments + ["--dry-run"])
    #expect(result.code == .success, "\(result.errors)")
    #expect(result.output.hasPrefix("--- "), "\(result.output)")
    #expect(result.output.contains(line), "\(result.output)")
    #expect(harness.rosterText() == teamRosterText)
    #expect(harness.run(arguments + ["--dry-run", "--exit-code"]).code == .failure)
    #expect(harness.rosterText() == teamRosterText)
  }

  // MARK: - Fields

  @Test func aRequiredFieldWithADefaultIsGivenToEveryMonster() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    #expect(
      harness.run([
        "fields", "add", "team", "--values", "red,blue", "--required", "--default", "red",
      ])
        == CommandResult(
          .success, output: "Added field team, and gave its default, red, to 6 monsters.\n"))
    #expect(
      harness.run(["list", "--fields", "name,team", "--where", "team=red", "--format", "tsv"])
        .output.split(separator: "\n").count == 7)
    #expect(
      harness.run(["fields", "add", "health", "--integer", "--minimum", "1", "--maximum", "100"])
        == CommandResult(.success, output: "Added field health.\n"))
    #expect(
      harness.run(["fields"]).output == """
        FIELD        REQUIRED           TAKES
        name         yes                a name
        weapon       yes                one of the weapons blowgun, ninjaStar, fire, sword, smoke
        description  yes                text
        icon         yes                text
        nameColor    no                 a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB
        team         yes (default red)  one of red, blue
        health       no                 an integer from 1 to 100
        Keys no field declares: refused, as the roster declares fields ("otherKeys": "keep" keeps them).

        """)
    #expect(
      harness.run(["fields", "--format", "names"]).output
        == "name\nweapon\ndescription\nicon\nnameColor\nteam\nhealth\n")
    #expect(
      harness.run(["fields", "--format", "values"]).output.hasSuffix(
        "nameColor=white\nnameColor=none\nteam=red\nteam=blue\n"))
    #expect(
      harness.run(["fields", "--format", "json"]).output.contains(
        "{\n    \"name\": \"health\",\n    \"type\": \"integer\",\n    \"minimum\": 1,\n"))
    #expect(harness.run(["check"]).code == .success)
  }

  /// A declared value is the roster's text: JSON to a terminal escapes the controls a
  /// terminal acts on, as `list --format json` does; to a pipe it is as JSON allows.
  @Test func declaredValuesInJSONToATerminalEscapeWhatATerminalActsOn() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      #"{"version": 1, "fields": [{"name": "team", "values": ["a\u202eb\u009bc"]}], "monsters": []}"#
    )
    let terminal = harness.run(["fields", "--format", "json"], terminal: true).output
    #expect(terminal.contains(#""a\u202eb\u009bc""#), "\(terminal)")
    let piped = harness.run(["fields", "--format", "json"]).output
    #expect(piped.contains("\"a\u{202E}b\u{9B}c\""), "\(piped)")
  }

  @Test(arguments: [
    (["fields", "add", "x", "--minimum", "1"], "'--minimum' goes with '--integer'."),
    (
      ["fields", "add", "x", "--values", "a", "--integer"],
      "'--values' and '--integer' do not go together."
    ),
    (["fields", "add", "x", "--default", "a"], "'--default' goes with '--required'."),
    (
      ["fields", "add", "x", "--integer", "--maximum", "ten"],
      "Invalid value for '--maximum <n>': 'ten' must be a whole number."
    ),
    (
      ["fields", "add", "x", "--integer", "--minimum", "9223372036854775808"],
      "Invalid value for '--minimum <n>': '9223372036854775808' must be a whole number from "
        + "-9223372036854775808 to 9223372036854775807."
    ),
    (
      ["fields", "add", "nameColor"],
      "'nameColor' cannot be declared: 'nameColor' is a built-in field."
    ),
    (
      ["fields", "add", "x", "--values", "a,b", "--required", "--default", "c"],
      "Invalid value 'c' for 'x': it takes one of a, b."
    ),
    (
      ["fields", "add", "team", "--values", "red,Red"],
      "'team' cannot be declared: it lists 'red' and 'Red', the same value ignoring case, as "
        + "a value is typed."
    ),
  ])
  func aFieldThatCannotBeDeclaredIsAUsageError(_ arguments: [String], _ message: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: " + message + "\n"), "\(result.errors)")
  }

  /// A bound is read as the file reads one and as a value is typed: `1e3` and `1000.0` are
  /// 1000, and `-0` is 0.
  @Test func aBoundIsAWholeNumberHoweverItIsTyped() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    #expect(
      harness.run(["fields", "add", "x", "--integer", "--minimum", "-0", "--maximum", "1e3"])
        == CommandResult(.success, output: "Added field x.\n"))
    #expect(
      harness.run(["fields", "--format", "names"]).output.hasSuffix("x\n"))
    #expect(harness.rosterText()?.contains("\"minimum\": 0,\n      \"maximum\": 1000\n") == true)
  }

  /// The words of `--values`, `--add-values` and `--remove-values` are read as `--fields`
  /// reads its names: spaces around each are dropped, so `red, blue` is red and blue.
  @Test func spacesAroundTheWordsOfAListOfValuesAreDropped() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    #expect(harness.run(["fields", "add", "team", "--values", "red, blue "]).code == .success)
    #expect(
      harness.run(["fields", "change", "team", "--add-values", " green , yellow"]).code
        == .success)
    #expect(harness.run(["fields", "change", "team", "--remove-values", "blue, "]).code == .usage)
    #expect(harness.run(["fields", "change", "team", "--remove-values", " blue"]).code == .success)
    let values = harness.run(["fields", "--format", "values"]).output
    #expect(values.hasSuffix("\nteam=red\nteam=green\nteam=yellow\n"), "\(values)")
  }

  @Test func aFieldAMonsterHasGoesOnlyWithForce() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    #expect(
      harness.run(["fields", "remove", "notes"])
        == CommandResult(
          .failure,
          errors: "Error: Field 'notes' cannot be removed: Laser-Bot has it; '--force' takes it "
            + "from them too.\n"))
    #expect(
      harness.run(["fields", "remove", "NOTES", "--force"])
        == CommandResult(.success, output: "Removed field notes, and took it from 1 monster.\n"))
    #expect(harness.rosterText()?.contains("notes") == false)
    #expect(
      harness.run(["fields", "remove", "rank"]).errors.hasPrefix(
        "Error: Unknown field 'rank'. Choose one of: team, health."))
    #expect(harness.run(["check"]).code == .success)
  }

  @Test func aMonstersValueThatTheNewFieldDoesNotTakeIsNamed() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    _ = harness.run(["fields", "add", "rank"])
    _ = harness.run(["set", "ice-bot", "--field", "rank=high"])
    _ = harness.run(["fields", "remove", "rank", "--force"])
    #expect(harness.rosterText()?.contains("rank") == false)
    try harness.writeRoster(
      harness.rosterText()!.replacing(
        "\"weapon\": \"fire\"\n", with: "\"weapon\": \"fire\",\n      \"rank\": \"high\"\n"))
    #expect(
      harness.run(["fields", "add", "rank", "--values", "low,mid"]).errors.hasPrefix(
        "Error: Invalid value 'high' for 'rank': it takes one of low, mid, and "
          + "Ice-Bot has it.\n"))
  }

  // MARK: - In scripts and help

  @Test func applyDeclaresAndUsesInOneEdit() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededText)
    let script = """
      weapons add laser
      fields add team --values red,blue
      set cat-bot --weapon laser --field team=red

      """
    let result = harness.run(["apply"], input: script)
    #expect(result.code == .success, "\(result.errors)")
    #expect(
      result.output
        == "Added weapon laser (image laser.png).\nAdded field team.\n"
        + "Cat-Bot: weapon sword -> laser, team none -> red.\n"
        + "Applied 3 edits to \(harness.rosterPath).\n")
    #expect(harness.run(["show", "cat-bot", "--field", "team"]).output == "red\n")
    // A script that fails at its last line writes nothing.
    let before = harness.rosterText()
    let failing = harness.run(["apply"], input: "weapons add bow\nweapons remove laser\n")
    #expect(failing.code == .failure)
    #expect(harness.rosterText() == before)
  }

  @Test func helpOfAnActionAndUnknownActions() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["help", "weapons", "add"]) == harness.run(["weapons", "add", "--help"]))
    #expect(
      harness.run(["help", "weapons", "add"]).output.hasPrefix(
        "OVERVIEW: Add a weapon to the roster's weapons."))
    #expect(harness.run(["weapons", "ad"]).errors.hasPrefix("Error: Unexpected argument 'ad'."))
    #expect(harness.run(["help"]).output.contains("  weapons add             Add a weapon"))
  }
}
