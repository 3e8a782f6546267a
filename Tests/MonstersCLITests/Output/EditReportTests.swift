import Foundation
import Testing

@testable import MonstersCLI

/// What an edit prints: with `--dry-run`, the diff of the file as it is against the file as
/// it would be, and nothing written.
@Suite struct EditReportTests {
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
          .success, errors: "monsters set: Nothing to change: \(harness.rosterPath) is as asked.\n")
    )
  }

  @Test func dryRunDiffOnATerminalEscapesDeleteAndC1Controls() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON([MonsterFields(name: "A", description: "a\u{7F}b\u{9B}c")]))
    let arguments = ["set", "A", "--weapon", "sword", "--dry-run", "--no-color"]
    let shown = harness.run(arguments, terminal: true).output
    #expect(!shown.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    #expect(shown.contains(#" "description": "a\u007fb\u009bc","#))
    #expect(harness.run(arguments).output.contains("\"description\": \"a\u{7F}b\u{9B}c\""))
  }
}
