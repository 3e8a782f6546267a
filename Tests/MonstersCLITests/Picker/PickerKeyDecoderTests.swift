import TestSupport
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
    #expect(keys([0x7F]) == [.backspace])
    #expect(keys([0x08]) == [.backspace])
    #expect(keys([0x15]) == [.eraseLine])
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

  @Test func readsACharacterBeyondASCIIAsOneCharacter() {
    #expect(keys("é") == [.character("é")])
    #expect(keys("🐱q") == [.character("🐱"), .character("q")])
    #expect(keys("猫") == [.character("猫")])
    // A combining accent comes as a character of its own; the search joins them.
    #expect(keys("e\u{301}") == [.character("e"), .character("\u{301}")])
  }

  @Test func waitsForTheRestOfACharacterSplitAcrossReads() {
    var decoder = KeyDecoder()
    let bytes = Array("🐱".utf8)
    for byte in bytes.dropLast() {
      #expect(decoder.decode([byte]) == [])
      #expect(decoder.waitMilliseconds == KeyDecoder.sequenceWait)
    }
    #expect(decoder.decode([bytes[3]]) == [.character("🐱")])
    #expect(decoder.waitMilliseconds == nil)
    #expect(decoder.decode([0xC3]) == [])
    #expect(decoder.flush() == [.other])
  }

  @Test(
    arguments: [
      ([0xC3, 0x28], [PickerKey.other, .character("(")]),  // a lead byte without its second
      ([0xFF], [.other]), ([0x80], [.other]),  // bytes that never start a character
      ([0xC0, 0x80], [.other, .other]),  // an overlong NUL
      ([0xE0, 0x80, 0x80], [.other]),  // an overlong encoding
      ([0xED, 0xA0, 0x80], [.other]),  // a surrogate
      ([0xC2, 0x9B, 0x71], [.other, .character("q")]),  // a C1 control (CSI), then q
      ([0xF4, 0x90, 0x80, 0x80], [.other]),  // beyond U+10FFFF
    ] as [([UInt8], [PickerKey])])
  func readsBrokenUTF8AsOtherKeysAndGoesOn(bytes: [UInt8], expected: [PickerKey]) {
    #expect(keys(bytes) == expected)
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

  /// A key with Alt held, a function key, focus reports, a string a terminal replies with,
  /// a mouse report of another protocol: none is Esc, which would close the picker, and none
  /// leaves a key behind, in one read or byte by byte.
  @Test(arguments: [
    "\u{1B}x", "\u{1B}q", "\u{1B}1", "\u{1B}\r", "\u{1B}\u{7F}", "\u{1B}é", "\u{1B}[15~",
    "\u{1B}[1;5P", "\u{1B}[I", "\u{1B}[O", "\u{1B}\u{1B}[A", "\u{1B}\u{1B}OB",
    "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",
    "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_Gi=1;OK\u{1B}\\", "\u{1B}[32;10;5M", "\u{1B}[<0;10;5;1M",
  ])
  func readsAltKeysAndUnknownSequencesAsNoKeyAndNeverAsEsc(sequence: String) {
    var whole = KeyDecoder()
    let read = whole.decode(Array(sequence.utf8)) + whole.flush()
    #expect(read == [.other])
    var split = KeyDecoder()
    var bytewise: [PickerKey] = []
    for byte in sequence.utf8 { bytewise += split.decode([byte]) }
    #expect(bytewise + split.flush() == [.other])
  }

  @Test func readsEscBeforeEscOrCtrlCAsTheKeysPressed() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, 0x1B]) == [])
    #expect(decoder.waitMilliseconds == KeyDecoder.escapeWait)
    #expect(decoder.flush() == [.escape, .escape])
    #expect(keys("\u{1B}\u{1B}q") == [.escape, .other])
    #expect(keys([0x1B, 0x03]) == [.interrupt])
  }

  @Test func readsABracketedPasteAsOnePasteWhateverItHolds() {
    let text = "Ice-Bot\r12q\u{1B}[A\u{1B}"
    #expect(keys("\u{1B}[200~\(text)\u{1B}[201~q") == [.paste(text), .character("q")])
    // Split at every byte, the end included.
    var decoder = KeyDecoder()
    var read: [PickerKey] = []
    for byte in "\u{1B}[200~\(text)\u{1B}[201~".utf8 {
      read += decoder.decode([byte])
      #expect(decoder.waitMilliseconds != nil || read == [.paste(text)])
    }
    #expect(read == [.paste(text)])
    #expect(decoder.waitMilliseconds == nil)
  }

  @Test func keepsAtMostTheLongestPasteAndEndsAPasteThatNeverEnds() {
    var decoder = KeyDecoder()
    let long = String(repeating: "a", count: 100_000)
    #expect(decoder.decode(Array("\u{1B}[200~\(long)".utf8)) == [])
    #expect(decoder.waitMilliseconds == KeyDecoder.sequenceWait)
    let flushed = decoder.flush()
    #expect(flushed == [.paste(String(repeating: "a", count: KeyDecoder.longestPaste))])
    #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
  }

  @Test func readsUnknownSequencesAsOtherKeys() {
    #expect(keys("\u{1B}[2~") == [.other])
    #expect(keys("\u{1B}[5M") == [.other])
    #expect(keys("\u{1B}OP") == [.other])
    // A broken sequence is dropped up to the byte that broke it.
    #expect(keys("\u{1B}[1\u{03}") == [.other, .interrupt])
  }

  @Test func dropsASequenceLongerThanAnyKeyAndReadsOn() {
    var decoder = KeyDecoder()
    let flood = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 10_000)
    let decoded = decoder.decode(flood + Array("q".utf8))
    #expect(decoded.first == .other)
    #expect(decoded.last == .character("q"))
    #expect(decoder.waitMilliseconds == nil)
  }
}

