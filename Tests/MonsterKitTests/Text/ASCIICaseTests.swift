import TestSupport
import Testing

@testable import MonsterKit

/// The one copy of ASCII lower-casing eight bytes at a time, held to lower-casing byte by
/// byte.
@Suite struct ASCIICaseTests {
  @Test func aByteIsLowerCasedOnlyWhenItIsACapital() {
    for byte in UInt8.min...UInt8.max {
      let expected = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
      #expect(asciiLowercased(byte) == expected, "byte \(byte)")
    }
  }

  @Test func eightBytesAtOnceAreLowerCasedAsEachAlone() {
    var generator = SeededGenerator(seed: 0x6C6F_7765_7263_6173)
    // Bytes near the edges of the capitals, and any byte, UTF-8's included.
    let edges: [UInt8] = [0x00, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7F, 0x80, 0xC1, 0xDA]
    for _ in 0..<20_000 {
      let bytes = (0..<8).map { _ in
        Bool.random(using: &generator)
          ? edges.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      let lowered = withUnsafeBytes(of: asciiLowercased(word)) { Array($0) }
      #expect(lowered == bytes.map(asciiLowercased), "\(bytes)")
    }
  }

  @Test func lowerCasingInPlaceCoversTheTailThatIsNotAWholeWord() {
    var generator = SeededGenerator(seed: 7)
    for count in 0..<40 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      var lowered = bytes
      lowered.withUnsafeMutableBytes(lowercaseASCII)
      #expect(lowered == bytes.map(asciiLowercased))
      #expect(bytes.withUnsafeBytes(isAllASCII) == bytes.allSatisfy { $0 < 0x80 })
    }
  }
}
