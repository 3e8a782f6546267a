import MonsterKit
import Testing

@Suite struct RosterEditTests {
  @Test func changesWithNothingSetAreEmpty() {
    #expect(RosterEdit.Changes().isEmpty)
    #expect(!RosterEdit.Changes(weapon: .fire).isEmpty)
    #expect(!RosterEdit.Changes(description: "").isEmpty)
    #expect(!RosterEdit.Changes(icon: "a.png").isEmpty)
    #expect(!RosterEdit.Changes(nameColor: .remove).isEmpty)
  }

  /// A monster with changes made to it, as a roster that declares nothing makes them.
  private func changed(_ monster: Monster, _ changes: RosterEdit.Changes) throws -> Monster {
    var roster = try Roster([monster])
    try roster.apply(.set(monster.name, changes))
    return roster.monsters[0]
  }

  @Test func changesSetOnlyTheFieldsGiven() throws {
    var monster = Monster(
      name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red)
    monster = try changed(monster, RosterEdit.Changes())
    #expect(
      monster
        == Monster(name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red))
    monster = try changed(monster, RosterEdit.Changes(weapon: .smoke, icon: "b.png"))
    #expect(
      monster
        == Monster(name: "A", description: "d", icon: "b.png", weapon: .smoke, nameColor: .red))
    monster = try changed(monster, RosterEdit.Changes(description: "e", nameColor: .set(.blue)))
    #expect(monster.description == "e")
    #expect(monster.nameColor == .blue)
  }

  @Test func removeTakesTheColourAwayAndKeepLeavesIt() throws {
    var monster = Monster(name: "A", description: "d", weapon: .fire, nameColor: .red)
    monster = try changed(monster, RosterEdit.Changes(nameColor: .keep))
    #expect(monster.nameColor == .red)
    monster = try changed(monster, RosterEdit.Changes(description: "e"))
    #expect(monster.nameColor == .red)
    monster = try changed(monster, RosterEdit.Changes(nameColor: .remove))
    #expect(monster.nameColor == nil)
    monster = try changed(monster, RosterEdit.Changes(nameColor: .set(.green)))
    #expect(monster.nameColor == .green)
  }

  @Test func changesOfTheColourAreAssignmentsOfItsKey() {
    #expect(RosterEdit.Changes(nameColor: .keep).assignments.isEmpty)
    #expect(RosterEdit.Changes(nameColor: .remove).assignments == [.init("nameColor", nil)])
    #expect(
      RosterEdit.Changes(nameColor: .set(.rgb(red: 255, green: 136, blue: 0))).assignments
        == [.init("nameColor", .json(.string("#FF8800")))])
    var changes = RosterEdit.Changes(weapon: .fire)
    changes.remove("notes")
    #expect(changes.assignments.last == .init("notes", nil))
  }

  @Test func aFieldGivenTwiceTakesItsLastValue() throws {
    var changes = RosterEdit.Changes(weapon: .smoke)
    changes.set("weapon", to: .typed("ninja-star"))
    let monster = try changed(Monster(name: "A", description: "", weapon: .fire), changes)
    #expect(monster.weapon == .ninjaStar)
  }

  @Test func aTypedFieldTheRosterDoesNotHaveIsRefusedAndAnotherKeyIsKept() throws {
    let monster = Monster(name: "A", description: "", weapon: .fire)
    var typed = RosterEdit.Changes()
    typed.set("team", to: .typed("red"))
    #expect(throws: RosterError.unknownField("team", fields: [])) {
      try changed(monster, typed)
    }
    var kept = RosterEdit.Changes()
    kept.set("team", to: .text("red"))
    #expect(try changed(monster, kept).otherFields == [JSONMember("team", .string("red"))])
  }

  @Test func addAndRemoveAlwaysChangeTheRoster() throws {
    var roster = Roster.seeded
    #expect(try roster.apply(.add(Monster(name: "B", description: "", weapon: .fire))))
    #expect(try roster.apply(.remove("b")))
    #expect(roster == Roster.seeded)
  }

  @Test func editsAreValuesThatCompare() {
    #expect(RosterEdit.rename("a", to: "b") == .rename("a", to: "b"))
    #expect(RosterEdit.rename("a", to: "b") != .rename("a", to: "c"))
    #expect(RosterEdit.set("a", .init(weapon: .fire)) != .set("a", .init(weapon: .smoke)))
    #expect(RosterEdit.remove("a") != .remove("A"))
  }
}
