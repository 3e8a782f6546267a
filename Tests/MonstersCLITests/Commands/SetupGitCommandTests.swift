import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct SetupGitCommandTests {
  /// A harness whose folder is a git repository, with a home of its own for git's global
  /// files.
  private final class Repository {
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

  private static let note =
    "monsters setup-git: 'monsters' is not on PATH, where git looks for it; put it there before a merge.\n"

  private static let settings = """
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

  @Test func anAttributesFileWithoutAFinalLineBreakKeepsItsLines() throws {
    #expect(
      try Repository().setUp(withAttributes: "*.png binary").1
        == "*.png binary\nmonsters.json merge=monsters diff=monsters\n")
  }

  @Test func aRosterInASubfolderWithAnOddNameIsMatchedAlone() throws {
    let repository = try Repository()
    let folder = repository.harness.path("team roster")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let roster = folder + "/my [monsters]*.json"
    let result = repository.run(["setup-git"], roster: roster)
    #expect(result.code == .success)
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")
        == "\"team roster/my \\\\[monsters]\\\\*.json\" merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["check-attr", "merge", "--", "team roster/my [monsters]*.json"])
        == "team roster/my [monsters]*.json: merge: monsters\n")
    #expect(
      try repository.git(["check-attr", "merge", "--", "team roster/my [monsters]x.json"])
        == "team roster/my [monsters]x.json: merge: unspecified\n")
  }

  /// git keeps a symbolic link as a link and merges and diffs the file it leads to: the
  /// line sends that file to the drivers, not the link.
  @Test func aRosterThatIsASymbolicLinkSendsTheFileItLeadsToTheDrivers() throws {
    let repository = try Repository()
    let folder = repository.harness.path("data")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try repository.harness.write("{\"version\": 1, \"monsters\": []}\n", to: folder + "/team.json")
    try FileManager.default.createSymbolicLink(
      atPath: repository.harness.rosterPath, withDestinationPath: "data/team.json")
    let result = repository.run(["setup-git"])
    #expect(result.code == .success)
    #expect(
      result.output.hasPrefix(
        "Added to \(repository.harness.folder)/.gitattributes: data/team.json merge=monsters "
          + "diff=monsters\n"))
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")
        == "data/team.json merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["check-attr", "merge", "diff", "--", "data/team.json"])
        == "data/team.json: merge: monsters\ndata/team.json: diff: monsters\n")
  }

  /// A link to a roster outside the work tree leaves git only the link to keep: the
  /// message names the link, not just a folder that is not in a work tree.
  @Test func aRosterLinkedFromOutsideTheWorkTreeIsNamedAsALink() throws {
    let repository = try Repository()
    let outside = try CommandLineHarness()
    try outside.writeRoster("{\"version\": 1, \"monsters\": []}\n")
    try FileManager.default.createSymbolicLink(
      atPath: repository.harness.rosterPath, withDestinationPath: outside.rosterPath)
    let result = repository.run(["setup-git"])
    #expect(result.code == .failure)
    #expect(
      result.errors.hasPrefix(
        "Error: \(repository.harness.rosterPath) is a symbolic link to \(outside.rosterPath), "
          + "the file git would merge, and \(outside.folder) is not in a git work tree (run "
          + "'git init', or use --global): fatal: not a git repository"))
    #expect(repository.text(repository.harness.folder + "/.gitattributes") == nil)
  }

  @Test(arguments: [
    "team r\u{F6}ster.json", "say \"hi\".json", "sub dir/\u{E9}quipe \u{1F916}.json",
    "tab\there.json", "back\\slash [x].json", "#hash.json",
    // A combining mark after a glob character leaves it one to git.
    "*\u{301}.json", "[\u{301}x].json", "#\u{301}.json",
  ])
  func aPathIsQuotedAsGitQuotesItAndGitAppliesTheDrivers(_ name: String) throws {
    let repository = try Repository()
    let roster = repository.harness.path(name)
    if name.contains("/") {
      try FileManager.default.createDirectory(
        atPath: (roster as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }
    #expect(repository.run(["setup-git"], roster: roster).code == .success)
    #expect(
      try repository.git(["check-attr", "-z", "merge", "--", name]).hasSuffix("\0monsters\0"))
    #expect(try repository.git(["check-attr", "-z", "diff", "--", name]).hasSuffix("\0monsters\0"))
    // Only that file.
    for other in [name + "x", "a\u{301}.json", "x.json"] {
      #expect(
        try repository.git(["check-attr", "-z", "merge", "--", other]).hasSuffix(
          "\0unspecified\0"), "\(other)")
    }
    // And once only, however often it runs.
    _ = repository.run(["setup-git"], roster: roster)
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")?.split(separator: "\n")
        .count == 1)
  }

  @Test func aCRLFAttributesFileKeepsItsLineBreaks() throws {
    let repository = try Repository()
    let expected = "*.png binary\r\n*.txt text\r\nmonsters.json merge=monsters diff=monsters\r\n"
    #expect(try repository.setUp(withAttributes: "*.png binary\r\n*.txt text\r\n").1 == expected)
    #expect(try repository.setUp(withAttributes: "*.png binary\r\n*.txt text").1 == expected)
  }

  @Test(arguments: [
    "/monsters.json merge=monsters diff=monsters\n",
    "monsters.json\tdiff=monsters  merge=monsters\r\n",
    "\"monsters.json\" merge=monsters diff=monsters\n",
    "*.json merge=monsters diff=monsters\n",
    "# the roster\n/monsters.json  merge=monsters diff=monsters -text\n",
  ])
  func aLineGitReadsAsTheSameCounts(_ text: String) throws {
    let repository = try Repository()
    let (result, after) = try repository.setUp(withAttributes: text)
    #expect(
      result.output.hasPrefix(
        "\(repository.harness.folder)/.gitattributes sends monsters.json to the drivers already"))
    #expect(after == text)
  }

  @Test(arguments: ["/other.json merge=monsters diff=monsters\n", "monsters.json merge=monsters\n"])
  func aLineForAnotherFileOrOneDriverDoesNotCount(_ text: String) throws {
    #expect(
      try Repository().setUp(withAttributes: text).1
        == text + "monsters.json merge=monsters diff=monsters\n")
  }

  /// Lines that hold both drivers but that git reads otherwise: a later line or attribute
  /// that takes one away, or a line it rejects. git decides, and the line is added once.
  @Test(arguments: [
    "monsters.json merge=monsters diff=monsters\nmonsters.json -merge -diff\n",
    "monsters.json merge=monsters diff=monsters !merge\n",
    "monsters.json merge=monsters diff=monsters merge\n",
    "monsters.json merge=monsters diff=monsters # keep\n",
  ])
  func aLineGitReadsOtherwiseDoesNotCount(_ text: String) throws {
    let repository = try Repository()
    let (result, after) = try repository.setUp(withAttributes: text)
    let expected = text + "monsters.json merge=monsters diff=monsters\n"
    #expect(result.output.hasPrefix("Added to \(repository.harness.folder)/.gitattributes"))
    #expect(after == expected)
    #expect(
      try repository.git(["check-attr", "merge", "diff", "--", "monsters.json"])
        == "monsters.json: merge: monsters\nmonsters.json: diff: monsters\n")
    _ = repository.run(["setup-git"])
    #expect(repository.text(repository.harness.folder + "/.gitattributes") == expected)
  }

  /// An attributes file git reads after `.gitattributes` takes the drivers away: the line
  /// is added once, and a note says why git still does not use them.
  @Test func anAttributesFileThatOverridesTheLineIsNamedAndTheLineAddedOnce() throws {
    let repository = try Repository()
    let folder = repository.harness.folder
    try repository.harness.write("monsters.json -merge\n", to: folder + "/.git/info/attributes")
    let note =
      "monsters setup-git: git still does not send monsters.json to the drivers: an attributes "
      + "file it reads after \(folder)/.gitattributes (a .gitattributes in a folder nearer the "
      + "roster, or .git/info/attributes) gives it other merge or diff attributes; take those "
      + "out.\n"
    let first = repository.run(["setup-git"])
    #expect(first.output.hasPrefix("Added to \(folder)/.gitattributes"))
    #expect(first.errors == note + Self.note)
    let second = repository.run(["setup-git"])
    #expect(
      second.output.hasPrefix(
        "\(folder)/.gitattributes ends with the line already: "
          + "monsters.json merge=monsters diff=monsters\n"))
    #expect(second.errors == note + Self.note)
    #expect(
      repository.text(folder + "/.gitattributes") == "monsters.json merge=monsters diff=monsters\n")
  }

  @Test func theAttributesFileIsNamedFromTheCurrentFolderWithoutDetours() throws {
    let repository = try Repository()
    let folder = repository.harness.path("sub dir")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let binary = try #require(BuiltTool.url)
    let environment = repository.environment(roster: "sub dir/monsters.json")
    let fromTop = try BuiltTool.run(
      binary, ["setup-git"], in: repository.harness.folder, environment: environment)
    #expect(
      fromTop.output.hasPrefix(
        "Added to .gitattributes: \"sub dir/monsters.json\" merge=monsters diff=monsters\n"))
    let fromBelow = try BuiltTool.run(
      binary, ["setup-git"], in: folder,
      environment: repository.environment(roster: "monsters.json"))
    #expect(fromBelow.output.hasPrefix("../.gitattributes sends sub dir/monsters.json to the"))
  }

  /// git reads a relative `GIT_DIR` from the folder it runs in, and setup-git runs it in the
  /// roster's: the variable is read from the folder it was set in, as the user meant it.
  @Test func aRelativeGitDirIsReadFromTheFolderItWasSetIn() throws {
    let repository = try Repository()
    let folder = repository.harness.path("below")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    var environment = repository.environment(roster: "../monsters.json")
    environment["GIT_DIR"] = "../.git"
    let result = try BuiltTool.run(
      try #require(BuiltTool.url), ["setup-git"], in: folder, environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")
        == "monsters.json merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["config", "--get", "merge.monsters.driver"])
        == "monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B\n"
    )
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

  @Test func anAttributesFileThatIsALinkIsNotWrittenThrough() throws {
    let repository = try Repository()
    let target = repository.harness.path("elsewhere")
    try FileManager.default.createSymbolicLink(
      atPath: repository.harness.folder + "/.gitattributes", withDestinationPath: target)
    #expect(
      repository.run(["setup-git"])
        == CommandResult(
          .failure,
          errors: "Error: \(repository.harness.folder)/.gitattributes is a symbolic link, which "
            + "git does not read attributes through; make it a file.\n"))
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func anAttributesFileThatIsAFIFOIsRefusedWithoutWaiting() throws {
    let repository = try Repository()
    let attributes = repository.harness.folder + "/.gitattributes"
    #expect(mkfifo(attributes, 0o600) == 0)
    let setUp = try SpawnedProcess(
      try #require(BuiltTool.url), arguments: [Array("setup-git".utf8)],
      environment: repository.environment())
    let ended = setUp.wait(until: .now + .seconds(20))
    if ended == nil { setUp.kill() }
    #expect(ended == .exited(1))
    #expect(
      repository.run(["setup-git"])
        == CommandResult(
          .failure, errors: "Error: \(attributes) is not a regular file; make it one.\n"))
  }

  @Test func outsideARepositoryItSaysSo() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(
      ["setup-git"],
      environment: [
        "MONSTERS_FILE": harness.rosterPath, "PATH": "/usr/bin:/bin", "HOME": harness.folder,
        "GIT_CEILING_DIRECTORIES": (harness.folder as NSString).deletingLastPathComponent,
      ])
    #expect(result.code == .failure)
    #expect(
      result.errors.hasPrefix(
        "Error: \(harness.folder) is not in a git work tree (run 'git init', or use --global): "
          + "fatal: not a git repository"))
  }

  /// A bare repository is a repository, with no work tree for a roster or `.gitattributes`:
  /// the message says which is missing.
  @Test func inABareRepositoryItSaysThereIsNoWorkTree() throws {
    let harness = try CommandLineHarness()
    let bare = harness.path("bare.git")
    let made = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/git"), ["init", "-q", "--bare", bare], in: harness.folder,
      environment: ["PATH": "/usr/bin:/bin", "HOME": harness.folder])
    #expect(made.status == 0)
    try harness.write("", to: bare + "/monsters.json")
    let result = harness.run(
      ["setup-git"],
      environment: [
        "MONSTERS_FILE": bare + "/monsters.json", "PATH": "/usr/bin:/bin", "HOME": harness.folder,
      ])
    #expect(
      result
        == CommandResult(
          .failure,
          errors: "Error: \(bare) is not in a git work tree (run 'git init', or use --global): "
            + "fatal: this operation must be run in a work tree\n"))
  }

  /// `check` reads the attributes files above a roster as every input is read: a FIFO
  /// where `.gitattributes` belongs reads as empty at once, never a wait for a writer.
  @Test func checkReadsAnAttributesFileThatIsAFIFOWithoutWaiting() throws {
    let repository = try Repository()
    #expect(repository.run(["init"]).code == .success)
    #expect(mkfifo(repository.harness.folder + "/.gitattributes", 0o600) == 0)
    let check = try SpawnedProcess(
      try #require(BuiltTool.url),
      arguments: [Array("check".utf8)] + [
        Array(repository.harness.rosterPath.utf8)
      ])
    let ended = check.wait(until: .now + .seconds(20))
    if ended == nil { check.kill() }
    #expect(ended == .exited(0))
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
