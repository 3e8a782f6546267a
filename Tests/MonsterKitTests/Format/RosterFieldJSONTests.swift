import TestSupport
import Testing

@testable import MonsterKit

/// A monster's JSON object with some of its fields, as `list --fields` prints it.
@Suite struct RosterFieldJSONTests {
  private func json(_ roster: Roster, _ name: String, _ fields: [MonsterField], indent: Int?)
    throws -> String
  {
    var bytes: [UInt8] = []
    roster.appendJSON(
      ofMonsterAt: try #require(roster.index(named: name)), fields: fields, indent: indent,
      to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func everyBuiltInKeyInOrderIsTheObjectWithoutOtherKeys() throws {
    var roster = try readRoster(bytes: try Fixture.seeded())
    try roster.apply(.set("Cat-Bot", .init(description: "a \"b\"\n", nameColor: .set(.red))))
    for name in ["Cat-Bot", "Dog-Bot"] {
      for indent in [nil, 0, 1] {
        var whole: [UInt8] = []
        roster.appendJSON(
          ofMonsterAt: try #require(roster.index(named: name)), indent: indent, to: &whole)
        #expect(
          try json(roster, name, MonsterField.builtIn, indent: indent)
            == String(decoding: whole, as: UTF8.self))
      }
    }
  }

  @Test func theKeysAreTheOnesAskedForInTheirOrder() throws {
    var roster = Roster.seeded
    try roster.apply(.set("Cat-Bot", .init(nameColor: .set(.red))))
    #expect(
      try json(roster, "Cat-Bot", [.nameColor, .name], indent: nil)
        == #"{"nameColor":"red","name":"Cat-Bot"}"#)
    #expect(try json(roster, "Dog-Bot", [.nameColor], indent: nil) == "{}")
    #expect(try json(roster, "Dog-Bot", [.nameColor], indent: 1) == "{}")
    #expect(
      try json(roster, "Dog-Bot", [.weapon, .icon], indent: 0)
        == "{\n  \"weapon\": \"blowgun\",\n  \"icon\": \"meetdogbot.png\"\n}")
  }

  @Test func anotherKeyIsWrittenAsTheFileHoldsItAndLeftOutWhereAMonsterLacksIt() throws {
    var roster = Roster.seeded
    try roster.apply(
      .set("Cat-Bot", .init(otherFields: [JSONMember("tags", .array([.number("1e3")]))])))
    #expect(
      try json(roster, "Cat-Bot", [.name, .other("tags")], indent: nil)
        == #"{"name":"Cat-Bot","tags":[1e3]}"#)
    #expect(try json(roster, "Dog-Bot", [.other("tags")], indent: nil) == "{}")
  }
}
