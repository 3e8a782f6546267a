import Foundation
import MonsterKit
import Testing

@Suite struct NameColorTests {
  @Test func theEightNamesAreInPaletteOrder() {
    #expect(
      NameColor.named.map(\.description)
        == ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"])
    #expect(NameColor.named.map(\.paletteIndex) == Array(0..<8))
    #expect(NameColor.rgb(red: 1, green: 2, blue: 3).paletteIndex == nil)
  }

  @Test(arguments: NameColor.named)
  func fileSpellingOfANameReadsBack(color: NameColor) {
    #expect(NameColor(color.description) == color)
  }

  @Test(arguments: [
    ("#FF8800", NameColor.rgb(red: 255, green: 136, blue: 0)),
    ("#ff8800", .rgb(red: 255, green: 136, blue: 0)),
    ("#0a0B0c", .rgb(red: 10, green: 11, blue: 12)),
    ("#000000", .rgb(red: 0, green: 0, blue: 0)),
    ("#FFFFFF", .rgb(red: 255, green: 255, blue: 255)),
  ])
  func hexColoursReadInEitherCaseOfDigit(text: String, color: NameColor) {
    #expect(NameColor(text) == color)
    #expect(NameColor(parsing: text) == color)
  }

  @Test func hexColoursPrintInUpperCase() {
    #expect(NameColor.rgb(red: 255, green: 136, blue: 0).description == "#FF8800")
    #expect(NameColor("#ff8800")?.description == "#FF8800")
    #expect(NameColor("#0a0b0c")?.description == "#0A0B0C")
  }

  @Test(arguments: [
    "Red", "RED", " red", "red ", "#FF880", "#FF88001", "FF8800", "#GG0000", "", "#",
  ])
  func strictReadingRefusesAnythingButTheFileSpelling(text: String) {
    #expect(NameColor(spelling: text) == nil)
  }

  /// What an app writes, `NameColor("Red")`, reads a colour as a person writes it, as
  /// `NameColor(parsing:)` does; the file's own spelling is read strictly.
  @Test(arguments: ["Red", "RED", "red", "wHiTe", "#Ff8800", " red", "orange"])
  func theInitializerReadsAsParsingDoes(text: String) {
    #expect(NameColor(text) == NameColor(parsing: text))
  }

  @Test(arguments: [
    ("Red", NameColor.red), ("RED", .red), ("red", .red), ("Magenta", .magenta),
    ("wHiTe", .white), ("#Ff8800", .rgb(red: 255, green: 136, blue: 0)),
  ])
  func parsingReadsNamesInAnyCase(text: String, color: NameColor) {
    #expect(NameColor(parsing: text) == color)
  }

  @Test(arguments: ["orange", "", "#12345", "none", "red!"])
  func parsingRefusesWhatIsNotAColour(text: String) {
    #expect(NameColor(parsing: text) == nil)
  }

  @Test func codableUsesTheFileSpelling() throws {
    let decoded = try JSONDecoder().decode(
      [NameColor].self, from: Data(##"["#ff8800","cyan"]"##.utf8))
    #expect(decoded == [.rgb(red: 255, green: 136, blue: 0), .cyan])
    #expect(
      String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == ##"["#FF8800","cyan"]"##
    )
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([NameColor].self, from: Data(#"["Cyan"]"#.utf8))
    }
  }
}
