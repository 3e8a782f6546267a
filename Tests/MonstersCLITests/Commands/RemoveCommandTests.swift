import Foundation
import Testing

@testable import MonstersCLI

/// `monsters remove`.
@Suite struct RemoveCommandTests {
  @Test func removeTakesTheMonsterOff() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["remove", "fire-bot"])
        == CommandResult(
          .success, output: "Removed Fire-Bot.\n", errors: harness.createdNote("remove")))
    #expect(!harness.run(["list"]).output.contains("Fire-Bot"))
    let missing = harness.run(["remove", "Fire-Bot"])
    #expect(missing.code == .failure)
    #expect(missing.errors.hasPrefix("Error: No monster named 'Fire-Bot'."))
  }
}
