import Foundation
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
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    #expect(
      try BuiltTool.monsters(
        ["add", "Robo-Bot", "--weapon", "fire"], in: harness.folder, output: full)
        == ProcessResult(
          status: 74, output: "",
          errors: "Created monsters.json from the seeded roster.\n"
            + "Error: Cannot write the output: No space left on device. The edit was saved: "
            + "monsters.json holds it.\n"))
    // A script that runs it again learns that it is done.
    #expect(harness.run(["show", "robo-bot"]).code == .success)
    #expect(
      try BuiltTool.monsters(["init", "--force"], in: harness.folder, output: full)
        == ProcessResult(
          status: 74, output: "",
          errors: "Error: Cannot write the output: No space left on device. The edit was saved: "
            + "monsters.json holds it.\n"))
    let script = harness.path("edits.txt")
    try harness.write("set cat-bot --weapon fire\n", to: script)
    #expect(
      try BuiltTool.monsters(["apply", script], in: harness.folder, output: full).errors
        == "Error: Cannot write the output: No space left on device. The edit was saved: "
        + "monsters.json holds it.\n")
    // Nothing saved: the message says so.
    #expect(
      try BuiltTool.monsters(
        ["set", "dog-bot", "--weapon", "fire", "--dry-run"], in: harness.folder, output: full)
        == ProcessResult(
          status: 74, output: "",
          errors: "Error: Cannot write the output: No space left on device. Nothing was saved: "
            + "monsters.json is as it was.\n"))
  }

  @Test func noCommandReportsDifferencesProblemsOrSuccessOverAFailedWrite() throws {
    let harness = try CommandLineHarness()
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    try harness.write(seededRosterText, to: harness.path("old.json"))
    try harness.write(
      seededRosterText.replacingOccurrences(of: "\"sword\"", with: "\"fire\""),
      to: harness.path("new.json"))
    try harness.write(
      "{\"version\": 1, \"monsters\": [{\"name\": \"X\"}]}\n", to: harness.path("bad.json"))
    let noSpace = "Error: Cannot write the output: No space left on device.\n"
    for format in ["text", "markdown", "json"] {
      #expect(
        try BuiltTool.monsters(
          ["diff", "--format", format, "old.json", "new.json"], in: harness.folder, output: full)
          == ProcessResult(status: 74, output: "", errors: noSpace), "\(format)")
    }
    #expect(
      try BuiltTool.monsters(
        ["diff", "old.json", "old.json", "--format", "markdown"], in: harness.folder, output: full)
        == ProcessResult(status: 74, output: "", errors: noSpace))
    // The problems check found are output too: its summary comes first, then the failure.
    #expect(
      try BuiltTool.monsters(["check", "bad.json"], in: harness.folder, output: full)
        == ProcessResult(
          status: 74, output: "", errors: "Error: 3 problems in bad.json.\n" + noSpace))
    #expect(
      try BuiltTool.monsters(["list"], in: harness.folder, output: full)
        == ProcessResult(status: 74, output: "", errors: noSpace))
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
