import Testing

@testable import MonstersCLI

@Suite struct PickerKeyDecoderTests {
  private func keys(_ bytes: [UInt8]) -> [PickerKey] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes)
  }

  private func keys(_ text: String) -> [PickerKey] {
    keys(Array(text.utf8))
  }

  @Test(arguments: [
    ("\u{1B}[A", PickerKey.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
    ("\u{1B}[1;5C", .right), ("\u{1B}[1;2A", .up),
  ])
  func readsEscapeSequences(sequence: String, key: PickerKey) {
    #expect(keys(sequence) == [key])
  }

  @Test func readsControlBytes() {
    #expect(keys([0x09]) == [.tab])
    #expect(keys([0x0D]) == [.enter])
    #expect(keys([0x0A]) == [.enter])
    #expect(keys([0x03]) == [.interrupt])
    #expect(keys([0x1A]) == [.suspend])
    #expect(keys([0x7F]) == [.other])
    #expect(keys([0x00]) == [.other])
  }

  @Test func readsCarriageReturnAndLineFeedAsOneEnter() {
    #expect(keys([0x0D, 0x0A]) == [.enter])
    #expect(keys([0x0D, 0x0D]) == [.enter, .enter])
    #expect(keys([0x0A, 0x0A]) == [.enter, .enter])
  }

  @Test func readsPrintableCharacters() {
    #expect(
      keys("q15 Q") == [
        .character("q"), .character("1"), .character("5"), .character(" "), .character("Q"),
      ])
  }

  @Test func readsACharacterBeyondASCIIAsOneOtherKey() {
    #expect(keys("é") == [.other])
    #expect(keys("🐱q") == [.other, .character("q")])
  }

  @Test func readsSeveralKeysInOneRead() {
    #expect(keys("\u{1B}[C\u{1B}[Cq\r") == [.right, .right, .character("q"), .enter])
  }

  @Test func waitsBeforeTakingALoneEscForEsc() {
    var decoder = KeyDecoder()
    #expect(decoder.waitMilliseconds == nil)
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.waitMilliseconds == KeyDecoder.escapeWait)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.waitMilliseconds == nil)
    #expect(decoder.flush() == [])
  }

  @Test func joinsASequenceSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.decode([UInt8(ascii: "[")]) == [])
    #expect(decoder.waitMilliseconds == KeyDecoder.sequenceWait)
    #expect(decoder.decode([UInt8(ascii: "6")]) == [])
    #expect(
      decoder.decode([UInt8(ascii: "~"), UInt8(ascii: "q")]) == [.pageDown, .character("q")])
    #expect(decoder.waitMilliseconds == nil)
  }

  @Test func dropsASequenceThatNeverEnds() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[1;".utf8)) == [])
    #expect(decoder.flush() == [.other])
  }

  @Test func readsEscFollowedByAnotherKeyAsBoth() {
    #expect(keys("\u{1B}q") == [.escape, .character("q")])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func readsUnknownSequencesAsOtherKeys() {
    #expect(keys("\u{1B}[2~") == [.other])
    #expect(keys("\u{1B}[M") == [.other])
    #expect(keys("\u{1B}OP") == [.other])
    // A broken sequence is dropped up to the byte that broke it.
    #expect(keys("\u{1B}[1\u{03}") == [.other, .interrupt])
  }
}
