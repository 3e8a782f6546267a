import Foundation
import TestSupport
import Testing

/// `git merge`, `git diff` and `git log -p` through the drivers `setup-git` configures, with
/// the built `monsters` and the real `git`, in a temporary repository.
@Suite struct GitDriverTests {
  /// A repository in a folder whose path has a space, with a roster whose name has one.
  final class Repository {
    let root: String
    let folder: String
    let roster: String
    let binaryFolder: String

    init(setUp: Bool, roster: String = "team monsters.json") throws {
      self.roster = roster
      root = FileManager.default.temporaryDirectory.path + "/monsters-git-" + UUID().uuidString
      folder = root + "/the repo"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      binaryFolder = try #require(BuiltTool.url).deletingLastPathComponent().path
      try git("init", "-q", "-b", "main")
      try monsters("init")
      if setUp { try monsters("setup-git") }
      try git("add", "-A")
      try git("commit", "-q", "-m", "base")
    }

    deinit {
      try? FileManager.default.removeItem(atPath: root)
    }

    var environment: [String: String] {
      [
        "PATH": "\(binaryFolder):/usr/bin:/bin", "HOME": root, "GIT_CONFIG_NOSYSTEM": "1",
        "MONSTERS_FILE": roster, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
      ]
    }

    @discardableResult
    func git(_ arguments: String..., expecting status: Int32 = 0) throws -> ProcessResult {
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/usr/bin/git"), arguments, in: folder, environment: environment)
      #expect(result.status == status, "git \(arguments): \(result.output)\(result.errors)")
      return result
    }

    @discardableResult
    func monsters(_ arguments: String..., expecting status: Int32 = 0) throws -> ProcessResult {
      let result = try BuiltTool.monsters(arguments, in: folder, environment: environment)
      #expect(result.status == status, "monsters \(arguments): \(result.errors)")
      return result
    }

    /// Commits edits on a new branch from `main`, then goes back to `main`.
    func branch(_ name: String, _ edits: String) throws {
      try git("checkout", "-q", "-b", name, "main")
      try edit(edits, message: name)
      try git("checkout", "-q", "main")
    }

    /// Makes edits (an `apply` script) and commits them.
    func edit(_ edits: String, message: String) throws {
      let script = root + "/edits.txt"
      try edits.write(toFile: script, atomically: true, encoding: .utf8)
      try monsters("apply", script)
      try git("commit", "-q", "-a", "-m", message)
    }

    /// Commits `theirs` on a new branch `feature` and `ours` on `main`, then merges the
    /// branch into `main`: git's result, which ends with `status`.
    @discardableResult
    func merge(theirs: String, ours: String, expecting status: Int32 = 0) throws -> ProcessResult {
      try branch("feature", theirs)
      try edit(ours, message: "main")
      return try git("merge", "--no-edit", "feature", expecting: status)
    }

    func names() throws -> String {
      try monsters("list", "--format", "names").output
    }
  }

