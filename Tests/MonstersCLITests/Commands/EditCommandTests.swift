import Foundation
import Testing

@testable import MonstersCLI

/// `add`, `remove` and `rename`, and `--dry-run` on every editing subcommand.
@Suite struct EditCommandTests {
  @Test func addAppendsWithTheTutorialsIconPattern() throws {
    let harness = try CommandLineHarness()
    let result = harness.run([
      "add", "Robo-Bot 2", "--weapon", "Ninja_Star", "--description", "Beep",
    ])
    #expect(result == CommandResult(.success, output: "Added Robo-Bot 2.\n"))
    #expect(
      harness.run(["show", "robo-bot 2"]).output == """
        Robo-Bot 2
          Description  Beep
          Icon         meetrobobot2.png
          Weapon       ninjaStar (ninjastar.png)
          Name colour  none

        """)
    #expect(harness.run(["list", "--format", "names"]).output == seededNames + "Robo-Bot 2\n")
  }

  @Test func addTakesAnIconAndAColour() throws {
    let harness = try CommandLineHarness()
    _ = harness.run(["add", "Z", "--weapon", "fire", "--icon", "z.png", "--name-color", "Blue"])
    let json = harness.run(["show", "Z", "--format", "json"]).output
    #expect(
      json == """
        {
          "name": "Z",
          "description": "",
          "icon": "z.png",
          "weapon": "fire",
          "nameColor": "blue"
        }

        """)
  }

  @Test(arguments: [
    (["add", "", "--weapon", "fire"], "'' cannot be a monster's name: it is empty."),
    (
      ["add", "A\tB", "--weapon", "fire"],
      "'A\\tB' cannot be a monster's name: it holds a control character."
    ),
    (["rename", "Cat-Bot", ""], "'' cannot be a monster's name: it is empty."),
    (
      ["add", "X", "--weapon", "fire", "--name-color", "none"],
      "Unknown colour 'none'. Use black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."
    ),
  ])
  func badNamesAreUsageErrors(_ arguments: [String], _ message: String) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: \(message)\nUsage: monsters \(arguments[0]) "))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func addWithoutAWeaponIsAUsageError() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["add", "X"])
    #expect(result.code == .usage)
    #expect(
      result.errors == """
        Error: Missing expected option '--weapon <weapon>'.
        Usage: monsters add <name> --weapon <weapon> [--description <text>]
                            [--icon <file>] [--name-color <color>] [--dry-run]
          See 'monsters add --help' for more information.

        """)
  }

  @Test func aTakenNameFails() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    for arguments in [["add", "CAT-BOT", "--weapon", "fire"], ["rename", "Dog-Bot", "cat-bot"]] {
      let result = harness.run(arguments)
      #expect(result.code == .failure)
      #expect(result.errors.hasPrefix("Error: The name "))
    }
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func removeTakesTheMonsterOff() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["remove", "fire-bot"]) == CommandResult(.success, output: "Removed Fire-Bot.\n"))
    #expect(!harness.run(["list"]).output.contains("Fire-Bot"))
    let missing = harness.run(["remove", "Fire-Bot"])
    #expect(missing.code == .failure)
    #expect(missing.errors.hasPrefix("Error: No monster named 'Fire-Bot'."))
  }

  @Test func renameKeepsThePlace() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["rename", "dog-bot", "Hound-Bot"])
        == CommandResult(.success, output: "Renamed Dog-Bot to Hound-Bot.\n"))
    #expect(
      harness.run(["list", "--format", "names"]).output
        == seededNames.replacingOccurrences(of: "Dog-Bot", with: "Hound-Bot"))
    #expect(harness.run(["rename", "hound-bot", "HOUND-BOT"]).code == .success)
    #expect(harness.run(["show", "Hound-Bot"]).output.hasPrefix("HOUND-BOT\n"))
  }

  @Test func dryRunOfAFirstEditShowsTheNewFileAgainstNothing() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["set", "Cat-Bot", "--weapon", "fire", "--dry-run"])
    let expected = seededRosterText.replacingOccurrences(
      of: "\"weapon\": \"sword\"", with: "\"weapon\": \"fire\"")
    let body = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { "+" + $0 }.joined(separator: "\n")
    #expect(
      result.output == "--- /dev/null\n+++ \(harness.rosterPath)\n@@ -0,0 +1,41 @@\n\(body)\n")
    #expect(harness.rosterBytes() == nil)
  }

  // Each diff is what GNU `diff -u` prints for the same change.
  @Test(arguments: [
    (
      ["set", "Ice-Bot", "--name-color", "cyan", "--dry-run"],
      """
      @@ -29,7 +29,8 @@
             "name": "Ice-Bot",
             "description": "Has A Chilling Effect",
             "icon": "meeticebot.png",
      -      "weapon": "fire"
      +      "weapon": "fire",
      +      "nameColor": "cyan"
           },
           {
             "name": "Mini-Tomato-Bot",

      """
    ),
    (
      ["rename", "Ice-Bot", "Frost-Bot", "--dry-run"],
      """
      @@ -26,7 +26,7 @@
             "weapon": "ninjaStar"
           },
           {
      -      "name": "Ice-Bot",
      +      "name": "Frost-Bot",
             "description": "Has A Chilling Effect",
             "icon": "meeticebot.png",
             "weapon": "fire"

      """
    ),
    (
      ["add", "Z", "--weapon", "fire", "--dry-run"],
      """
      @@ -36,6 +36,12 @@
             "description": "Extremely Handsome",
             "icon": "meetminitomatobot.png",
             "weapon": "ninjaStar"
      +    },
      +    {
      +      "name": "Z",
      +      "description": "",
      +      "icon": "meetz.png",
      +      "weapon": "fire"
           }
         ]
       }

      """
    ),
    (
      ["remove", "Cat-Bot", "--dry-run"],
      """
      @@ -2,12 +2,6 @@
         "version": 1,
         "monsters": [
           {
      -      "name": "Cat-Bot",
      -      "description": "MEE-OW",
      -      "icon": "meetcatbot.png",
      -      "weapon": "sword"
      -    },
      -    {
             "name": "Dog-Bot",
             "description": "BOW-WOW",
             "icon": "meetdogbot.png",

      """
    ),
  ])
  func dryRunPrintsTheDiffAndWritesNothing(_ arguments: [String], _ hunk: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(arguments)
    let path = harness.rosterPath
    #expect(result == CommandResult(.success, output: "--- \(path)\n+++ \(path)\n" + hunk))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func aDryRunThatChangesNothingPrintsNoDiff() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(["set", "Cat-Bot", "--weapon", "sword", "--dry-run"])
    #expect(
      result
        == CommandResult(
          .success, errors: "Nothing to change: \(harness.rosterPath) is as asked.\n"))
  }
}
