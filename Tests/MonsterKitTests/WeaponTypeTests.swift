import MonsterKit
import Testing

@Suite struct WeaponTypeTests {
  @Test func casesAreInTheTutorialsOrder() {
    #expect(
      WeaponType.allCases.map(\.rawValue) == ["blowgun", "ninjaStar", "fire", "sword", "smoke"])
  }

  @Test func imageNamesAreLowerCase() {
    #expect(
      WeaponType.allCases.map(\.imageName)
        == ["blowgun.png", "ninjastar.png", "fire.png", "sword.png", "smoke.png"])
    #expect(Weapon(.ninjaStar).imageName == "ninjastar.png")
  }

  @Test(arguments: [
    "ninja-star", "NinjaStar", "ninja_star", "ninjastar", "NINJA STAR", "ninjaStar",
  ])
  func forgivingSpellingsOfNinjaStar(_ text: String) {
    #expect(WeaponType(parsing: text) == .ninjaStar)
  }

  @Test(arguments: ["axe", "", "ninja", "fire!", "swords"])
  func unknownWeaponsAreRefused(_ text: String) {
    #expect(WeaponType(parsing: text) == nil)
  }
}
