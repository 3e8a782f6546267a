import MonsterKit
import Testing

@Suite struct RosterEditTests {
  @Test func changesWithNothingSetAreEmpty() {
    #expect(RosterEdit.Changes().isEmpty)
    #expect(!RosterEdit.Changes(weapon: .fire).isEmpty)
    #expect(!RosterEdit.Changes(description: "").isEmpty)
    #expect(!RosterEdit.Changes(icon: "a.png").isEmpty)
    #expect(!RosterEdit.Changes(nameColor: .some(nil)).isEmpty)
  }

  @Test func changesSetOnlyTheFieldsGiven() {
    var monster = Monster(
      name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red)
    RosterEdit.Changes().apply(to: &monster)
    #expect(
      monster
        == Monster(name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red))
    RosterEdit.Changes(weapon: .smoke, icon: "b.png").apply(to: &monster)
    #expect(
      monster
        == Monster(name: "A", description: "d", icon: "b.png", weapon: .smoke, nameColor: .red))
    RosterEdit.Changes(description: "e", nameColor: .some(.blue)).apply(to: &monster)
    #expect(monster.description == "e")
    #expect(monster.nameColor == .blue)
  }

  @Test func someNilRemovesTheColourAndNilKeepsIt() {
    var monster = Monster(name: "A", description: "d", weapon: .fire, nameColor: .red)
    RosterEdit.Changes(nameColor: nil).apply(to: &monster)
    #expect(monster.nameColor == .red)
    RosterEdit.Changes(nameColor: .some(nil)).apply(to: &monster)
    #expect(monster.nameColor == nil)
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
