import Foundation
import TestSupport
import Testing

/// `pre-commit` on this process's `PATH`.
private let installedPreCommit: URL? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  return path.split(separator: ":").map { URL(fileURLWithPath: "\($0)/pre-commit") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// `.pre-commit-hooks.yaml`, run through the real pre-commit (from PyPI): a team's repository
/// names this package's hooks, pre-commit builds `monsters` from a clone of it (as it would
/// from GitHub) and runs the hooks on the team's rosters.
@Suite(
  .enabled(
    if: installedPreCommit != nil,
    "pre-commit is not installed (pip install pre-commit; .ci/run installs it)"))
struct PreCommitHookTests {
  /// Runs a program to its end in a folder, with this process's environment (pre-commit
  /// builds with the `swift` on its `PATH`) and a pre-commit cache of the test's own.
  private func run(
    _ program: URL, _ arguments: [String], in folder: String, cache: String
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging([
      "PRE_COMMIT_HOME": cache, "GIT_CONFIG_NOSYSTEM": "1", "HOME": cache,
      "GIT_AUTHOR_NAME": "A Monster Keeper", "GIT_AUTHOR_EMAIL": "keeper@example.com",
      "GIT_COMMITTER_NAME": "A Monster Keeper", "GIT_COMMITTER_EMAIL": "keeper@example.com",
      "NO_COLOR": "1",
    ]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
      errors: "")
  }

  private func git(_ arguments: [String], in folder: String, cache: String) throws {
    let result = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder, cache: cache)
    try #require(result.status == 0, "git \(arguments): \(result.output)")
  }

  @Test func theHooksBuildMonstersAndCheckAndFormatRosters() throws {
    let preCommit = try #require(installedPreCommit)
    let harness = try CommandLineHarness()
    let cache = harness.path("cache")
    let hooks = harness.path("hooks")
    let team = harness.path("team")
    for folder in [cache, hooks, team] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    // The hook repository: this package's files as they are now (committed or not), in a
    // repository of their own, as pre-commit clones one.
    let listed = try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      in: packageRoot.path, cache: cache)
    try #require(listed.status == 0, "\(listed.output)")
    for file in listed.output.split(separator: "\0").map(String.init)
    where FileManager.default.fileExists(atPath: packageRoot.path + "/" + file) {
      let target = URL(fileURLWithPath: hooks + "/" + file)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: packageRoot.path + "/" + file, toPath: target.path)
    }
    try git(["init", "-q"], in: hooks, cache: cache)
    try git(["add", "-A"], in: hooks, cache: cache)
    try git(["commit", "-q", "-m", "hooks"], in: hooks, cache: cache)
    let revision = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["git", "rev-parse", "HEAD"], in: hooks, cache: cache
    ).output.trimmingCharacters(in: .whitespacesAndNewlines)

    // The team's repository: a roster in canonical form, and one in a folder of its own.
    try git(["init", "-q"], in: team, cache: cache)
    try harness.write(
      """
      repos:
        - repo: \(hooks)
          rev: \(revision)
          hooks:
            - id: monsters-check
            - id: monsters-fmt
      """ + "\n", to: team + "/.pre-commit-config.yaml")
    try harness.write(seededRosterText, to: team + "/monsters.json")
    try FileManager.default.createDirectory(
      atPath: team + "/level2", withIntermediateDirectories: true)
    try harness.write(seededRosterText, to: team + "/level2/monsters.json")
    try harness.write("{ not a roster, and not named as one }\n", to: team + "/other.json")
    try git(["add", "-A"], in: team, cache: cache)

    let clean = try run(preCommit, ["run", "--all-files"], in: team, cache: cache)
    #expect(clean.status == 0, "\(clean.output)")
    #expect(clean.output.contains("monsters check"), "\(clean.output)")
    #expect(clean.output.contains("monsters fmt"), "\(clean.output)")

    // A hand-formatted roster: fmt rewrites it, which fails the hook, and check says why.
    let handFormatted = seededRosterText.replacingOccurrences(
      of: "\"version\": 1,", with: "\"version\":1,")
    try harness.write(handFormatted, to: team + "/level2/monsters.json")
    let formatted = try run(preCommit, ["run", "--all-files"], in: team, cache: cache)
    #expect(formatted.status == 1, "\(formatted.output)")
    #expect(formatted.output.contains("level2/monsters.json:2:1: "), "\(formatted.output)")
    #expect(
      try String(contentsOfFile: team + "/level2/monsters.json", encoding: .utf8)
        == seededRosterText)

    // A roster that is not valid: check names the problem and its line; fmt leaves it.
    let broken = seededRosterText.replacingOccurrences(of: "\"sword\"", with: "\"axe\"")
    try harness.write(broken, to: team + "/monsters.json")
    let failed = try run(preCommit, ["run", "--all-files"], in: team, cache: cache)
    #expect(failed.status == 1, "\(failed.output)")
    #expect(failed.output.contains("unknown weapon 'axe'"), "\(failed.output)")
    #expect(try String(contentsOfFile: team + "/monsters.json", encoding: .utf8) == broken)
  }
}
