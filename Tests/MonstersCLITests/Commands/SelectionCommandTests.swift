import Foundation
import Testing

@testable import MonstersCLI

/// `set` and `remove` of several monsters, by name or with `--where`, `list --where`, and the
/// options that let a script run again: `add --if-missing` and `remove --if-exists`.
@Suite struct SelectionCommandTests {
  @Test func setChangesSeveralNamedMonstersInOneEdit() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "DOG-BOT", "Cat-Bot", "--weapon", "fire"])
        == CommandResult(
          .success, output: "Cat-Bot: weapon sword -> fire.\nDog-Bot: weapon blowgun -> fire.\n",
          errors: harness.createdNote("set")))
    #expect(
      harness.run(["list", "--where", "weapon=fire", "--format", "names"]).output
        == "Cat-Bot\nDog-Bot\nIce-Bot\n")
  }

  @Test func oneMissingNameChangesNoneAndCreatesNoFile() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "Cat-Bott", "--weapon", "fire"])
        == CommandResult(
          .failure, errors: "Error: No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?\n"))
    #expect(harness.rosterBytes() == nil)
    try harness.writeRoster(seededRosterText)
    #expect(harness.run(["remove", "dog-bot", "nobody"]).code == .failure)
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func whereChangesEveryMonsterWhoseFieldsMatch() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "--where", "weapon=ninja-star", "--name-color", "#ff8800"])
        == CommandResult(
          .success,
          output: "Fire-Bot: name colour none -> #FF8800.\n"
            + "Mini-Tomato-Bot: name colour none -> #FF8800.\n", errors: harness.createdNote("set"))
    )
    #expect(
      harness.run([
        "set", "--where", "nameColor=#FF8800", "--where", "name=mini-tomato-bot",
        "--description", "Small",
      ])
        == CommandResult(
          .success, output: "Mini-Tomato-Bot: description 'Extremely Handsome' -> 'Small'.\n"))
    #expect(
      harness.run(["remove", "--where", "description=Small"])
        == CommandResult(.success, output: "Removed Mini-Tomato-Bot.\n"))
    #expect(
      harness.run(["list", "--where", "nameColor=none", "--format", "names"]).output
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nIce-Bot\n")
    #expect(
      harness.run(["list", "--where", "nameColor=", "--format", "names"])
        == harness.run(["list", "--where", "nameColor=NONE", "--format", "names"]))
  }

  @Test func whereThatPicksNoMonsterIsANoteAndWritesNothing() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "--where", "weapon=fire", "--where", "name=Cat-Bot", "--weapon", "smoke"])
        == CommandResult(
          .success,
          errors:
            "monsters set: Nothing to change in \(harness.rosterPath): no monster has "
            + "weapon=fire and name=Cat-Bot.\n"))
    #expect(
      harness.run(["remove", "--where", "icon=nothing.png"])
        == CommandResult(
          .success,
          errors: "monsters remove: Nothing to remove from \(harness.rosterPath): no monster has "
            + "icon=nothing.png.\n"))
    #expect(harness.rosterBytes() == nil)
    #expect(
      harness.run(["list", "--where", "weapon=fire", "--where", "weapon=smoke"])
        == CommandResult(
          .success,
          errors: "monsters list: Nothing to list: no monster in \(harness.rosterPath) has "
            + "weapon=fire and weapon=smoke.\n"))
  }

  @Test(arguments: [
    (
      ["set", "--where", "colour=red", "--weapon", "fire"], "set",
      "Unknown field 'colour'. Choose one of: name, weapon, description, icon, nameColor."
    ),
    (
      ["remove", "--where", "weapon"], "remove",
      "Invalid value for '--where <field=value>': 'weapon'; write FIELD=VALUE, or "
        + "FIELD!=VALUE, FIELD<VALUE, FIELD<=VALUE, FIELD>VALUE or FIELD>=VALUE, such as "
        + "weapon=fire or level<10, with a field among name, weapon, description, icon, "
        + "nameColor or the roster's own ('monsters fields' lists them)."
    ),
    (
      ["list", "--where", "weapon=axe"], "list",
      "Unknown weapon 'axe'. Choose one of: blowgun, ninjaStar, fire, sword, smoke."
    ),
    (
      ["list", "--where", "nameColor=purple"], "list",
      "Invalid value 'purple' for 'nameColor': it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."
    ),
    (
      ["list", "--fields", "name,colour"], "list",
      "Unknown field 'colour'. Choose one of: name, weapon, description, icon, nameColor."
    ),
    (
      ["list", "--fields", "name,,weapon"], "list",
      "Unknown field ''. Choose one of: name, weapon, description, icon, nameColor."
    ),
    (
      ["list", "--fields", "name, NAME"], "list",
      "Invalid value for '--fields <field,...>': 'name, NAME' names 'name' twice."
    ),
    (
      ["list", "--fields", "name", "--format", "names"], "list",
      "'--fields' chooses the fields of table, tsv, csv, markdown, json and ndjson; 'names' prints names only."
    ),
    (
      ["show", "cat-bot", "--field", "team"], "show",
      "Unknown field 'team'. Choose one of: name, weapon, description, icon, nameColor."
    ),
    (
      ["show", "cat-bot", "--field", "name", "--format", "json"], "show",
      "'--field' prints one bare value; give it without '--format'."
    ),
    (
      ["remove", "cat-bot", "--where", "weapon=fire"], "remove",
      "Name the monsters or pick them with --where, not both: 'cat-bot' is named."
    ),
    (["remove"], "remove", "Missing expected argument '<monster>'."),
    (
      ["set", "cat-bot", "--weapon", "fire", "--exit-code"], "set",
      "'--exit-code' goes with '--dry-run': it says whether the file would change."
    ),
  ])
  func badFieldsAndSelectionsAreUsageErrors(
    _ arguments: [String], _ command: String, _ message: String
  ) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.hasPrefix("Error: \(message)\nUsage: monsters \(command) "), "\(result.errors)")
    #expect(harness.rosterBytes() == nil)
  }

  @Test func addIfMissingIsANoteWhenTheNameIsTaken() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let before = try #require(FileIdentity(path: harness.rosterPath))
    #expect(
      harness.run(["add", "Cat-Bot", "--weapon", "fire", "--if-missing"])
        == CommandResult(
          .success,
          errors: "monsters add: Nothing to add to \(harness.rosterPath): there is a monster named "
            + "'Cat-Bot' already.\n"))
    #expect(FileIdentity(path: harness.rosterPath) == before)
    #expect(
      harness.run(["add", "Robo-Bot", "--weapon", "fire", "--if-missing"])
        == CommandResult(.success, output: "Added Robo-Bot.\n"))
    #expect(harness.run(["add", "robo-bot", "--weapon", "fire"]).code == .failure)
  }

  /// A key of a monster's own, typed in another case, is offered as what was meant: the
  /// list of fields is not all there is to choose from.
  @Test func aKeyOfAMonstersOwnInAnotherCaseIsOffered() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      #"{"version": 1, "monsters": [{"name": "A", "description": "", "icon": "a.png", "weapon": "fire", "rank": "x"}]}"#
    )
    let choices = "Choose one of: name, weapon, description, icon, nameColor, rank."
    for (arguments, typed) in [
      (["list", "--where", "Rank=x"], "Rank"), (["list", "--fields", "name,RANK"], "RANK"),
      (["show", "a", "--field", "Rank"], "Rank"),
    ] {
      let result = harness.run(arguments)
      #expect(result.code == .usage)
      #expect(
        result.errors.hasPrefix(
          "Error: Unknown field '\(typed)'. Did you mean 'rank'? \(choices)\n"), "\(result.errors)")
    }
    #expect(harness.run(["list", "--where", "rank=x", "--format", "names"]).output == "A\n")
  }

  /// A re-runnable script's mistake fails on every run, not only on the run that would
  /// add or rename: the values and the new name are checked before the skip.
  @Test func ifMissingAndIfExistsStillRefuseAValueThatIsNotAllowed() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    for arguments in [
      ["add", "Cat-Bot", "--weapon", "axe", "--if-missing"],
      ["add", "Cat-Bot", "--weapon", "fire", "--name-color", "puce", "--if-missing"],
      ["add", "Cat-Bot", "--weapon", "fire", "--field", "team=red", "--if-missing"],
      ["rename", "Robo-Bot", " Robo", "--if-exists"],
      ["rename", "Robo-Bot", "", "--if-exists"],
    ] {
      let result = harness.run(arguments)
      #expect(result.code == .usage, "\(arguments)")
      #expect(result.output.isEmpty)
    }
    #expect(harness.rosterText() == seededRosterText)
    #expect(harness.run(["add", "Cat-Bot", "--weapon", "fire", "--if-missing"]).code == .success)
    #expect(harness.run(["rename", "Robo-Bot", "Cat-Bot", "--if-exists"]).code == .success)
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func removeIfExistsSkipsAMonsterThatIsNotThere() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["remove", "Robo-Bot", "--if-exists"])
        == CommandResult(
          .success,
          errors: "monsters remove: Nothing to remove from \(harness.rosterPath): no monster "
            + "named 'Robo-Bot'.\n"))
    #expect(harness.rosterBytes() == nil)
    #expect(
      harness.run(["remove", "Robo-Bot", "dog-bot", "--if-exists"])
        == CommandResult(
          .success, output: "Removed Dog-Bot.\n",
          errors: harness.createdNote("remove")
            + "monsters remove: Nothing to remove from \(harness.rosterPath): no monster "
            + "named 'Robo-Bot'.\n"))
    #expect(harness.run(["remove", "dog-bot"]).code == .failure)
  }

  @Test func theHintsSayWhatWasMeant() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["add", "Space Bot", "--weapon", "fire"]).code == .success)
    #expect(
      harness.run(["set", "Space", "Bot", "--weapon", "smoke"])
        == CommandResult(
          .failure,
          errors: "Error: No monster named 'Space'. Quote a name with spaces: monsters set "
            + "'Space Bot' --weapon smoke\n"))
    #expect(
      harness.run(["set", "cat-bot", "fire", "--description", "x"])
        == CommandResult(
          .failure, errors: "Error: No monster named 'fire'. Did you mean '--weapon fire'?\n"))
    let colour = harness.run(["set", "cat-bot", "Red"])
    #expect(
      colour.errors.hasPrefix(
        "Error: Nothing to set: give --weapon, --description, --icon, --name-color or --field. Did you mean '--name-color red'?\n"
      ))
    #expect(
      harness.run(["remove", "fire"])
        == CommandResult(.failure, errors: "Error: No monster named 'fire'.\n"))
  }

  @Test func dryRunExitCodeSaysWhetherAnEditWouldChangeTheFile() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let change = harness.run(["remove", "--where", "weapon=ninjaStar", "--dry-run", "--exit-code"])
    #expect(change.code == .failure)
    #expect(change.errors.isEmpty)
    #expect(change.output.hasPrefix("--- \(harness.rosterPath)\n+++ \(harness.rosterPath)\n@@"))
    for arguments in [
      ["set", "cat-bot", "--weapon", "sword"],
      ["add", "Cat-Bot", "--weapon", "fire", "--if-missing"],
      ["remove", "nobody", "--if-exists"], ["rename", "cat-bot", "Cat-Bot"],
    ] {
      let same = harness.run(arguments + ["--dry-run", "--exit-code"])
      #expect(same.code == .success, "\(arguments)")
      #expect(same.output.isEmpty)
    }
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func dryRunExitCodeTellsAnEditThatCannotBeMadeFromAChange() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let cases: [(arguments: [String], input: String, message: String)] = [
      (
        ["set", "cat-bott", "--weapon", "fire"], "",
        "No monster named 'cat-bott'. Did you mean 'Cat-Bot'?"
      ),
      (["remove", "nobody"], "", "No monster named 'nobody'."),
      (["rename", "cat-bot", "dog-bot"], "", "The name 'dog-bot' is taken"),
      (["add", "Cat-Bot", "--weapon", "fire"], "", "There is a monster named 'Cat-Bot' already."),
      (
        ["apply"], "set cat-bot --weapon fire\nremove nobody\n",
        "<stdin>:2: No monster named 'nobody'."
      ),
      (["import"], "name\tweapon\nCat-Bot\tfire\n", ""),
    ]
    for (arguments, input, message) in cases {
      let plain = harness.run(arguments + ["--dry-run"], input: input)
      #expect(plain.code == .failure, "\(arguments)")
      let result = harness.run(arguments + ["--dry-run", "--exit-code"], input: input)
      #expect(result.code.rawValue == 2, "\(arguments)")
      #expect(result.output.isEmpty)
      #expect(result.errors == plain.errors, "\(arguments)")
      if !message.isEmpty {
        #expect(result.errors.hasPrefix("Error: " + message), "\(result.errors)")
      }
    }
    // What is not "could not be made" keeps its code: a change, a usage error, a bad roster.
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire", "--dry-run", "--exit-code"]).code
        == .failure)
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "axe", "--dry-run", "--exit-code"]).code == .usage)
    try harness.writeRoster("{")
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire", "--dry-run", "--exit-code"]).code
        == .dataError)
    #expect(harness.rosterText() == "{")
  }
}
