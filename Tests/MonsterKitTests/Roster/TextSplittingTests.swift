import TestSupport
import Testing

@testable import MonsterKit

/// Splitting at an ASCII delimiter against a model that works on an array of code points:
/// random text of delimiters, combining marks (which Swift joins to the character before
/// them) and other characters.
@Suite struct TextSplittingTests {
  private static let alphabet: [Unicode.Scalar] = [
    "/", "=", ",", "a", "\u{301}", "\u{338}", "\u{E9}", " ", "\u{200D}", "\u{1F431}", "\r", "\n",
  ]

  private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    String(String.UnicodeScalarView(scalars))
  }

  @Test func splitsAtTheDelimiterAsACodePoint() {
    var generator = SeededGenerator(seed: 31)
    for _ in 0..<3000 {
      let scalars = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
        Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)]
      }
      let text = Self.text(scalars)
      for delimiter in ["/", "=", ","] as [Unicode.Scalar] {
        let first = scalars.firstIndex(of: delimiter)
        let last = scalars.lastIndex(of: delimiter)
        // Compared as code points, not with Swift's `==`.
        let model = { (index: Int) in [Array(scalars[..<index]), Array(scalars[(index + 1)...])] }
        let pieces = { (split: (head: String, tail: String)) in
          [Array(split.head.unicodeScalars), Array(split.tail.unicodeScalars)]
        }
        #expect(text.split(atFirst: delimiter).map(pieces) == first.map(model))
        #expect(text.split(atLast: delimiter).map(pieces) == last.map(model))
        #expect(
          text.split(atEach: delimiter).map { Array($0.unicodeScalars) }
            == scalars.split(separator: delimiter, omittingEmptySubsequences: false).map(Array.init)
        )
        #expect(text.contains(codePoint: delimiter) == (first != nil))
        #expect(text.hasPrefix(codePoint: delimiter) == (scalars.first == delimiter))
        #expect(text.hasSuffix(codePoint: delimiter) == (scalars.last == delimiter))
      }
    }
  }

  @Test func aPathsFolderAndNameAreSplitAtItsLastSlash() {
    #expect(directory(of: "dir/\u{338}x.json") == "dir")
    #expect(baseName(of: "dir/\u{338}x.json") == "\u{338}x.json")
    #expect(directory(of: "/\u{338}x") == "/")
    #expect(directory(of: "x") == ".")
    #expect(baseName(of: "a/b/") == "")
  }
}
