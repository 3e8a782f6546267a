import Foundation
import Testing

/// Which roster file a command uses, and what a missing one holds: the default
/// `monsters.json` may be missing and holds the seeded roster; a file named by `--file` or
/// `MONSTERS_FILE` must exist, so that a mistyped path cannot give a right-looking answer or
/// create a stray file; `init` is the one command that creates it.
@Suite struct RosterFileChoiceTests {
  /// The message for a named file that is missing, whose hint names it as `shellWord`.
  private func missing(_ path: String, as shellWord: String? = nil) -> String {
    "Error: No roster file at \(path). Create one with: monsters init --file \(shellWord ?? path)\n"
  }

  static let commands: [[String]] = [
    ["list"], ["show", "cat-bot"], ["set", "cat-bot", "--weapon", "fire"],
    ["add", "Robo-Bot", "--weapon", "fire"], ["remove", "cat-bot"],
    ["rename", "cat-bot", "Kit-Bot"], ["set", "cat-bot", "--weapon", "fire", "--dry-run"],
  ]

  /// Every command that reads the roster, `apply` too, whose script is the input the others
  /// do not read.
  @Test(arguments: commands + [["apply"]])
  func aMissingFileNamedByTheOptionIsNoInput(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let typo = harness.path("typo.json")
    let script = "set cat-bot --weapon fire\n"
    #expect(
      harness.run(["--file", typo] + arguments, input: script)
        == CommandResult(.noInput, errors: missing(typo)))
    #expect(
      harness.run(arguments, environment: ["MONSTERS_FILE": typo], input: script)
        == CommandResult(.noInput, errors: missing(typo)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder).isEmpty)
  }

  @Test func aPathThatNeedsQuotingIsQuotedInTheHint() throws {
    let harness = try CommandLineHarness()
    let path = harness.path("my roster.json")
    #expect(
      harness.run(["--file", path, "list"])
        == CommandResult(.noInput, errors: missing(path, as: "'\(path)'")))
  }

  /// A named file that is a link to nowhere: the hint creates the link's target, through
  /// which the link then reads, as `init` writes through no link that leads nowhere.
  @Test func aNamedLinkToNowhereIsNoInputAndTheHintCreatesItsTarget() throws {
    let harness = try CommandLineHarness()
    let link = harness.path("d.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "sub/n.json")
    let target = harness.path("sub/n.json")
    #expect(
      harness.run(["--file", link, "list"])
        == CommandResult(
          .noInput,
          errors: "Error: \(link) is a symbolic link to \(target), which does not exist, nor a "
            + "folder \(harness.path("sub")) for it. Create both with: mkdir -p "
            + "\(harness.path("sub")) && monsters init --file \(target)\n"))
    try FileManager.default.createDirectory(
      atPath: harness.path("sub"), withIntermediateDirectories: false)
    #expect(
      harness.run(["--file", link, "set", "cat-bot", "--weapon", "fire"])
        == CommandResult(
          .noInput,
          errors: "Error: \(link) is a symbolic link to \(target), which does not exist. "
            + "Create it with: monsters init --file \(target)\n"))
    #expect(harness.run(["init", "--file", target]).code == .success)
    #expect(
      harness.run(["--file", link, "set", "cat-bot", "--weapon", "fire"])
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire.\n"))
  }

  @Test func initCreatesANamedFileThatOtherCommandsThenUse() throws {
    let harness = try CommandLineHarness()
    let path = harness.path("team.json")
    #expect(
      harness.run(["init", "--file", path])
        == CommandResult(.success, output: "Wrote the seeded roster to \(path).\n"))
    #expect(
      harness.run(["--file", path, "set", "cat-bot", "--weapon", "fire"])
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire.\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["team.json"])
  }

  @Test func theDefaultFileMayBeMissingAndTheFirstEditCreatesIt() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--format", "names"]) == CommandResult(.success, output: seededNames))
    #expect(harness.rosterBytes() == nil)
    #expect(harness.run(["set", "cat-bot", "--weapon", "fire"]).code == .success)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["monsters.json"])
  }

  @Test func standardInputIsReadAndNeverEdited() throws {
    let harness = try CommandLineHarness()
    let roster = rosterJSON([MonsterFields(name: "Zed-Bot")])
    #expect(
      harness.run(["-f", "-", "list", "--format", "names"], input: roster)
        == CommandResult(.success, output: "Zed-Bot\n"))
    #expect(
      harness.run(
        ["list", "--format", "names"], environment: ["MONSTERS_FILE": "-"], input: roster)
        == CommandResult(.success, output: "Zed-Bot\n"))
    let notEdited =
      "Error: <stdin> is a stream (standard input, a pipe, a FIFO or a terminal), not a file: a roster "
      + "can be read from it, not edited.\n"
    // A usage error: the message, then the usage of the command that was to edit.
    for arguments in [
      ["set", "zed-bot", "--weapon", "smoke"], ["init"],
      // apply reads its script from standard input too: what is refused is still the edit.
      ["apply"],
    ] {
      let result = harness.run(
        ["-f", "-"] + arguments,
        input: arguments == ["apply"] ? "set zed-bot --weapon smoke\n" : roster)
      #expect(result.code == .usage && result.output.isEmpty, "\(arguments)")
      #expect(
        result.errors.hasPrefix(notEdited + "Usage: monsters \(arguments[0]) "),
        "\(result.errors)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder).isEmpty)
  }
}
