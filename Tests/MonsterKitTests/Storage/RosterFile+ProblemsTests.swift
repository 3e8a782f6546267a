import Foundation
import Synchronization
import Testing

@testable import MonsterKit

/// What is wrong with a file, by line and column, and whether a valid one is canonical.
@Suite struct RosterFileProblemsTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  // MARK: - Errors

  @Test func readOfABadFileNamesThePathAsGiven() throws {
    try write("{\n  \"version\": 1,\n  \"monsters\": [,]\n}\n", to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 3, column: 16, message: "unexpected ','; expected a value")
    ) {
      try RosterFile(path: path).read()
    }
  }

  @Test func emptyFileIsNotARoster() throws {
    try write([UInt8](), to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 1, column: 1, message: "the file is empty; expected a JSON object")
    ) {
      try RosterFile(path: path).read()
    }
  }

  // MARK: - Problems

  @Test func canonicalFileHasNoProblems() throws {
    try write(try Fixture.seeded(), to: path)
    #expect(try RosterFile(path: path).problems().isEmpty)
  }

  private static let notCanonicalMessage =
    "the file is valid but not in canonical form from this line on; "
    + "the next edit writes it in canonical form"

  /// Ways a valid file can differ from the canonical form, and the first line that differs.
  enum NotCanonical: String, CaseIterable, Sendable {
    case minified, leadingBlankLine, lineWithoutIndent, noSpaceAfterColon, needlessEscape
    case keysInAnotherOrder, noFinalNewline, extraFinalNewline

    func apply(to canonical: String) -> String {
      switch self {
      case .minified: minifiedSeeded
      case .leadingBlankLine: "\n" + canonical
      case .lineWithoutIndent:
        canonical.replacingOccurrences(of: "  \"version\"", with: "\"version\"")
      case .noSpaceAfterColon:
        canonical.replacingOccurrences(of: "\"weapon\": \"smoke\"", with: "\"weapon\":\"smoke\"")
      case .needlessEscape:
        canonical.replacingOccurrences(of: "MEE-OW", with: "MEE\\u002dOW")
      case .keysInAnotherOrder:
        canonical.replacingOccurrences(
          of: "\"icon\": \"meetfirebot.png\",\n      \"weapon\": \"ninjaStar\"",
          with: "\"weapon\": \"ninjaStar\",\n      \"icon\": \"meetfirebot.png\"")
      case .noFinalNewline: String(canonical.dropLast())
      case .extraFinalNewline: canonical + "\n"
      }
    }

    var firstDifferingLine: Int {
      switch self {
      case .minified, .leadingBlankLine: 1
      case .lineWithoutIndent: 2
      case .noSpaceAfterColon: 20
      case .needlessEscape: 6
      case .keysInAnotherOrder: 25
      case .noFinalNewline: 41
      case .extraFinalNewline: 42
      }
    }
  }

  @Test(arguments: NotCanonical.allCases)
  func validFileNotInCanonicalFormIsOneProblemOnItsFirstDifferingLine(_ kind: NotCanonical)
    throws
  {
    let changed = kind.apply(to: text(try Fixture.seeded()))
    #expect(Array(changed.utf8) != (try Fixture.seeded()))
    try write(changed, to: path)
    #expect(
      try RosterFile(path: path).problems() == [
        RosterProblem(
          line: kind.firstDifferingLine, column: 1, message: Self.notCanonicalMessage,
          kind: .layout)
      ])
  }

  @Test func lowerCaseHexColourIsNotCanonical() throws {
    let file = rosterText(
      ##"{"name": "A", "description": "d", "icon": "a.png", "weapon": "fire", "nameColor": "#ff8800"}"##
    )
    var roster = try readRoster(file)
    try write(roster.canonicalJSON(), to: path)
    #expect(try RosterFile(path: path).problems().isEmpty)
    try roster.apply(.set("A", .init(nameColor: .set(.red))))
    try write(
      text(roster.canonicalJSON()).replacingOccurrences(of: "\"red\"", with: "\"#ff8800\""),
      to: path)
    #expect(
      try RosterFile(path: path).problems() == [
        RosterProblem(line: 9, column: 1, message: Self.notCanonicalMessage, kind: .layout)
      ])
  }

  @Test func invalidFileGivesItsProblemsAndABadOneThrows() throws {
    try write(#"{"version": 2, "monsters": [1]}"#, to: path)
    let newer = RosterProblem(
      line: 1, column: 13,
      message: "the file is roster version 2, newer than this reader supports (1)")
    #expect(
      try RosterFile(path: path).problems() == [
        newer, RosterProblem(line: 1, column: 29, message: "monster 1 is not an object"),
      ])
    #expect(
      try RosterFile(path: path).problems()[0].message(program: "monsters")
        == "the file is roster version 2, newer than this monsters reads (1); use a newer monsters")
    try write(#"{"version": 1,}"#, to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 1, column: 15, message: "trailing comma before '}'")
    ) {
      try RosterFile(path: path).problems()
    }
  }

  @Test func problemsOfAMissingFileThrows() {
    #expect(throws: RosterError.missingFile(path: path)) {
      try RosterFile(path: path).problems()
    }
  }
}
