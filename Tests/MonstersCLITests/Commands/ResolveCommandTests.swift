import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct ResolveCommandTests {
  /// A harness whose roster is the file a merge with conflicts wrote: Cat-Bot's weapon set
  /// two ways, and Dog-Bot renamed two ways.
  private func conflicted() throws -> CommandLineHarness {
    let harness = try CommandLineHarness()
    for (name, edits) in [
      ("base.json", ""), ("monsters.json", "set Cat-Bot --weapon fire\nrename Dog-Bot Hound-Bot"),
      (
        "theirs.json",
        "set Cat-Bot --weapon smoke\nrename Dog-Bot Pup-Bot\nadd Robo-Bot --weapon fire"
      ),
    ] {
      try harness.write(seededRosterText, to: harness.path(name))
      #expect(harness.run(["-f", harness.path(name), "apply", "-"], input: edits).code == .success)
    }
    let merge = harness.run(
      ["merge", harness.path("base.json"), harness.rosterPath, harness.path("theirs.json")])
    #expect(merge.code == .failure)
    return harness
  }

  private func names(_ harness: CommandLineHarness) -> String {
    harness.run(["list", "--format", "names"]).output
  }

  @Test func keepingOneSideOfEveryConflictLeavesAValidCanonicalRoster() throws {
    let harness = try conflicted()
    let path = harness.rosterPath
    #expect(
      harness.run(["resolve", "--theirs"])
        == CommandResult(
          .success,
          output: "Kept theirs of 2 conflicts (Cat-Bot, Hound-Bot / Pup-Bot) in \(path): a "
            + "roster again.\n"))
    #expect(harness.run(["check"]).code == .success)
    #expect(
      names(harness)
        == "Cat-Bot\nPup-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\nRobo-Bot\n")
  }

  @Test func aLockedRosterTimesOutAndIsLeftAsItWas() throws {
    let harness = try conflicted()
    let before = try #require(harness.rosterBytes())
    let holder = try LockHolder(folder: harness.folder)
    let result = harness.run(["resolve", "--ours", "--lock-timeout", "0.2"])
    holder.release()
    #expect(result.code == .lockBusy)
    #expect(result.errors.hasPrefix("Error: Another monsters is editing "))
    #expect(harness.rosterBytes() == before)
  }

  @Test func aNamedConflictIsResolvedAloneByEitherSidesName() throws {
    let harness = try conflicted()
    let path = harness.rosterPath
    #expect(
      harness.run(["resolve", "PUP-BOT", "--ours"])
        == CommandResult(
          .success,
          output: "Kept ours of 1 conflict (Hound-Bot / Pup-Bot) in \(path): 1 conflict is left.\n"
        ))
    #expect(harness.run(["list"]).code == .dataError)
    #expect(
      harness.run(["resolve", "cat-bot", "--theirs"]).output
        == "Kept theirs of 1 conflict (Cat-Bot) in \(path): a roster again.\n")
    #expect(harness.run(["show", "cat-bot", "--field", "weapon"]).output == "smoke\n")
    #expect(names(harness).contains("Hound-Bot\n"))
    #expect(harness.run(["check"]).code == .success)
  }

  @Test func aNameInNoConflictIsAFailureAndNothingIsWritten() throws {
    let harness = try conflicted()
    let before = harness.rosterBytes()
    #expect(
      harness.run(["resolve", "ice-bot", "--ours"])
        == CommandResult(
          .failure,
          errors: "Error: No conflict holds a monster named 'ice-bot'; the monsters in conflict "
            + "are 'Cat-Bot', 'Hound-Bot', 'Pup-Bot'.\n"))
    #expect(harness.rosterBytes() == before)
  }

  /// git's own line merge marks a conflict inside a monster's object, which names no
  /// monster: asking for that monster says the conflicts cannot be resolved a monster at a
  /// time, rather than that it is in no conflict.
  @Test func aMonsterAGitLineConflictCutsThroughIsNotSaidToBeInNoConflict() throws {
    let harness = try CommandLineHarness()
    let monster = { (name: String, weapon: String) in
      "    {\n      \"name\": \"\(name)\",\n      \"description\": \"\",\n      \"icon\": "
        + "\"\(name.lowercased()).png\",\n      \"weapon\": \"\(weapon)\"\n    }\n"
    }
    let text =
      seededRosterText
      .replacingOccurrences(
        of: "      \"weapon\": \"blowgun\"\n",
        with: "<<<<<<< HEAD\n      \"weapon\": \"smoke\"\n=======\n      \"weapon\": \"fire\"\n"
          + ">>>>>>> feature\n"
      )
      .replacingOccurrences(
        of: "    }\n  ]\n}\n",
        with: "    },\n<<<<<<< HEAD\n" + monster("M", "smoke") + "=======\n" + monster("T", "fire")
          + ">>>>>>> feature\n  ]\n}\n")
    try harness.writeRoster(text)
    for name in ["dog-bot", "M"] {
      #expect(
        harness.run(["resolve", name, "--theirs"])
          == CommandResult(
            .failure,
            errors: "Error: \(harness.rosterPath):14: these conflicts cannot be resolved a monster "
              + "at a time (a side is not a valid roster, or a conflict cuts through a monster); "
              + "keep one side of every conflict, or merge again monster by monster\n"))
    }
    #expect(harness.rosterBytes() == Data(text.utf8))
    #expect(harness.run(["resolve", "--theirs"]).code == .success)
    #expect(harness.run(["show", "dog-bot", "--field", "weapon"]).output == "fire\n")
  }

  @Test func aRosterWithNoConflictIsLeftAsItIs() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    #expect(
      harness.run(["resolve", "--ours"])
        == CommandResult(
          .success,
          errors: "monsters resolve: Nothing to resolve: \(harness.rosterPath) has no conflict.\n"))
  }

  @Test(arguments: [
    ["resolve"], ["resolve", "--ours", "--theirs"], ["resolve", "--ours", "--dry-run"],
  ])
  func oneSideMustBeGiven(_ arguments: [String]) throws {
    let harness = try conflicted()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(
      result.errors.contains("Usage: monsters resolve --ours [<monster>...] [--declarations]\n"))
  }

  @Test func aSideThatIsNotARosterIsNotKept() throws {
    let harness = try CommandLineHarness()
    try harness.write(seededRosterText, to: harness.path("base.json"))
    try harness.writeRoster(seededRosterText)
    try harness.write("\u{FEFF}" + seededRosterText, to: harness.path("theirs.json"))
    _ = harness.run(
      ["merge", harness.path("base.json"), harness.rosterPath, harness.path("theirs.json")])
    let before = harness.rosterBytes()
    let result = harness.run(["resolve", "--theirs"])
    #expect(result.code == .dataError)
    #expect(
      result.errors.hasPrefix(
        "Error: Theirs is not a valid roster, kept whole: \(harness.rosterPath) (theirs):1:1: "
          + "the file starts with a UTF-8 byte order mark"))
    #expect(harness.rosterBytes() == before)
    #expect(harness.run(["resolve", "--ours"]).code == .success)
    #expect(harness.rosterBytes() == Data(seededRosterText.utf8))
  }
}
