import Foundation
import MonstersCLI
import TestSupport
import Testing

/// How every command fails on a roster file it cannot use: a broken or invalid file is a data
/// error with its line and column, a folder or a missing folder an I/O error, a lock held too
/// long a busy error; and the file is left as it was.
@Suite struct RosterFailureTests {

  /// The commands that read the roster, each of which must fail the same way on a bad file;
  /// the edits among them must leave it as it was.
  static let readingCommands: [[String]] = [
    ["list"], ["list", "--format", "names"], ["show", "cat-bot"],
    ["show", "cat-bot", "--format", "json"], ["set", "cat-bot", "--weapon", "fire"],
    ["set", "cat-bot", "--weapon", "sword"],
  ]

  /// Runs every reading command on a file holding `text` and checks each fails with
  /// `code` and `Error: ` + `message`, and the file is left as it was.
  private func expectEveryCommandFails(
    on text: String, code: ExitCode, message: (String) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(text)
    for arguments in Self.readingCommands {
      #expect(
        harness.run(arguments)
          == CommandResult(code, errors: "Error: " + message(harness.rosterPath) + "\n"),
        "monsters \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
      #expect(harness.rosterText() == text, sourceLocation: sourceLocation)
    }
  }

  @Test func badJSONIsADataErrorWithLineAndColumn() throws {
    try expectEveryCommandFails(
      on: """
        {
          "version": 1,
          "monsters": [
            {
              "name": "Cat-Bot"
              "description": "x"
            }
          ]
        }
        """,
      code: .dataError, message: { "\($0):6:7: expected ',' or '}' after an object member" })
  }

  @Test func columnsCountCharacters() throws {
    try expectEveryCommandFails(
      on: "{\"version\": 1, \"monsters\": [{\"name\": \"Ça-Bot—é\" x",
      code: .dataError, message: { "\($0):1:49: expected ',' or '}' after an object member" })
  }

  @Test func anEmptyFileIsADataError() throws {
    try expectEveryCommandFails(
      on: "", code: .dataError,
      message: { "\($0):1:1: the file is empty; expected a JSON object" })
  }

  @Test func anInvalidRosterIsADataError() throws {
    try expectEveryCommandFails(
      on: rosterJSON([MonsterFields(name: "Cat-Bot", description: nil, icon: "c.png")]),
      code: .dataError, message: { "\($0):4:5: monster 1 ('Cat-Bot'): no 'description'" })
  }

  @Test func everyProblemIsCounted() throws {
    try expectEveryCommandFails(
      on: rosterJSON([
        MonsterFields(name: "Cat-Bot", description: nil, icon: "c.png", weapon: "axe"),
        MonsterFields(name: "cat-bot", icon: "c.png"),
      ]),
      code: .dataError,
      message: {
        "\($0):4:5: monster 1 ('Cat-Bot'): no 'description' "
          + "(and 2 more problems; run 'monsters check')"
      })
  }

  @Test func aNewerVersionIsRefused() throws {
    try expectEveryCommandFails(
      on: "{\n  \"version\": 2,\n  \"monsters\": []\n}\n", code: .dataError,
      message: {
        "\($0):2:14: the file is roster version 2, newer than this monsters reads (1); "
          + "use a newer monsters"
      })
  }

  @Test func aFolderWhereTheFileShouldBeIsAnIOError() throws {
    let harness = try CommandLineHarness()
    try FileManager.default.createDirectory(
      atPath: harness.rosterPath, withIntermediateDirectories: false)
    for arguments in Self.readingCommands {
      #expect(
        harness.run(arguments)
          == CommandResult(
            .ioError, errors: "Error: Cannot read \(harness.rosterPath): Is a directory.\n"))
    }
    for arguments in [["init"], ["init", "--force"]] {
      #expect(
        harness.run(arguments)
          == CommandResult(
            .ioError,
            errors: "Error: Cannot write \(harness.rosterPath): Is a directory. The file is as it "
              + "was.\n"))
    }
    let contents = try FileManager.default.contentsOfDirectory(atPath: harness.rosterPath)
    #expect(contents.isEmpty)
  }

  /// A named file in a folder that is not there is missing, as a file would be (66), for
  /// an edit and for init too, not a lock that failed (74).
  @Test func aMissingFolderIsAMissingInputForAnEdit() throws {
    let harness = try CommandLineHarness()
    let folder = harness.path("nowhere")
    let path = folder + "/monsters.json"
    let missing = CommandResult(
      .noInput,
      errors: "Error: No roster file at \(path), nor a folder \(folder) for it. Create both "
        + "with: mkdir -p \(folder) && monsters init --file \(path)\n")
    #expect(harness.run(["init", "--file", path]) == missing)
    #expect(harness.run(["set", "cat-bot", "--weapon", "fire", "--file", path]) == missing)
    #expect(harness.run(["list", "--format", "names", "--file", path]) == missing)
  }

  @Test
  func aLockHeldByAnotherProcessTimesOut() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = try #require(harness.rosterBytes())
    let holder = try LockHolder(folder: harness.folder)
    let result = harness.run(["set", "cat-bot", "--weapon", "fire", "--lock-timeout", "0.2"])
    let initResult = harness.run(["init", "--force", "--lock-timeout=0"])
    holder.release()
    #expect(
      result
        == CommandResult(
          .lockBusy,
          errors: "Error: Another monsters is editing \(harness.rosterPath) (the roster was "
            + "locked for over 0.2 s); try again, or raise --lock-timeout.\n"))
    #expect(
      initResult
        == CommandResult(
          .lockBusy,
          errors: "Error: Another monsters is editing \(harness.rosterPath) (the roster was "
            + "locked for over 0 s); try again, or raise --lock-timeout.\n"))
    #expect(harness.rosterBytes() == before)
    // Once the other process lets go, an edit goes through.
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire", "--lock-timeout", "0.2"])
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire.\n"))
  }

  @Test
  func readingNeedsNoLock() throws {
    let harness = try CommandLineHarness()
    let holder = try LockHolder(folder: harness.folder)
    defer { holder.release() }
    #expect(
      harness.run(["list", "--lock-timeout", "0"]) == CommandResult(.success, output: seededTable))
  }
}
