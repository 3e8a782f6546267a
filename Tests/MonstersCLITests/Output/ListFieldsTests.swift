import Foundation
import Testing

@testable import MonstersCLI

/// `list --fields`, `list --format markdown` and `show --field`.
@Suite struct ListFieldsTests {
  /// The fields given, the monsters chosen, and the table, whose rows end at their last cell
  /// with text, with no spaces after it.
  @Test(arguments: [
    ("nameColor,name", "weapon=fire", "NAME COLOUR  NAME\ncyan         Ice-Bot\n"),
    ("icon, Weapon", "name=cat-bot", "ICON            WEAPON\nmeetcatbot.png  sword\n"),
    (
      "name,nameColor,weapon", "name=dog-bot",
      "NAME     NAME COLOUR  WEAPON\nDog-Bot               blowgun\n"
    ),
  ])
  func fieldsChooseTheColumnsOfTheTableInTheirOrder(
    _ fields: String, _ selection: String, _ table: String
  ) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "ice-bot", "--name-color", "cyan"]).code == .success)
    #expect(
      harness.run(["list", "--fields", fields, "--where", selection])
        == CommandResult(.success, output: table))
  }

  @Test func fieldsChooseTheColumnsOfTSVAndTheKeysOfJSON() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--fields", "weapon,name", "--format", "tsv", "--weapon", "smoke"])
        .output
        == "weapon\tname\nsmoke\tExplode-Bot\n")
    #expect(
      harness.run(["list", "--fields", "name,nameColor", "--format", "ndjson", "--weapon", "smoke"])
        .output == "{\"name\":\"Explode-Bot\"}\n")
    #expect(
      harness.run(["list", "--fields", "name", "--format", "json", "--weapon", "smoke"]).output
        == "[\n  {\n    \"name\": \"Explode-Bot\"\n  }\n]\n")
    #expect(harness.run(["list", "--format", "json", "--where", "weapon=axe-bot"]).code == .usage)
    #expect(harness.run(["list", "--format", "json", "--where", "name=nobody"]).output == "[]\n")
  }

  @Test func markdownIsAGitHubTable() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--format", "markdown", "--weapon", "ninjaStar"])
        == CommandResult(
          .success,
          output: """
            | Name | Weapon | Description |
            |---|---|---|
            | `Fire-Bot` | `ninjaStar` | `Will Make You Steamed` |
            | `Mini-Tomato-Bot` | `ninjaStar` | `Extremely Handsome` |

            """))
    #expect(
      harness.run([
        "list", "--format", "markdown", "--fields", "name,nameColor", "--where", "name=Cat-Bot",
      ]).output
        == "| Name | Name colour |\n|---|---|\n| `Cat-Bot` |  |\n")
  }

  @Test(arguments: [
    ("a|b", "`a\\|b`"), ("back\\slash", "`back\\slash`"), ("<script>&", "`<script>&`"),
    ("two\nlines\r\nthree", "`two\\nlines\\r\\nthree`"), ("  padded ", "`   padded  `"),
    (" lead", "` lead`"), ("   ", "`   `"), ("`c`", "`` `c` ``"), ("a``b", "```a``b```"),
    ("esc\u{1B}[2J", "`esc\\u{1B}[2J`"), ("tab\there", "`tab\\there`"),
    ("\u{9B}c1", "`\\u{9B}c1`"), ("abc\u{202E}fed", "`abc\\u{202E}fed`"),
    ("@octocat #1 https://x.example", "`@octocat #1 https://x.example`"),
    ("Café ünïcode", "`Café ünïcode`"), ("", ""),
  ])
  func aMarkdownCellIsACodeSpan(_ text: String, _ cell: String) {
    #expect(MarkdownText.cell(text) == cell)
  }

  @Test func markdownPutsTheFilesTextInCodeSpans() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "Pipe|Bot", description: "a\nb <i>", icon: " x.png")]))
    #expect(
      harness.run(["list", "--format", "markdown", "--fields", "name,description,icon"]).output
        == "| Name | Description | Icon |\n|---|---|---|\n| `Pipe\\|Bot` | `a\\nb <i>` | ` x.png` |\n"
    )
  }

  @Test func showFieldPrintsOneBareValue() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "Odd-Bot", description: "two\nlines \u{1B}", nameColor: "#FF8800")
      ]))
    #expect(harness.run(["show", "odd-bot", "--field", "name"]).output == "Odd-Bot\n")
    #expect(harness.run(["show", "odd-bot", "--field", "NAMECOLOR"]).output == "#FF8800\n")
    #expect(harness.run(["show", "odd-bot", "--field", "weapon"]).output == "fire\n")
    #expect(
      harness.run(["show", "odd-bot", "--field", "description"]).output == "two\nlines \u{1B}\n")
    #expect(
      harness.run(["show", "odd-bot", "--field", "description"], terminal: true).output
        == "two\\nlines \\u{1B}\n")
    try harness.writeRoster(rosterJSON([MonsterFields(name: "Plain")]))
    #expect(
      harness.run(["show", "plain", "--field", "nameColor"])
        == CommandResult(.success, output: "\n"))
    #expect(harness.run(["show", "nobody", "--field", "name"]).code == .failure)
  }
}
