import MonstersSystem
import Testing

@testable import MonsterKit

/// A roster with two problems, which a message names the first of.
private let twoProblems = RosterError.invalidRoster(
  path: "m.json",
  problems: [
    RosterProblem(line: 2, column: 3, message: "a"),
    RosterProblem(line: 4, column: 1, message: "b"),
  ])

@Suite struct RosterErrorTests {
  @Test(arguments: [
    (
      RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot"),
      "No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?"
    ),
    (.noSuchMonster("Zebra", suggestion: nil), "No monster named 'Zebra'."),
    (.nameTaken("Cat-Bot", by: "Cat-Bot"), "There is a monster named 'Cat-Bot' already."),
    (
      .nameTaken("cat-bot", by: "Cat-Bot"),
      "The name 'cat-bot' is taken: there is a monster named 'Cat-Bot' (names are compared ignoring case)."
    ),
    (.invalidName("", reason: .empty), "'' cannot be a monster's name: it is empty."),
    (
      .syntax(path: "m.json", line: 7, column: 5, message: "expected ',' or '}'"),
      "m.json:7:5: expected ',' or '}'"
    ),
    (.invalidRoster(path: "m.json", problems: []), "m.json: not a valid roster"),
    (
      .invalidRoster(path: "m.json", problems: [RosterProblem(line: 2, column: 3, message: "a")]),
      "m.json:2:3: a"
    ),
    (twoProblems, "m.json:2:3: a (and 1 more problem)"),
    (
      .invalidRoster(
        path: "m.json",
        problems: Array(repeating: RosterProblem(line: 1, column: 1, message: "a"), count: 4)),
      "m.json:1:1: a (and 3 more problems)"
    ),
    (.missingFile(path: "m.json"), "m.json: no such file."),
    (.fileExists(path: "m.json"), "m.json exists already."),
    (.fileTooLarge(path: "m.json"), "m.json is larger than 4 GiB, more than a roster file may be."),
    (
      .fileSystem(path: "m.json", action: .write, errno: Platform.ErrorNumber.noSpace),
      "Cannot write m.json: No space left on device. The file is as it was."
    ),
    (
      .notEditable(path: "<stdin>"),
      "<stdin> is a stream (standard input, a pipe, a FIFO or a terminal), not a file: a roster can "
        + "be read from it, not edited."
    ),
    (
      .lockTimeout(path: "m.json", seconds: 10),
      "Another program is editing m.json (the roster was locked for over 10 s); try again."
    ),
    (
      .lockTimeout(path: "m.json", seconds: 0.3),
      "Another program is editing m.json (the roster was locked for over 0.3 s); try again."
    ),
    (
      .lockTimeout(path: "m.json", seconds: 0.000_000_1),
      "Another program is editing m.json (the roster was locked for over 0.0000001 s); try "
        + "again."
    ),
    (
      .lockTimeout(path: "m.json", seconds: 0.000_025),
      "Another program is editing m.json (the roster was locked for over 0.000025 s); try "
        + "again."
    ),
  ])
  func messageReadsAsAUserExpects(_ error: RosterError, _ message: String) {
    #expect(error.description == message)
    #expect(error.message(hint: nil) == message)
  }

  @Test(arguments: [
    (RosterError.fileExists(path: "m.json"), "m.json exists already; use the hint."),
    (twoProblems, "m.json:2:3: a (and 1 more problem; use the hint)"),
    (
      .lockTimeout(path: "m.json", seconds: 10),
      "Another program is editing m.json (the roster was locked for over 10 s); try "
        + "again, or use the hint."
    ),
    (.invalidRoster(path: "m.json", problems: []), "m.json: not a valid roster"),
    (.missingFile(path: "m.json"), "m.json: no such file."),
  ])
  func aProgramsHintGoesWhereTheMessageHasRoomForIt(_ error: RosterError, _ message: String) {
    #expect(error.message(hint: "use the hint") == message)
  }

  @Test func noMessageNamesACommandLineFlagOrCommand() {
    let errors: [RosterError] = [
      .noSuchMonster("a", suggestion: "b"), .nameTaken("a", by: "A"),
      .invalidName("", reason: .empty),
      .syntax(path: "m.json", line: 1, column: 1, message: "expected a value"),
      .invalidRoster(
        path: "m.json",
        problems: Array(repeating: RosterProblem(line: 1, column: 1, message: "a"), count: 3)),
      .missingFile(path: "m.json"), .fileExists(path: "m.json"), .notARegularFile(path: "m.json"),
      .fileTooLarge(path: "m.json"), .changedWhileReading(path: "m.json"),
      .fileSystem(path: "m.json", action: .write, errno: Platform.ErrorNumber.noSpace),
      .lockTimeout(path: "m.json", seconds: 10),
    ]
    for error in errors {
      #expect(!error.description.contains("--"), "\(error)")
      #expect(!error.description.contains("monsters check"), "\(error)")
      #expect(!error.description.contains("monsters init"), "\(error)")
    }
  }

  @Test func controlCharactersInNamesAreShownEscaped() {
    #expect(
      RosterError.noSuchMonster("a\u{1B}[2Jb", suggestion: "c\nd").description
        == #"No monster named 'a\u{1B}[2Jb'. Did you mean 'c\nd'?"#)
    #expect(
      RosterError.invalidName("x\u{7}\u{7F}\u{85}\t\r", reason: .controlCharacter("\u{7}"))
        .description
        == #"'x\u{07}\u{7F}\u{85}\t\r' cannot be a monster's name: it holds a control character, U+0007."#
    )
  }

  @Test func escapedForMessageLeavesOtherTextAlone() {
    #expect(escapedForMessage("Émile \\ 😀 \u{2028}") == "Émile \\ 😀 \u{2028}")
    #expect(escapedForMessage("") == "")
  }
}
