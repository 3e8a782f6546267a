import Testing

@testable import MonsterKit

@Suite struct JSONUnescapingTests {
  @Test func everyEscapeIsDecoded() throws {
    let roster = try readRoster(
      rosterText(
        #"{"name": "C\u0061t-Bot", "description": "\u00e9\u00C9 \ud83d\ude00 \/ \" \\ \b\f\n\r\t \u0041\u0000", "icon": "a\/b.png", "weapon": "s\u0077ord"}"#
      ))
    let cat = try #require(roster.monster(named: "cat-bot"))
    #expect(cat.name == "Cat-Bot")
    #expect(cat.description == "éÉ 😀 / \" \\ \u{8}\u{C}\n\r\t A\u{0}")
    #expect(cat.icon == "a/b.png")
    #expect(cat.weapon.type == .sword)
  }

  @Test func escapesDecodeToTheirUTF8() {
    let decoded = Array(#"a\u00e9\ud83d\ude00\n\/\\"#.utf8).withUnsafeBytes(unescaped)
    #expect(decoded == Array("aé😀\n/\\".utf8))
  }
}
