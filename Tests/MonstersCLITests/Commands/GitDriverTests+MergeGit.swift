import Foundation
import TestSupport
import Testing

// `merge --git` on a conflict git left: merging it monster by monster, marking what it
// cannot merge, and run again over what was done since.
extension GitDriverTests {
  @Test func mergeGitFinishesAPlainGitConflictMonsterByMonster() throws {
    let repository = try Repository(setUp: false)
    try repository.merge(
      theirs: "add Robo-Bot --weapon smoke\nset Cat-Bot --weapon fire",
      ours: "add Space-Bot --weapon fire", expecting: 1)
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
    try repository.merge(
      theirs: "add Robo-Bot --weapon smoke", ours: "add Space-Bot --weapon fire", expecting: 1)
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

  /// A roster whose name starts with a combining mark, which joins the character before it
  /// wherever the name follows a delimiter, is found in git's index and merged again.
  @Test func mergeGitFindsARosterWhoseNameStartsWithACombiningMark() throws {
    let repository = try Repository(setUp: false, roster: "\u{301}team monsters.json")
    try repository.merge(
      theirs: "add Robo-Bot --weapon smoke", ours: "add Space-Bot --weapon fire", expecting: 1)
    let merge = try repository.monsters("merge", "--git")
    #expect(merge.output.hasPrefix("Merged \u{301}team monsters.json again from git's index"))
    #expect(try repository.names().hasSuffix("Mini-Tomato-Bot\nSpace-Bot\nRobo-Bot\n"))
  }

  @Test func mergeGitMarksARealConflictAndResolveFinishesIt() throws {
    let repository = try Repository(setUp: false)
    try repository.merge(
      theirs: "set Dog-Bot --weapon fire\nadd Robo-Bot --weapon fire",
      ours: "set Dog-Bot --weapon smoke\nset Ice-Bot --weapon sword", expecting: 1)
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
    try repository.merge(
      theirs: "set Dog-Bot --weapon fire\nset Ice-Bot --weapon sword",
      ours: "set Dog-Bot --weapon smoke\nset Ice-Bot --weapon smoke", expecting: 1)
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
    try repository.merge(
      theirs: "set Dog-Bot --weapon fire", ours: "set Dog-Bot --weapon smoke", expecting: 1)
    try repository.monsters("merge", "--git", expecting: 1)
    let lines = try text(repository).split(separator: "\n")
    #expect(lines.contains("<<<<<<< ours (team monsters.json)"))
    #expect(lines.contains("======="))
    #expect(
      try repository.monsters("list", expecting: 65).errors.contains("unresolved merge conflict"))
  }
}
