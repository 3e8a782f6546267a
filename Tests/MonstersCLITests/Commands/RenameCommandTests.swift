import Foundation
import Testing

@testable import MonstersCLI

/// `monsters rename`.
@Suite struct RenameCommandTests {
  @Test func renameKeepsThePlace() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["rename", "dog-bot", "Hound-Bot"])
        == CommandResult(
          .success, output: "Renamed Dog-Bot to Hound-Bot.\n", errors: harness.createdNote))
    #expect(
      harness.run(["list", "--format", "names"]).output
        == seededNames.replacingOccurrences(of: "Dog-Bot", with: "Hound-Bot"))
    #expect(harness.run(["rename", "hound-bot", "HOUND-BOT"]).code == .success)
    #expect(harness.run(["show", "Hound-Bot"]).output.hasPrefix("HOUND-BOT\n"))
  }

  @Test func anEmptyNewNameIsAUsageError() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["rename", "Cat-Bot", ""])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: '' cannot be a monster's name: it is empty.\nUsage: monsters rename "))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aTakenNewNameFails() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(["rename", "Dog-Bot", "cat-bot"])
    #expect(result.code == .failure)
    #expect(result.errors.hasPrefix("Error: The name "))
    #expect(harness.rosterText() == seededRosterText)
  }
}
