import Foundation
import Testing

@testable import MonstersCLI

/// `monsters rename`.
@Suite struct RenameCommandTests {
  @Test func renameKeepsThePlace() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["rename", "dog-bot", "Hound-Bot"])
        == CommandResult(
          .success, output: "Renamed Dog-Bot to Hound-Bot.\n", errors: harness.createdNote("rename")
        ))
    #expect(
      harness.run(["list", "--format", "names"]).output
        == seededNames.replacingOccurrences(of: "Dog-Bot", with: "Hound-Bot"))
    #expect(harness.run(["rename", "hound-bot", "HOUND-BOT"]).code == .success)
    #expect(harness.run(["show", "Hound-Bot"]).output.hasPrefix("HOUND-BOT\n"))
  }

  @Test func anEmptyNewNameIsAUsageError() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["rename", "Cat-Bot", ""])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: '' cannot be a monster's name: it is empty.\nUsage: monsters rename "))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aTakenNewNameFails() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(["rename", "Dog-Bot", "cat-bot"])
    #expect(result.code == .failure)
    #expect(result.errors.hasPrefix("Error: The name "))
    #expect(harness.rosterText() == seededRosterText)
  }

  /// A script that renames can run again: the second time there is no monster by the old
  /// name, which `--if-exists` notes, naming the command and the file, and exits 0.
  @Test func renameIfExistsIsANoteWhenNoMonsterHasTheName() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    #expect(
      harness.run(["rename", "fire-bot", "Blaze-Bot", "--if-exists"])
        == CommandResult(.success, output: "Renamed Fire-Bot to Blaze-Bot.\n"))
    let renamed = try #require(FileIdentity(path: harness.rosterPath))
    let note =
      "monsters rename: Nothing to rename in \(harness.rosterPath): no monster named 'fire-bot'.\n"
    #expect(
      harness.run(["rename", "fire-bot", "Blaze-Bot", "--if-exists"])
        == CommandResult(.success, errors: note))
    #expect(
      harness.run(["rename", "fire-bot", "Blaze-Bot", "--if-exists", "--dry-run", "--exit-code"])
        == CommandResult(.success, errors: note))
    #expect(FileIdentity(path: harness.rosterPath) == renamed)
    // Without it, the same line fails; with it, a taken new name still does.
    #expect(harness.run(["rename", "fire-bot", "Blaze-Bot"]).code == .failure)
    #expect(harness.run(["rename", "cat-bot", "dog-bot", "--if-exists"]).code == .failure)
  }

  @Test func renameIfExistsInAScriptNotesItsLine() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(
      ["apply"], input: "rename Nobody Somebody --if-exists\nrename dog-bot Hound-Bot --if-exists\n"
    )
    #expect(
      result
        == CommandResult(
          .success,
          output: "Renamed Dog-Bot to Hound-Bot.\nApplied 2 edits to \(harness.rosterPath).\n",
          errors: harness.createdNote("apply")
            + "monsters apply: <stdin>:1: Nothing to rename in \(harness.rosterPath): no "
            + "monster named 'Nobody'.\n"))
  }

  /// `--` ends the options, and rename takes two arguments: once it has them, a word that
  /// starts with a dash is an option again.
  @Test func namesThatStartWithADashFollowDoubleDash() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["add", "--", "-Odd-Bot", "--weapon", "fire"]).code == .success)
    #expect(
      harness.run(["rename", "--", "-odd-bot", "--Even-Bot", "--dry-run"]).output
        .contains("+      \"name\": \"--Even-Bot\","))
    #expect(
      harness.run(["rename", "--", "-odd-bot", "--Even-Bot"])
        == CommandResult(.success, output: "Renamed -Odd-Bot to --Even-Bot.\n"))
  }
}
