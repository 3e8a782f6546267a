import MonsterKit
import Testing

@testable import MonstersCLI

/// The search of `monsters pick`: what is typed, what matches, and what stays selected.
@Suite struct PickerSearchTests {
  private let seededNames = NameFilter(roster: .seeded, at: Array(Roster.seeded.indices))

  /// The names shown in the monster column.
  private func shown(_ wheel: PickerWheelState) -> [String] {
    (0..<wheel.shownCount).map { wheel.shownRow($0).name }
  }

  private func type(_ text: String, into wheel: inout PickerWheelState) {
    for character in text { #expect(wheel.handle(.character(character)) == PickerEffect.none) }
  }

  private func roster(_ names: [String]) throws -> Roster {
    try Roster(names.map { Monster(name: $0, description: "", weapon: .fire) })
  }

  // MARK: - The search alone

  @Test func typingNarrowsTheMatchesAndBackspaceWidensThem() {
    var search = PickerSearch()
    search.begin()
    #expect(search.phase == .typing)
    #expect(search.matches == nil)
    _ = search.type("i", in: seededNames)
    #expect(search.matches == [3, 4, 5])
    _ = search.type("C", in: seededNames)
    #expect(search.query == "iC")
    #expect(search.matches == [4])
    search.erase(in: seededNames)
    #expect(search.query == "i")
    #expect(search.matches == [3, 4, 5])
    search.erase(in: seededNames)
    #expect(search.query == "")
    #expect(search.matches == nil)
    #expect(search.phase == .typing)
  }

  @Test func backspaceWithNothingTypedEndsTheSearch() {
    var search = PickerSearch()
    search.begin()
    search.erase(in: seededNames)
    #expect(search.phase == .off)
  }

  @Test func enterKeepsTheMatchesAndEscClearsThem() {
    var search = PickerSearch()
    search.begin()
    _ = search.type("d", in: seededNames)
    search.keep()
    #expect(search.phase == .kept)
    #expect(search.matches == [1, 2])
    search.begin()
    #expect(search.phase == .typing)
    #expect(search.query == "d")
    search.clear()
    #expect(search.phase == .off)
    #expect(search.query == "")
    #expect(search.matches == nil)
  }

  @Test func enterWithNothingTypedEndsTheSearch() {
    var search = PickerSearch()
    search.begin()
    search.keep()
    #expect(search.phase == .off)
  }

  @Test func noMatchIsAnEmptyListThatBackspaceWidensAgain() {
    var search = PickerSearch()
    search.begin()
    for character in "botz" { _ = search.type(character, in: seededNames) }
    #expect(search.matches == [])
    _ = search.type("z", in: seededNames)
    #expect(search.matches == [])
    search.erase(in: seededNames)
    search.erase(in: seededNames)
    #expect(search.matches == [0, 1, 2, 3, 4, 5])
  }

  @Test func ctrlUErasesWhatWasTypedAndTypingGoesOn() {
    var search = PickerSearch()
    search.begin()
    _ = search.type("x", in: seededNames)
    search.eraseAll()
    #expect(search.query == "")
    #expect(search.matches == nil)
    #expect(search.phase == .typing)
  }

  @Test func aSearchTakesAtMostItsLongestQuery() {
    var search = PickerSearch()
    search.begin()
    for _ in 0..<PickerSearch.longestQuery {
      let typed = search.type("a", in: seededNames)
      #expect(typed)
    }
    let typed = search.type("a", in: seededNames)
    #expect(!typed)
    #expect(search.query.count == PickerSearch.longestQuery)
  }

  // MARK: - Matching

  @Test(
    arguments: [
      ("bot", [0, 1, 2, 3, 4, 5]), ("BOT", [0, 1, 2, 3, 4, 5]), ("t-b", [0]),
      ("MINI-tomato-bot", [5]), ("-", [0, 1, 2, 3, 4, 5]), ("Bot-", []), ("e-b", [2, 3, 4]),
      ("o", [0, 1, 2, 3, 4, 5]), ("xyz", []), (" ", []),
    ] as [(String, [Int32])])
  func matchesNamesThatHoldTheTextIgnoringCase(query: String, places: [Int32]) {
    #expect(seededNames.places(holding: query, among: nil) == places)
    #expect(
      seededNames.places(holding: query, among: [0, 1, 2, 3, 4, 5]) == places,
      "among every place")
    #expect(
      seededNames.places(holding: query, among: [1, 3]) == places.filter { $0 == 1 || $0 == 3 })
  }

  @Test func matchesNamesBeyondASCIIByFoldedCharacters() throws {
    let names = [
      "Straße-Bot", "Cafe\u{301}-Bot", "Crème-Bot", "\u{212A}elvin-Bot", "ΣΟΦΊΑ-Bot", "Plain-Bot",
    ]
    let roster = try roster(names)
    let filter = NameFilter(roster: roster, at: Array(roster.indices))
    #expect(filter.places(holding: "STRASSE", among: nil) == [0])
    #expect(filter.places(holding: "straße", among: nil) == [0])
    // An accent composed or not, in the name or in what is typed.
    #expect(filter.places(holding: "café", among: nil) == [1])
    #expect(filter.places(holding: "CAFE\u{301}", among: nil) == [1])
    #expect(filter.places(holding: "cre\u{300}me", among: nil) == [2])
    #expect(filter.places(holding: "crème", among: nil) == [2])
    // The Kelvin sign folds to k, which ASCII text finds.
    #expect(filter.places(holding: "kelvin", among: nil) == [3])
    #expect(filter.places(holding: "σοφία", among: nil) == [4])
    #expect(filter.places(holding: "-bot", among: nil) == [0, 1, 2, 3, 4, 5])
    #expect(filter.places(holding: "-bot", among: [1, 4, 5]) == [1, 4, 5])
    // A decomposed é is one character, not an e.
    #expect(filter.places(holding: "e", among: nil) == [0, 2, 3])
  }

  @Test func aCombiningAccentTypedAfterItsLetterFindsTheComposedName() throws {
    let roster = try roster(["Café-Bot", "Cafe-Bot"])
    var wheel = PickerWheelState(roster: roster, visibleRows: 10)
    _ = wheel.handle(.character("/"))
    type("cafe", into: &wheel)
    #expect(shown(wheel) == ["Cafe-Bot"])
    type("\u{301}", into: &wheel)
    #expect(shown(wheel) == ["Café-Bot"])
  }

  // MARK: - In the picker

  @Test func slashBeginsASearchThatFiltersAsItIsTypedAndCounts() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.handle(.character("/")) == PickerEffect.none)
    #expect(wheel.search.phase == .typing)
    #expect(wheel.shownCount == 6)
    type("O-", into: &wheel)
    #expect(shown(wheel) == ["Mini-Tomato-Bot"])
    #expect(wheel.selectedMonster?.name == "Mini-Tomato-Bot")
    #expect(wheel.selectedWeapon == .ninjaStar)
  }

  @Test func theKeysOfTheRowsAreTypedWhileASearchIsTyped() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("qjkhlgG12 /", into: &wheel)
    #expect(wheel.search.query == "qjkhlgG12 /")
    #expect(wheel.search.phase == .typing)
    #expect(wheel.selectedWeapon == .sword)
  }

  @Test func enterKeepsTheFilterAndTheKeysOfTheRowsWorkInIt() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("e-", into: &wheel)
    #expect(wheel.handle(.enter) == PickerEffect.none)
    #expect(wheel.search.phase == .kept)
    #expect(shown(wheel) == ["Explode-Bot", "Fire-Bot", "Ice-Bot"])
    #expect(
      wheel.moves(
        [.character("j"), .character("G"), .character("j")], showing: \.selectedMonster?.name)
        == ["Fire-Bot", "Ice-Bot", "Explode-Bot"])
    _ = wheel.handle(.character("1"))
    #expect(
      wheel.handle(.enter) == .save(.set("Explode-Bot", RosterEdit.Changes(weapon: .blowgun))))
    #expect(wheel.handle(.character("q")) == .close)
  }

  @Test func escWhileTypingClearsTheFilterAndGoesBackToTheMonsterChosenBefore() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.down)
    _ = wheel.handle(.character("/"))
    type("ice", into: &wheel)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    #expect(wheel.handle(.escape) == PickerEffect.none)
    #expect(wheel.search.phase == .off)
    #expect(wheel.shownCount == 6)
    #expect(wheel.selectedMonster?.name == "Dog-Bot")
    #expect(wheel.selectedWeapon == .blowgun)
  }

  @Test func escAfterEnterClearsTheFilterKeepingTheMatchSelectedAndEscAgainCloses() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("ice", into: &wheel)
    _ = wheel.handle(.enter)
    #expect(wheel.handle(.escape) == PickerEffect.none)
    #expect(wheel.search.phase == .off)
    #expect(wheel.shownCount == 6)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    #expect(wheel.handle(.escape) == .close)
  }

  @Test func aSearchThatMatchesTheSelectedMonsterKeepsItSelected() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    for _ in 0..<4 { _ = wheel.handle(.down) }
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    _ = wheel.handle(.right)
    _ = wheel.handle(.character("/"))
    #expect(wheel.focus == .monsters)
    type("e-", into: &wheel)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    #expect(wheel.monsterColumn.selected == 2)
  }

  @Test func aSearchThatDoesNotSelectsTheFirstMatchThenTheChosenOneWhenItMatchesAgain() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    for _ in 0..<4 { _ = wheel.handle(.down) }
    _ = wheel.handle(.character("/"))
    type("d", into: &wheel)
    #expect(wheel.selectedMonster?.name == "Dog-Bot")
    #expect(wheel.selectedWeapon == .blowgun)
    _ = wheel.handle(.backspace)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    #expect(wheel.selectedWeapon == .fire)
  }

  @Test func aMonsterChosenWithTheArrowsWhileTypingIsTheOneKept() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("e", into: &wheel)
    #expect(shown(wheel) == ["Explode-Bot", "Fire-Bot", "Ice-Bot"])
    _ = wheel.handle(.down)
    _ = wheel.handle(.down)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    type("-", into: &wheel)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    _ = wheel.handle(.escape)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
  }

  @Test func noMatchShowsNothingSelectedAndEnterAssignsNothing() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("zz", into: &wheel)
    #expect(wheel.shownCount == 0)
    #expect(wheel.selectedMonster == nil)
    #expect(wheel.handle(.down) == PickerEffect.none)
    _ = wheel.handle(.enter)
    #expect(wheel.search.phase == .kept)
    #expect(wheel.handle(.enter) == PickerEffect.none)
    #expect(wheel.handle(.character(" ")) == PickerEffect.none)
    _ = wheel.handle(.escape)
    #expect(wheel.selectedMonster?.name == "Cat-Bot")
  }

  @Test func ctrlCInterruptsWhileASearchIsTyped() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("ca", into: &wheel)
    #expect(wheel.handle(.interrupt) == .interrupt)
  }

  @Test func aTooLongSearchSaysSo() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type(String(repeating: "a", count: PickerSearch.longestQuery + 1), into: &wheel)
    #expect(wheel.search.query.count == PickerSearch.longestQuery)
    #expect(wheel.status == "A search is at most \(PickerSearch.longestQuery) characters.")
  }

  @Test func aPasteIsTypedIntoASearchWithoutItsLineBreaksAndPressesNothingElsewhere() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(wheel.handle(.paste("2\r\n")) == PickerEffect.none)
    #expect(wheel.selectedWeapon == .sword)
    #expect(wheel.search.phase == .off)
    _ = wheel.handle(.character("/"))
    #expect(wheel.handle(.paste("ice\r\n\t1")) == PickerEffect.none)
    #expect(wheel.search.query == "ice1")
    #expect(wheel.search.phase == .typing)
    #expect(wheel.handle(.paste(String(repeating: "a", count: 4096))) == PickerEffect.none)
    #expect(wheel.search.query.count == PickerSearch.longestQuery)
    #expect(wheel.status == "A search is at most \(PickerSearch.longestQuery) characters.")
    var bar = WeaponBarState(monster: Roster.seeded[0], weapons: Roster.seeded.weapons)
    #expect(bar.handle(.paste("1\r")) == PickerEffect.none)
  }

  @Test func aSaveMatchesTheSearchAgainAgainstTheRosterAsSaved() throws {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    type("fire", into: &wheel)
    _ = wheel.handle(.enter)
    var saved = Roster.seeded
    try saved.apply(.rename("Fire-Bot", to: "Blaze-Bot"))
    try saved.apply(.add(Monster(name: "Bonfire-Bot", description: "", weapon: .fire)))
    wheel.reload(saved)
    #expect(shown(wheel) == ["Bonfire-Bot"])
    #expect(wheel.search.phase == .kept)
    #expect(wheel.selectedMonster?.name == "Bonfire-Bot")
  }

  @Test func aHundredThousandMonstersMatchOrNone() throws {
    let count = 100_000
    let roster = try Roster(
      (0..<count).map { Monster(name: "Monster-\($0)", description: "", weapon: .sword) })
    var wheel = PickerWheelState(roster: roster, visibleRows: 15)
    _ = wheel.handle(.character("/"))
    type("MONSTER-", into: &wheel)
    #expect(wheel.shownCount == count)
    #expect(wheel.selectedMonster?.name == "Monster-0")
    type("9999", into: &wheel)
    // "MONSTER-9999": Monster-9999 and Monster-99990 to Monster-99999.
    #expect(shown(wheel) == ["Monster-9999"] + (99990...99999).map { "Monster-\($0)" })
    type("x", into: &wheel)
    #expect(wheel.shownCount == 0)
    _ = wheel.handle(.eraseLine)
    #expect(wheel.shownCount == count)
    #expect(wheel.selectedMonster?.name == "Monster-0")
  }
}
