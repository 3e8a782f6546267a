import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct PickerWheelStateTests {
  /// A roster of `count` monsters named `Bot-1`, `Bot-2`, ..., with the weapons in turn.
  private func longRoster(_ count: Int) throws -> Roster {
    try Roster(
      (1...count).map { number in
        Monster(
          name: "Bot-\(number)", description: "",
          weapon: Weapon.builtIn[(number - 1) % Weapon.builtIn.count])
      })
  }

  private func save(_ name: String, _ weapon: Weapon) -> PickerEffect {
    .save(.set(name, RosterEdit.Changes(weapon: weapon)))
  }

  @Test func theTypesExampleGivesWhatItSays() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.handle(.right) == .none)
    #expect(wheel.selectedWeapon == .sword)
    #expect(wheel.handle(.up) == .none)
    #expect(wheel.selectedWeapon == .fire)
    #expect(wheel.handle(.enter) == .save(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire))))
  }

  @Test func opensOnTheFirstMonsterAndItsWeaponWithTheMonstersFocused() {
    let wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.focus == .monsters)
    #expect(wheel.selectedMonster?.name == "Cat-Bot")
    #expect(wheel.selectedWeapon == .sword)
  }

  /// The selected monster's name and weapon: `Cat-Bot sword`.
  private func monsterAndWeapon(_ wheel: PickerWheelState) -> String {
    "\(wheel.selectedMonster?.name ?? "") \(wheel.selectedWeapon.name)"
  }

  @Test func downMovesTheMonsterAndTheWeaponFollowsAndWrapsAtTheEnd() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(
      wheel.moves(Array(repeating: .down, count: 6), showing: monsterAndWeapon) == [
        "Dog-Bot blowgun", "Explode-Bot smoke", "Fire-Bot ninjaStar", "Ice-Bot fire",
        "Mini-Tomato-Bot ninjaStar", "Cat-Bot sword",
      ])
  }

  @Test func upMovesTheMonsterAndWrapsFromTheFirstToTheLast() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(
      wheel.moves([.up, .up], showing: monsterAndWeapon) == [
        "Mini-Tomato-Bot ninjaStar", "Ice-Bot fire",
      ])
  }

  @Test func upAndDownInTheWeaponColumnMoveOnlyTheWeaponAndWrap() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.moves([.right], showing: \.focus) == [.weapons])
    #expect(
      wheel.moves([.down, .down, .up, .up, .up], showing: \.selectedWeapon) == [
        .smoke, .blowgun, .smoke, .sword, .fire,
      ])
    #expect(wheel.selectedMonster?.name == "Cat-Bot")
  }

  @Test func leftAndRightFocusTheMonstersAndTheWeaponsWithoutWrapping() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(
      wheel.moves([.left, .right, .right, .left], showing: \.focus) == [
        .monsters, .weapons, .weapons, .monsters,
      ])
  }

  @Test(arguments: [PickerKey.tab, .backTab])
  func tabSwitchesTheColumn(key: PickerKey) {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.moves([key, key], showing: \.focus) == [.weapons, .monsters])
  }

  @Test(arguments: [PickerKey.enter, .character(" ")])
  func enterGivesTheSelectedMonsterTheSelectedWeaponAndStaysOpen(key: PickerKey) {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.down)
    _ = wheel.handle(.tab)
    _ = wheel.handle(.down)
    #expect(wheel.handle(key) == save("Dog-Bot", .ninjaStar))
    _ = wheel.handle(.tab)
    #expect(wheel.handle(key) == save("Dog-Bot", .ninjaStar))
  }

  @Test(arguments: zip(1...5, Weapon.builtIn))
  func aDigitSelectsItsWeaponWithoutSaving(digit: Int, weapon: Weapon) {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.handle(.character(Character(String(digit)))) == PickerEffect.none)
    #expect(wheel.selectedWeapon == weapon)
    #expect(wheel.focus == .monsters)
    #expect(wheel.handle(.enter) == save("Cat-Bot", weapon))
  }

  @Test(arguments: [PickerKey.escape, .character("q"), .character("Q")])
  func escAndQClose(key: PickerKey) {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.handle(key) == .close)
  }

  @Test func ctrlCInterrupts() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.handle(.interrupt) == .interrupt)
  }

  @Test(arguments: [
    PickerKey.suspend, .other, .mouse(MouseEvent(action: .wheelUp, column: 0, row: 0)),
  ])
  func otherKeysChangeNothing(key: PickerKey) {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    let before = wheel
    #expect(wheel.handle(key) == PickerEffect.none)
    #expect(wheel == before)
  }

  @Test(arguments: ["x", "0", "6", "é"] as [Character])
  func aTypedCharacterWithNoMeaningSaysSoAndChangesNothingElse(character: Character) {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    var before = wheel
    #expect(wheel.handle(.character(character)) == PickerEffect.none)
    #expect(wheel.status == "'\(character)' does nothing here.")
    before.status = wheel.status
    #expect(wheel == before)
  }

  @Test func theLettersOfLessAndVimMoveAsTheArrowsDo() throws {
    var wheel = PickerWheelState(roster: try longRoster(30), visibleRows: 5)
    let letters = { (text: String) in text.map(PickerKey.character) }
    #expect(
      wheel.moves(letters("jjkGg"), showing: \.selectedMonster?.name) == [
        "Bot-2", "Bot-3", "Bot-2", "Bot-30", "Bot-1",
      ])
    #expect(wheel.moves(letters("l"), showing: \.focus) == [.weapons])
    #expect(wheel.moves(letters("jG"), showing: \.selectedWeapon) == [.ninjaStar, .smoke])
    #expect(wheel.moves(letters("h"), showing: \.focus) == [.monsters])
    #expect(wheel.selectedMonster?.name == "Bot-1")
  }

  @Test func scrollsALongRosterAndWrapsToTheOtherEnd() throws {
    var wheel = PickerWheelState(roster: try longRoster(30), visibleRows: 5)
    for _ in 0..<4 { _ = wheel.handle(.down) }
    #expect(wheel.monsterColumn.top == 0)
    _ = wheel.handle(.down)
    #expect(wheel.selectedMonster?.name == "Bot-6")
    #expect(wheel.monsterColumn.top == 1)
    _ = wheel.handle(.home)
    #expect(wheel.monsterColumn.top == 0)
    _ = wheel.handle(.up)
    #expect(wheel.selectedMonster?.name == "Bot-30")
    #expect(wheel.monsterColumn.top == 25)
    #expect(wheel.selectedWeapon == .smoke)
    _ = wheel.handle(.down)
    #expect(wheel.selectedMonster?.name == "Bot-1")
    #expect(wheel.monsterColumn.top == 0)
  }

  @Test func pagesAndJumpsInTheFocusedColumn() throws {
    var wheel = PickerWheelState(roster: try longRoster(30), visibleRows: 5)
    _ = wheel.handle(.pageDown)
    #expect(wheel.selectedMonster?.name == "Bot-5")
    #expect(wheel.selectedWeapon == .smoke)
    _ = wheel.handle(.end)
    #expect(wheel.selectedMonster?.name == "Bot-30")
    _ = wheel.handle(.pageDown)
    #expect(wheel.selectedMonster?.name == "Bot-30")
    _ = wheel.handle(.pageUp)
    #expect(wheel.selectedMonster?.name == "Bot-26")
    _ = wheel.handle(.right)
    _ = wheel.handle(.home)
    #expect(wheel.selectedWeapon == .blowgun)
    _ = wheel.handle(.end)
    #expect(wheel.selectedWeapon == .smoke)
    _ = wheel.handle(.pageUp)
    #expect(wheel.selectedWeapon == .blowgun)
    #expect(wheel.selectedMonster?.name == "Bot-26")
  }

  @Test func scrollsTheWeaponColumnWhenTheScreenIsShort() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 3)
    #expect(wheel.selectedWeapon == .sword)
    #expect(wheel.weaponColumn.top == 1)
    _ = wheel.handle(.right)
    _ = wheel.handle(.down)
    #expect(wheel.weaponColumn.top == 2)
    _ = wheel.handle(.down)
    #expect(wheel.selectedWeapon == .blowgun)
    #expect(wheel.weaponColumn.top == 0)
  }

  @Test func aResizeKeepsTheSelectionInView() throws {
    var wheel = PickerWheelState(roster: try longRoster(30), visibleRows: 20)
    _ = wheel.handle(.end)
    #expect(wheel.monsterColumn.top == 10)
    wheel.resize(visibleRows: 5)
    #expect(wheel.monsterColumn.top == 25)
    wheel.resize(visibleRows: 40)
    #expect(wheel.monsterColumn.top == 0)
  }

  @Test func aSavedRosterKeepsTheSelectionAndShowsTheNewWeapon() throws {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.down)
    _ = wheel.handle(.character("3"))
    var roster = Roster.seeded
    try roster.apply(.set("Dog-Bot", .init(weapon: .fire)))
    wheel.reload(roster)
    #expect(wheel.selectedMonster?.name == "Dog-Bot")
    #expect(wheel.selectedMonster?.weapon == .fire)
    #expect(wheel.selectedWeapon == .fire)
    #expect(wheel.shownRow(1).weapon == .fire)
  }

  @Test func aSavedRosterWithoutTheSelectedMonsterSelectsTheOneInItsPlace() throws {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.down)
    var roster = Roster.seeded
    try roster.remove(named: "Dog-Bot")
    wheel.reload(roster)
    #expect(wheel.selectedMonster?.name == "Explode-Bot")
    #expect(wheel.selectedWeapon == .smoke)
  }

  @Test func anEmptyRosterHasNothingToSave() {
    var wheel = PickerWheelState(roster: Roster(), visibleRows: 16)
    #expect(wheel.selectedMonster == nil)
    #expect(wheel.handle(.down) == PickerEffect.none)
    #expect(wheel.handle(.enter) == PickerEffect.none)
    #expect(wheel.handle(.character("q")) == .close)
  }
}

extension PickerWheelState {
  /// Handles keys that move the selection or the focus, each expected to ask nothing of the
  /// caller, and gives what `look` sees after each.
  mutating func moves<Seen>(_ keys: [PickerKey], showing look: (Self) -> Seen) -> [Seen] {
    var seen: [Seen] = []
    for key in keys {
      #expect(handle(key) == PickerEffect.none, "\(key)")
      seen.append(look(self))
    }
    return seen
  }
}
