import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct PickerWeaponBarStateTests {
  /// Cat-Bot, who carries a sword.
  private let catBot = Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .sword)

  private func pick(_ weapon: Weapon) -> PickerEffect {
    .saveAndClose(.set("Cat-Bot", RosterEdit.Changes(weapon: weapon)))
  }

  @Test func opensWithTheFocusOnTheMonstersWeapon() {
    #expect(WeaponBarState(monster: catBot).focus == .weapon(.sword))
  }

  /// Right and Tab move the focus one way round, wrapping from Close to the first weapon;
  /// Left and Shift-Tab the other way round, wrapping from the first weapon to Close.
  @Test(arguments: [(PickerKey.right, true), (.tab, true), (.left, false), (.backTab, false)])
  func movesTheFocusAndWrapsBetweenCloseAndTheFirstWeapon(key: PickerKey, isRightward: Bool) {
    var bar = WeaponBarState(monster: catBot)
    var seen: [WeaponBarState.Button] = []
    for _ in 0..<6 {
      #expect(bar.handle(key) == PickerEffect.none)
      seen.append(bar.focus)
    }
    let rightward: [WeaponBarState.Button] = [
      .weapon(.smoke), .close, .weapon(.blowgun), .weapon(.ninjaStar), .weapon(.fire),
    ]
    #expect(seen == (isRightward ? rightward : rightward.reversed()) + [.weapon(.sword)])
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

  @Test(arguments: zip(1...5, Weapon.builtIn))
  func aDigitPicksItsWeapon(digit: Int, weapon: Weapon) {
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

  @Test(arguments: [PickerKey.escape, .character("q"), .character("Q")])
  func escAndQClose(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(key) == .close)
  }

  @Test func ctrlCInterrupts() {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(.interrupt) == .interrupt)
    #expect(bar.handle(.interrupt, size: TerminalSize(columns: 20, rows: 5)) == .interrupt)
  }

  @Test(arguments: [
    PickerKey.up, .down, .pageUp, .pageDown, .suspend, .other, .character("j"), .character("k"),
    .mouse(MouseEvent(action: .wheelDown, column: 20, row: 15)),
  ])
  func otherKeysChangeNothing(key: PickerKey) {
    var bar = WeaponBarState(monster: catBot)
    let before = bar
    #expect(bar.handle(key) == PickerEffect.none)
    #expect(bar == before)
  }

  @Test func aTypedCharacterWithNoMeaningSaysSo() {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.handle(.character("x")) == PickerEffect.none)
    #expect(bar.status == "'x' does nothing here.")
    #expect(bar.focus == .weapon(.sword))
    #expect(bar.handle(.backspace) == PickerEffect.none)
    #expect(bar.status == "That key does nothing here.")
  }

  @Test func hAndLMoveAndGGoesToTheEndsAsInVim() {
    var bar = WeaponBarState(monster: catBot)
    _ = bar.handle(.character("h"))
    #expect(bar.focus == .weapon(.fire))
    _ = bar.handle(.character("l"))
    _ = bar.handle(.character("l"))
    #expect(bar.focus == .weapon(.smoke))
    _ = bar.handle(.character("G"))
    #expect(bar.focus == .close)
    _ = bar.handle(.character("g"))
    #expect(bar.focus == .weapon(.blowgun))
  }
}

// MARK: - The mouse

extension PickerWeaponBarStateTests {
  @Test func aClickOnAWeaponButtonPicksIt() {
    var bar = WeaponBarState(monster: catBot)
    #expect(bar.mouse(.press(.left), on: .weapon(.fire)) == PickerEffect.none)
    #expect(bar.focus == .weapon(.fire))
    #expect(bar.mouse(.release(.left), on: .weapon(.fire)) == pick(.fire))
  }

  @Test func aClickOnCloseCloses() {
    var bar = WeaponBarState(monster: catBot)
    _ = bar.mouse(.press(.left), on: .close)
    #expect(bar.mouse(.release(nil), on: .close) == .close)
  }

  @Test func aPressOnOneButtonAndAReleaseElsewherePressNothing() {
    var bar = WeaponBarState(monster: catBot)
    _ = bar.mouse(.press(.left), on: .weapon(.fire))
    #expect(bar.mouse(.release(.left), on: .weapon(.smoke)) == PickerEffect.none)
    #expect(bar.mouse(.release(.left), on: .weapon(.fire)) == PickerEffect.none)
    _ = bar.mouse(.press(.left), on: .weapon(.fire))
    #expect(bar.mouse(.release(.left), on: nil) == PickerEffect.none)
    _ = bar.mouse(.press(.left), on: nil)
    #expect(bar.mouse(.release(.left), on: .weapon(.fire)) == PickerEffect.none)
    #expect(bar.focus == .weapon(.fire))
  }

