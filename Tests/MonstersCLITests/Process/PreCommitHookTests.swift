import Foundation
import ProgramRunning
import Testing

/// `pre-commit` on this process's `PATH`.
private let installedPreCommit: URL? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  return path.split(separator: ":").map { URL(fileURLWithPath: "\($0)/pre-commit") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// `.pre-commit-hooks.yaml`, run through the real pre-commit (from PyPI): a team's repository
/// names this package's hooks, and pre-commit runs them on the team's rosters, from a clone
/// of this package (as it would clone it from GitHub): `monsters-check` and `monsters-fmt`
/// build `monsters` from it, and their `-installed` twins run the `monsters` on `PATH`.
@Suite(
  .enabled(
    if: installedPreCommit != nil,
    "pre-commit is not installed (pip install pre-commit; .ci/run installs it)"))
struct PreCommitHookTests {
  /// Runs a program to its end in a folder, with this process's environment (pre-commit
  /// builds with the `swift` on its `PATH`), a pre-commit cache and a home of the test's
  /// own, and no system git configuration.
  private static func run(
    _ program: URL, _ arguments: [String], in folder: String, cache: String,
    path: String? = nil
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment.merging([
      "PRE_COMMIT_HOME": cache, "GIT_CONFIG_NOSYSTEM": "1", "HOME": cache,
      "GIT_AUTHOR_NAME": "A Monster Keeper", "GIT_AUTHOR_EMAIL": "keeper@example.com",
      "GIT_COMMITTER_NAME": "A Monster Keeper", "GIT_COMMITTER_EMAIL": "keeper@example.com",
      "NO_COLOR": "1",
    ]) { $1 }
    if let path { environment["PATH"] = path }
    process.environment = environment
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

  private static func git(_ arguments: [String], in folder: String, cache: String) throws {
    let result = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder, cache: cache)
    try #require(result.status == 0, "git \(arguments): \(result.output)")
  }

  /// The files of a checkout, committed or not (but not those git ignores), as its paths
  /// from the checkout's root.
  ///
  /// The checkout is trusted by this command alone (`safe.directory`): git refuses a
  /// repository another user owns, as a CI job's container, running as root, finds the
  /// checkout the runner's user made, and the test's git reads no configuration that
  /// could trust it.
  static func files(ofCheckout checkout: String, cache: String) throws -> [String] {
    let listed = try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "git", "-c", "safe.directory=*", "ls-files", "-z", "--cached", "--others",
        "--exclude-standard",
      ],
      in: checkout, cache: cache)
    try #require(listed.status == 0, "\(listed.output)")
    return listed.output.split(separator: "\0").map(String.init)
      .filter { FileManager.default.fileExists(atPath: checkout + "/" + $0) }
  }

  /// A team's repository that names the hooks of a repository made from this package's
  /// files as they are now: `monsters.json`, a roster in canonical form, another in
  /// `level2/`, and a file that is no roster.
  private struct Team {
    let harness: CommandLineHarness
    let cache: String
    let folder: String

    init(hooks ids: [String]) throws {
      harness = try CommandLineHarness()
      cache = harness.path("cache")
      let hooks = harness.path("hooks")
      folder = harness.path("team")
      for path in [cache, hooks, folder] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      }
      // The hook repository: this package's files, in a repository of their own, as
      // pre-commit clones one.
      for file in try PreCommitHookTests.files(ofCheckout: packageRoot.path, cache: cache) {
        let target = URL(fileURLWithPath: hooks + "/" + file)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
          atPath: packageRoot.path + "/" + file, toPath: target.path)
      }
      try PreCommitHookTests.git(["init", "-q"], in: hooks, cache: cache)
      try PreCommitHookTests.git(["add", "-A"], in: hooks, cache: cache)
      try PreCommitHookTests.git(["commit", "-q", "-m", "hooks"], in: hooks, cache: cache)
      let revision = try PreCommitHookTests.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["git", "rev-parse", "HEAD"], in: hooks,
        cache: cache
      ).output.trimmingCharacters(in: .whitespacesAndNewlines)

      try PreCommitHookTests.git(["init", "-q"], in: folder, cache: cache)
      try harness.write(
        """
        repos:
          - repo: \(hooks)
            rev: \(revision)
            hooks:
        """ + "\n" + ids.map { "      - id: \($0)\n" }.joined(),
        to: folder + "/.pre-commit-config.yaml")
      try harness.write(seededRosterText, to: folder + "/monsters.json")
      try FileManager.default.createDirectory(
        atPath: folder + "/level2", withIntermediateDirectories: true)
      try harness.write(seededRosterText, to: folder + "/level2/monsters.json")
      try harness.write("{ not a roster, and not named as one }\n", to: folder + "/other.json")
      try PreCommitHookTests.git(["add", "-A"], in: folder, cache: cache)
    }

    /// `pre-commit run --all-files`, with `PATH` if given.
    func runHooks(path: String? = nil) throws -> ProcessResult {
      try PreCommitHookTests.run(
        try #require(installedPreCommit), ["run", "--all-files"], in: folder, cache: cache,
        path: path)
    }

    /// Runs the hooks on a clean team, a hand-formatted roster and a roster that is not
    /// valid, and checks what each run says and leaves.
    func expectTheHooksCheckAndFormat(path: String? = nil) throws {
      let clean = try runHooks(path: path)
      #expect(clean.status == 0, "\(clean.output)")
      #expect(clean.output.contains("monsters check"), "\(clean.output)")
      #expect(clean.output.contains("monsters fmt"), "\(clean.output)")

      // A hand-formatted roster: fmt rewrites it, which fails the hook, and check says why.
      let handFormatted = seededRosterText.replacingOccurrences(
        of: "\"version\": 1,", with: "\"version\":1,")
      try harness.write(handFormatted, to: folder + "/level2/monsters.json")
      let formatted = try runHooks(path: path)
      #expect(formatted.status == 1, "\(formatted.output)")
      #expect(formatted.output.contains("level2/monsters.json:2:1: "), "\(formatted.output)")
      #expect(
        try String(contentsOfFile: folder + "/level2/monsters.json", encoding: .utf8)
          == seededRosterText)

      // A roster that is not valid: check names the problem and its line; fmt leaves it.
      let broken = seededRosterText.replacingOccurrences(of: "\"sword\"", with: "\"axe\"")
      try harness.write(broken, to: folder + "/monsters.json")
      let failed = try runHooks(path: path)
      #expect(failed.status == 1, "\(failed.output)")
      #expect(failed.output.contains("unknown weapon 'axe'"), "\(failed.output)")
      #expect(try String(contentsOfFile: folder + "/monsters.json", encoding: .utf8) == broken)
    }
  }

  @Test func theHooksBuildMonstersAndCheckAndFormatRosters() throws {
    try Team(hooks: ["monsters-check", "monsters-fmt"]).expectTheHooksCheckAndFormat()
  }

  /// The hooks for a machine without a Swift toolchain: pre-commit builds nothing, and runs
  /// the `monsters` on `PATH`; without one, the hook fails and says so.
  @Test func theInstalledHooksRunTheMonstersOnPath() throws {
    let binary = try #require(BuiltTool.url)
    let team = try Team(hooks: ["monsters-check-installed", "monsters-fmt-installed"])
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    // Without `monsters` on PATH: git's folder alone, which pre-commit needs.
    let gitFolders = path.split(separator: ":").map(String.init).filter {
      FileManager.default.isExecutableFile(atPath: $0 + "/git")
    }
    try #require(
      !gitFolders.isEmpty
        && !gitFolders.contains { FileManager.default.fileExists(atPath: $0 + "/monsters") })
    let missing = try team.runHooks(path: gitFolders.joined(separator: ":"))
    #expect(missing.status == 1, "\(missing.output)")
    #expect(missing.output.contains("Executable `monsters` not found"), "\(missing.output)")

    try team.expectTheHooksCheckAndFormat(
      path: binary.deletingLastPathComponent().path + ":" + path)
    // Nothing was built: pre-commit made no environment for the hooks.
    let made = try FileManager.default.subpathsOfDirectory(atPath: team.cache)
    #expect(!made.contains { $0.hasSuffix("swift_env-default") }, "\(made.prefix(20))")
  }

  /// The hook repository is made from a checkout that another user owns, as in a CI job's
  /// container, which runs as root in the runner user's checkout: git's `safe.directory`
  /// check would refuse it.
  @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
  func theHookRepositoryIsMadeFromACheckoutAnotherUserOwns() throws {
    let harness = try CommandLineHarness()
    let cache = harness.path("cache")
    let checkout = harness.path("checkout")
    for path in [cache, checkout] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try Self.git(["init", "-q"], in: checkout, cache: cache)
    try harness.write("committed\n", to: checkout + "/Package.swift")
    try harness.write("ignored/\n", to: checkout + "/.gitignore")
    try Self.git(["add", "-A"], in: checkout, cache: cache)
    try Self.git(["commit", "-q", "-m", "package"], in: checkout, cache: cache)
    try harness.write("not yet committed\n", to: checkout + "/README.md")
    try FileManager.default.createDirectory(
      atPath: checkout + "/ignored", withIntermediateDirectories: true)
    try harness.write("built\n", to: checkout + "/ignored/product")
    // nobody's, as the runner's user (1001) is not root.
    let chown = try Self.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["chown", "-R", "65534:65534", checkout],
      in: harness.folder, cache: cache)
    try #require(chown.status == 0, "\(chown.output)")
    let refused = try Self.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["git", "ls-files"], in: checkout, cache: cache)
    #expect(refused.status != 0, "git no longer refuses a checkout another user owns")
    #expect(
      try Self.files(ofCheckout: checkout, cache: cache).sorted()
        == [".gitignore", "Package.swift", "README.md"])
  }
}
