import Foundation
import Testing

@testable import MonstersCLI

/// `monsters add`.
@Suite struct AddCommandTests {
  @Test func addAppendsWithTheTutorialsIconPattern() throws {
    let harness = try CommandLineHarness()
    let result = harness.run([
      "add", "Robo-Bot 2", "--weapon", "Ninja_Star", "--description", "Beep",
    ])
    #expect(
      result
        == CommandResult(
          .success, output: "Added Robo-Bot 2.\n", errors: harness.createdNote("add")))
    #expect(
      harness.run(["show", "robo-bot 2"]).output
        == cardText(
          "Robo-Bot 2", description: "Beep", icon: "meetrobobot2.png",
          weapon: "ninjaStar (ninjastar.png)"))
    #expect(harness.run(["list", "--format", "names"]).output == seededNames + "Robo-Bot 2\n")
  }

  @Test func addTakesAnIconAndAColour() throws {
    let harness = try CommandLineHarness()
    _ = harness.run(["add", "Z", "--weapon", "fire", "--icon", "z.png", "--name-color", "Blue"])
    let json = harness.run(["show", "Z", "--format", "json"]).output
    #expect(
      json
        == MonsterFields(
          name: "Z", description: "", icon: "z.png", weapon: "fire", nameColor: "blue"
        ).shown)
  }

  @Test(arguments: [
    (["add", "", "--weapon", "fire"], "'' cannot be a monster's name: it is empty."),
    (
      ["add", "A\tB", "--weapon", "fire"],
      "'A\\tB' cannot be a monster's name: it holds a control character, U+0009."
    ),
    (
      ["add", "X", "--weapon", "fire", "--name-color", "none"],
      "Invalid value 'none' for 'nameColor': it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."
    ),
  ])
  func badNamesAreUsageErrors(_ arguments: [String], _ message: String) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: \(message)\nUsage: monsters \(arguments[0]) "))
    #expect(harness.rosterBytes() == nil)
  }

  /// `--` ends the options, so a name may start with a dash; add takes one name, and the
  /// words after it are options again, as a line completed with `-- -Odd-Bot` goes on.
  @Test func optionsMayFollowANameAfterDoubleDash() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["add", "--", "-Odd-Bot", "--weapon", "fire", "--description", "-x"])
        == CommandResult(
          .success, output: "Added -Odd-Bot.\n", errors: harness.createdNote("add")))
    #expect(harness.run(["show", "--", "-odd-bot", "--field", "description"]).output == "-x\n")
    // A name that is an option's spelling is a name right after --.
    #expect(harness.run(["add", "--", "--weapon", "--weapon", "smoke"]).code == .success)
    #expect(harness.run(["show", "--", "--WEAPON", "--field", "weapon"]).output == "smoke\n")
    // set takes any number of names: everything after -- is one.
    let set = harness.run(["set", "--", "-Odd-Bot", "--weapon", "smoke"])
    #expect(set.code == .usage)
    #expect(set.errors.hasPrefix("Error: Nothing to set: give --weapon"))
    #expect(
      harness.run(["remove", "--", "-odd-bot", "--weapon"]).output
        == "Removed -Odd-Bot.\nRemoved --weapon.\n")
  }

  @Test func addWithoutAWeaponIsAUsageError() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["add", "X"])
    #expect(result.code == .usage)
    #expect(
      result.errors == """
        Error: Missing expected option '--weapon <weapon>'.
        Usage: monsters add <name> --weapon <weapon> [--description <text>]
                            [--icon <file>] [--name-color <color>]
                            [--field <name=value>...] [--if-missing] [--dry-run]
                            [--exit-code]
          See 'monsters add --help' for more information.

        """)
  }

  @Test func aTakenNameFails() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(["add", "CAT-BOT", "--weapon", "fire"])
    #expect(result.code == .failure)
    #expect(result.errors.hasPrefix("Error: The name "))
    #expect(harness.rosterText() == seededRosterText)
  }
}
