import Foundation
import Testing

/// A roster read from a stream, as a shell hands one over: standard input (`-f -`,
/// `-f /dev/stdin`), a pipe, a process substitution (`-f <(git show HEAD~1:monsters.json)`).
/// Commands that read read it; an edit of one is a usage error, 64.
@Suite struct StreamRosterTests {
  /// A roster of two monsters, unlike the seeded one that a missing file holds.
  static let roster = rosterJSON([
    MonsterFields(name: "Zed-Bot", weapon: "fire"), MonsterFields(name: "Yan-Bot", weapon: "smoke"),
  ])

  /// Runs a bash command line in a folder holding `r.json`, with `monsters` on the path.
  private func bash(_ command: String) throws -> (ProcessResult, CommandLineHarness) {
    let harness = try CommandLineHarness()
    try harness.write(Self.roster, to: harness.path("r.json"))
    let binary = try #require(BuiltTool.url)
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: harness.folder,
      environment: ["PATH": binary.deletingLastPathComponent().path + ":/usr/bin:/bin"])
    return (result, harness)
  }

  @Test(arguments: [
    "cat r.json | monsters -f /dev/stdin list --format names",
    "cat r.json | monsters -f - list --format names",
    "monsters -f - list --format names < r.json",
    "monsters -f /dev/stdin list --format names < r.json",
    "monsters -f <(cat r.json) list --format names",
    "monsters -f /dev/fd/3 list --format names 3< <(cat r.json)",
    "MONSTERS_FILE=- monsters list --format names < r.json",
  ])
  func aStreamIsReadAsTheRosterItHolds(_ command: String) throws {
    let (result, _) = try bash(command)
    #expect(result == ProcessResult(status: 0, output: "Zed-Bot\nYan-Bot\n", errors: ""))
  }

  @Test func checkNamesTheStreamItRead() throws {
    let (fromPipe, _) = try bash("cat r.json | monsters -f - check")
    #expect(
      fromPipe
        == ProcessResult(
          status: 0, output: "<stdin>: a valid roster, in canonical form.\n", errors: ""))
    let (substituted, _) = try bash("monsters -f <(cat r.json) check")
    #expect(substituted.status == 0)
    #expect(substituted.output.hasSuffix(": a valid roster, in canonical form.\n"))
    let (broken, _) = try bash("echo '{\"version\": 1,' | monsters -f - list")
    #expect(broken.status == 65)
    #expect(broken.errors.hasPrefix("Error: <stdin>:2:1: "))
  }

  @Test(
    arguments: [
      ("cat r.json | monsters -f /dev/stdin set zed-bot --weapon smoke", "/dev/stdin"),
      ("cat r.json | monsters -f - set zed-bot --weapon smoke", "<stdin>"),
      ("monsters -f - add Robo-Bot --weapon fire < r.json", "<stdin>"),
      ("monsters -f <(cat r.json) remove zed-bot", nil),
      ("monsters -f - init --force < r.json", "<stdin>"),
    ] as [(String, String?)])
  func anEditOfAStreamIsAUsageErrorAndWritesNothing(_ command: String, _ name: String?) throws {
    let (result, harness) = try bash(command)
    #expect(result.status == 64, "\(result.errors)")
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        " is a stream (standard input, a pipe, a FIFO or a terminal), not a file: a roster can be read "
          + "from it, not edited.\nUsage: monsters "))
    if let name { #expect(result.errors.hasPrefix("Error: \(name) is a stream")) }
    #expect(try String(contentsOfFile: harness.path("r.json"), encoding: .utf8) == Self.roster)
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["r.json"])
  }

  @Test func aDryRunOfAStreamShowsWhatTheEditWouldDo() throws {
    let (result, _) = try bash("monsters -f - set zed-bot --weapon smoke --dry-run < r.json")
    #expect(result.status == 0)
    #expect(result.output.contains("-      \"weapon\": \"fire\"\n+      \"weapon\": \"smoke\"\n"))
  }
}