  @Test func twoBranchesThatAddAndEditMergeCleanlyThroughTheDriver() throws {
    let repository = try Repository(setUp: true)
    let merge = try repository.merge(
      theirs: "add Robo-Bot --weapon smoke\nset Cat-Bot --weapon fire\nrename Fire-Bot Blaze-Bot",
      ours:
        "add Space-Bot --weapon fire\nset Cat-Bot --description Purr\nset Fire-Bot --weapon smoke")
    #expect(merge.output.contains("Auto-merging team monsters.json"))
    #expect(
      try repository.names()
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nBlaze-Bot\nIce-Bot\nMini-Tomato-Bot\nSpace-Bot\n"
        + "Robo-Bot\n")
    #expect(try repository.monsters("show", "Blaze-Bot").output.contains("smoke"))
    let cat = try repository.monsters("show", "Cat-Bot").output
    #expect(cat.contains("Purr") && cat.contains("fire"))
    #expect(try repository.monsters("check").status == 0)
    #expect(try repository.git("status", "--porcelain").output.isEmpty)
  }

  @Test func withoutTheDriverTwoAdditionsConflict() throws {
    let repository = try Repository(setUp: false)
    let merge = try repository.merge(
      theirs: "add Robo-Bot --weapon smoke", ours: "add Space-Bot --weapon fire", expecting: 1)
    #expect(merge.output.contains("CONFLICT (content): Merge conflict in team monsters.json"))
  }

  @Test func checkSaysWhenAFreshCloneLacksTheDriverItsAttributesAskFor() throws {
    let repository = try Repository(setUp: true)
    try repository.git("clone", "-q", ".", repository.root + "/clone")
    let clone = repository.root + "/clone"
    let binary = try #require(BuiltTool.url)
    let check = try BuiltTool.run(binary, ["check"], in: clone, environment: repository.environment)
    #expect(check.status == 0)
    #expect(
      check.errors
        == "monsters check: git's attributes send team monsters.json to the 'monsters' merge driver, but "
        + "this clone's git config does not define it, so git merges it line by line; run "
        + "'monsters setup-git' here (and after a conflict git made, 'monsters merge --git').\n")
    // The repository that ran setup-git, and the clone once it has, get no note.
    #expect(try repository.monsters("check").errors.isEmpty)
    _ = try BuiltTool.run(binary, ["setup-git"], in: clone, environment: repository.environment)
    #expect(
      try BuiltTool.run(binary, ["check"], in: clone, environment: repository.environment).errors
        .isEmpty)
  }

  /// The roster's text in the work tree.
  func text(_ repository: Repository) throws -> String {
    try String(contentsOfFile: repository.folder + "/" + repository.roster, encoding: .utf8)
  }

  @Test func aMonsterRemovedAndAnotherAddedInItsPlaceIsNoRenameForTheMerge() throws {
    let repository = try Repository(setUp: true)
    try repository.edit("add Last-Bot --weapon fire", message: "Last-Bot")
    // Ours removes the last monster and adds one, in its place and with its empty
    // description: theirs' edit of Last-Bot is not New-Bot's.
    let merge = try repository.merge(
      theirs: "set Last-Bot --description 'Goes last' --name-color blue",
      ours: "remove Last-Bot\nadd New-Bot --weapon sword", expecting: 1)
    #expect(
      merge.errors.contains(
        "team monsters.json: conflict: Last-Bot: removed in ours, changed in theirs (description "
          + "'' -> 'Goes last', name colour none -> blue)"))
    // And diff says what ours did: a removal and an addition, not a rename.
    let ours = try repository.git("show", "HEAD:" + repository.roster).output
    try ours.write(toFile: repository.root + "/ours.json", atomically: true, encoding: .utf8)
    let base = try repository.git("show", "HEAD~1:" + repository.roster).output
    try base.write(toFile: repository.root + "/base.json", atomically: true, encoding: .utf8)
    #expect(
      try repository.monsters(
        "diff", repository.root + "/base.json", repository.root + "/ours.json", expecting: 1
      ).output == "removed Last-Bot\nadded New-Bot\n")
  }

  @Test func bothSidesRemovingAMonsterAndEachAddingItsOwnMergeCleanly() throws {
    let repository = try Repository(setUp: true)
    try repository.edit("add Last-Bot --weapon fire", message: "Last-Bot")
    try repository.merge(
      theirs: "remove Last-Bot\nadd B-Bot --weapon smoke",
      ours: "remove Last-Bot\nadd A-Bot --weapon sword")
    #expect(
      try repository.names()
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\nA-Bot\nB-Bot\n")
    // One side adding alone: both removed it, and nothing of it is argued over.
    try repository.branch("other", "remove A-Bot")
    try repository.edit("remove A-Bot\nadd C-Bot --weapon fire", message: "main again")
    try repository.git("merge", "--no-edit", "other")
    #expect(try repository.monsters("check").status == 0)
  }

  @Test func aSideWithAByteOrderMarkLeavesAConflictThatEveryCommandRefuses() throws {
    let repository = try Repository(setUp: true)
    try repository.git("checkout", "-q", "-b", "feature")
    // An editor saved theirs with a byte order mark.
    let path = repository.folder + "/" + repository.roster
    let fixed = try text(repository).replacingOccurrences(of: "MEE-OW", with: "Purr")
    try ("\u{FEFF}" + fixed).write(toFile: path, atomically: true, encoding: .utf8)
    try repository.git("commit", "-q", "-a", "-m", "feature")
    try repository.git("checkout", "-q", "main")
    try repository.edit("add Robo-Bot --weapon smoke", message: "main")
    let merge = try repository.git("merge", "--no-edit", "feature", expecting: 1)
    #expect(merge.output.contains("CONFLICT (content): Merge conflict in team monsters.json"))
    #expect(
      merge.errors.contains(
        "Error: team monsters.json (theirs):1:1: the file starts with a UTF-8 byte order mark; "
          + "remove it\nNothing was merged: team monsters.json holds all of ours and all of "
          + "theirs between conflict markers."))
    #expect(!merge.errors.contains(".merge_file"))
    let merged = try text(repository)
    #expect(merged.hasPrefix("<<<<<<< ours (team monsters.json)\n{\n"))
    #expect(merged.contains("Robo-Bot") && merged.contains("Purr"))
    #expect(
      try repository.monsters("check", expecting: 1).output.contains(": unresolved merge conflict"))
    try repository.monsters("list", expecting: 65)
  }

  @Test(arguments: [3, 2000])
  func markersAreAsLongAsTheAttributeAsks(_ size: Int) throws {
    let repository = try Repository(setUp: true)
    let attributes = repository.folder + "/.gitattributes"
    let line = "\"team monsters.json\" conflict-marker-size=\(size)\n"
    try (try String(contentsOfFile: attributes, encoding: .utf8) + line).write(
      toFile: attributes, atomically: true, encoding: .utf8)
    try repository.git("commit", "-q", "-a", "-m", "markers")
    try repository.merge(
      theirs: "set Dog-Bot --weapon fire", ours: "set Dog-Bot --weapon smoke", expecting: 1)
    let lines = try text(repository).split(separator: "\n")
    #expect(
      lines.contains(Substring(String(repeating: "<", count: size) + " ours (team monsters.json)")))
    #expect(
      lines.contains(
        Substring(String(repeating: ">", count: size) + " theirs (team monsters.json)")))
    let check = try repository.monsters("check", expecting: 1)
    #expect(check.output == "team monsters.json:10: unresolved merge conflict\n")
    // The driver marked it: merging again from git's index would mark the same.
    #expect(check.errors == "Error: 1 problem in team monsters.json.\n")
  }
}