// MARK: - The mouse

extension PickerKeyDecoderTests {
  private func mouse(_ action: MouseEvent.Action, _ column: Int, _ row: Int) -> PickerKey {
    .mouse(MouseEvent(action: action, column: column, row: row))
  }

  @Test func readsSGRPressesAndReleasesWithTheCellCountedFromZero() {
    #expect(keys("\u{1B}[<0;10;5M") == [mouse(.press(.left), 9, 4)])
    #expect(keys("\u{1B}[<0;10;5m") == [mouse(.release(.left), 9, 4)])
    #expect(keys("\u{1B}[<1;1;1M") == [mouse(.press(.middle), 0, 0)])
    #expect(keys("\u{1B}[<2;80;24M") == [mouse(.press(.right), 79, 23)])
    #expect(keys("\u{1B}[<2;3;4m") == [mouse(.release(.right), 2, 3)])
  }

  @Test func readsTheWheel() {
    #expect(keys("\u{1B}[<64;3;4M") == [mouse(.wheelUp, 2, 3)])
    #expect(keys("\u{1B}[<65;3;4M") == [mouse(.wheelDown, 2, 3)])
    // Sideways steps are no action.
    #expect(keys("\u{1B}[<66;3;4M") == [.other])
    #expect(keys("\u{1B}[<67;3;4M") == [.other])
  }

  @Test func readsAClickWithShiftMetaOrControlAsAClick() {
    #expect(keys("\u{1B}[<4;2;2M") == [mouse(.press(.left), 1, 1)])
    #expect(keys("\u{1B}[<16;2;2M") == [mouse(.press(.left), 1, 1)])
    #expect(keys("\u{1B}[<80;2;2M") == [mouse(.wheelUp, 1, 1)])
  }

  @Test func readsMotionsAndExtraButtonsAsOtherKeys() {
    #expect(keys("\u{1B}[<32;2;2M") == [.other])
    #expect(keys("\u{1B}[<35;2;2M") == [.other])
    #expect(keys("\u{1B}[<128;2;2M") == [.other])
    #expect(keys("\u{1B}[<256;2;2M") == [.other])
  }

  @Test func keepsAPlaceBeyondTheScreenAndDropsHugeNumbers() {
    #expect(keys("\u{1B}[<0;9999;9999M") == [mouse(.press(.left), 9998, 9998)])
    #expect(keys("\u{1B}[<0;999999;1M") == [mouse(.press(.left), 999_998, 0)])
    #expect(keys("\u{1B}[<0;1000000;1M") == [.other])
    #expect(keys("\u{1B}[<0;1;99999999999999999999999M") == [.other])
    #expect(keys("\u{1B}[<9999999;1;1M") == [.other])
  }

