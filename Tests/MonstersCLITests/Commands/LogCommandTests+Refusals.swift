import Foundation
import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

// What log refuses: a roster outside git, a history with no commit, a word that is both a
// revision and a monster, a name no commit named, a line it cannot run.

extension LogCommandTests {
  @Test func outsideAWorkTreeItSaysSoAndExits66() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    #expect(
      harness.run(["log"], environment: ["PATH": "/usr/bin:/bin"])
        == CommandResult(
          .noInput,
          errors: "Error: \(harness.rosterPath) is not in a git work tree: 'monsters log' reads "
            + "the history git keeps of it (run it in a clone, or name a roster in one with "
            + "--file).\n"))
  }

  @Test func aRepositoryWithNoCommitHasNoHistoryYet() throws {
    let repository = try GitRepository()
    repository.monsters("init")
    #expect(
      repository.monsters("log")
        == CommandResult(
          .success,
          errors: "monsters log: \(repository.harness.rosterPath) has no history yet: the "
            + "repository has no commit.\n"
        ))
  }

  @Test func aWordThatIsBothARevisionAndAMonsterIsRefused() throws {
    let (repository, _) = try history()
    try repository.git("branch", "Cat-Bot")
    let result = repository.monsters("log", "Cat-Bot")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: 'Cat-Bot' is both a revision and a monster of the roster: write the revision "
          + "as 'heads/Cat-Bot' or 'Cat-Bot^0', or the monster in other case.\n"))
    #expect(repository.monsters("log", "cat-bot").code == .success)
    #expect(repository.monsters("log", "heads/Cat-Bot", "-n", "1").code == .success)
  }

  @Test func aNameNoCommitNamedIsAnErrorWithASuggestion() throws {
    let (repository, _) = try history()
    #expect(
      repository.monsters("log", "cat-bott")
        == CommandResult(
          .failure,
          errors: "Error: No monster named 'cat-bott'. Did you mean 'Cat-Bot'? It is not a "
            + "revision git knows, and no commit of the history read changed a monster of that "
            + "name in \(repository.harness.rosterPath).\n"))
    // A range past the history's start is no revision either, and says so.
    let range = repository.monsters("log", "HEAD~50..HEAD")
    #expect(range.code == .failure)
    #expect(range.errors.contains("'HEAD~50..HEAD'. It is not a revision git knows"))
  }

  @Test(arguments: [
    (
      ["-f", "-", "log"], "log reads the history git keeps of a roster file: name a file, not '-'."
    ),
    (
      ["log", "-n", "x"],
      "Invalid value for '--max-count <number>': 'x' is not a number of commits."
    ),
    (
      ["log", "-n", "-1"],
      "Invalid value for '--max-count <number>': '-1' is not a number of commits."
    ),
    (
      ["log", "--since", "yesterdy"],
      "Invalid value for '--since <date>': 'yesterdy' is not a date git reads, such as "
        + "2024-05-01, yesterday or '2 weeks ago'."
    ),
    (
      ["log", "--since", ""],
      "Invalid value for '--since <date>': '' is not a date git reads, such as 2024-05-01, "
        + "yesterday or '2 weeks ago'."
    ),
  ])
  func aLineItCannotRunIsAUsageError(arguments: [String], message: String) throws {
    let (repository, _) = try history()
    let result = repository.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: " + message + "\n"))
  }
}