  @Test func theOtherButtonsAndTheWheelPressNothing() {
    var bar = WeaponBarState(monster: catBot)
    for action in [MouseEvent.Action.press(.right), .press(.middle), .wheelUp, .wheelDown] {
      #expect(bar.mouse(action, on: .weapon(.blowgun)) == PickerEffect.none)
      #expect(bar.mouse(.release(.left), on: .weapon(.blowgun)) == PickerEffect.none)
    }
    #expect(bar.focus == .weapon(.sword))
  }

  @Test func picksForTheMonsterByItsNameInTheFile() {
    var bar = WeaponBarState(
      monster: Monster(name: "Robo-Bot", description: "Beep", weapon: .fire))
    #expect(bar.handle(.character("1")) == .saveAndClose(.set("Robo-Bot", .init(weapon: .blowgun))))
  }
}

// MARK: - Weapons beyond five, and beyond nine

extension PickerWeaponBarStateTests {
  /// Twelve weapons of a roster's own, in three rows of buttons.
  private var twelve: [Weapon] { (1...12).map { Weapon(name: "w\($0)") } }

  private func barOfTwelve() -> WeaponBarState {
    WeaponBarState(
      monster: Monster(name: "Cat-Bot", description: "", weapon: Weapon(name: "w2")),
      weapons: twelve)
  }

  /// Up and down (and k and j, and the wheel) move to the row of buttons above or below,
  /// to the button in the same place or the last of a shorter row.
  @Test func upAndDownMoveBetweenTheRowsOfButtons() {
    var bar = barOfTwelve()
    #expect(bar.handle(.down) == PickerEffect.none)
    #expect(bar.focus == .weapon(twelve[6]))
    _ = bar.handle(.character("j"))
    #expect(bar.focus == .weapon(twelve[11]))
    _ = bar.handle(.down)
    #expect(bar.focus == .weapon(twelve[11]))
    _ = bar.handle(.character("k"))
    #expect(bar.focus == .weapon(twelve[6]))
    _ = bar.mouse(.wheelUp, on: nil)
    #expect(bar.focus == .weapon(twelve[1]))
    _ = bar.handle(.up)
    #expect(bar.focus == .weapon(twelve[1]))
    _ = bar.handle(.end)
    _ = bar.handle(.down)
    #expect(bar.focus == .close)
  }

  /// `/` finds any weapon by a part of its name, the tenth and later too, which no digit
  /// picks: typing focuses the first match, Tab the next, Enter picks the focused one.
  @Test func slashFindsAWeaponThatNoDigitPicks() {
    var bar = barOfTwelve()
    #expect(bar.handle(.character("0")) == PickerEffect.none)
    #expect(bar.handle(.character("/")) == PickerEffect.none)
    #expect(bar.search == "")
    for character in "W1" { _ = bar.handle(.character(character)) }
    #expect(bar.searchMatches == [twelve[0], twelve[9], twelve[10], twelve[11]])
    #expect(bar.focus == .weapon(twelve[0]))
    _ = bar.handle(.tab)
    #expect(bar.focus == .weapon(twelve[9]))
    _ = bar.handle(.backTab)
    _ = bar.handle(.backTab)
    #expect(bar.focus == .weapon(twelve[11]))
    _ = bar.handle(.character("2"))
    #expect(bar.focus == .weapon(twelve[11]))
    #expect(
      bar.handle(.enter) == .saveAndClose(.set("Cat-Bot", RosterEdit.Changes(weapon: twelve[11]))))
    #expect(bar.search == nil)
  }

  /// A search that finds nothing picks nothing; Backspace and Esc end it, and the keys
  /// mean what they meant.
  @Test func aSearchThatFindsNothingPicksNothingAndEscEndsIt() {
    var bar = barOfTwelve()
    _ = bar.handle(.character("/"))
    _ = bar.handle(.character("x"))
    #expect(bar.searchMatches.isEmpty)
    #expect(bar.handle(.enter) == PickerEffect.none)
    #expect(bar.status == "No weapon's name holds 'x'.")
    #expect(bar.focus == .weapon(twelve[1]))
    _ = bar.handle(.backspace)
    _ = bar.handle(.backspace)
    #expect(bar.search == nil)
    #expect(bar.handle(.character("q")) == .close)
    _ = bar.handle(.character("/"))
    #expect(bar.handle(.character("q")) == PickerEffect.none)
    #expect(bar.handle(.escape) == PickerEffect.none)
    #expect(bar.search == nil)
    #expect(bar.handle(.interrupt) == .interrupt)
  }

  @Test func aRostersOwnWeaponIsAButtonItsDigitPicks() {
    let laser = Weapon(name: "laser")
    var bar = WeaponBarState(
      monster: Monster(name: "Cat-Bot", description: "", weapon: .sword),
      weapons: Weapon.builtIn + [laser])
    #expect(bar.buttons == Weapon.builtIn.map { .weapon($0) } + [.weapon(laser), .close])
    #expect(
      bar.handle(.character("6"))
        == .saveAndClose(.set("Cat-Bot", RosterEdit.Changes(weapon: laser))))
    #expect(bar.handle(.character("7")) == PickerEffect.none)
    #expect(bar.status == "'7' does nothing here.")
  }
}
