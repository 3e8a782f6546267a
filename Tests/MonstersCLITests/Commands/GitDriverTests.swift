import Foundation
import TestSupport
import Testing

/// `git merge`, `git diff` and `git log -p` through the drivers `setup-git` configures, with
/// the built `monsters` and the real `git`, in a temporary repository.
@Suite struct GitDriverTests {
  /// A repository in a folder whose path has a space, with a roster whose name has one.
  private final class Repository {
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

    func names() throws -> String {
      try monsters("list", "--format", "names").output
    }
  }

  @Test func twoBranchesThatAddAndEditMergeCleanlyThroughTheDriver() throws {
    let repository = try Repository(setUp: true)
    try repository.branch(
      "feature", "add Robo-Bot --weapon smoke\nset Cat-Bot --weapon fire\nrename Fire-Bot Blaze-Bot"
    )
    try repository.edit(
      "add Space-Bot --weapon fire\nset Cat-Bot --description Purr\nset Fire-Bot --weapon smoke",
      message: "main")
    let merge = try repository.git("merge", "--no-edit", "feature")
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
    try repository.branch("feature", "add Robo-Bot --weapon smoke")
    try repository.edit("add Space-Bot --weapon fire", message: "main")
    let merge = try repository.git("merge", "--no-edit", "feature", expecting: 1)
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

  @Test func mergeGitFinishesAPlainGitConflictMonsterByMonster() throws {
    let repository = try Repository(setUp: false)
    try repository.branch("feature", "add Robo-Bot --weapon smoke\nset Cat-Bot --weapon fire")
    try repository.edit("add Space-Bot --weapon fire", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    try repository.monsters("list", expecting: 65)
    #expect(
      try repository.monsters("check", expecting: 1).errors
        == "monsters check: git merged team monsters.json line by line and left it in "
        + "conflict; 'monsters merge --git' merges it again monster by monster from git's "
        + "index, and 'monsters setup-git' makes git merge it so from now on.\n"
        + "Error: 1 problem in team monsters.json.\n")
    #expect(
      try repository.monsters("merge", "--git").output
        == "Merged team monsters.json again from git's index, monster by monster, with no "
        + "conflict; to mark it resolved: git add 'team monsters.json'\n")
    #expect(
      try repository.names()
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\nSpace-Bot\n"
        + "Robo-Bot\n")
    #expect(try repository.monsters("show", "Cat-Bot", "--field", "weapon").output == "fire\n")
    // Merged, though git's index holds it in conflict until `git add`: no note.
    #expect(try repository.monsters("check").errors.isEmpty)
    try repository.git("add", repository.roster)
    try repository.git("commit", "-q", "--no-edit")
    // Nothing is in conflict now: nothing to merge again.
    let again = try repository.monsters("merge", "--git", expecting: 1)
    #expect(again.errors.hasPrefix("Error: team monsters.json is not in conflict in git's index"))
  }

  /// git keeps a roster that is a symbolic link as a link, and holds the file it leads to in
  /// conflict: `check` says so of that file, and `merge --git` merges it again.
  @Test func mergeGitFollowsARosterThatIsASymbolicLink() throws {
    let repository = try Repository(setUp: false)
    try FileManager.default.createDirectory(
      atPath: repository.folder + "/data", withIntermediateDirectories: false)
    try repository.git("mv", repository.roster, "data/team.json")
    try FileManager.default.createSymbolicLink(
      atPath: repository.folder + "/" + repository.roster, withDestinationPath: "data/team.json")
    try repository.git("add", "-A")
    try repository.git("commit", "-q", "-m", "link")
    try repository.branch("feature", "add Robo-Bot --weapon smoke")
    try repository.edit("add Space-Bot --weapon fire", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    #expect(
      try repository.monsters("check", expecting: 1).errors
        == "monsters check: git merged data/team.json line by line and left it in conflict; "
        + "'monsters merge --git' merges it again monster by monster from git's index, and "
        + "'monsters setup-git' makes git merge it so from now on.\n"
        + "Error: 1 problem in team monsters.json.\n")
    #expect(
      try repository.monsters("merge", "--git").output
        == "Merged data/team.json again from git's index, monster by monster, with no "
        + "conflict; to mark it resolved: git add data/team.json\n")
    #expect(
      try repository.names()
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\nSpace-Bot\n"
        + "Robo-Bot\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: repository.folder + "/" + repository.roster) == "data/team.json")
  }

  /// `merge --git` where a side in git's index is no roster, or the marker size is none,
  /// cannot merge monster by monster: it marks both sides whole and says why, and never
  /// crashes.
  @Test(arguments: [[String](), ["--marker-size", "0"]])
  func mergeGitThatCannotMergeMarksBothSidesWhole(_ options: [String]) throws {
    let repository = try Repository(setUp: false)
    let path = repository.folder + "/" + repository.roster
    try repository.git("checkout", "-q", "-b", "feature")
    let seeded = try #require(FileManager.default.contents(atPath: path))
    let bom = options.isEmpty ? Data([0xEF, 0xBB, 0xBF]) : Data()
    try
      (bom
      + Data(
        String(decoding: seeded, as: UTF8.self).replacingOccurrences(
          of: "MEE-OW", with: "MEOW"
        ).utf8)).write(to: URL(fileURLWithPath: path))
    try repository.git("commit", "-q", "-a", "-m", "feature")
    try repository.git("checkout", "-q", "main")
    try repository.edit("set Cat-Bot --description Purr", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    let merge = try BuiltTool.monsters(
      ["merge", "--git"] + options, in: repository.folder, environment: repository.environment)
    #expect(merge.status == (options.isEmpty ? 65 : 64))
    #expect(merge.errors.contains("Nothing was merged: team monsters.json holds all of ours"))
    #expect(!merge.errors.contains("Backtrac"))
    let text = try #require(
      String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
    #expect(text.hasPrefix("<<<<<<< ours (team monsters.json)\n{\n"))
    #expect(text.hasSuffix(">>>>>>> theirs (team monsters.json)\n"))
    #expect(
      try repository.monsters("check", expecting: 1).output.hasPrefix(
        "team monsters.json:1: unresolved merge conflict\n"))
  }

  /// A merge driver git cannot run (`monsters` is not on the `PATH` git sees, as in a GUI
  /// client started from the desktop) leaves ours as it was, with no markers, while git
  /// holds the roster in conflict: `check` says so, and `merge --git` merges both sides.
  @Test func checkSaysWhenADriverThatDidNotRunLeftOneSide() throws {
    let repository = try Repository(setUp: true)
    try repository.branch("feature", "add Robo-Bot --weapon smoke")
    try repository.edit("add Space-Bot --weapon fire", message: "main")
    var environment = repository.environment
    environment["PATH"] = "/usr/bin:/bin"
    let merge = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/git"), ["merge", "--no-edit", "feature"],
      in: repository.folder, environment: environment)
    #expect(merge.status == 1)
    #expect(try !repository.names().contains("Robo-Bot"))
    let check = try repository.monsters("check")
    #expect(
      check.errors
        == "monsters check: git's index holds team monsters.json in conflict, and the file is "
        + "ours as the index has it, with no conflict markers: where a merge driver failed or "
        + "did not run (is 'monsters' on the PATH git sees?), 'monsters merge --git' merges "
        + "both sides from git's index.\n")
    // Named on the command line, the roster is named in the command to run.
    #expect(
      try repository.monsters("check", "./" + repository.roster).errors.contains(
        "\"monsters merge --git './team monsters.json'\" merges both sides"))
    // `resolve` finds no markers to resolve, and says what finishes the merge.
    #expect(
      try repository.monsters("resolve", "--ours").errors
        == "monsters resolve: Nothing to resolve: team monsters.json has no conflict.\n"
        + "monsters resolve: git's index holds team monsters.json in conflict, and the file is "
        + "ours as the index has it, with no conflict markers: where a merge driver failed or "
        + "did not run (is 'monsters' on the PATH git sees?), 'monsters merge --git' merges "
        + "both sides from git's index.\n")
    try repository.monsters("merge", "--git")
    #expect(try repository.names().hasSuffix("Space-Bot\nRobo-Bot\n"))
    #expect(try repository.monsters("check").errors.isEmpty)
  }

  /// A roster removed on one branch and edited on the other is no merge `merge --git` can
  /// make again: `check` says what `merge --git` says, 'git add' or 'git rm' it.
  @Test func checkSaysWhatMergeGitSaysOfARosterRemovedOnOneSide() throws {
    let repository = try Repository(setUp: true)
    try repository.git("checkout", "-q", "-b", "removal")
    try repository.git("rm", "-q", repository.roster)
    try repository.git("commit", "-q", "-m", "removal")
    try repository.git("checkout", "-q", "main")
    try repository.edit("set Cat-Bot --weapon fire", message: "main")
    try repository.git("merge", "--no-edit", "removal", expecting: 1)
    let removed =
      "team monsters.json was removed on one side of the merge (git's index has no theirs): "
      + "there are no monsters to merge; 'git add' or 'git rm' it.\n"
    #expect(
      try repository.monsters("check").errors
        == "monsters check: git's index holds team monsters.json in conflict: " + removed)
    #expect(try repository.monsters("merge", "--git", expecting: 1).errors == "Error: " + removed)
  }

  /// `git stash pop` merges as `git merge` does, with no merge under way once it stops.
  @Test func checkSaysSoAfterAStashPopToo() throws {
    let repository = try Repository(setUp: true)
    try repository.monsters("add", "Robo-Bot", "--weapon", "smoke")
    try repository.git("stash", "-q")
    try repository.edit("add Space-Bot --weapon fire", message: "main")
    var environment = repository.environment
    environment["PATH"] = "/usr/bin:/bin"
    let pop = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/git"), ["stash", "pop"], in: repository.folder,
      environment: environment)
    #expect(pop.status == 1)
    #expect(
      try repository.monsters("check").errors.hasPrefix(
        "monsters check: git's index holds team monsters.json in conflict, and the file is ours"))
    try repository.monsters("merge", "--git")
    #expect(try repository.names().hasSuffix("Space-Bot\nRobo-Bot\n"))
  }

  /// In a linked work tree, whose `.git` is a file naming its git folder elsewhere, the
  /// merge under way is found there.
  @Test func checkSaysSoInALinkedWorkTreeToo() throws {
    let repository = try Repository(setUp: true)
    try repository.branch("feature", "add Robo-Bot --weapon smoke")
    let linked = repository.root + "/linked tree"
    try repository.git("worktree", "add", "-q", linked, "-b", "side", "main")
    var environment = repository.environment
    func run(_ program: String, _ arguments: [String], status: Int32 = 0) throws -> ProcessResult {
      let result = try BuiltTool.run(
        URL(fileURLWithPath: program), arguments, in: linked, environment: environment)
      #expect(result.status == status, "\(arguments): \(result.errors)")
      return result
    }
    let monsters = try #require(BuiltTool.url).path
    _ = try run(monsters, ["add", "Space-Bot", "--weapon", "fire"])
    _ = try run("/usr/bin/git", ["commit", "-q", "-a", "-m", "side"])
    #expect(try run(monsters, ["check"]).errors.isEmpty)
    environment["PATH"] = "/usr/bin:/bin"
    _ = try run("/usr/bin/git", ["merge", "--no-edit", "feature"], status: 1)
    #expect(
      try run(monsters, ["check"]).errors.hasPrefix(
        "monsters check: git's index holds team monsters.json in conflict, and the file is ours"))
  }

  /// A roster whose name starts with a combining mark, which joins the character before it
  /// wherever the name follows a delimiter, is found in git's index and merged again.
  @Test func mergeGitFindsARosterWhoseNameStartsWithACombiningMark() throws {
    let repository = try Repository(setUp: false, roster: "\u{301}team monsters.json")
    try repository.branch("feature", "add Robo-Bot --weapon smoke")
    try repository.edit("add Space-Bot --weapon fire", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    let merge = try repository.monsters("merge", "--git")
    #expect(merge.output.hasPrefix("Merged \u{301}team monsters.json again from git's index"))
    #expect(try repository.names().hasSuffix("Mini-Tomato-Bot\nSpace-Bot\nRobo-Bot\n"))
  }

  @Test func mergeGitMarksARealConflictAndResolveFinishesIt() throws {
    let repository = try Repository(setUp: false)
    try repository.branch("feature", "set Dog-Bot --weapon fire\nadd Robo-Bot --weapon fire")
    try repository.edit("set Dog-Bot --weapon smoke\nset Ice-Bot --weapon sword", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    let merge = try repository.monsters("merge", "--git", expecting: 1)
    #expect(
      merge.errors
        == "team monsters.json: conflict: Dog-Bot: weapon smoke in ours, fire in theirs\n"
        + "Error: 1 conflict in team monsters.json, marked in the file; resolve it and run "
        + "'monsters check'.\n")
    #expect(try text(repository).contains("<<<<<<< ours (team monsters.json)\n"))
    // Merging again would mark the same conflict: `check` sends no one to do it.
    #expect(
      try repository.monsters("check", expecting: 1).errors
        == "Error: 1 problem in team monsters.json.\n")
    #expect(
      try repository.monsters("resolve", "dog-bot", "--theirs").output
        == "Kept theirs of 1 conflict (Dog-Bot) in team monsters.json: a roster again.\n")
    #expect(try repository.monsters("check").status == 0)
    #expect(try repository.monsters("show", "Dog-Bot", "--field", "weapon").output == "fire\n")
    #expect(try repository.monsters("show", "Ice-Bot", "--field", "weapon").output == "sword\n")
    #expect(try repository.names().contains("Robo-Bot"))
  }

  /// `merge --git` merges over what git left: git's own conflict, or what an earlier run
  /// wrote. Run again after the conflict was partly resolved, or edited by hand, it refuses
  /// and names the line, leaving the file as it is; `--force` merges over it.
  @Test func mergeGitRunAgainKeepsWhatWasDoneSince() throws {
    let repository = try Repository(setUp: false)
    try repository.branch("feature", "set Dog-Bot --weapon fire\nset Ice-Bot --weapon sword")
    try repository.edit("set Dog-Bot --weapon smoke\nset Ice-Bot --weapon smoke", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    try repository.monsters("merge", "--git", expecting: 1)
    let marked = try text(repository)
    // Run again over its own file: the same file, the same conflicts.
    try repository.monsters("merge", "--git", expecting: 1)
    #expect(try text(repository) == marked)
    try repository.monsters("resolve", "dog-bot", "--theirs")
    let resolved = try text(repository)
    let again = try repository.monsters("merge", "--git", expecting: 1)
    #expect(
      again.errors.hasPrefix(
        "Error: team monsters.json changed since git left it in conflict (line "))
    #expect(again.errors.contains("--force"))
    #expect(try text(repository) == resolved)
    // Resolved whole, and a monster added by hand: still refused.
    try repository.monsters("resolve", "--ours")
    try repository.monsters("add", "Hand-Bot", "--weapon", "fire")
    try repository.monsters("merge", "--git", expecting: 1)
    #expect(try repository.names().contains("Hand-Bot"))
    // --force merges over it, as asked.
    try repository.monsters("merge", "--git", "--force", expecting: 1)
    #expect(try text(repository) == marked)
  }

  /// A `conflict-marker-size` attribute of 0 (or none that is a whole number) gives git's
  /// markers of 7, never markers of one character that no reader would find.
  @Test(arguments: ["0", "-3", "x"])
  func mergeGitWithAMarkerSizeThatIsNoSizeMarksWithSeven(_ size: String) throws {
    let repository = try Repository(setUp: false)
    try "\"\(repository.roster)\" conflict-marker-size=\(size)\n".write(
      toFile: repository.folder + "/.gitattributes", atomically: true, encoding: .utf8)
    try repository.git("add", ".gitattributes")
    try repository.git("commit", "-qm", "attributes")
    try repository.branch("feature", "set Dog-Bot --weapon fire")
    try repository.edit("set Dog-Bot --weapon smoke", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
    try repository.monsters("merge", "--git", expecting: 1)
    let lines = try text(repository).split(separator: "\n")
    #expect(lines.contains("<<<<<<< ours (team monsters.json)"))
    #expect(lines.contains("======="))
    #expect(
      try repository.monsters("list", expecting: 65).errors.contains("unresolved merge conflict"))
  }

  @Test func aRealConflictLeavesMarkersThatEveryCommandReports() throws {
    let repository = try Repository(setUp: true)
    try repository.branch("feature", "set Dog-Bot --weapon fire\nadd Robo-Bot --weapon fire")
    try repository.edit("set Dog-Bot --weapon smoke", message: "main")
    let merge = try repository.git("merge", "--no-edit", "feature", expecting: 1)
    #expect(merge.output.contains("CONFLICT (content): Merge conflict in team monsters.json"))
    #expect(
      merge.errors.contains(
        "team monsters.json: conflict: Dog-Bot: weapon smoke in ours, fire in theirs"))
    let text = try String(
      contentsOfFile: repository.folder + "/" + repository.roster, encoding: .utf8)
    #expect(text.contains("<<<<<<< ours (team monsters.json)\n"))
    #expect(text.contains("\"name\": \"Robo-Bot\""))
    let list = try repository.monsters("list", expecting: 65)
    #expect(list.errors == "Error: team monsters.json:10: unresolved merge conflict\n")
    let check = try repository.monsters("check", expecting: 1)
    #expect(check.output == "team monsters.json:10: unresolved merge conflict\n")
    // The driver marked it: merging again from git's index would mark the same.
    #expect(check.errors == "Error: 1 problem in team monsters.json.\n")
  }

  /// The roster's text in the work tree.
  private func text(_ repository: Repository) throws -> String {
    try String(contentsOfFile: repository.folder + "/" + repository.roster, encoding: .utf8)
  }

  @Test func aMonsterRemovedAndAnotherAddedInItsPlaceIsNoRenameForTheMerge() throws {
    let repository = try Repository(setUp: true)
    try repository.edit("add Last-Bot --weapon fire", message: "Last-Bot")
    try repository.branch("feature", "set Last-Bot --description 'Goes last' --name-color blue")
    // Ours removes the last monster and adds one, in its place and with its empty
    // description: theirs' edit of Last-Bot is not New-Bot's.
    try repository.edit("remove Last-Bot\nadd New-Bot --weapon sword", message: "main")
    let merge = try repository.git("merge", "--no-edit", "feature", expecting: 1)
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
    try repository.branch("feature", "remove Last-Bot\nadd B-Bot --weapon smoke")
    try repository.edit("remove Last-Bot\nadd A-Bot --weapon sword", message: "main")
    try repository.git("merge", "--no-edit", "feature")
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
    try repository.branch("feature", "set Dog-Bot --weapon fire")
    try repository.edit("set Dog-Bot --weapon smoke", message: "main")
    try repository.git("merge", "--no-edit", "feature", expecting: 1)
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

  @Test func gitDiffAndLogShowChangesMonsterByMonster() throws {
    let repository = try Repository(setUp: true)
    try repository.edit(
      "set Cat-Bot --weapon fire\nadd Robo-Bot --weapon smoke --description Beep",
      message: "edit")
    let diff = try repository.git("diff", "HEAD~1", "HEAD").output
    #expect(
      diff.contains(
        """
        -{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"sword"}
        +{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"fire"}
        """))
    #expect(
      diff.contains(
        #"+{"name":"Robo-Bot","description":"Beep","icon":"meetrobobot.png","weapon":"smoke"}"#))
    let log = try repository.git("log", "-p", "-1").output
    #expect(
      log.contains(
        #"+{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"fire"}"#))
    // Without the text conversion, the same change is lines of the file.
    let raw = try repository.git("diff", "--no-textconv", "HEAD~1", "HEAD").output
    #expect(raw.contains("-      \"weapon\": \"sword\""))
  }

  /// A roster made invalid in the work tree, with an escape sequence and a C1 control in it:
  /// `git diff` shows them escaped, as they reach a person's terminal through git.
  @Test func gitDiffShowsTheControlsOfAFileThatIsNotARosterEscaped() throws {
    let repository = try Repository(setUp: true)
    try Data(Array("{\"x\": \"\u{1B}[2J".utf8) + [0xC2, 0x9B] + Array("31m\"\n".utf8))
      .write(to: URL(fileURLWithPath: repository.folder + "/" + repository.roster))
    let diff = try repository.git("diff").output
    #expect(diff.contains(#"+{"x": "\u001b[2J\u009b31m""#), "\(diff)")
    #expect(!diff.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
  }
}
