import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct SetupGitCommandTests {
  /// A harness whose folder is a git repository, with a home of its own for git's global
  /// files.
  final class Repository {
    let harness: CommandLineHarness
    var home: String { harness.path(".home") }

    init() throws {
      harness = try CommandLineHarness()
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
      _ = try git(["init", "-q"])
    }

    /// The environment of a run: no system or user git config but the home's.
    func environment(roster: String? = nil, path: String = "/usr/bin:/bin") -> [String: String] {
      [
        "MONSTERS_FILE": roster ?? harness.rosterPath, "PATH": path, "HOME": home,
        "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": home + "/.config",
      ]
    }

    func run(_ arguments: [String], roster: String? = nil, path: String = "/usr/bin:/bin")
      -> CommandResult
    {
      harness.run(arguments, environment: environment(roster: roster, path: path))
    }

    /// Runs git in the repository; returns its standard output.
    func git(_ arguments: [String]) throws -> String {
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/usr/bin/git"), ["-C", harness.folder] + arguments,
        in: harness.folder, environment: environment())
      #expect(result.status == 0, "git \(arguments): \(result.errors)")
      return result.output
    }

    func text(_ path: String) -> String? {
      try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// Runs `setup-git` with a `.gitattributes` that holds `text`; gives what it printed and
    /// the file's text after.
    func setUp(withAttributes text: String) throws -> (CommandResult, String?) {
      let attributes = harness.folder + "/.gitattributes"
      try harness.write(text, to: attributes)
      return (run(["setup-git"]), self.text(attributes))
    }
  }

  static let note =
    "monsters setup-git: 'monsters' is not on PATH, where git looks for it; put it there before a merge.\n"

  static let settings = """
      merge.monsters.name = monsters: merge rosters monster by monster
      merge.monsters.driver = monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B
      diff.monsters.textconv = monsters diff --textconv --

    """

  @Test func itAddsTheAttributesAndSetsTheDriversOnceAndSaysSo() throws {
    let repository = try Repository()
    let folder = repository.harness.folder
    #expect(
      repository.run(["setup-git"])
        == CommandResult(
          .success,
          output: "Added to \(folder)/.gitattributes: monsters.json merge=monsters diff=monsters\n"
            + "Set in the repository's git config:\n" + Self.settings,
          errors: Self.note))
    #expect(
      repository.run(["setup-git"])
        == CommandResult(
          .success,
          output: "\(folder)/.gitattributes sends monsters.json to the drivers already: "
            + "monsters.json merge=monsters diff=monsters\nAlready set in the repository's git "
            + "config:\n" + Self.settings,
          errors: Self.note))
    #expect(
      repository.text(folder + "/.gitattributes") == "monsters.json merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["config", "--local", "--get", "merge.monsters.driver"])
        == "monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B\n"
    )
    #expect(
      try repository.git(["check-attr", "merge", "diff", "--", "monsters.json"])
        == "monsters.json: merge: monsters\nmonsters.json: diff: monsters\n")
  }

  /// A driver given the full path to `monsters`, for a client that does not see the shell's
  /// `PATH`, is kept when `setup-git` runs again; another command is replaced.
  @Test func aDriverRunFromAFullPathIsKept() throws {
    let repository = try Repository()
    let driver =
      "/opt/bin/monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- "
      + "%O %A %B"
    _ = try repository.git(["config", "merge.monsters.driver", driver])
    _ = try repository.git(["config", "diff.monsters.textconv", "cat"])
    let result = repository.run(["setup-git"])
    #expect(result.code == .success)
    #expect(
      result.output.hasSuffix(
        """
        Set in the repository's git config:
          merge.monsters.name = monsters: merge rosters monster by monster
          diff.monsters.textconv = monsters diff --textconv --
        Already set in the repository's git config:
          merge.monsters.driver = \(driver)

        """))
    #expect(try repository.git(["config", "--get", "merge.monsters.driver"]) == driver + "\n")
  }

  /// A driver this command set before it passed what each side is (`%X`, `%Y`) is brought
  /// up to date, from the full path it ran from.
  @Test func anEarlierDriverIsBroughtUpToDateFromItsPath() throws {
    let repository = try Repository()
    for (earlier, now) in [
      ("monsters merge --marker-size=%L --path=%P -- %O %A %B", ""),
      ("/opt/bin/monsters merge --marker-size=%L --path=%P -- %O %A %B", "/opt/bin/"),
    ] {
      _ = try repository.git(["config", "merge.monsters.driver", earlier])
      #expect(repository.run(["setup-git"]).code == .success)
      #expect(
        try repository.git(["config", "--get", "merge.monsters.driver"])
          == now + "monsters merge --marker-size=%L --path=%P --ours-label=%X "
          + "--theirs-label=%Y -- %O %A %B\n")
    }
  }

  /// A file the git config includes after the drivers' settings gives git its own: setup-git
  /// does not call the driver set, nor set already, when git reads another.
  @Test func aDriverAnIncludedFileOverridesIsNamed() throws {
    let repository = try Repository()
    let included = repository.home + "/included"
    try repository.harness.write("[merge \"monsters\"]\n\tdriver = other\n", to: included)
    try repository.harness.write(
      "[merge \"monsters\"]\n\tdriver = monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B\n"
        + "[include]\n\tpath = \(included)\n",
      to: repository.home + "/.gitconfig")
    let result = repository.run(["setup-git", "--global"], roster: "/elsewhere/roster.json")
    #expect(result.code == .success)
    #expect(result.output.hasSuffix("Set in your global git config:\n" + Self.settings))
    #expect(
      result.errors
        == "monsters setup-git: git still reads merge.monsters.driver = other from \(included), "
        + "a file included in your global git config after the setting; take it out there.\n"
        + Self.note)
  }

  @Test func globalWritesTheUsersConfigAndAttributes() throws {
    let repository = try Repository()
    let result = repository.run(["setup-git", "--global"], roster: "/elsewhere/roster.json")
    let attributes = repository.home + "/.config/git/attributes"
    #expect(
      result
        == CommandResult(
          .success,
          output: "Added to \(attributes): roster.json merge=monsters diff=monsters\n"
            + "Set in your global git config:\n" + Self.settings,
          errors: Self.note))
    #expect(repository.text(attributes) == "roster.json merge=monsters diff=monsters\n")
    #expect(
      repository.text(repository.home + "/.gitconfig")?.contains(
        "driver = monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B"
      ) == true)
  }

  @Test func withoutGitItSaysSo() throws {
    let repository = try Repository()
    #expect(
      repository.run(["setup-git"], path: repository.harness.folder)
        == CommandResult(.failure, errors: "Error: git is not installed, or not on PATH.\n"))
  }

  @Test func withMonstersOnThePathThereIsNoNote() throws {
    let repository = try Repository()
    let binary = try #require(BuiltTool.url).deletingLastPathComponent().path
    let result = repository.run(["setup-git"], path: "\(binary):/usr/bin:/bin")
    #expect(result.code == .success)
    #expect(result.errors.isEmpty)
  }
}