  @Test(arguments: [
    "\u{1B}[<0;10M", "\u{1B}[<0;;5M", "\u{1B}[<;1;1M", "\u{1B}[<0;1;2;3M", "\u{1B}[<0;0;5M",
    "\u{1B}[<0;5;0M", "\u{1B}[<M", "\u{1B}[<0:1;1;1M", "\u{1B}[<0;1;1~", "\u{1B}[0;1;1m",
  ])
  func readsABrokenMouseReportAsOneOtherKey(report: String) {
    #expect(keys(report + "q") == [.other, .character("q")])
  }

  @Test func readsGarbageThatEndsAReportEarlyAsTheKeysItHolds() {
    // `a` ends a CSI sequence, so what follows it is typed.
    #expect(
      keys("\u{1B}[<1a;2M") == [.other, .character(";"), .character("2"), .character("M")])
  }

  @Test func joinsAReportSplitAcrossReadsAtAnyByte() {
    let report = Array("\u{1B}[<0;123;45m".utf8)
    for split in 1..<report.count {
      var decoder = KeyDecoder()
      #expect(decoder.decode(report[..<split]) == [])
      #expect(decoder.waitMilliseconds != nil)
      #expect(decoder.decode(report[split...]) == [mouse(.release(.left), 122, 44)])
    }
  }

  @Test func readsX10ReportsFromATerminalWithoutSGR() {
    func x10(_ code: UInt8, _ column: UInt8, _ row: UInt8) -> [UInt8] {
      [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), 32 + code, 32 + column, 32 + row]
    }
    #expect(keys(x10(0, 10, 5)) == [mouse(.press(.left), 9, 4)])
    #expect(keys(x10(3, 10, 5)) == [mouse(.release(nil), 9, 4)])
    #expect(keys(x10(65, 1, 1)) == [mouse(.wheelDown, 0, 0)])
    // A column of 0 is no place; the report is dropped whole, not read as keys.
    #expect(keys(x10(0, 0, 5) + Array("q".utf8)) == [.other, .character("q")])
    var decoder = KeyDecoder()
    #expect(decoder.decode(x10(0, 10, 5).prefix(4)) == [])
    #expect(decoder.decode(x10(0, 10, 5).dropFirst(4)) == [mouse(.press(.left), 9, 4)])
  }

  /// Bytes in which escape sequences, mouse reports and UTF-8 are likely: what a terminal
  /// sends, and garbage made of the same pieces. (No line feed: CR LF split across two
  /// reads is two Enters, as it must be, since Enter cannot wait to see what follows.)
  private static func randomBytes(_ generator: inout SeededGenerator) -> [UInt8] {
    let pieces: [[UInt8]] = [
      [0x1B], Array("[".utf8), Array("[<".utf8), Array("O".utf8), Array("M".utf8),
      Array("m".utf8), Array(";".utf8), Array("0".utf8), Array("65".utf8), Array("123".utf8),
      Array("~".utf8), Array("q".utf8), Array("é".utf8), [0xF0, 0x9F], [0x80], [0xFF], [0x0D],
      [0x7F], [0x03], Array("]".utf8), [0x07], Array("\\".utf8), Array("\u{1B}[200~".utf8),
      Array("\u{1B}[201~".utf8),
    ]
    return (0..<Int.random(in: 1...40, using: &generator)).flatMap { _ in
      pieces.randomElement(using: &generator) ?? []
    }
  }

  @Test func readsAnyBytesTheSameInOneReadOrByteByByte() {
    var generator = SeededGenerator(seed: 0x6D6F_7573)
    for _ in 0..<2_000 {
      let bytes = Self.randomBytes(&generator)
      var whole = KeyDecoder()
      let expected = whole.decode(bytes) + whole.flush()
      var split = KeyDecoder()
      var keys: [PickerKey] = []
      var index = 0
      while index < bytes.count {
        let end = min(bytes.count, index + Int.random(in: 1...4, using: &generator))
        keys += split.decode(bytes[index..<end])
        index = end
      }
      keys += split.flush()
      #expect(keys == expected, "\(bytes.map { String($0, radix: 16) })")
      #expect(split.waitMilliseconds == nil)
    }
  }
}
