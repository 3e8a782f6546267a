import MonsterKit
import Testing

/// A monster's id: its name as a roster compares names.
@Suite struct MonsterIdentityTests {
  /// The ids of any collection of identifiable values, as SwiftUI reads them.
  private func ids<Values: Collection>(_ values: Values) -> [Values.Element.ID]
  where Values.Element: Identifiable {
    values.map(\.id)
  }

  @Test func theIdIsTheNameFoldedAsTheRosterComparesNames() {
    #expect(Monster.seeded[0].id == "cat-bot")
    #expect(Monster(name: "ÉMILE", description: "", weapon: .fire).id == "émile")
    #expect(
      ids(Roster.seeded)
        == ["cat-bot", "dog-bot", "explode-bot", "fire-bot", "ice-bot", "mini-tomato-bot"])
  }

  @Test func namesTheRosterTakesForOneHaveOneIdAndOthersDiffer() throws {
    var roster = Roster.seeded
    let shouting = Monster(name: "CAT-BOT", description: "", weapon: .fire)
    #expect(throws: RosterError.nameTaken("CAT-BOT", by: "Cat-Bot")) { try roster.add(shouting) }
    #expect(shouting.id == Roster.seeded[Roster.seeded.startIndex].id)
    try roster.add(Monster(name: "Cat-Bot 2", description: "", weapon: .fire))
    #expect(Set(ids(roster)).count == roster.count)
  }

  @Test func aRenamedMonsterHasANewIdAndKeepsNoOther() throws {
    var roster = Roster.seeded
    try roster.apply(.rename("Cat-Bot", to: "Robo-Cat"))
    #expect(ids(roster).first == "robo-cat")
    #expect(!ids(roster).contains("cat-bot"))
  }
}
