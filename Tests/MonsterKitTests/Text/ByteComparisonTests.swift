import TestSupport
import Testing

@testable import MonsterKit

/// The byte comparisons against `Array`'s own: at every length around the byte-by-byte path
/// (under 8 bytes), the words of up to 32 bytes, and the eight-at-a-time loop, with a
/// difference at every place or none.
@Suite struct ByteComparisonTests {
  @Test func bytesEqualAndFirstMismatchAgreeWithArrays() {
    var generator = SeededGenerator(seed: 16)
    for count in 0...70 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      var variants = [bytes, bytes + [0], Array(bytes.dropLast())]
      for place in bytes.indices {
        var changed = bytes
        changed[place] ^= 1 << UInt8.random(in: 0...7, using: &generator)
        variants.append(changed)
      }
      for other in variants {
        bytes.withUnsafeBytes { mine in
          other.withUnsafeBytes { theirs in
            #expect(bytesEqual(mine, theirs) == (bytes == other), "\(bytes) \(other)")
            let mismatch = (0..<min(bytes.count, other.count)).first { bytes[$0] != other[$0] }
            #expect(firstMismatch(mine, theirs) == mismatch)
          }
        }
      }
    }
  }

  @Test func stringsHaveTheSameCodePointsWhenTheirBytesAreTheSame() {
    let texts = ["", "a", "team", "\u{E9}", "e\u{301}", "K", "\u{212A}", "a-much-longer-key-name"]
    for text in texts {
      for other in texts {
        #expect(text.hasSameCodePoints(as: other) == (Array(text.utf8) == Array(other.utf8)))
        #expect(
          text.hasSameCodePoints(as: other, otherIsASCII: other.isASCII)
            == text.hasSameCodePoints(as: other))
      }
    }
  }
}
