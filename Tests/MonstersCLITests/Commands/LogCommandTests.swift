import Foundation
import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct LogCommandTests {
  /// A repository whose roster has four commits: the seeded roster; Cat-Bot given fire and
  /// Dog-Bot a description; Dog-Bot renamed Hound-Bot and plasma declared; Fire-Bot
  /// removed.
  func history() throws -> (GitRepository, [String]) {
    let repository = try GitRepository()
    repository.monsters("init")
    let seed = try repository.commit("Seed the roster")
    repository.monsters("set", "cat-bot", "--weapon", "fire")
    repository.monsters("set", "dog-bot", "--description", "Woof")
    let fire = try repository.commit("Give the cat fire")
    repository.monsters("rename", "dog-bot", "Hound-Bot")
    repository.monsters("weapons", "add", "plasma")
    let hound = try repository.commit("Hound, and plasma")
    repository.monsters("remove", "fire-bot")
    let removal = try repository.commit("No more Fire-Bot")
    return (repository, [seed, fire, hound, removal])
  }

  private static let seededAdditions = Monster.seeded.map { "  added \($0.name)\n" }.joined()

  @Test func theHistoryIsEachCommitNewestFirstInTheRostersWords() throws {
    let (repository, commits) = try history()
    #expect(
      repository.monsters("log")
        == CommandResult(
          .success,
          output: """
            \(commits[3])  2024-05-04  Ann Lee  No more Fire-Bot
              removed Fire-Bot

            \(commits[2])  2024-05-03  Ann Lee  Hound, and plasma
              renamed Dog-Bot -> Hound-Bot
              weapons: added plasma

            \(commits[1])  2024-05-02  Ann Lee  Give the cat fire
              Cat-Bot: weapon sword -> fire
              Dog-Bot: description 'BOW-WOW' -> 'Woof'

            \(commits[0])  2024-05-01  Ann Lee  Seed the roster
              created monsters.json

            """ + Self.seededAdditions))
  }

  @Test func aMonsterIsFollowedThroughItsRenames() throws {
    let (repository, commits) = try history()
    #expect(
      repository.monsters("log", "HOUND-BOT")
        == CommandResult(
          .success,
          output: """
            \(commits[2])  2024-05-03  Ann Lee  Hound, and plasma
              renamed Dog-Bot -> Hound-Bot

            \(commits[1])  2024-05-02  Ann Lee  Give the cat fire
              Dog-Bot: description 'BOW-WOW' -> 'Woof'

            \(commits[0])  2024-05-01  Ann Lee  Seed the roster
              created monsters.json
              added Dog-Bot

            """))
  }

  @Test func aMonsterThatIsGoneIsFollowedBackFromItsRemoval() throws {
    let (repository, commits) = try history()
    #expect(
      repository.monsters("log", "fire-bot", "cat-bot").output
        == """
        \(commits[3])  2024-05-04  Ann Lee  No more Fire-Bot
          removed Fire-Bot

        \(commits[1])  2024-05-02  Ann Lee  Give the cat fire
          Cat-Bot: weapon sword -> fire

        \(commits[0])  2024-05-01  Ann Lee  Seed the roster
          created monsters.json
          added Cat-Bot
          added Fire-Bot

        """)
  }

  /// Each monster of a swap of names keeps its own history, as the diff of the swap tells
  /// which monster is which: before the swap, the monster now named Cat-Bot is the one the
  /// diff says it was.
  @Test func aSwapOfNamesGivesEachMonsterItsOwnHistory() throws {
    let (repository, commits) = try history()
    try repository.harness.write(
      "rename cat-bot Tmp-Bot\nrename hound-bot Cat-Bot\nrename tmp-bot Hound-Bot\n",
      to: repository.harness.path("swap.txt"))
    #expect(repository.monsters("apply", repository.harness.path("swap.txt")).code == .success)
    try FileManager.default.removeItem(atPath: repository.harness.path("swap.txt"))
    let swap = try repository.commit("Swap the names")
    try repository.harness.write(
      try repository.git("show", "HEAD~1:monsters.json"), to: repository.harness.path("old.json"))
    let diff = repository.monsters(
      "diff", repository.harness.path("old.json"), repository.harness.rosterPath)
    let wasHound = diff.output.contains("renamed Hound-Bot -> Cat-Bot")
    let log = repository.monsters("log", "cat-bot")
    #expect(log.code == .success)
    let entries = log.output.split(separator: "\n\n").map(String.init)
    let subjects = entries.map { $0.split(separator: "\n")[0].split(separator: " ").first ?? "" }
    #expect(
      subjects.map(String.init)
        == (wasHound
          ? [swap, commits[2], commits[1], commits[0]] : [swap, commits[1], commits[0]]))
    // What the swap did to the monster now named Cat-Bot is what the diff says of it.
    let swapLines = entries[0].split(separator: "\n").dropFirst().map {
      String($0.dropFirst(2))
    }
    let diffLines = diff.output.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("Cat-Bot:") || $0.hasSuffix("-> Cat-Bot")
    }
    #expect(swapLines == diffLines)
    #expect(entries.last?.contains(wasHound ? "added Dog-Bot" : "added Cat-Bot") == true)
  }

  @Test func aMergeShowsWhatItBroughtToItsBranch() throws {
    let repository = try GitRepository()
    repository.monsters("init")
    let seed = try repository.commit("Seed")
    try repository.git("checkout", "-q", "-b", "feature")
    repository.monsters("set", "cat-bot", "--weapon", "fire")
    let feature = try repository.commit("Cat-Bot gets fire")
    try repository.git("checkout", "-q", "main")
    repository.monsters("set", "mini-tomato-bot", "--weapon", "smoke")
    let main = try repository.commit("Mini-Tomato-Bot gets smoke")
    #expect(
      repository.monsters("log", "main..feature").output
        == "\(feature)  2024-05-02  Ann Lee  Cat-Bot gets fire\n  Cat-Bot: weapon sword -> fire\n")
    try repository.git("merge", "-q", "--no-edit", "feature")
    let merge = try repository.git("rev-parse", "--short", "HEAD")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let log = repository.monsters("log", "-n", "3")
    #expect(
      log.output == """
        \(merge)  2024-05-04  Ann Lee  Merge branch 'feature'
          Cat-Bot: weapon sword -> fire

        \(main)  2024-05-03  Ann Lee  Mini-Tomato-Bot gets smoke
          Mini-Tomato-Bot: weapon ninjaStar -> smoke

        \(feature)  2024-05-02  Ann Lee  Cat-Bot gets fire
          Cat-Bot: weapon sword -> fire

        """)
    // Followed into both of the merge's parents: the branch's change is there, the other
    // branch's change to another monster is not.
    let followed = repository.monsters("log", "cat-bot").output
    #expect(followed.hasPrefix("\(merge)  2024-05-04"))
    #expect(followed.contains("\(feature)  2024-05-02"))
    #expect(!followed.contains(main))
    #expect(followed.contains("\(seed)  2024-05-01"))
  }

  @Test func theCountAndTheDateLimitTheCommits() throws {
    let (repository, commits) = try history()
    #expect(
      repository.monsters("log", "-n", "1")
        == CommandResult(
          .success,
          output: "\(commits[3])  2024-05-04  Ann Lee  No more Fire-Bot\n  removed Fire-Bot\n"
        ))
    #expect(repository.monsters("log", "-n1", "cat-bot").output.hasPrefix(commits[1]))
    let recent = repository.monsters("log", "--since", "2024-05-02T18:00:00+00:00").output
    #expect(recent.contains(commits[3]) && recent.contains(commits[2]))
    #expect(!recent.contains(commits[1]) && !recent.contains(commits[0]))
    // Every form git reads is taken: an ISO date, a day, an age.
    for date in ["2024-05-02", "yesterday", "2 weeks ago", "last monday", "now", "never"] {
      #expect(repository.monsters("log", "--since", date).code == .success, "\(date)")
    }
    #expect(repository.monsters("log", "-n", "0") == CommandResult(.success))
  }

  @Test func aGitThatCannotCheckADateGetsItAsItIs() throws {
    let (repository, commits) = try history()
    // A git whose `config` has no `--type`, as before git 2.18.
    let bin = repository.home + "/bin"
    try BuiltTool.writeScript(
      """
      #!/bin/sh
      [ "$1" = -c ] && { echo "error: unknown option 'type=expiry-date'" >&2; exit 129; }
      exec /usr/bin/git "$@"

      """, to: bin + "/git")
    var environment = repository.environment
    environment["PATH"] = bin + ":/usr/bin:/bin"
    let recent = repository.harness.run(
      ["log", "--since", "2024-05-02T18:00:00+00:00"], environment: environment)
    #expect(recent.code == .success, "\(recent.errors)")
    #expect(recent.output.contains(commits[3]) && !recent.output.contains(commits[1]))
  }

  @Test func jsonIsOneObjectAChangeWithItsCommit() throws {
    let (repository, commits) = try history()
    let full = try repository.git("rev-parse", commits[1]).trimmingCharacters(in: .newlines)
    let parent = try repository.git("rev-parse", commits[0]).trimmingCharacters(in: .newlines)
    let result = repository.monsters("log", "--format", "json", "HEAD~2", "-n", "1")
    #expect(result.code == .success)
    let objects = try result.output.split(separator: "\n").map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count == 2)
    #expect(objects[0]["commit"] as? String == full)
    #expect(objects[0]["abbreviated"] as? String == commits[1])
    #expect(objects[0]["author"] as? String == "Ann Lee")
    #expect(objects[0]["email"] as? String == "ann@example.com")
    #expect(objects[0]["date"] as? String == "2024-05-02T12:00:00+00:00")
    #expect(objects[0]["subject"] as? String == "Give the cat fire")
    #expect(objects[0]["parents"] as? [String] == [parent])
    #expect(objects[0]["change"] as? String == "changed")
    #expect(objects[0]["name"] as? String == "Cat-Bot")
    #expect(objects[0]["field"] as? String == "weapon")
    #expect(objects[0]["old"] as? String == "sword")
    #expect(objects[0]["new"] as? String == "fire")
    #expect(objects[1]["name"] as? String == "Dog-Bot")
    let created = repository.monsters("log", "--format", "json", commits[0]).output
    #expect(created.hasPrefix("{\"commit\":"))
    #expect(created.split(separator: "\n").first?.contains("\"change\":\"created\"") == true)
  }

  @Test func followFindsTheRosterUnderTheNameItHadBefore() throws {
    let repository = try GitRepository()
    let old = repository.harness.path("old.json")
    repository.monsters("--file", old, "init")
    let seed = try repository.commit("Seed old.json")
    repository.monsters("--file", old, "set", "cat-bot", "--weapon", "fire")
    let fire = try repository.commit("Fire")
    try repository.git("mv", "old.json", "monsters.json")
    let move = try repository.commit("Move the roster")
    repository.monsters("set", "cat-bot", "--weapon", "smoke")
    let smoke = try repository.commit("Smoke")
    let plain = repository.monsters("log").output
    #expect(
      plain.contains("\(move)  2024-05-03  Ann Lee  Move the roster\n  created monsters.json\n"))
    #expect(!plain.contains(fire))
    #expect(
      repository.monsters("log", "--follow", "cat-bot").output
        == """
        \(smoke)  2024-05-04  Ann Lee  Smoke
          Cat-Bot: weapon fire -> smoke

        \(move)  2024-05-03  Ann Lee  Move the roster
          renamed file old.json -> monsters.json

        \(fire)  2024-05-02  Ann Lee  Fire
          Cat-Bot: weapon sword -> fire

        \(seed)  2024-05-01  Ann Lee  Seed old.json
          created old.json
          added Cat-Bot

        """)
  }

  @Test func aRosterInAFolderOfTheWorkTreeAndALinkToItHaveItsHistory() throws {
    let repository = try GitRepository()
    let folder = repository.harness.path("team space")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let roster = folder + "/mönsters.json"
    repository.monsters("--file", roster, "init")
    let seed = try repository.commit("Seed the team's roster")
    let link = repository.harness.path("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: roster)
    for named in [roster, link] {
      #expect(
        repository.monsters("--file", named, "log", "cat-bot").output
          == "\(seed)  2024-05-01  Ann Lee  Seed the team's roster\n"
          + "  created team space/mönsters.json\n  added Cat-Bot\n")
    }
  }

  @Test func aVersionThatIsNoRosterIsNamedNotSkipped() throws {
    let repository = try GitRepository()
    repository.monsters("init")
    _ = try repository.commit("Seed")
    try repository.harness.writeRoster("{ \"version\": 1,\n  \"monsters\": [ oops ]\n}\n")
    let broken = try repository.commit("Break it")
    try repository.harness.writeRoster(seededRosterText)
    repository.monsters("set", "cat-bot", "--weapon", "fire")
    let fixed = try repository.commit("Fix it")
    let log = repository.monsters("log", "cat-bot")
    #expect(log.code == .success)
    #expect(
      log.output.hasPrefix(
        """
        \(fixed)  2024-05-03  Ann Lee  Fix it
          monsters.json is a valid roster again; its changes since the last valid version are not shown

        \(broken)  2024-05-02  Ann Lee  Break it
          not a valid roster here: 2:17: unexpected 'oops'; expected a value

        """))
  }

  @Test func itReadsGitAloneAndLeavesTheWorkTreeAndIndexAsTheyWere() throws {
    let (repository, _) = try history()
    repository.monsters("set", "ice-bot", "--weapon", "smoke")
    try repository.git("add", "monsters.json")
    repository.monsters("set", "ice-bot", "--weapon", "sword")
    let status = try repository.git("status", "--porcelain")
    let index = try Data(contentsOf: URL(fileURLWithPath: repository.folder + "/.git/index"))
    let roster = repository.harness.rosterBytes()
    #expect(repository.monsters("log").code == .success)
    #expect(try repository.git("status", "--porcelain") == status)
    #expect(try Data(contentsOf: URL(fileURLWithPath: repository.folder + "/.git/index")) == index)
    #expect(repository.harness.rosterBytes() == roster)
    // The uncommitted change is no commit's.
    #expect(!repository.monsters("log", "ice-bot").output.contains("smoke"))
  }

  @Test func textFromGitIsShownEscaped() throws {
    let repository = try GitRepository()
    repository.monsters("init")
    // git keeps an escape in a name (not a bell), and anything in a subject.
    _ = try repository.commit("Seed \u{1B}[2J\u{202E}", author: "Eve \u{1B}]0;owned")
    let log = repository.monsters("log")
    #expect(log.code == .success)
    #expect(!log.output.contains("\u{1B}") && !log.output.contains("\u{202E}"))
    #expect(log.output.contains("Eve \\u{1B}]0;owned  Seed \\u{1B}[2J\\u{202E}\n"))
    let json = repository.run(["log", "--format", "json"])
    let first = try #require(json.output.split(separator: "\n").first)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    #expect(object["author"] as? String == "Eve \u{1B}]0;owned")
    #expect(object["subject"] as? String == "Seed \u{1B}[2J\u{202E}")
  }

  // MARK: - Following names from commit to commit

  @Test func aRenameGivesTheNameItHadBefore() {
    let followed = RosterHistory.FollowedNames(folded: ["cat-bot"])
    #expect(followed.before([.renamed(from: "Dog-Bot", to: "Cat-Bot")]).folded == ["dog-bot"])
    #expect(followed.before([.renamed(from: "cat-bot", to: "Cat-Bot")]).folded == ["cat-bot"])
    #expect(followed.before([.moved("Cat-Bot")]).folded == ["cat-bot"])
  }

  @Test func aSwapAndAChainGiveEachNameTheOneItHadBefore() {
    let swap: [RosterDiff.Change] = [
      .renamed(from: "Cat-Bot", to: "Dog-Bot"), .renamed(from: "Dog-Bot", to: "Cat-Bot"),
    ]
    #expect(RosterHistory.FollowedNames(folded: ["cat-bot"]).before(swap).folded == ["dog-bot"])
    #expect(RosterHistory.FollowedNames(folded: ["dog-bot"]).before(swap).folded == ["cat-bot"])
    let chain: [RosterDiff.Change] = [
      .renamed(from: "A", to: "B"), .renamed(from: "B", to: "C"),
    ]
    #expect(RosterHistory.FollowedNames(folded: ["c"]).before(chain).folded == ["b"])
    #expect(RosterHistory.FollowedNames(folded: ["b"]).before(chain).folded == ["a"])
  }

  @Test func aNameGivenUpBelongedToAnotherMonsterBefore() {
    // Cat-Bot was added; the Cat-Bot before it is Kitty-Bot now, another monster.
    let changes: [RosterDiff.Change] = [
      .renamed(from: "Cat-Bot", to: "Kitty-Bot"),
      .added(Monster(name: "Cat-Bot", description: "", weapon: .fire)),
    ]
    let followed = RosterHistory.FollowedNames(folded: ["cat-bot"])
    #expect(followed.before(changes).folded.isEmpty)
    #expect(followed.isFollowed(changes[1]))
    #expect(!followed.isFollowed(changes[0]))
  }
}
