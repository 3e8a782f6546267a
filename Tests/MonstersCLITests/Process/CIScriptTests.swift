import Foundation
import Testing

@testable import MonstersCLI

/// A realistic CI job, run by `bash` with `set -euo pipefail` against the built binary: the
/// first run makes its changes, and the second changes nothing, writes nothing, and exits 0.
@Suite struct CIScriptTests {
  /// The job: everything a team's CI might do to keep its roster in shape.
  static let job = """
    set -euo pipefail
    [ -e monsters.json ] || monsters init
    monsters import --update new-monsters.tsv
    monsters set --where weapon=ninjaStar --weapon fire
    monsters add Boss-Bot --weapon sword --description 'In charge' --if-missing
    monsters remove Dog-Bot --if-exists
    monsters rename Fire-Bot Blaze-Bot --if-exists
    monsters fmt
    monsters check --format github
    monsters list --format markdown > roster.md

    """

  /// New monsters, as `list --format tsv` prints them, with a tab and a colour.
  static let newMonsters =
    "name\tweapon\tdescription\ticon\tnameColor\n"
    + "Robo-Bot\tblowgun\tBeep\\tboop\tmeetrobobot.png\t\n"
    + "Space Bot\tsmoke\tSays \"hi\"\tmeetspacebot.png\t#FF8800\n"

  private func runJob(in harness: CommandLineHarness) throws -> ProcessResult {
    let folder = try #require(BuiltTool.url).deletingLastPathComponent().path
    return try BuiltTool.run(
      URL(fileURLWithPath: "/bin/bash"), [harness.path("ci.sh")], in: harness.folder,
      environment: ["PATH": folder + ":/usr/bin:/bin"])
  }

  @Test func aCIJobRunTwiceChangesNothingTheSecondTime() throws {
    let harness = try CommandLineHarness()
    try harness.write(Self.job, to: harness.path("ci.sh"))
    try harness.write(Self.newMonsters, to: harness.path("new-monsters.tsv"))

    let first = try runJob(in: harness)
    #expect(first.status == 0, "\(first.errors)")
    #expect(
      first.output
        == """
        Wrote the seeded roster to monsters.json.
        Added Robo-Bot.
        Added Space Bot.
        Fire-Bot: weapon ninjaStar -> fire.
        Mini-Tomato-Bot: weapon ninjaStar -> fire.
        Added Boss-Bot.
        Removed Dog-Bot.
        Renamed Fire-Bot to Blaze-Bot.

        """)
    #expect(
      first.errors == "monsters fmt: Nothing to change: monsters.json is in canonical form.\n")
    let written = try #require(FileIdentity(path: harness.rosterPath))
    let bytes = harness.rosterBytes()
    let table = try String(contentsOfFile: harness.path("roster.md"), encoding: .utf8)
    #expect(table.contains("| `Robo-Bot` | `blowgun` | `Beep\\tboop` |\n"))
    #expect(table.hasSuffix("| `Boss-Bot` | `sword` | `In charge` |\n"))

    usleep(20_000)
    let second = try runJob(in: harness)
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output == "")
    #expect(
      second.errors
        == """
        monsters import: Nothing to change: monsters.json is as asked.
        monsters set: Nothing to change in monsters.json: no monster has weapon=ninjaStar.
        monsters add: Nothing to add to monsters.json: there is a monster named 'Boss-Bot' already.
        monsters remove: Nothing to remove from monsters.json: no monster named 'Dog-Bot'.
        monsters rename: Nothing to rename in monsters.json: no monster named 'Fire-Bot'.
        monsters fmt: Nothing to change: monsters.json is in canonical form.

        """)
    #expect(FileIdentity(path: harness.rosterPath) == written)
    #expect(harness.rosterBytes() == bytes)
    #expect(try String(contentsOfFile: harness.path("roster.md"), encoding: .utf8) == table)
  }

  @Test func aCIJobStopsAtTheFirstFailureAndLeavesTheRosterAsItWas() throws {
    let harness = try CommandLineHarness()
    try harness.write(Self.job, to: harness.path("ci.sh"))
    try harness.write(
      Self.newMonsters + "Axe-Bot\taxe\t\taxe.png\t\n", to: harness.path("new-monsters.tsv"))
    let result = try runJob(in: harness)
    #expect(result.status == 65)
    #expect(result.output == "Wrote the seeded roster to monsters.json.\n")
    #expect(
      result.errors
        == "Error: new-monsters.tsv:4: unknown weapon 'axe'; the weapons are blowgun, ninjaStar, "
        + "fire, sword, smoke\n")
    #expect(harness.rosterText() == seededRosterText)
  }
}
