import Foundation
import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

/// The roster no one names is the nearest `monsters.json`, found as git finds `.git`: in the
/// current folder, then in each folder above it up to the top of the work tree; outside a
/// work tree, in the current folder only.
@Suite struct RosterDiscoveryTests {
  /// A folder of folders `f0/f1/.../f(depth-1)` in a harness's folder; level 0 is the
  /// deepest, where the search starts.
  struct Tree {
    let harness: CommandLineHarness
    let depth: Int

    init(depth: Int) throws {
      harness = try CommandLineHarness()
      self.depth = depth
      try FileManager.default.createDirectory(
        atPath: folder(0), withIntermediateDirectories: true)
    }

    /// The folder `level` folders above the deepest.
    func folder(_ level: Int) -> String {
      harness.folder + (0..<(depth - level)).map { "/f\($0)" }.joined()
    }

    /// The path the search gives for a file `level` folders up.
    func found(_ level: Int) -> String {
      folder(0) + "/" + String(repeating: "../", count: level) + "monsters.json"
    }

    func find() -> RosterDiscovery {
      RosterDiscovery.find("monsters.json", from: folder(0) + "/")
    }

    func makeRoster(at level: Int) throws {
      try harness.write(seededRosterText, to: folder(level) + "/monsters.json")
    }

    /// Makes `.git` a folder (a repository's) or a file (a linked work tree's).
    func makeGit(at level: Int, asFile: Bool = false) throws {
      let path = folder(level) + "/.git"
      if asFile {
        try harness.write("gitdir: /elsewhere\n", to: path)
      } else {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      }
    }
  }

  @Test func theCurrentFoldersRosterIsTheRosterInAWorkTreeOrNot() throws {
    let tree = try Tree(depth: 3)
    try tree.makeRoster(at: 0)
    try tree.makeRoster(at: 1)
    #expect(tree.find() == .found(path: tree.folder(0) + "/monsters.json"))
    try tree.makeGit(at: 2)
    #expect(tree.find() == .found(path: tree.folder(0) + "/monsters.json"))
  }

  @Test func theNearestRosterUpToTheTopOfTheWorkTreeIsFound() throws {
    for asFile in [false, true] {
      let tree = try Tree(depth: 4)
      try tree.makeGit(at: 2, asFile: asFile)
      try tree.makeRoster(at: 2)
      #expect(tree.find() == .found(path: tree.found(2)))
      try tree.makeRoster(at: 1)
      #expect(tree.find() == .found(path: tree.found(1)))
    }
  }

