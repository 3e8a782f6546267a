import Foundation
import Testing

@Suite struct InitCommandTests {
  @Test func writesTheSeededRoster() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["init"])
        == CommandResult(
          .success, output: "Wrote the seeded roster to \(harness.rosterPath).\n"))
    #expect(harness.rosterText() == seededRosterText)
    #expect(harness.run(["list"]) == CommandResult(.success, output: seededTable))
  }

  @Test func refusesToReplaceAFile() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON([MonsterFields(name: "Robo-Bot")]))
    let before = try #require(harness.rosterBytes())
    #expect(
      harness.run(["init"])
        == CommandResult(
          .failure,
          errors: "Error: \(harness.rosterPath) exists already; "
            + "use --force to replace it with the seeded roster.\n"))
    #expect(harness.rosterBytes() == before)
  }

  @Test func refusesToReplaceEvenABrokenFile() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{ not JSON")
    #expect(harness.run(["init"]).code == .failure)
    #expect(harness.rosterText() == "{ not JSON")
  }

  @Test func forceReplacesTheFile() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{ not JSON")
    #expect(
      harness.run(["init", "--force"])
        == CommandResult(
          .success, output: "Wrote the seeded roster to \(harness.rosterPath).\n"))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func forceTakesNoValue() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{}")
    #expect(
      harness.run(["init", "--force=yes"])
        == usageFailure("The flag '--force' takes no value.", command: "init"))
    #expect(harness.rosterText() == "{}")
  }

  @Test func takesNoArguments() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["init", "seeded"])
        == usageFailure("Unexpected argument 'seeded'.", command: "init"))
    #expect(harness.rosterBytes() == nil)
  }

  /// A named file in a folder that is not there is a missing input (66), whether it is to
  /// be edited or created, with the commands that make the folder and the roster; not a
  /// lock that failed (74). Nothing is created.
  @Test(arguments: [
    ["init"], ["set", "cat-bot", "--weapon", "fire"], ["list"], ["rename", "a", "b"],
  ])
  func aNamedFileInAMissingFolderIs66WithHowToCreateIt(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let path = harness.path("no where/x.json")
    let folder = harness.path("no where")
    #expect(
      harness.run(["-f", path] + arguments)
        == CommandResult(
          .noInput,
          errors: "Error: No roster file at \(path), nor a folder \(folder) for it. Create both "
            + "with: mkdir -p '\(folder)' && monsters init --file '\(path)'\n"))
    #expect(!FileManager.default.fileExists(atPath: folder))
    #expect(
      harness.run(["list"], environment: ["MONSTERS_FILE": path]).code == .noInput)
  }
}
