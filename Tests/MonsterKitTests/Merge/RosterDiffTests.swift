import MonsterKit
import Testing

@Suite struct RosterDiffTests {
  private func changes(_ old: Roster, _ new: Roster) throws -> [RosterDiff.Change] {
    let built = RosterDiff(from: old, to: new).changes
    let fromFiles = RosterDiff(from: try reread(old), to: try reread(new)).changes
    #expect(built == fromFiles, "the changes differ once read from files")
    return fromFiles
  }

  @Test func aRosterComparedWithItselfHasNoChanges() throws {
    #expect(try changes(.seeded, .seeded).isEmpty)
    #expect(RosterDiff(from: .seeded, to: .seeded).isEmpty)
  }

  @Test func theLayoutOfTheFileIsNoChange() throws {
    let compact = try readRoster(
      #"{"monsters":[{"weapon":"sword","name":"\u0043at-Bot","icon":"meetcatbot.png","#
        + #""description":"MEE-OW"}],"version":1}"#)
    #expect(
      RosterDiff(
        from: try seeded(
          .remove("Dog-Bot"), .remove("Explode-Bot"),
          .remove("Fire-Bot"), .remove("Ice-Bot"), .remove("Mini-Tomato-Bot")), to: compact
      ).isEmpty)
  }

  @Test func eachFieldChangeIsAChange() throws {
    let new = try seeded(
      .set(
        "Cat-Bot", .init(weapon: .fire, description: "Purr", icon: "c.png", nameColor: .set(.red)))
    )
    #expect(
      try changes(.seeded, new) == [
        .changed("Cat-Bot", .description, from: .string("MEE-OW"), to: .string("Purr")),
        .changed("Cat-Bot", .icon, from: .string("meetcatbot.png"), to: .string("c.png")),
        .changed("Cat-Bot", .weapon, from: .string("sword"), to: .string("fire")),
        .changed("Cat-Bot", .nameColor, from: nil, to: .string("red")),
      ])
  }

  @Test func additionsRemovalsAndRenamesAreNamed() throws {
    let new = try seeded(
      .remove("Dog-Bot"), .rename("Fire-Bot", to: "Blaze-Bot"), .add(newMonster("Robo-Bot")))
    #expect(
      try changes(.seeded, new) == [
        .removed(Roster.seeded.monster(named: "Dog-Bot")!),
        .renamed(from: "Fire-Bot", to: "Blaze-Bot"),
        .added(newMonster("Robo-Bot")),
      ])
  }

  @Test func aRenameWithAnEditIsARename() throws {
    let new = try seeded(
      .rename("Fire-Bot", to: "Blaze-Bot"), .set("Blaze-Bot", .init(weapon: .fire)))
    #expect(
      try changes(.seeded, new) == [
        .renamed(from: "Fire-Bot", to: "Blaze-Bot"),
        .changed("Blaze-Bot", .weapon, from: .string("ninjaStar"), to: .string("fire")),
      ])
  }

  @Test func aRenameThatKeepsNothingButTheWeaponIsARemovalAndAnAddition() throws {
    let new = try seeded(
      .rename("Fire-Bot", to: "Blaze-Bot"),
      .set("Blaze-Bot", .init(description: "Hot", icon: "blaze.png")))
    #expect(
      try changes(.seeded, new) == [
        .removed(Roster.seeded.monster(named: "Fire-Bot")!),
        .added(try #require(new.monster(named: "Blaze-Bot"))),
      ])
  }

  /// Cat-Bot's edit before it is renamed Kit-Bot, and the changes the diff gives Kit-Bot.
  static let renamedAway: [(RosterEdit.Changes, [RosterDiff.Change])] = [
    // It keeps its icon and weapon.
    (
      .init(description: "Purr"),
      [.changed("Kit-Bot", .description, from: .string("MEE-OW"), to: .string("Purr"))]
    ),
    // It keeps only its icon: the new monster shares more with the old one than the one
    // renamed away does, but for the icon.
    (
      .init(weapon: .fire, description: "Purr"),
      [
        .changed("Kit-Bot", .description, from: .string("MEE-OW"), to: .string("Purr")),
        .changed("Kit-Bot", .weapon, from: .string("sword"), to: .string("fire")),
      ]
    ),
    // It keeps only its description.
    (
      .init(weapon: .fire, icon: "kit.png"),
      [
        .changed("Kit-Bot", .icon, from: .string("meetcatbot.png"), to: .string("kit.png")),
        .changed("Kit-Bot", .weapon, from: .string("sword"), to: .string("fire")),
      ]
    ),
  ]

  /// A name handed to a new monster that holds nothing of the one that had it: the monster
  /// renamed away is the one that kept the description or the icon no other monster has,
  /// though the new one shares the weapon with it too.
  @Test(arguments: renamedAway)
  func aMonsterRenamedAwayWithItsOwnIconOrDescriptionIsTheRenamedOne(
    _ edit: RosterEdit.Changes, _ changed: [RosterDiff.Change]
  ) throws {
    let newCat = Monster(name: "Cat-Bot", description: "New", icon: "new-cat.png", weapon: .sword)
    let new = try seeded(
      .set("Cat-Bot", edit), .rename("Cat-Bot", to: "Kit-Bot"), .add(newCat))
    #expect(
      try changes(.seeded, new)
        == [.renamed(from: "Cat-Bot", to: "Kit-Bot")] + changed + [.added(newCat)])
  }

  @Test func aRemovalAndAnAdditionInOnePlaceWithOnlyAnEmptyDescriptionAlikeAreNoRename() throws {
    let (old, new) = try lastBotReplaced()
    #expect(
      try changes(old, new) == [
        .removed(newMonster("Last-Bot", description: "")),
        .added(newMonster("New-Bot", .sword, description: "")),
      ])
  }

  @Test func aRemovalAndAnUnlikeAdditionInOnePlaceAreNoRename() throws {
    let new = try seeded(.remove("Mini-Tomato-Bot"), .add(newMonster("Robo-Bot")))
    #expect(
      try changes(.seeded, new) == [
        .removed(Roster.seeded.monster(named: "Mini-Tomato-Bot")!), .added(newMonster("Robo-Bot")),
      ])
  }

  @Test func aChangeOfCaseIsARename() throws {
    #expect(
      try changes(.seeded, try seeded(.rename("Cat-Bot", to: "CAT-BOT")))
        == [.renamed(from: "Cat-Bot", to: "CAT-BOT")])
  }

  @Test func aMonsterThatChangedPlaceMoved() throws {
    var new = try seeded(.remove("Dog-Bot"))
    try new.add(Roster.seeded.monster(named: "Dog-Bot")!)
    #expect(try changes(.seeded, new) == [.moved("Dog-Bot")])
    var first = Roster()
    try first.add(Roster.seeded.monster(named: "Ice-Bot")!)
    for monster in Roster.seeded where monster.name != "Ice-Bot" { try first.add(monster) }
    #expect(try changes(.seeded, first) == [.moved("Ice-Bot")])
  }

  @Test func unknownKeysAreChanges() throws {
    var new = Roster.seeded
    try new.setOtherFields([JSONMember("owner", .string("ann"))])
    try new.update(named: "Cat-Bot") { $0.otherFields = [JSONMember("tags", .array([]))] }
    #expect(
      try changes(.seeded, new) == [
        .changed("Cat-Bot", .other("tags"), from: nil, to: .array([])),
        .rosterField("owner", from: nil, to: .string("ann")),
      ])
  }

  @Test func anAdditionAtTheStartOfALargeRosterIsOneChange() throws {
    var old = Roster()
    for number in 0..<5000 {
      try old.add(newMonster("Bot-\(number)", description: "number \(number)"))
    }
    var new = Roster()
    try new.add(newMonster("First-Bot"))
    for monster in old { try new.add(monster) }
    try new.remove(named: "Bot-2500")
    #expect(
      try changes(old, new) == [
        .added(newMonster("First-Bot")), .removed(old.monster(named: "Bot-2500")!),
      ])
  }

  @Test func namesAreMatchedAsTheRosterComparesThem() throws {
    // KELVIN SIGN is K ignoring case: the roster takes the one for the other.
    let old = try seeded(.add(newMonster("K-Bot")))
    let new = try seeded(.add(newMonster("\u{212A}-Bot")))
    #expect(try changes(old, new) == [.renamed(from: "K-Bot", to: "\u{212A}-Bot")])
  }
}
