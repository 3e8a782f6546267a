import Testing

@testable import MonstersCLI

/// `--lock-timeout`: seconds in decimal digits, and nothing else that `Double` would read.
@Suite struct LockTimeoutTests {
  @Test(arguments: [
    ("10", 10.0), ("0", 0), ("0.5", 0.5), (".5", 0.5), ("2.", 2), ("007", 7), ("1000000", 1e6),
    ("0.25", 0.25),
  ])
  func decimalSecondsAreRead(_ text: String, _ seconds: Double) throws {
    #expect(CommandContext.seconds(text) == seconds)
    let harness = try CommandLineHarness()
    #expect(harness.run(["list", "--format", "names", "--lock-timeout", text]).code == .success)
  }

  @Test(arguments: [
    "0x10", "0X10", "1e3", "1E3", "+1", "-1", " 1", "1 ", "", ".", "1.2.3", "inf", "nan",
    "infinity", "1_0", "١", "１", "0x1p4", "1000001", "99999999999999999999",
  ])
  func anythingElseIsAUsageError(_ text: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire", "--lock-timeout=" + text])
        == usageFailure(
          "Invalid value for '--lock-timeout <seconds>': '\(text)'; give a number of seconds "
            + "from 0 to 1000000 in decimal digits, such as 10 or 0.5.", command: "set"))
    #expect(harness.rosterText() == seededRosterText)
  }
}
