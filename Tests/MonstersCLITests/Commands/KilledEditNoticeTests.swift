import Foundation
import MonsterKit
import Testing

@testable import MonstersCLI

/// What an edit killed while it wrote leaves beside the roster, its temporary file, stays
/// until the next edit removes it: `check` and `list` say so meanwhile.
@Suite struct KilledEditNoticeTests {
  @Test func checkAndListPointOutAKilledEditsFileUntilTheNextEdit() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let left = harness.path(".monsters.json.k1lled00.tmp")
    try harness.write("{\n  \"version\": 1,\n  \"mon", to: left)
    func note(_ command: String) -> String {
      "monsters \(command): \(left) is left from an edit of \(harness.rosterPath) that was "
        + "killed; the next edit removes it.\n"
    }
    #expect(
      harness.run(["list", "--format", "names"])
        == CommandResult(.success, output: seededNames, errors: note("list")))
    #expect(
      harness.run(["check"])
        == CommandResult(
          .success, output: "\(harness.rosterPath): a valid roster, in canonical form.\n",
          errors: note("check")))
    // A roster named as an argument, and a stream, which has no folder.
    #expect(harness.run(["check", harness.rosterPath]).errors == note("check"))
    #expect(harness.run(["check", "-"], input: seededRosterText).errors == "")
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire"])
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire.\n"))
    #expect(!FileManager.default.fileExists(atPath: left))
    #expect(harness.run(["list"]).errors == "")
    #expect(harness.run(["check"]).errors == "")
  }
}
