import Testing

@testable import MonsterKit

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

  @Test(arguments: [
    ("blowgun", WeaponType.blowgun), ("Blow-Gun", .blowgun), ("BLOW_GUN", .blowgun),
    ("fire", .fire), ("FIRE", .fire), ("Sword", .sword), (" sword ", .sword),
    ("s-m-o-k-e", .smoke), ("Smoke", .smoke),
  ])
  func forgivingSpellingsOfTheOtherWeapons(_ text: String, _ weapon: WeaponType) {
    #expect(WeaponType(parsing: text) == weapon)
  }

  @Test(arguments: ["axe", "", "ninja", "fire!", "swords", "-", "ninja.star"])
  func unknownWeaponsAreRefused(_ text: String) {
    #expect(WeaponType(parsing: text) == nil)
  }

  @Test(arguments: WeaponType.allCases)
  func fileSpellingIsTheRawValue(_ weapon: WeaponType) {
    #expect(weapon.fileSpelling.description == weapon.rawValue)
    let spelling = Array(weapon.rawValue.utf8)
    #expect(spelling.withUnsafeBytes { WeaponType(fileSpelling: $0) } == weapon)
  }

  @Test(arguments: ["Sword", "ninjastar", "NinjaStar", "FIRE", "smok", "smokes", "swore", ""])
  func fileSpellingMustBeExact(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { WeaponType(fileSpelling: $0) } == nil)
    #expect(WeaponType(rawValue: text) == nil)
  }
}
