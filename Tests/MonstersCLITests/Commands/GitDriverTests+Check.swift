import Foundation
import TestSupport
import Testing

// `check` on a roster git holds in conflict: what it says after a driver that did not
// run, a removal, a stash pop, in a linked work tree, and of the markers a conflict left.
extension GitDriverTests {
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

  @Test func aRealConflictLeavesMarkersThatEveryCommandReports() throws {
    let repository = try Repository(setUp: true)
    let merge = try repository.merge(
      theirs: "set Dog-Bot --weapon fire\nadd Robo-Bot --weapon fire",
      ours: "set Dog-Bot --weapon smoke", expecting: 1)
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
}
