import Foundation
import MonsterKit
import Testing

/// Signals a write can raise, and an output that fails once the roster is saved: each is a
/// message and an exit code, with nothing left behind.
@Suite struct WriteSignalTests {
  @Test func aFileSizeLimitBelowTheNewRosterIsAMessageNotASignal() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = try #require(harness.rosterBytes())
    let binary = try #require(BuiltTool.url)
    // bash counts the limit in blocks of 1024 bytes: the seeded roster fits, and one with
    // another monster of a long description does not.
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c", "ulimit -f 1; exec \"$0\" add Robo-Bot --weapon fire --description \"$1\"",
        binary.path, String(repeating: "x", count: 400),
      ], in: harness.folder)
    #expect(
      result
        == ProcessResult(
          status: 74, output: "",
          errors: "Error: Cannot write monsters.json: File too large. The file is as it was.\n"))
    #expect(harness.rosterBytes() == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["monsters.json"])
  }

  @Test func anOutputThatFailsAfterTheSaveSaysTheEditWasSaved() throws {
    let harness = try CommandLineHarness()
    let saved = "Error: \(BuiltTool.outputTooLarge) The edit was saved: monsters.json holds it.\n"
    #expect(
      try BuiltTool.monstersWithFailingOutput(
        ["add", "Robo-Bot", "--weapon", "fire"], in: harness.folder)
        == ProcessResult(
          status: 74, output: "",
          errors: "monsters add: Created monsters.json from the seeded roster.\n" + saved))
    // A script that runs it again learns that it is done.
    #expect(harness.run(["show", "robo-bot"]).code == .success)
    #expect(
      try BuiltTool.monstersWithFailingOutput(["init", "--force"], in: harness.folder)
        == ProcessResult(status: 74, output: "", errors: saved))
    let script = harness.path("edits.txt")
    try harness.write("set cat-bot --weapon fire\n", to: script)
    #expect(
      try BuiltTool.monstersWithFailingOutput(["apply", script], in: harness.folder).errors == saved
    )
    #expect(harness.run(["show", "cat-bot", "--field", "weapon"]).output == "fire\n")
    // Nothing saved: the message says so.
    #expect(
      try BuiltTool.monstersWithFailingOutput(
        ["set", "dog-bot", "--weapon", "fire", "--dry-run"], in: harness.folder)
        == ProcessResult(
          status: 74, output: "",
          errors: "Error: \(BuiltTool.outputTooLarge) Nothing was saved: monsters.json is as it "
            + "was.\n"))
  }

  @Test func noCommandReportsDifferencesProblemsOrSuccessOverAFailedWrite() throws {
    let harness = try CommandLineHarness()
    try harness.write(seededRosterText, to: harness.path("old.json"))
    try harness.write(
      seededRosterText.replacingOccurrences(of: "\"sword\"", with: "\"fire\""),
      to: harness.path("new.json"))
    try harness.write(
      "{\"version\": 1, \"monsters\": [{\"name\": \"X\"}]}\n", to: harness.path("bad.json"))
    let tooLarge = "Error: \(BuiltTool.outputTooLarge)\n"
    for format in ["text", "markdown", "json"] {
      #expect(
        try BuiltTool.monstersWithFailingOutput(
          ["diff", "--format", format, "old.json", "new.json"], in: harness.folder)
          == ProcessResult(status: 74, output: "", errors: tooLarge), "\(format)")
    }
    #expect(
      try BuiltTool.monstersWithFailingOutput(
        ["diff", "old.json", "old.json", "--format", "markdown"], in: harness.folder)
        == ProcessResult(status: 74, output: "", errors: tooLarge))
    // The problems check found are output too: its summary comes first, then the failure.
    #expect(
      try BuiltTool.monstersWithFailingOutput(["check", "bad.json"], in: harness.folder)
        == ProcessResult(
          status: 74, output: "", errors: "Error: 3 problems in bad.json.\n" + tooLarge))
    #expect(
      try BuiltTool.monstersWithFailingOutput(["list"], in: harness.folder)
        == ProcessResult(status: 74, output: "", errors: tooLarge))
  }

  @Test func formattingSeveralFilesNamesEverySavedOneWhenTheOutputFails() throws {
    let harness = try CommandLineHarness()
    let compact = seededRosterText.replacingOccurrences(of: "\n ", with: " ")
    for name in ["one.json", "two.json"] { try harness.write(compact, to: harness.path(name)) }
    try harness.write(seededRosterText, to: harness.path("canonical.json"))
    #expect(
      try BuiltTool.monstersWithFailingOutput(
        ["fmt", "one.json", "canonical.json", "two.json"], in: harness.folder)
        == ProcessResult(
          status: 74, output: "",
          errors: "monsters fmt: Nothing to change: canonical.json is in canonical form.\n"
            + "Error: \(BuiltTool.outputTooLarge) The edits were saved: one.json and two.json "
            + "hold them.\n"))
    #expect(
      try String(contentsOfFile: harness.path("two.json"), encoding: .utf8) == seededRosterText)
  }

  @Test func aReaderThatGoesAwayLeavesDiffAndCheckTheirAnswer() throws {
    let harness = try CommandLineHarness()
    // Reports far larger than a pipe holds, so that writing them fails once `head` is gone.
    let count = 5000
    let old = (0..<count).map { MonsterFields(name: "Monster-\($0)", weapon: "sword") }
    try harness.write(rosterJSON(old), to: harness.path("old.json"))
    try harness.write(
      rosterJSON(old.map { MonsterFields(name: $0.name, weapon: "fire") }),
      to: harness.path("new.json"))
    try harness.write(
      rosterJSON(old.map { MonsterFields(name: $0.name, weapon: "axe") }),
      to: harness.path("bad.json"))
    let binary = try #require(BuiltTool.url)
    for (command, errors) in [
      ("diff --format json old.json new.json", ""),
      ("diff --format text old.json new.json", ""),
      ("check --format json bad.json", "Error: 5000 problems in bad.json.\n"),
      ("check --format github bad.json", "Error: 5000 problems in bad.json.\n"),
    ] {
      // The exit status is that of `monsters`, not of `head`: 1, differences or problems.
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/bin/bash"),
        ["-c", "\"$0\" \(command) | head -c 1; exit \"${PIPESTATUS[0]}\"", binary.path],
        in: harness.folder)
      #expect(result.status == 1, "\(command)")
      #expect(result.errors == errors, "\(command)")
    }
  }

  @Test func aMarkdownReportPastTheFileSizeLimitIsAMessageAnd74() throws {
    let harness = try CommandLineHarness()
    try harness.write(seededRosterText, to: harness.path("old.json"))
    try harness.write(
      seededRosterText.replacingOccurrences(of: "\"sword\"", with: "\"fire\""),
      to: harness.path("new.json"))
    let binary = try #require(BuiltTool.url)
    for command in [
      "diff --format markdown old.json new.json", "list --format markdown",
    ] {
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/bin/bash"),
        ["-c", "ulimit -f 0; exec \"$0\" \(command) > report.md", binary.path],
        in: harness.folder)
      #expect(
        result
          == ProcessResult(
            status: 74, output: "", errors: "Error: Cannot write the output: File too large.\n"),
        "\(command)")
    }
  }
}