  @Test func aRosterAboveTheTopOfTheWorkTreeIsNotTheWorkTreesRoster() throws {
    let tree = try Tree(depth: 4)
    try tree.makeRoster(at: 3)
    try tree.makeGit(at: 1)
    #expect(
      tree.find() == .missing(path: tree.folder(0) + "/monsters.json", workTreeTop: 1))
  }

  @Test func outsideAWorkTreeOnlyTheCurrentFolderCounts() throws {
    let tree = try Tree(depth: 3)
    try tree.makeRoster(at: 1)
    #expect(
      tree.find() == .missing(path: tree.folder(0) + "/monsters.json", workTreeTop: nil))
  }

  @Test func aGitThatIsNeitherFolderNorFileMakesNoWorkTree() throws {
    let tree = try Tree(depth: 3)
    try tree.makeRoster(at: 1)
    #expect(mkfifo(tree.folder(1) + "/.git", 0o600) == 0)
    #expect(
      tree.find() == .missing(path: tree.folder(0) + "/monsters.json", workTreeTop: nil))
  }

  /// Thousands of trees, each with `.git` and rosters at random levels, against the rule
  /// itself.
  @Test func randomTreesAgreeWithTheRule() throws {
    var generator = SeededGenerator(seed: 1)
    for _ in 0..<400 {
      let depth = Int.random(in: 1...6, using: &generator)
      let tree = try Tree(depth: depth)
      var rosters: [Int] = []
      var gits: [Int] = []
      for level in 0..<depth {
        if Int.random(in: 0..<3, using: &generator) == 0 {
          try tree.makeRoster(at: level)
          rosters.append(level)
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
          try tree.makeGit(at: level, asFile: Bool.random(using: &generator))
          gits.append(level)
        }
      }
      // The rule: the current folder's roster; else, in a work tree (the nearest .git up),
      // the nearest roster up to its top; else none, in the current folder.
      let here = tree.folder(0) + "/monsters.json"
      let expected: RosterDiscovery
      if rosters.contains(0) {
        expected = .found(path: here)
      } else if let top = gits.min() {
        expected =
          rosters.filter { $0 <= top }.min().map { .found(path: tree.found($0)) }
          ?? .missing(path: here, workTreeTop: top)
      } else {
        expected = .missing(path: here, workTreeTop: nil)
      }
      #expect(tree.find() == expected, "rosters \(rosters), .git \(gits), depth \(depth)")
    }
  }

  // MARK: - What the command line does with it

  @Test func inASubfolderTheWorkTreesRosterIsEditedAndNamedByItsPath() throws {
    let tree = try Tree(depth: 3)
    try tree.makeGit(at: 2)
    try tree.makeRoster(at: 2)
    let start = tree.folder(0) + "/monsters.json"
    let path = tree.found(2)
    #expect(
      tree.harness.run(["set", "cat-bot", "--weapon", "fire"], defaultRosterFile: start)
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire.\n"))
    #expect(
      tree.harness.run(["set", "cat-bot", "--weapon", "fire"], defaultRosterFile: start)
        == CommandResult(
          .success, errors: "monsters set: Nothing to change: \(path) is as asked.\n"))
    #expect(
      tree.harness.run(["show", "cat-bot", "--field", "weapon"], defaultRosterFile: start)
        == CommandResult(.success, output: "fire\n"))
    #expect(!FileManager.default.fileExists(atPath: start))
  }

  /// A `monsters.json` that is a link to nowhere is the roster found: reading and editing
  /// it fail, naming the link and its target, rather than answer with the seeded roster or
  /// with the work tree's roster further up.
  @Test func aLinkToNowhereIsTheRosterFoundAndIsAnError() throws {
    let tree = try Tree(depth: 2)
    try tree.makeGit(at: 1)
    try tree.makeRoster(at: 1)
    let start = tree.folder(0) + "/monsters.json"
    try FileManager.default.createSymbolicLink(atPath: start, withDestinationPath: "gone.json")
    #expect(tree.find() == .found(path: start))
    let error =
      "Error: \(start) is a symbolic link to \(tree.folder(0))/gone.json, which does not "
      + "exist. Create it with: monsters init --file \(tree.folder(0))/gone.json\n"
    for arguments in [
      ["show", "cat-bot", "--field", "weapon"], ["list", "--format", "names"],
      ["set", "cat-bot", "--weapon", "fire"], ["set", "cat-bot", "--weapon", "fire", "--dry-run"],
    ] {
      #expect(
        tree.harness.run(arguments, defaultRosterFile: start)
          == CommandResult(.noInput, errors: error), "\(arguments)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: tree.folder(0)) == ["monsters.json"])
    #expect(
      tree.harness.run(["init", "--file", tree.folder(0) + "/gone.json"]).code == .success)
    #expect(
      tree.harness.run(["show", "cat-bot", "--field", "weapon"], defaultRosterFile: start)
        == CommandResult(.success, output: "sword\n"))
  }

  @Test func aSeededRosterInAWorkTreeSaysSoOnceAndTheFirstEditSaysWhereItWrote() throws {
    let tree = try Tree(depth: 3)
    try tree.makeGit(at: 2)
    let start = tree.folder(0) + "/monsters.json"
    func note(_ command: String) -> String {
      "monsters \(command): No monsters.json here or above, up to the top of the git work "
        + "tree: this is the seeded roster. 'monsters init' writes it.\n"
    }
    #expect(
      tree.harness.run(["list"], defaultRosterFile: start)
        == CommandResult(.success, output: seededTable, errors: note("list")))
    #expect(
      tree.harness.run(["show", "dog-bot"], defaultRosterFile: start).errors == note("show"))
    // Scripts and completion read names too; the note comes once, on standard error.
    #expect(
      tree.harness.run(["list", "--format", "names"], defaultRosterFile: start)
        == CommandResult(.success, output: seededNames, errors: note("list")))
    #expect(
      tree.harness.run(["set", "cat-bot", "--weapon", "fire"], defaultRosterFile: start)
        == CommandResult(
          .success, output: "Cat-Bot: weapon sword -> fire.\n",
          errors:
            "monsters set: Created \(start) from the seeded roster, in the current folder: there is "
            + "none above it in the work tree.\n"))
    #expect(FileManager.default.fileExists(atPath: start))
    #expect(tree.harness.run(["list"], defaultRosterFile: start).errors == "")
  }

  @Test func outsideAWorkTreeTheSeededRosterIsQuietAndTheFirstEditSaysWhereItWrote() throws {
    let tree = try Tree(depth: 2)
    try tree.makeRoster(at: 1)
    let start = tree.folder(0) + "/monsters.json"
    #expect(
      tree.harness.run(["list"], defaultRosterFile: start)
        == CommandResult(.success, output: seededTable))
    #expect(
      tree.harness.run(["remove", "dog-bot"], defaultRosterFile: start)
        == CommandResult(
          .success, output: "Removed Dog-Bot.\n",
          errors: "monsters remove: Created \(start) from the seeded roster.\n"))
    #expect(try String(contentsOfFile: tree.found(1), encoding: .utf8) == seededRosterText)
  }

  /// The built binary in a real repository, from a subfolder: the paths are relative.
  @Test func aRealRepositorysRosterIsFoundFromASubfolder() throws {
    let harness = try CommandLineHarness()
    let git = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q", "repo"], in: harness.folder)
    try #require(git.status == 0, "git: \(git.errors)")
    let sub = harness.path("repo/a/b")
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    #expect(try BuiltTool.monsters(["init"], in: harness.path("repo")).status == 0)
    #expect(
      try BuiltTool.monsters(["set", "cat-bot", "--weapon", "fire"], in: sub)
        == ProcessResult(status: 0, output: "Cat-Bot: weapon sword -> fire.\n", errors: ""))
    #expect(
      try BuiltTool.monsters(["set", "cat-bot", "--weapon", "fire"], in: sub)
        == ProcessResult(
          status: 0, output: "",
          errors: "monsters set: Nothing to change: ../../monsters.json is as asked.\n"))
    #expect(
      try BuiltTool.monsters(["check"], in: sub)
        == ProcessResult(
          status: 0, output: "../../monsters.json: a valid roster, in canonical form.\n",
          errors: ""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: sub).isEmpty)
  }
}
