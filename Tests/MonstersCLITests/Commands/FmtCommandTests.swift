import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct FmtCommandTests {
  /// The seeded roster laid out by hand: valid, not canonical.
  private let handFormatted =
    "{\"version\": 1, \"monsters\": [{\"name\": \"Cat-Bot\", \"description\": \"MEE-OW\", "
    + "\"icon\": \"meetcatbot.png\", \"weapon\": \"sword\", \"team\": [1, 2]}], \"x\": null}"

  @Test func writesAFileInCanonicalFormKeepingUnknownKeys() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(handFormatted)
    #expect(
      harness.run(["fmt"]) == CommandResult(.success, output: "Formatted \(harness.rosterPath).\n"))
    let text = try #require(harness.rosterText())
    #expect(text.contains("\n      \"team\": [\n        1,\n        2\n      ]\n"))
    #expect(text.hasSuffix("  ],\n  \"x\": null\n}\n"))
    #expect(harness.run(["check"]).code == .success)
  }

  @Test func aFileInCanonicalFormIsNotRewritten() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let before = try #require(FileIdentity(path: harness.rosterPath))
    usleep(20_000)
    #expect(
      harness.run(["fmt"])
        == CommandResult(
          .success,
          errors:
            "monsters fmt: Nothing to change: \(harness.rosterPath) is in canonical form.\n"))
    #expect(FileIdentity(path: harness.rosterPath) == before)
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func formatsEveryFileNamedAndNamesOneThatIsNotARoster() throws {
    let harness = try CommandLineHarness()
    let (a, broken, b) = (
      harness.path("a.json"), harness.path("broken.json"), harness.path("b.json")
    )
    try harness.write(handFormatted, to: a)
    let brokenText = "{\"version\": 1, \"monsters\": [{\"name\": \"X\"}]}"
    try harness.write(brokenText, to: broken)
    try harness.write(seededRosterText, to: b)
    let result = harness.run(["fmt", a, broken, b])
    #expect(result.code == .dataError)
    #expect(result.output == "Formatted \(a).\n")
    #expect(
      result.errors
        == "Error: \(broken):1:29: monster 1 ('X'): no 'description' (and 2 more problems; run "
        + "'monsters check')\nmonsters fmt: Nothing to change: \(b) is in canonical form.\n")
    #expect(try String(contentsOfFile: broken, encoding: .utf8) == brokenText)
    #expect(harness.run(["check", a, b]).code == .success)
  }

  @Test func aMissingFileIs66AndIsNotCreated() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["fmt"])
        == CommandResult(.noInput, errors: "Error: \(harness.rosterPath): no such file.\n"))
    #expect(harness.rosterBytes() == nil)
    let named = harness.path("team.json")
    #expect(harness.run(["fmt", "--check", named]).code == .noInput)
    #expect(!FileManager.default.fileExists(atPath: named))
  }

  @Test func checkListsTheFilesThatAreNotCanonicalAndWritesNothing() throws {
    let harness = try CommandLineHarness()
    let (a, b) = (harness.path("a.json"), harness.path("b.json"))
    try harness.write(handFormatted, to: a)
    try harness.write(seededRosterText, to: b)
    #expect(
      harness.run(["fmt", "--check", a, b])
        == CommandResult(
          .failure, output: "\(a)\n",
          errors: "Error: \(a) is not in canonical form; 'monsters fmt' writes it.\n"))
    #expect(try String(contentsOfFile: a, encoding: .utf8) == handFormatted)
    #expect(harness.run(["fmt", "--check", b]) == CommandResult(.success))
    try harness.write(handFormatted, to: b)
    #expect(
      harness.run(["fmt", "--check", a, b]).errors
        == "Error: 2 files are not in canonical form; 'monsters fmt' writes them.\n")
  }

  @Test func checkOfAFileThatIsNotARosterIs65() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{\"version\": 1, \"monsters\": [}")
    let result = harness.run(["fmt", "--check"])
    #expect(result.code == .dataError)
    #expect(result.errors.hasPrefix("Error: \(harness.rosterPath):1:29: "))
  }

  @Test func fmtTakesTheLock() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(handFormatted)
    let holder = try LockHolder(folder: harness.folder)
    defer { holder.release() }
    #expect(harness.run(["fmt", "--lock-timeout", "0.2"]).code == .lockBusy)
    #expect(harness.rosterText() == handFormatted)
  }

  @Test func standardInputIsCheckedButNotFormatted() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["fmt", "--check", "-"], input: seededRosterText).code == .success)
    #expect(harness.run(["fmt", "--check", "-"], input: handFormatted).code == .failure)
    let result = harness.run(["fmt", "-"], input: handFormatted)
    #expect(result.code == .usage)
    #expect(result.errors.contains("<stdin> is a stream"))
  }

  @Test func checkRefusesADashNamedTwice() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["fmt", "--check", "-", "-"], input: handFormatted)
    #expect(result.code == .usage)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "Error: '-' is named twice: standard input can be read once.\nUsage: monsters fmt"))
  }
}
