import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct UnresolvedConflictTests {
  /// The seeded roster with Cat-Bot's object, and later Ice-Bot's, between conflict markers.
  private static let conflicted: String = {
    var lines = seededRosterText.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let cat = Array(lines[3...8])
    lines.replaceSubrange(
      3...8,
      with: ["<<<<<<< ours"] + cat + ["======="]
        + cat.map { $0.replacingOccurrences(of: "sword", with: "fire") } + [">>>>>>> theirs"])
    let ice = (lines.firstIndex { $0.contains("Ice-Bot") } ?? 1) - 1
    lines.insert(contentsOf: ["<<<<<<< HEAD:monsters.json", "======="], at: ice)
    lines.insert(">>>>>>> feature", at: ice + 8)
    return lines.joined(separator: "\n")
  }()

  @Test(arguments: [
    ["list"], ["show", "Cat-Bot"], ["set", "Cat-Bot", "--weapon", "fire"],
    ["add", "Robo-Bot", "--weapon", "fire"], ["remove", "Dog-Bot"],
    ["rename", "Dog-Bot", "Hound-Bot"], ["list", "--format", "json"],
  ])
  func everyCommandSaysTheFileHasAnUnresolvedConflict(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.conflicted)
    #expect(
      harness.run(arguments)
        == CommandResult(
          .dataError,
          errors: "Error: \(harness.rosterPath):4: unresolved merge conflict (and 1 more; run "
            + "'monsters check')\n"))
    #expect(harness.rosterText() == Self.conflicted)
  }

  @Test func applySaysTheFileHasAnUnresolvedConflict() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.conflicted)
    let result = harness.run(["apply", "-"], input: "set Cat-Bot --weapon fire\n")
    #expect(result.code == .dataError)
    #expect(result.errors.contains("\(harness.rosterPath):4: unresolved merge conflict"))
  }

  @Test func checkListsEachConflict() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.conflicted)
    #expect(
      harness.run(["check"])
        == CommandResult(
          .failure,
          output: """
            \(harness.rosterPath):4: unresolved merge conflict
            \(harness.rosterPath):37: unresolved merge conflict

            """,
          errors: "Error: 2 problems in \(harness.rosterPath).\n"))
  }

  @Test func aMarkerLeftAfterAHalfResolvedConflictIsReported() throws {
    let harness = try CommandLineHarness()
    let halfDone = Self.conflicted.replacingOccurrences(of: "<<<<<<< ours\n", with: "")
    try harness.writeRoster(halfDone)
    let result = harness.run(["check"])
    #expect(result.code == .failure)
    #expect(result.output.hasPrefix("\(harness.rosterPath):10: unresolved merge conflict\n"))
  }

  @Test func aLineOfEqualsSignsAloneIsAJSONError() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{\n=======\n}\n")
    #expect(
      harness.run(["list"])
        == CommandResult(
          .dataError,
          errors: "Error: \(harness.rosterPath):2:1: expected a string key in double quotes\n"))
  }
}
