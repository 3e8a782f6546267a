import Testing

@testable import MonsterKit

@Suite struct RosterExcerptTests {
  private func names(_ roster: Roster) -> [String] {
    roster.map(\.name)
  }

  private func merged(_ merge: RosterExcerpt.Merged) throws -> Roster {
    guard case .merged(let roster) = merge else {
      Issue.record("a conflict")
      throw RosterError.noSuchMonster("", suggestion: nil)
    }
    return roster
  }

  @Test func anExcerptIsItsMonstersWithTheRostersWeaponsAndFields() throws {
    var roster = Roster.seeded
    try roster.apply(.addWeapon(Weapon(name: "plasma")))
    roster.otherFields = [JSONMember("owner", .string("ann"))]
    let excerpt = try RosterExcerpt(of: roster, offsets: [3, 1, 3])
    #expect(excerpt.offsets == [1, 3])
    #expect(names(excerpt.roster) == ["Dog-Bot", "Fire-Bot"])
    #expect(excerpt.roster.weapons == roster.weapons)
    #expect(excerpt.roster.otherFields.isEmpty)
    #expect(try RosterExcerpt(of: roster, offsets: nil).roster.otherFields.count == 1)
  }

  @Test func keptMonstersKeepTheirPlacesAndAdditionsFollowTheOneBefore() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: [1, 3, 5])
    var edited = excerpt.roster
    // Fire-Bot removed; Dog-Bot renamed; Robo-Bot added after Mini-Tomato-Bot, Zap-Bot
    // first of all.
    _ = try edited.remove(named: "Fire-Bot")
    try edited.apply(.rename("Dog-Bot", to: "Hound-Bot"))
    try edited.apply(.add(Monster(name: "Robo-Bot", description: "", weapon: .fire)))
    try edited.insert(Monster(name: "Zap-Bot", description: "", weapon: .smoke), at: 0)
    let result = try excerpt.replacing(in: .seeded, with: edited)
    #expect(
      names(result) == [
        "Cat-Bot", "Zap-Bot", "Hound-Bot", "Explode-Bot", "Ice-Bot", "Mini-Tomato-Bot",
        "Robo-Bot",
      ])
  }

  @Test func keptMonstersMovedAmongThemselvesTakeEachOthersPlaces() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: [0, 4])
    var edited = excerpt.roster
    edited.move(fromOffsets: [1], toOffset: 0)
    #expect(
      names(try excerpt.replacing(in: .seeded, with: edited)) == [
        "Ice-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Cat-Bot", "Mini-Tomato-Bot",
      ])
  }

  @Test func everyMonsterRemovedLeavesAdditionsWhereTheFirstWas() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: [2, 3])
    let edited = try Roster([Monster(name: "Robo-Bot", description: "", weapon: .fire)])
    #expect(
      names(try excerpt.replacing(in: .seeded, with: edited)) == [
        "Cat-Bot", "Dog-Bot", "Robo-Bot", "Ice-Bot", "Mini-Tomato-Bot",
      ])
  }

  @Test func aNameAnotherMonsterHasIsRefused() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: [1])
    var edited = excerpt.roster
    try edited.apply(.rename("Dog-Bot", to: "CAT-BOT"))
    #expect(throws: RosterError.nameTaken("CAT-BOT", by: "Cat-Bot")) {
      try excerpt.replacing(in: .seeded, with: edited)
    }
  }

  @Test func theExcerptFollowsItsMonstersThroughRenamesAndRemovals() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: [0, 1, 2])
    var later = Roster.seeded
    try later.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
    _ = try later.remove(named: "Dog-Bot")
    try later.insert(Monster(name: "Robo-Bot", description: "", weapon: .fire), at: 0)
    let now = try excerpt.following(from: .seeded, to: later)
    #expect(now.offsets == [1, 2])
    #expect(names(now.roster) == ["Kitty-Bot", "Explode-Bot"])
  }

  @Test func anEditMergesWithWhatChangedMeanwhile() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: [0, 1])
    var edited = excerpt.roster
    try edited.apply(.set("Cat-Bot", .init(weapon: .fire)))
    var current = Roster.seeded
    try current.apply(.set("Cat-Bot", .init(description: "Purr")))
    try current.apply(.rename("Dog-Bot", to: "Hound-Bot"))
    try current.apply(.set("Ice-Bot", .init(weapon: .smoke)))
    let result = try merged(try excerpt.merge(edited, from: .seeded, into: current))
    #expect(result.monster(named: "Cat-Bot")?.weapon == .fire)
    #expect(result.monster(named: "Cat-Bot")?.description == "Purr")
    #expect(result.monster(named: "Hound-Bot") != nil)
    #expect(result.monster(named: "Ice-Bot")?.weapon == .smoke)
    #expect(result.count == 6)
  }

  @Test func twoValuesOfOneFieldConflict() throws {
    let excerpt = try RosterExcerpt(of: .seeded, offsets: nil)
    var edited = Roster.seeded
    try edited.apply(.set("Cat-Bot", .init(weapon: .fire)))
    var current = Roster.seeded
    try current.apply(.set("Cat-Bot", .init(weapon: .smoke)))
    guard
      case .conflicts(let merge, let now) = try excerpt.merge(edited, from: .seeded, into: current)
    else {
      Issue.record("no conflict")
      return
    }
    #expect(merge.conflicts.map(\.monster) == ["Cat-Bot"])
    #expect(now.isWhole && now.roster.monster(named: "Cat-Bot")?.weapon == .smoke)
  }
}
