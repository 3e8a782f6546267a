import TestSupport
import Testing

@testable import MonsterKit

// Good input: unknown values of every type kept, keys compared by code points, white
// space skipped, and strings read byte by byte at every position and length.
extension JSONScannerTests {
  @Test func unknownValuesOfEveryTypeAreKept() throws {
    let roster = try readRoster(
      #"""
      {"before": null, "version": 1, "monsters": [
        {"name": "A", "description": "", "icon": "a.png", "weapon": "fire",
         "t": true, "f": false, "n": null, "i": -12, "r": 1.5e-3, "big": 1e400,
         "s": "\u00e9\n", "a": [1, "two", [], {}], "o": {"k": {"deep": [null]}, "e": {}}}
      ], "after": [true, {"x": -0.50}]}
      """#)
    #expect(
      roster.otherFields == [
        JSONMember("before", .null),
        JSONMember("after", .array([.bool(true), .object([JSONMember("x", .number("-0.50"))])])),
      ])
    let monster = try #require(roster.first)
    #expect(
      monster.otherFields == [
        JSONMember("t", .bool(true)),
        JSONMember("f", .bool(false)),
        JSONMember("n", .null),
        JSONMember("i", .number("-12")),
        JSONMember("r", .number("1.5e-3")),
        JSONMember("big", .number("1e400")),
        JSONMember("s", .string("é\n")),
        JSONMember("a", .array([.number("1"), .string("two"), .array([]), .object([])])),
        JSONMember(
          "o",
          .object([
            JSONMember("k", .object([JSONMember("deep", .array([.null]))])),
            JSONMember("e", .object([])),
          ])),
      ])
  }

  /// Keys are one key only when their code points are: canonically equivalent keys (`é` as
  /// one code point or two, `K` and KELVIN SIGN) are two, in an object of a few keys and in
  /// one of many, where the keys are kept in a set; the same key twice is refused in both.
  @Test(arguments: [2, 40])
  func keysAreComparedByCodePoints(padding: Int) throws {
    let pairs = [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{C5}", "\u{212B}")]
    let padded = (0..<padding).map { "\"k\($0)\": \($0)" }
    let keys = pairs.flatMap { [$0.0, $0.1] }
    func monsters(_ keys: [String]) -> String {
      let extra = (padded + keys.enumerated().map { "\"\($1)\": \($0)" })
      return #"{"version": 1, "monsters": [{"name": "A", "description": "", "icon": "a.png", "#
        + #""weapon": "fire", "# + extra.joined(separator: ", ") + "}]}"
    }
    let roster = try readRoster(monsters(keys))
    #expect(try #require(roster.first).otherFields.suffix(keys.count).map(\.key) == keys)
    for key in keys {
      do {
        _ = try readRoster(monsters(keys + [key]))
        Issue.record("\(key.unicodeScalars.map(\.value)) twice was read")
      } catch {
        #expect("\(error)".contains("duplicate key"))
      }
    }
  }

  @Test func whiteSpaceOfEveryKindIsSkipped() throws {
    let roster = try readRoster(" \t\r\n{ \t\r\n\"version\"\n:\t1\r\n,\"monsters\" : [ ] } \n\t")
    #expect(roster.isEmpty)
  }

  /// The scanner looks at eight bytes at a time: a byte that needs a closer look must be
  /// seen at every position of those eight.
  @Test(arguments: [
    (UInt8(0x01), "control character U+0001 in a string must be escaped"),
    (UInt8(0x1F), "control character U+001F in a string must be escaped"),
    (UInt8(0xFF), "invalid UTF-8 (byte 0xFF)"),
    (UInt8(0x80), "invalid UTF-8 (byte 0x80)"),
  ])
  func aBadByteIsFoundAtEveryPositionOfAString(byte: UInt8, message: String) {
    for length in 1..<40 {
      for position in 0..<length {
        var contents = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        contents[position] = byte
        let bytes = valueOfX([0x22] + contents + [0x22])
        #expect(
          throws: RosterError.syntax(
            path: scratchPath, line: 1, column: 22 + position, message: message)
        ) {
          try readRoster(bytes: bytes)
        }
      }
    }
  }

  @Test func stringsOfEveryLengthEndAtTheirQuoteAndKeepTheirEscapes() throws {
    // Every printable ASCII byte but the quote and the backslash, which the fast path
    // must let through, then an escape or a non-ASCII letter at each position.
    let printable = (UInt8(0x20)...0x7E).filter { $0 != 0x22 && $0 != 0x5C }
    for length in 0..<40 {
      let plain = (0..<length).map { printable[$0 * 7 % printable.count] }
      let expected = String(decoding: plain, as: UTF8.self)
      var roster = try readRoster(bytes: rosterWithX([0x22] + plain + [0x22]))
      #expect(roster.otherFields == [JSONMember("x", .string(expected))])
      for position in 0...length {
        let escaped = Array(plain[..<position]) + Array(#"\""#.utf8) + Array(plain[position...])
        roster = try readRoster(bytes: rosterWithX([0x22] + escaped + [0x22]))
        let withQuote = String(
          decoding: plain[..<position] + [0x22] + plain[position...], as: UTF8.self)
        #expect(roster.otherFields == [JSONMember("x", .string(withQuote))])
        let accented = Array(plain[..<position]) + Array("é".utf8) + Array(plain[position...])
        roster = try readRoster(bytes: rosterWithX([0x22] + accented + [0x22]))
        #expect(
          roster.otherFields == [
            JSONMember("x", .string(String(decoding: accented, as: UTF8.self)))
          ])
      }
    }
  }
}
