import TestSupport
import Testing

@testable import MonsterKit

// Nesting: 512 levels are read, and deeper is refused without crashing.
extension JSONScannerTests {
  @Test func nestingDeeperThan512LevelsIsRefusedWithoutCrashing() {
    let levels = 100_000
    let arrays = [UInt8](repeating: UInt8(ascii: "["), count: levels)
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: 513, message: "nesting deeper than 512 levels")
    ) {
      try readRoster(bytes: arrays)
    }
    let objects = Array(repeating: Array(#"{"a":"#.utf8), count: levels).flatMap { $0 }
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: 512 * 5 + 1,
        message: "nesting deeper than 512 levels")
    ) {
      try readRoster(bytes: objects)
    }
    // In a monster: the array of monsters is level 2, the monster 3, its key's value 4.
    let inMonster = Array(#"{"version": 1, "monsters": [{"x": "#.utf8) + arrays
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: 34 + 510, message: "nesting deeper than 512 levels")
    ) {
      try readRoster(bytes: inMonster)
    }
  }

  @Test func nestingOf512LevelsIsRead() throws {
    // The value of `x` is level 2; 511 arrays reach level 512.
    let depth = 511
    let nested =
      [UInt8](repeating: UInt8(ascii: "["), count: depth)
      + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    let roster = try readRoster(bytes: rosterWithX(nested))
    var value = try #require(roster.otherFields.first?.value)
    var levels = 0
    while case .array(let elements) = value, let first = elements.first {
      levels += 1
      value = first
    }
    #expect(levels == depth - 1)
    #expect(value == .array([]))
    #expect(try readRoster(bytes: roster.canonicalJSON()) == roster)

    let oneMore = [UInt8(ascii: "[")] + nested + [UInt8(ascii: "]")]
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: 21 + 511, message: "nesting deeper than 512 levels")
    ) {
      try readRoster(bytes: valueOfX(oneMore))
    }
  }
}
