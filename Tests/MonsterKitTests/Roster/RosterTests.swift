import TestSupport
import Testing

@testable import MonsterKit

/// The roster as a collection: the seeded one, and equality.
@Suite struct RosterTests {
  // MARK: - The seeded roster

  @Test func seededRosterHoldsTheSixSeededMonstersInOrder() {
    #expect(Roster.seeded.count == 6)
    #expect(Roster.seeded.monsters == Monster.seeded)
    #expect(
      Roster.seeded.map(\.name)
        == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
    #expect(Roster.seeded.otherFields.isEmpty)
  }

  @Test func seededRosterWritesTheSeededFixture() throws {
    #expect(Roster.seeded.canonicalJSON() == (try Fixture.seeded()))
  }

  @Test func seededFixtureReadsAsTheSeededRoster() throws {
    #expect(try readRoster(bytes: try Fixture.seeded()) == Roster.seeded)
  }

  @Test func emptyRosterWritesAnEmptyArray() {
    #expect(Roster().isEmpty)
    #expect(text(Roster().canonicalJSON()) == "{\n  \"version\": 1,\n  \"monsters\": []\n}\n")
  }

  // MARK: - Equality

  @Test func rostersAreEqualWhenMonstersOrderAndOtherKeysAre() throws {
    let fromFile = try readRoster(bytes: try Fixture.seeded())
    #expect(fromFile == Roster.seeded)
    #expect(try Roster(Monster.seeded) == Roster.seeded)
    #expect(try Roster(Monster.seeded.reversed()) != Roster.seeded)
    #expect(try Roster(Monster.seeded.dropLast()) != Roster.seeded)
    var other = Roster.seeded
    other.otherFields = [JSONMember("x", .null)]
    #expect(other != Roster.seeded)
    var changed = fromFile
    try changed.apply(.set("Ice-Bot", .init(description: "Cold")))
    #expect(changed != Roster.seeded)
    try changed.apply(.set("Ice-Bot", .init(description: "Has A Chilling Effect")))
    #expect(changed == Roster.seeded)
    var removedAndAdded = Roster.seeded
    let last = try removedAndAdded.remove(named: "Mini-Tomato-Bot")
    try removedAndAdded.add(last)
    #expect(removedAndAdded == Roster.seeded)
  }
}
