import TestSupport
import Testing

@testable import MonstersCLI

/// The command line's own `joined(separator:)` of an array of strings gives what the
/// standard library's gives (reached here through a slice, which the command line's does
/// not take).
@Suite struct ArrayJoinedTests {
  @Test func joinsAsTheStandardLibraryDoes() {
    var generator = SeededGenerator(seed: 0x6A6F_696E)
    let pieces = ["", "a", ", ", "Cat-Bot", "é", "🐈‍⬛", " ", "\n", "x,y"]
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...6, using: &generator)
      let strings = (0..<count).map { _ in pieces.randomElement(using: &generator)! }
      let separator = pieces.randomElement(using: &generator)!
      #expect(strings.joined(separator: separator) == strings[...].joined(separator: separator))
    }
    #expect(["name", "weapon"].joined(separator: ", ") == "name, weapon")
    #expect([String]().joined(separator: ", ") == "")
    #expect(["one"].joined(separator: ", ") == "one")
  }
}
