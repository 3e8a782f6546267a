import TestSupport
import Testing

@testable import MonsterKit

extension BadJSON {
  /// The error reading the document must throw.
  var error: RosterError {
    .syntax(path: scratchPath, line: line, column: column, message: message)
  }
}

@Suite struct JSONScannerTests {
  @Test(arguments: BadJSON.documents)
  func badInputIsRefusedWithItsPlaceAndMessage(_ input: BadJSON) {
    #expect(throws: input.error) {
      try readRoster(bytes: input.bytes)
    }
  }

  // MARK: - The top level

  @Test(arguments: ["[]", "\"roster\"", "1", "null", "true", "  [1, 2]  "])
  func aTopLevelThatIsNotAnObjectIsNotARoster(_ text: String) {
    #expect(
      throws: RosterError.invalidRoster(
        path: scratchPath,
        problems: [
          RosterProblem(
            line: 1, column: 1, message: "a roster is a JSON object with 'version' and 'monsters'")
        ])
    ) {
      try readRoster(text)
    }
  }
}
