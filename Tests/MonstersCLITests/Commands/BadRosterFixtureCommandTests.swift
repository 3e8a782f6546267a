import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

/// Each bad roster in `Fixtures/bad`, given to the commands that read it and to an edit.
@Suite struct BadRosterFixtureCommandTests {
  @Test(arguments: badRosterFixtures)
  func aBadRosterStopsReadingAndEditingAndLeavesTheFile(file: String, error: String) throws {
    let harness = try CommandLineHarness()
    let bytes = try Data(contentsOf: badRosterFolder.appendingPathComponent(file))
    try bytes.write(to: URL(fileURLWithPath: harness.rosterPath))
    let message = "\(harness.rosterPath):\(error)"

    for arguments in [["list"], ["show", "Cat-Bot"], ["set", "Cat-Bot", "--weapon", "fire"]] {
      #expect(harness.run(arguments) == CommandResult(.dataError, errors: "Error: \(message)\n"))
    }
    #expect(
      harness.run(["check"])
        == CommandResult(
          .failure, output: message + "\n",
          errors: "Error: 1 problem in \(harness.rosterPath).\n"))
    #expect(harness.rosterBytes() == bytes)
  }
}
