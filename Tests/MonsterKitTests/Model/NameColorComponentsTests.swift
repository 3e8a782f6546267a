import MonsterKit
import Testing

/// A colour's red, green and blue, for an app that draws names itself.
@Suite struct NameColorComponentsTests {
  @Test(arguments: [
    (NameColor.black, "#000000"), (.red, "#FF0000"), (.green, "#008000"),
    (.yellow, "#FFFF00"), (.blue, "#0000FF"), (.magenta, "#FF00FF"), (.cyan, "#00FFFF"),
    (.white, "#FFFFFF"),
  ])
  func aNamedColourHasItsCSSValue(color: NameColor, css: String) throws {
    let spelled = try #require(NameColor(css))
    #expect(color.components == spelled.components)
    #expect(color.red == spelled.red && color.green == spelled.green && color.blue == spelled.blue)
  }

  @Test func aHexColourHasItsDigits() throws {
    let color = try #require(NameColor("#FF8800"))
    #expect(color.components == (red: 255, green: 136, blue: 0))
    #expect((color.red, color.green, color.blue) == (255, 136, 0))
    #expect(NameColor.rgb(red: 1, green: 2, blue: 3).components == (1, 2, 3))
  }

  @Test func everyColourIsOneOfTheEightOrItsOwnComponents() {
    #expect(Set(NameColor.named.map { "\($0.components)" }).count == 8)
    for color in NameColor.named {
      let components = color.components
      #expect(
        NameColor.rgb(red: components.red, green: components.green, blue: components.blue)
          .components == components)
    }
  }
}
