// The bad JSON documents whose error is in a string: escapes, raw control characters, bytes
// that are not UTF-8 and lone surrogates. A rule of strings holds wherever a string stands,
// so each bad string is tried where the reader reads strings on paths of their own: as the
// value of a key it does not know, and as a monster's description or name.

let invalidEscape =
  #"invalid escape in a string; use \", \\, \/, \b, \f, \n, \r, \t or \uXXXX"#

extension BadJSON {
  /// Every document whose error is in a string.
  static let badStrings = escapes + rawControls + invalidUTF8 + loneSurrogates

  /// The same bad string, whose error is `offset` characters after its opening quote, as
  /// the value of an unknown key and as a monster's description.
  private static func inValueAndDescription(
    _ name: String, _ string: String, at offset: Int, _ message: String
  ) -> [BadJSON] {
    [
      BadJSON(name, bytes: valueOfX(string), 1, 21 + offset, message),
      BadJSON(
        name + " in a description", rosterText([monsterText(description: string)]), 1,
        64 + offset, message),
    ]
  }

  /// Escapes JSON does not have, and `\u` without four hex digits.
  static let escapes =
    inValueAndDescription("invalid escape", #""a\qb""#, at: 2, invalidEscape)
    + inValueAndDescription("hex escape", #""\x41""#, at: 1, invalidEscape)
    + inValueAndDescription(
      "short \\u escape", #""\u12G4""#, at: 1, #"\u must be followed by four hex digits"#)

  /// Control characters written raw in a string, and elsewhere.
  static let rawControls =
    [(0x00, "NUL"), (0x09, "tab"), (0x0A, "line break"), (0x1F, "unit separator")].flatMap {
      code, name in
      inValueAndDescription(
        "raw \(name) in a string", "\"a\(Character(Unicode.Scalar(UInt8(code))))b\"", at: 2,
        "control character U+\(hex(code, digits: 4)) in a string must be escaped")
    } + [
      BadJSON(
        "raw NUL between members",
        bytes: Array(#"{"version": 1, "monsters": []"#.utf8) + [0x00] + Array("}".utf8),
        1, 30, "expected ',' or '}' after an object member"),
      BadJSON(
        "raw escape character in a key", "{\"a\u{1B}\": 1}", 1, 4,
        "control character U+001B in a string must be escaped"),
    ]

  /// Byte sequences that are not UTF-8, each first in a string after the monsters, after a
  /// letter in an unknown value, and first in a description: the error names the
  /// sequence's first byte, at its column.
  static let invalidUTF8: [BadJSON] =
    [
      ("a byte UTF-8 never has", [0xFF]),
      ("a lone continuation byte", [0x80]),
      ("a truncated sequence", [0xC3]),
      ("an overlong two-byte sequence", [0xC0, 0xAF]),
      ("an overlong three-byte sequence", [0xE0, 0x80, 0xAF]),
      ("an overlong four-byte sequence", [0xF0, 0x80, 0x80, 0xAF]),
      ("a surrogate encoded in UTF-8", [0xED, 0xA0, 0x80]),
      ("a code point above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
    ].flatMap { (name: String, sequence: [UInt8]) in
      let message = "invalid UTF-8 (byte 0x\(hex(Int(sequence[0]), digits: 2)))"
      return [
        BadJSON(
          name + ", first in a string", bytes: rosterWithX([0x22] + sequence + [0x22]), 1, 38,
          message),
        BadJSON(
          name + ", after a letter", bytes: valueOfX([0x22, 0x61] + sequence + [0x22]), 1, 23,
          message),
        BadJSON(
          name + ", first in a description",
          bytes: emptyDescription[..<64] + sequence + emptyDescription[64...], 1, 65, message),
      ]
    } + [
      BadJSON(
        "invalid UTF-8 outside a string", bytes: valueOfX([0xFF]), 1, 21,
        "unexpected byte 0xFF; expected a value"),
      BadJSON(
        "DEL outside a string is named, not quoted raw", bytes: valueOfX([0x7F]), 1, 21,
        "unexpected byte 0x7F; expected a value"),
      BadJSON(
        "columns count characters, not bytes",
        bytes: valueOfX(Array("\"é😀".utf8) + [0xFF, 0x22]), 1, 24, "invalid UTF-8 (byte 0xFF)"),
    ]

  /// A roster whose monster's description is empty, its opening quote at column 64.
  private static let emptyDescription = Array(rosterText([monsterText(description: "\"\"")]).utf8)

  /// `\u` escapes of a UTF-16 surrogate without its other half: the error names the
  /// escape, in upper case.
  static let loneSurrogates =
    [
      ("lone high surrogate", #""\uD800""#, 1, #"\uD800"#),
      ("lone low surrogate", #""\uDC00""#, 1, #"\uDC00"#),
      ("lone low surrogate before a letter, in lower case", #""\udc00x""#, 1, #"\uDC00"#),
      ("high surrogate then a letter", #""\ud800\u0041""#, 1, #"\uD800"#),
      ("two high surrogates", #""\uD800\uD800""#, 1, #"\uD800"#),
      ("high surrogate at the end of a string", #""x\uD83D""#, 2, #"\uD83D"#),
    ].flatMap { name, string, offset, escape in
      inValueAndDescription(name, string, at: offset, "lone surrogate \(escape) in a string")
    } + [
      BadJSON(
        "lone high surrogate in a name, in lower case",
        rosterText([monsterText(name: #""\ud800""#)]), 1, 39, #"lone surrogate \uD800 in a string"#)
    ]

  /// `value` in upper-case hexadecimal, with zeros before it to `digits` digits.
  private static func hex(_ value: Int, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
