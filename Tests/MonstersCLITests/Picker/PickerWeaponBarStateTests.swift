import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct PickerWeaponBarStateTests {
  /// Cat-Bot, who carries a sword.
  private let catBot = Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .sword)

  private func pick(_ weapon: WeaponType) -> PickerEffect {
    .saveAndClose(.set("Cat-Bot", RosterEdit.Changes(weapon: weapon)))
  }

  @Test func opensWithTheFocusOnTheMonstersWeapon() {
    #expect(WeaponBarState(monster: catBot).focus == .weapon(.sword))
  }

  @Test(arguments: [PickerKey.right, .tab])
  func movesTheFocusRightAndWrapsFromCloseToTheFirstWeapon(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    var seen: [WeaponBarState.Button] = []
    for _ in 0..<6 {
      #expect(bar.handle(key) == PickerEffect.none)
      seen.append(bar.focus)
    }
    #expect(
      seen == [
        .weapon(.smoke), .close, .weapon(.blowgun), .weapon(.ninjaStar), .weapon(.fire),
        .weapon(.sword),
      ])
  }

  @Test(arguments: [PickerKey.left, .backTab])
  func movesTheFocusLeftAndWrapsFromTheFirstWeaponToClose(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    var seen: [WeaponBarState.Button] = []
    for _ in 0..<6 {
      #expect(bar.handle(key) == PickerEffect.none)
      seen.append(bar.focus)
    }
    #expect(
      seen == [
        .weapon(.fire), .weapon(.ninjaStar), .weapon(.blowgun), .close, .weapon(.smoke),
        .weapon(.sword),
      ])
  }

  @Test func homeAndEndGoToTheFirstWeaponAndToClose() {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(.home) == PickerEffect.none)
    #expect(bar.focus == .weapon(.blowgun))
    #expect(bar.handle(.end) == PickerEffect.none)
    #expect(bar.focus == .close)
  }

  @Test(arguments: [PickerKey.enter, .character(" ")])
  func enterPicksTheFocusedWeapon(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(key) == pick(.sword))
    _ = bar.handle(.left)
    #expect(bar.handle(key) == pick(.fire))
  }

  @Test(arguments: [PickerKey.enter, .character(" ")])
  func enterOnCloseCloses(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    _ = bar.handle(.end)
    #expect(bar.handle(key) == .close)
  }

  @Test(arguments: zip(1...5, WeaponType.allCases))
  func aDigitPicksItsWeapon(digit: Int, weapon: WeaponType) {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(.character(Character(String(digit)))) == pick(weapon))
    #expect(bar.focus == .weapon(weapon))
  }

  @Test(arguments: ["0", "6", "9"] as [Character])
  func otherDigitsDoNothing(digit: Character) {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(.character(digit)) == PickerEffect.none)
    #expect(bar.focus == .weapon(.sword))
  }

  @Test(arguments: [PickerKey.escape, .character("q"), .character("Q"), .interrupt])
  func escQAndCtrlCClose(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(key) == .close)
  }

  @Test(arguments: [
    PickerKey.up, .down, .pageUp, .pageDown, .suspend, .other, .character("x"),
    .character("j"),
  ])
  func otherKeysChangeNothing(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    let before = bar
    #expect(bar.handle(key) == PickerEffect.none)
    #expect(bar == before)
  }

  @Test func picksForTheMonsterByItsNameInTheFile() {
    var bar = WeaponBarState(
      monster: Monster(name: "Robo-Bot", description: "Beep", weapon: .fire))
    #expect(bar.handle(.character("1")) == .saveAndClose(.set("Robo-Bot", .init(weapon: .blowgun))))
  }
}
