import Testing

@testable import MonsterKit

@Suite struct DuplicateKeyDetectorTests {
  /// Past 16 keys an object's keys are kept in a set: duplicates are found there too, and
  /// keys that differ only in Unicode normalization are still two keys.
  @Test func duplicateKeyIsFoundAmongManyKeys() throws {
    let members = (0..<20).map { #""k\#($0)": \#($0)"# }
    let prefix = #"{"version": 1, "monsters": [], "# + members.joined(separator: ", ") + ", "
    let duplicate = prefix + #""k3": 1}"#
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: prefix.count + 1,
        message: "duplicate key 'k3' in one object")
    ) {
      try readRoster(duplicate)
    }
    let distinct = try readRoster(prefix + #""é": 1, "e\u0301": 2}"#)
    #expect(distinct.otherFields.count == 22)
    let escapedDuplicate = prefix + #""é": 1, "\u00e9": 2}"#
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: prefix.count + 9,
        message: "duplicate key 'é' in one object")
    ) {
      try readRoster(escapedDuplicate)
    }
  }

  @Test func keysAreComparedCodePointByCodePoint() throws {
    var keys = DuplicateKeyDetector()
    for key in ["K", "\u{212A}", "é", "e\u{301}", "k"] {
      try keys.insert(key, at: 0)
    }
    #expect(throws: JSONSyntaxError(offset: 9, message: "duplicate key 'é' in one object")) {
      try keys.insert("é", at: 9)
    }
  }
}
