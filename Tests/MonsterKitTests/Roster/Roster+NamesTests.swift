import TestSupport
import Testing

@testable import MonsterKit

/// Finding monsters by name, ignoring case, in ASCII and beyond.
@Suite struct RosterNameTests {
  // MARK: - Lookup

  @Test(arguments: ["cat-bot", "CAT-BOT", "Cat-Bot", "cAt-BoT"])
  func lookupIgnoresCase(_ name: String) throws {
    let monster = try #require(Roster.seeded.monster(named: name))
    #expect(monster.name == "Cat-Bot")
    let index = try #require(Roster.seeded.index(named: name))
    #expect(Roster.seeded[index].name == "Cat-Bot")
    #expect(index == Roster.seeded.startIndex)
  }

  @Test(arguments: ["Cat", "Cat-Bot ", " Cat-Bot", "", "Cat-Bott", "Cat_Bot"])
  func lookupOfAnotherNameFindsNothing(_ name: String) {
    #expect(Roster.seeded.monster(named: name) == nil)
    #expect(Roster.seeded.index(named: name) == nil)
  }

  @Test func lookupFindsEveryPosition() throws {
    for (offset, monster) in Monster.seeded.enumerated() {
      let index = try #require(Roster.seeded.index(named: monster.name.uppercased()))
      #expect(Roster.seeded.distance(from: Roster.seeded.startIndex, to: index) == offset)
    }
  }

  // MARK: - Names beyond ASCII

  @Test func kelvinSignIsKIgnoringCase() throws {
    var roster = try Roster([Monster(name: "Kat", description: "", weapon: .fire)])
    #expect(roster.monster(named: "\u{212A}AT")?.name == "Kat")
    #expect(throws: RosterError.nameTaken("\u{212A}at", by: "Kat")) {
      try roster.add(Monster(name: "\u{212A}at", description: "", icon: "k.png", weapon: .fire))
    }
    try roster.add(Monster(name: "Émile", description: "", weapon: .fire))
    #expect(roster.monster(named: "\u{212A}AT")?.name == "Kat")
    #expect(roster.monster(named: "kat")?.name == "Kat")
  }

  @Test func kelvinSignFindsAnASCIINameInARosterReadFromAFile() throws {
    var roster = try readRoster(
      rosterText(
        #"{"name": "Cat-Bot", "description": "", "icon": "c.png", "weapon": "sword"}"#,
        #"{"name": "Kat", "description": "", "icon": "k.png", "weapon": "fire"}"#))
    #expect(roster.monster(named: "\u{212A}AT")?.icon == "k.png")
    #expect(throws: RosterError.nameTaken("\u{212A}at", by: "Kat")) {
      try roster.add(Monster(name: "\u{212A}at", description: "", icon: "k.png", weapon: .fire))
    }
    #expect(throws: RosterError.nameTaken("\u{212A}AT", by: "Kat")) {
      try roster.apply(.rename("cat-bot", to: "\u{212A}AT"))
    }
    try roster.apply(.rename("\u{212A}at", to: "Kit"))
    #expect(roster.map(\.name) == ["Cat-Bot", "Kit"])
  }

  @Test func accentedLettersCompareIgnoringCase() throws {
    var roster = Roster.seeded
    try roster.add(Monster(name: "Émile", description: "", weapon: .fire))
    #expect(roster.monster(named: "émile")?.name == "Émile")
    #expect(roster.monster(named: "ÉMILE")?.name == "Émile")
    #expect(roster.monster(named: "Emile") == nil)
    #expect(roster.monster(named: "cat-bot")?.name == "Cat-Bot")
    #expect(throws: RosterError.nameTaken("émile", by: "Émile")) {
      try roster.add(Monster(name: "émile", description: "", weapon: .fire))
    }
    try roster.add(Monster(name: "Emile", description: "", weapon: .fire))
    #expect(roster.count == 8)
  }

  @Test func rosterReadFromAFileMixingNonASCIIAndASCIINames() throws {
    var roster = try readRoster(
      rosterText(
        #"{"name": "Cat-Bot", "description": "", "icon": "c.png", "weapon": "sword"}"#,
        #"{"name": "Émile", "description": "", "icon": "e.png", "weapon": "fire"}"#,
        #"{"name": "D\u00f6g-Bot", "description": "", "icon": "d.png", "weapon": "smoke"}"#,
        #"{"name": "Kat", "description": "", "icon": "k.png", "weapon": "blowgun"}"#))
    #expect(roster.map(\.name) == ["Cat-Bot", "Émile", "Dög-Bot", "Kat"])
    #expect(roster.monster(named: "CAT-BOT")?.icon == "c.png")
    #expect(roster.monster(named: "émile")?.icon == "e.png")
    #expect(roster.monster(named: "DÖG-BOT")?.icon == "d.png")
    #expect(roster.monster(named: "\u{212A}at")?.icon == "k.png")
    #expect(throws: RosterError.nameTaken("ÉMILE", by: "Émile")) {
      try roster.add(Monster(name: "ÉMILE", description: "", weapon: .fire))
    }
    try roster.apply(.rename("émile", to: "Zoë"))
    #expect(roster.monster(named: "ZOË")?.icon == "e.png")
    #expect(roster.monster(named: "Émile") == nil)
    try roster.remove(named: "cat-bot")
    #expect(roster.map(\.name) == ["Zoë", "Dög-Bot", "Kat"])
  }
}
