import Testing

@testable import MonsterKit

/// Text made safe for a terminal and short enough for a message.
@Suite struct TextEscapingTests {
  static let bidiControls: [Unicode.Scalar] = [
    "\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
    "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
  ]

  @Test(arguments: bidiControls)
  func bidirectionalControlsAreEscapedLikeControlCharacters(_ control: Unicode.Scalar) {
    let hex = String(control.value, radix: 16, uppercase: true)
    let text = "abc" + String(control) + "fed\u{1B}"
    #expect(escapedForTerminal(text) == "abc\\u{\(hex)}fed\\u{1B}")
    #expect(escapedForTerminal(escapedForTerminal(text)) == escapedForTerminal(text))
    #expect(escapedForMessage(text) == "abc\\u{\(hex)}fed\\u{1B}")
    var bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes(holdsTerminalControl))
    bytes = Array(String(control).utf8)
    #expect(bytes.withUnsafeBytes { bidiControl(in: $0, at: 0)?.scalar } == control.value)
  }

  /// Every scalar the byte-level test takes for a bidirectional control is one, and no
  /// other scalar is: a terminal is never shown one raw, and no other text is escaped.
  @Test func theByteLevelTestFindsExactlyTheBidirectionalControls() {
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control
      else { continue }
      let bytes = Array(String(scalar).utf8)
      let found = bytes.withUnsafeBytes(holdsTerminalControl)
      #expect(found == scalar.properties.isBidiControl, "U+\(String(value, radix: 16))")
    }
  }

  @Test(arguments: [
    "Émile \\ 😀 \u{2028}", "👨\u{200D}👩\u{200D}👧", "שלום", "مرحبا", "Ice\u{200B}-Bot", "a\u{202F}b",
  ])
  func otherTextIsLeftAloneOnATerminal(_ text: String) {
    #expect(escapedForTerminal(text) == text)
  }

  @Test(arguments: ["Émile \\ 😀 \u{2028}", "שלום", "مرحبا", "a\u{202F}b", "e\u{301}"])
  func textWithoutFormatCharactersIsLeftAloneInMessages(_ text: String) {
    #expect(escapedForMessage(text) == text)
  }

  /// A message tells exactly what a value holds: zero-width spaces and joiners, the byte
  /// order mark, word joiners, soft hyphens and tag characters, which a terminal shows as
  /// nothing, are shown escaped, as the bidirectional controls are.
  @Test(arguments: [
    ("Ice\u{200B}-Bot", #"Ice\u{200B}-Bot"#), ("\u{FEFF}Ice", #"\u{FEFF}Ice"#),
    ("a\u{200C}b\u{200D}c\u{2060}d\u{AD}e", #"a\u{200C}b\u{200D}c\u{2060}d\u{AD}e"#),
    ("flag\u{E0067}\u{E0062}\u{E007F}", #"flag\u{E0067}\u{E0062}\u{E007F}"#),
    ("👨\u{200D}👩", #"👨\u{200D}👩"#),
  ])
  func formatCharactersAreEscapedInMessages(_ text: String, _ shown: String) {
    #expect(escapedForMessage(text) == shown)
    #expect(escapedForMessage(escapedForMessage(text)) == shown)
    #expect(
      escapedForMessage(String(repeating: "x", count: 300) + text).hasSuffix("more characters)"))
  }

  /// Every format character (Cf) is escaped in a message, and nothing else that is not a
  /// control character: checked over all of Unicode.
  @Test func exactlyTheFormatCharactersAreEscapedInMessages() {
    for value in UInt32(0xA0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value),
        scalar.properties.generalCategory != .control
      else { continue }
      let escaped = escapedForMessage(String(scalar)) != String(scalar)
      #expect(
        escaped == (scalar.properties.generalCategory == .format), "U+\(String(value, radix: 16))")
    }
  }

  @Test func aLongValueIsCutAfterTwoHundredCharacters() {
    let text = String(repeating: "é", count: 1 << 20)
    #expect(
      escapedForMessage(text)
        == String(repeating: "é", count: 200) + "... (1048376 more characters)")
    #expect(
      escapedForMessage(String(repeating: "x", count: 201)).hasSuffix("... (1 more character)"))
    #expect(
      escapedForMessage(String(repeating: "x", count: 200)) == String(repeating: "x", count: 200))
  }

  @Test func aLongCharacterIsCutTooAfterTwoHundredScalars() {
    let text = "a" + String(repeating: "\u{301}", count: 1 << 20) + "b"
    let message = escapedForMessage(text)
    #expect(message.unicodeScalars.count < 300)
    #expect(
      message == "a" + String(repeating: "\u{301}", count: 199) + "... (1048378 more characters)")
  }

  @Test func everyRosterErrorQuotesAtMostTwoHundredCharactersOfAValue() {
    let long = String(repeating: "x", count: 1 << 20)
    let errors: [RosterError] = [
      .noSuchMonster(long, suggestion: long),
      .nameTaken(long, by: long + "y"),
      .nameTaken("cat-bot", by: long),
      .invalidName(long, reason: .endsWithSpace(" ")),
      .syntax(path: long, line: 1, column: 1, message: "m"),
      .invalidRoster(path: long, problems: [RosterProblem(line: 1, column: 1, message: "m")]),
      .invalidRoster(path: long, problems: []),
      .missingFile(path: long),
      .fileExists(path: long),
      .notARegularFile(path: long),
      .fileTooLarge(path: long),
      .changedWhileReading(path: long),
      .fileSystem(path: long, action: .read, errno: 2),
      .lockTimeout(path: long, seconds: 1),
    ]
    for error in errors {
      #expect(error.description.count < 700, "\(error.description.prefix(80))")
      #expect(error.description.contains("... (1048376 more characters)"))
    }
  }

  @Test func jsonForATerminalEscapesBidirectionalControls() {
    var buffer: [UInt8] = []
    buffer.appendJSONString("a\u{202E}b\u{2066}c\u{61C}d\u{200D}e", forTerminal: true)
    #expect(String(decoding: buffer, as: UTF8.self) == #""a\u202eb\u2066c\u061cd\#u{200D}e""#)
    buffer = []
    buffer.appendJSONString("a\u{202E}b", forTerminal: false)
    #expect(String(decoding: buffer, as: UTF8.self) == "\"a\u{202E}b\"")
  }
}
