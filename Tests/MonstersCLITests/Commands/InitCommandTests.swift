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
}
