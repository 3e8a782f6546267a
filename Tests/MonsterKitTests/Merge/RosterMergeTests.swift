import MonsterKit
import Testing

@Suite struct RosterMergeTests {
  // MARK: - Clean merges

  @Test func editsOfDifferentMonstersMerge() throws {
    let merge = try merged(
      .seeded, try seeded(.set("Cat-Bot", .init(weapon: .fire))),
      try seeded(.set("Dog-Bot", .init(description: "Woof"))))
    #expect(merge.isClean)
    #expect(
      merge.result
        == (try seeded(
          .set("Cat-Bot", .init(weapon: .fire)), .set("Dog-Bot", .init(description: "Woof")))))
  }

  @Test func editsOfDifferentFieldsOfOneMonsterMerge() throws {
    let merge = try merged(
      .seeded, try seeded(.set("Cat-Bot", .init(weapon: .fire))),
      try seeded(.set("Cat-Bot", .init(description: "Purr", nameColor: .set(.red)))))
    #expect(merge.isClean)
    let cat = try #require(merge.result?.monster(named: "Cat-Bot"))
    #expect(cat.weapon.type == .fire)
    #expect(cat.description == "Purr")
    #expect(cat.nameColor == .red)
  }

  @Test func monstersAddedOnBothSidesGoOursFirstThenTheirs() throws {
    let merge = try merged(
      .seeded, try seeded(.add(newMonster("Robo-Bot")), .add(newMonster("Zap-Bot"))),
      try seeded(.add(newMonster("Space-Bot"))))
    #expect(merge.isClean)
    #expect(
      nameList(merge.result) == nameList(.seeded) + ["Robo-Bot", "Zap-Bot", "Space-Bot"])
  }

  @Test func theSameMonsterAddedIdenticallyOnBothSidesIsOne() throws {
    let merge = try merged(
      .seeded, try seeded(.add(newMonster("Robo-Bot")), .add(newMonster("Zap-Bot"))),
      try seeded(.add(newMonster("Space-Bot")), .add(newMonster("Robo-Bot"))))
    #expect(merge.isClean)
    // Each side's order is kept: theirs has Space-Bot before Robo-Bot, ours Zap-Bot after.
    #expect(
      nameList(merge.result) == nameList(.seeded) + ["Space-Bot", "Robo-Bot", "Zap-Bot"])
  }

  @Test func removalsMergeWithEditsOfOtherMonsters() throws {
    let merge = try merged(
      .seeded, try seeded(.remove("Dog-Bot"), .remove("Ice-Bot")),
      try seeded(.remove("Ice-Bot"), .set("Cat-Bot", .init(weapon: .smoke))))
    #expect(merge.isClean)
    #expect(
      merge.result
        == (try seeded(
          .remove("Dog-Bot"), .remove("Ice-Bot"), .set("Cat-Bot", .init(weapon: .smoke)))))
  }

  @Test(arguments: [MergeSide.ours, .theirs])
  func aRenameIsFollowedThroughTheOtherSidesEdits(_ renamer: MergeSide) throws {
    let renamed = try seeded(.rename("Fire-Bot", to: "Blaze-Bot"))
    let edited = try seeded(.set("Fire-Bot", .init(weapon: .fire, description: "Hot")))
    let merge = try merged(.seeded, renamed, doubtedBy: renamer, against: edited)
    #expect(merge.isClean)
    #expect(
      merge.result
        == (try seeded(
          .rename("Fire-Bot", to: "Blaze-Bot"),
          .set("Blaze-Bot", .init(weapon: .fire, description: "Hot")))))
  }

  @Test func aRenameWithAnEditOfItsOwnIsFollowedByWhatTheMonsterKept() throws {
    // Renamed and given a new icon in one step, the monster keeps its description, which no
    // other monster has: theirs' edit of Fire-Bot is Blaze-Bot's.
    let merge = try merged(
      .seeded,
      try seeded(.rename("Fire-Bot", to: "Blaze-Bot"), .set("Blaze-Bot", .init(icon: "b.png"))),
      try seeded(.set("Fire-Bot", .init(weapon: .smoke))))
    #expect(
      merge.result
        == (try seeded(
          .rename("Fire-Bot", to: "Blaze-Bot"),
          .set("Blaze-Bot", .init(weapon: .smoke, icon: "b.png")))))
  }

  @Test func aRenameThatKeepsNothingThatIdentifiesTheMonsterIsARemovalAndAnAddition() throws {
    // Renamed with a new description and icon, the monster is no longer known by anything
    // that tells it from another: theirs' edit of Fire-Bot is not given to Blaze-Bot.
    let merge = try merged(
      .seeded,
      try seeded(
        .rename("Fire-Bot", to: "Blaze-Bot"),
        .set("Blaze-Bot", .init(description: "Hot", icon: "b.png"))),
      try seeded(.set("Fire-Bot", .init(weapon: .smoke))))
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Fire-Bot",
          reason: .removed(
            by: .ours,
            otherSideChanged: [
              .changed("Fire-Bot", .weapon, from: .string("ninjaStar"), to: .string("smoke"))
            ]))
      ])
    let bytes = merge.fileBytes()
    #expect(try readRoster(resolved(bytes, keeping: .ours)).monster(named: "Fire-Bot") == nil)
    #expect(
      try readRoster(resolved(bytes, keeping: .ours)).monster(named: "Blaze-Bot")?.weapon.type
        == .ninjaStar)
  }

  @Test func aRemovalAndAnAdditionThatShareAnEmptyDescriptionAreNoRename() throws {
    // Ours removes the last monster and adds one (at the end, where it stood), both with an
    // empty description; theirs edits the one ours removed. Its edit is not the new one's.
    let (base, ours) = try lastBotReplaced()
    var theirs = base
    try theirs.apply(.set("Last-Bot", .init(description: "Goes last", nameColor: .set(.blue))))
    let merge = try merged(base, ours, theirs)
    #expect(merge.conflicts.map(\.monster) == ["Last-Bot"])
    #expect(
      try readRoster(resolved(merge.fileBytes(), keeping: .ours))
        .monster(named: "New-Bot") == newMonster("New-Bot", .sword, description: ""))
  }

  @Test func aRemovalAndAnAdditionThatShareAnIconAreNoRename() throws {
    var ours = try seeded(.remove("Ice-Bot"))
    try ours.add(
      Monster(name: "Frost-Bot", description: "Cold", icon: "meeticebot.png", weapon: .smoke))
    let theirs = try seeded(.set("Ice-Bot", .init(weapon: .sword)))
    let merge = try merged(.seeded, ours, theirs)
    #expect(merge.conflicts.map(\.monster) == ["Ice-Bot"])
  }

  @Test func bothSidesRemovingOneMonsterAndEachAddingItsOwnKeepBoth() throws {
    let ours = try seeded(.remove("Mini-Tomato-Bot"), .add(newMonster("A-Bot", description: "")))
    let theirs = try seeded(.remove("Mini-Tomato-Bot"), .add(newMonster("B-Bot", description: "")))
    let merge = try merged(.seeded, ours, theirs)
    #expect(merge.isClean)
    #expect(
      nameList(merge.result)
        == ["Cat-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "A-Bot", "B-Bot"])
    // And one side adding: the removal on both sides and the addition, no change to argue.
    let alone = try merged(.seeded, ours, try seeded(.remove("Mini-Tomato-Bot")))
    #expect(alone.isClean)
    #expect(alone.result == ours)
  }

  @Test func twoLikeRemovedMonstersAndTwoLikeNewcomersAreNoRenames() throws {
    // Two monsters alike but for their names leave, and two arrive alike the same way:
    // which is which cannot be told, so neither is taken for a rename.
    let twin = { (name: String) in
      Monster(name: name, description: "", icon: "x.png", weapon: .fire)
    }
    var base = Roster.seeded
    try base.add(twin("A-Bot"))
    try base.add(twin("B-Bot"))
    var ours = try seeded()
    try ours.add(twin("C-Bot"))
    try ours.add(twin("D-Bot"))
    #expect(
      RosterDiff(from: base, to: ours).changes == [
        .removed(twin("A-Bot")), .removed(twin("B-Bot")), .added(twin("C-Bot")),
        .added(twin("D-Bot")),
      ])
  }

  @Test func theSameEditOnBothSidesIsOneEdit() throws {
    let edit = try seeded(.rename("Fire-Bot", to: "Blaze-Bot"), .remove("Dog-Bot"))
    let merge = try merged(.seeded, edit, edit)
    #expect(merge.isClean)
    #expect(merge.result == edit)
  }

  @Test func unknownKeysOfMonstersAndOfTheRosterMerge() throws {
    let tag = { (name: String, value: JSONValue) in JSONMember(name, value) }
    var base = Roster.seeded
    try base.setOtherFields([tag("owner", .string("ann"))])
    try base.apply(.add(newMonster("Robo-Bot", otherFields: [tag("tags", .array([]))])))
    var ours = base
    try ours.setOtherFields(ours.otherFields + [tag("reviewed", .bool(true))])
    try ours.update(named: "Robo-Bot") { $0.otherFields = [tag("tags", .array([.string("boss")]))] }
    var theirs = base
    try theirs.setOtherFields([tag("owner", .string("bob"))])
    try theirs.update(named: "Robo-Bot") {
      $0.otherFields.append(tag("level", .number("3")))
    }
    let merge = try merged(base, ours, theirs)
    #expect(merge.isClean)
    #expect(
      merge.result?.otherFields == [tag("owner", .string("bob")), tag("reviewed", .bool(true))])
    #expect(
      merge.result?.monster(named: "Robo-Bot")?.otherFields == [
        tag("tags", .array([.string("boss")])), tag("level", .number("3")),
      ])
  }

  @Test func aMoveOnOneSideMergesWithEditsOnTheOther() throws {
    var moved = try seeded(.remove("Cat-Bot"))
    try moved.add(Roster.seeded[Roster.seeded.startIndex])
    let merge = try merged(.seeded, moved, try seeded(.set("Cat-Bot", .init(weapon: .fire))))
    #expect(merge.isClean)
    #expect(nameList(merge.result) == nameList(moved))
    #expect(merge.result?.monster(named: "Cat-Bot")?.weapon.type == .fire)
    let theirsMoved = try merged(
      .seeded, try seeded(.set("Ice-Bot", .init(weapon: .smoke))), moved)
    #expect(nameList(theirsMoved.result) == nameList(moved))
  }

  @Test func withoutACommonAncestorEqualMonstersAreOne() throws {
    let merge = try merged(
      Roster(), try seeded(.add(newMonster("Robo-Bot"))), try seeded(.add(newMonster("Zap-Bot"))))
    #expect(merge.isClean)
    #expect(nameList(merge.result) == nameList(.seeded) + ["Robo-Bot", "Zap-Bot"])
  }

  @Test func aCleanResultIsCanonicalAndValid() throws {
    let merge = try merged(
      .seeded, try seeded(.add(newMonster("Robo-Bot")), .set("Cat-Bot", .init(icon: "x\"y.png"))),
      try seeded(.add(newMonster("Space-Bot\u{E9}")), .remove("Ice-Bot")))
    let bytes = merge.fileBytes()
    let reread = try readRoster(bytes: bytes)
    #expect(reread == merge.result)
    #expect(reread.canonicalJSON() == bytes)
  }
}
