import Testing

@testable import MonstersCLI

@Suite struct PickerScreenLineTests {
  @Test func cutsALineToTheWidthCountingWideCharactersTwice() {
    var line = ScreenLine("ab")
    line.append("猫猫", .bold)
    line.append("cd")
    #expect(line.width == 8)
    #expect(line.rendered(width: 5, usesColor: false) == "ab猫")
    #expect(line.rendered(width: 6, usesColor: false) == "ab猫猫")
    #expect(line.rendered(width: 0, usesColor: false) == "")
    #expect(line.rendered(width: 100, usesColor: false) == "ab猫猫cd")
  }

  @Test func addsLooksOnlyWithColourAndResetsAfterThem() {
    var line = ScreenLine("a")
    line.append("b", .reverse)
    line.append("c")
    #expect(line.rendered(width: 80, usesColor: true) == "a\u{1B}[0;7mb\u{1B}[0mc")
    #expect(line.rendered(width: 2, usesColor: true) == "a\u{1B}[0;7mb\u{1B}[0m")
    #expect(line.rendered(width: 80, usesColor: false) == "abc")
  }

  @Test func escapesControlCharactersAsTheyAreAppended() {
    var line = ScreenLine()
    line.append("a\u{1B}]0;title\u{7}b\u{9B}c")
    #expect(line.text == "a\\u{1B}]0;title\\u{07}b\\u{9B}c")
  }

  @Test func dropsTrailingPlainSpacesButKeepsHighlightedOnes() {
    var line = ScreenLine("a  ")
    line.append(" x ", .reverse)
    line.append("   ")
    #expect(line.trimmingTrailingSpaces().text == "a   x ")
    #expect(ScreenLine("   ").trimmingTrailingSpaces().runs.isEmpty)
  }

  @Test func truncatesWithAnEllipsis() {
    #expect(ScreenLine.truncated("Cat-Bot", toWidth: 7, ellipsis: "…") == "Cat-Bot")
    #expect(ScreenLine.truncated("Cat-Bot", toWidth: 5, ellipsis: "…") == "Cat-…")
    #expect(ScreenLine.truncated("Cat-Bot", toWidth: 5, ellipsis: "...") == "Ca...")
    #expect(ScreenLine.truncated("Cat-Bot", toWidth: 2, ellipsis: "...") == "Ca")
  }

  @Test func cutsTheStartOfTextThatIsTooLongKeepingItsEnd() {
    #expect(ScreenLine.truncatedAtStart("abcdef", toWidth: 6, ellipsis: "…") == "abcdef")
    #expect(ScreenLine.truncatedAtStart("abcdef", toWidth: 4, ellipsis: "…") == "…def")
    #expect(ScreenLine.truncatedAtStart("ab猫猫", toWidth: 4, ellipsis: "…") == "…猫")
    #expect(ScreenLine.truncatedAtStart("abcdef", toWidth: 2, ellipsis: "...") == "")
    #expect(ScreenLine.truncatedAtStart("abcdef", toWidth: -1, ellipsis: "…") == "")
  }

  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], true), (["LANG": "C.utf8"], true),
    (["LC_ALL": "de_DE.UTF-8@euro"], true), (["LANG": "C"], false), ([:], false),
    (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
    (["LC_ALL": "", "LC_CTYPE": "en_GB.UTF-8", "LANG": "C"], true),
  ])
  func drawsWithUnicodeOnlyInAUTF8Locale(environment: [String: String], unicode: Bool) {
    let style = PickerStyle.forTerminal(usesColor: false, environment: environment)
    #expect(style == (unicode ? .unicode(usesColor: false) : .ascii(usesColor: false)))
  }
}
