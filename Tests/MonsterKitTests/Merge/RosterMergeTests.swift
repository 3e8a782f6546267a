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

  // MARK: - Conflicts

  @Test func oneFieldGivenTwoValuesIsAConflict() throws {
    let merge = try merged(
      .seeded,
      try seeded(.set("Cat-Bot", .init(weapon: .fire), ), .set("Dog-Bot", .init(weapon: .fire))),
      try seeded(.set("Cat-Bot", .init(weapon: .smoke))))
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Cat-Bot",
          reason: .field(.weapon, ours: .string("fire"), theirs: .string("smoke")))
      ])
    #expect(merge.result == nil)
    let bytes = merge.fileBytes()
    #expect(
      text(bytes).hasPrefix(
        "{\n  \"version\": 1,\n  \"monsters\": [\n<<<<<<< ours\n    {\n      \"name\": \"Cat-Bot\"")
    )
    let ours = try readRoster(resolved(bytes, keeping: .ours))
    let theirs = try readRoster(resolved(bytes, keeping: .theirs))
    #expect(ours.monster(named: "Cat-Bot")?.weapon.type == .fire)
    #expect(theirs.monster(named: "Cat-Bot")?.weapon.type == .smoke)
    // Everything else is merged on both sides.
    #expect(theirs.monster(named: "Dog-Bot")?.weapon.type == .fire)
    #expect(ours.canonicalJSON() == Array(resolved(bytes, keeping: .ours).utf8))
  }

  @Test func oneNameAddedTwiceDifferentlyIsAConflict() throws {
    let merge = try merged(
      .seeded, try seeded(.add(newMonster("Robo-Bot", .fire))),
      try seeded(.add(newMonster("Robo-Bot", .smoke))))
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Robo-Bot",
          reason: .addedTwice(differences: [
            .changed("Robo-Bot", .weapon, from: .string("fire"), to: .string("smoke"))
          ]))
      ])
    let bytes = merge.fileBytes()
    #expect(
      try readRoster(resolved(bytes, keeping: .ours))
        == (try seeded(.add(newMonster("Robo-Bot", .fire)))))
    #expect(
      try readRoster(resolved(bytes, keeping: .theirs))
        == (try seeded(.add(newMonster("Robo-Bot", .smoke)))))
  }

  @Test(arguments: [MergeSide.ours, .theirs])
  func anEditOfARemovedMonsterIsAConflict(_ remover: MergeSide) throws {
    let removed = try seeded(.remove("Mini-Tomato-Bot"))
    let edited = try seeded(.set("Mini-Tomato-Bot", .init(description: "Big")))
    let merge =
      remover == .ours
      ? try merged(.seeded, removed, edited) : try merged(.seeded, edited, removed)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Mini-Tomato-Bot",
          reason: .removed(
            by: remover,
            otherSideChanged: [
              .changed(
                "Mini-Tomato-Bot", .description, from: .string("Extremely Handsome"),
                to: .string("Big"))
            ]))
      ])
    // The last monster, absent on one side: keeping either side is a valid roster.
    let bytes = merge.fileBytes()
    #expect(try readRoster(resolved(bytes, keeping: remover)) == removed)
    #expect(try readRoster(resolved(bytes, keeping: remover == .ours ? .theirs : .ours)) == edited)
  }

  @Test func twoRenamesOfOneMonsterAreAConflict() throws {
    let merge = try merged(
      .seeded, try seeded(.rename("Fire-Bot", to: "Blaze-Bot")),
      try seeded(.rename("Fire-Bot", to: "Flame-Bot")))
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Fire-Bot",
          reason: .field(.name, ours: .string("Blaze-Bot"), theirs: .string("Flame-Bot")))
      ])
  }

  /// A side that removed Straße-Bot and edited Zed-Bot into a copy of it (its stock icon
  /// and weapon, its description, its colour) has a Zed-Bot that may as well be Straße-Bot
  /// renamed onto the name Zed-Bot left: with no description and icon of its own to tell,
  /// the other side's edit of Straße-Bot is a conflict, never given to Zed-Bot; with both,
  /// the rename onto the freed name merges.
  @Test(arguments: [MergeSide.ours, .theirs])
  func aMonsterThatTookTheNameOfOneGoneIsCertainOnlyByWhatIsItsOwn(_ side: MergeSide) throws {
    func roster(_ monsters: [(String, String, String, NameColor)]) throws -> Roster {
      try Roster(
        monsters.map { name, description, icon, color in
          Monster(
            name: name, description: description, icon: icon, weapon: .fire, nameColor: color)
        })
    }
    let base = try roster([
      ("Straße-Bot", "Beeps", "bot.png", .blue), ("Zed-Bot", "Hums", "bot.png", .red),
    ])
    let copied = try roster([("Zed-Bot", "Beeps", "bot.png", .blue)])
    let edited = try roster([
      ("Straße-Bot", "Beeps", "new.png", .blue), ("Zed-Bot", "Hums", "bot.png", .red),
    ])
    let merge = try merged(base, copied, doubtedBy: side, against: edited)
    #expect(!merge.isClean)
    #expect(
      merge.conflicts.allSatisfy { conflict in
        if case .uncertainIdentity = conflict.reason { return true }
        return false
      }, "\(merge.conflicts)")
    // Both a description and an icon no other monster has: Straße-Bot renamed, certain.
    let own = try roster([
      ("Straße-Bot", "Beeps", "strasse.png", .blue), ("Zed-Bot", "Hums", "bot.png", .red),
    ])
    let renamed = try roster([("Zed-Bot", "Beeps", "strasse.png", .blue)])
    let theirs = try roster([
      ("Straße-Bot", "Beeps!", "strasse.png", .blue), ("Zed-Bot", "Hums", "bot.png", .red),
    ])
    let clean = try merged(own, renamed, doubtedBy: side, against: theirs)
    #expect(clean.result == (try roster([("Zed-Bot", "Beeps!", "strasse.png", .blue)])))
    // Kept by its name, with one field changed, to the icon of a monster the side removed:
    // it may be that one renamed onto the name. The other side's edit of the name's monster
    // is a conflict, never given to it.
    let pair = try roster([
      ("Ann-Bot", "", "ann.png", .blue), ("Cy-Bot", "Beeps", "cy.png", .blue),
    ])
    let iconOfOneGone = try roster([("Cy-Bot", "Beeps", "ann.png", .blue)])
    let cyEdited = try roster([
      ("Ann-Bot", "", "ann.png", .blue), ("Cy-Bot", "Beeps!", "cy.png", .blue),
    ])
    let doubted = try merged(pair, iconOfOneGone, doubtedBy: side, against: cyEdited)
    #expect(!doubted.isClean)
    #expect(
      doubted.conflicts.contains { conflict in
        if case .uncertainIdentity = conflict.reason { return true }
        return false
      }, "\(doubted.conflicts)")
  }

  /// A side that renamed Cat-Bot to Kitty-Bot and then Dog-Bot to Cat-Bot, or swapped the
  /// two names, has a Cat-Bot with every other field Dog-Bot had: by what they hold, that is
  /// Dog-Bot renamed, and the other side's changes to Cat-Bot go to the monster it calls
  /// Kitty-Bot (or Dog-Bot); two renames of one monster still conflict.
  @Test(arguments: [MergeSide.ours, .theirs])
  func namesHandedToAnotherMonsterMergeAsRenames(_ renamer: MergeSide) throws {
    let chained = try seeded(.rename("Cat-Bot", to: "Kitty-Bot"), .rename("Dog-Bot", to: "Cat-Bot"))
    let swapped = try seeded(
      .rename("Cat-Bot", to: "Swap-Bot"), .rename("Dog-Bot", to: "Cat-Bot"),
      .rename("Swap-Bot", to: "Dog-Bot"))
    let red = try seeded(.set("Cat-Bot", .init(nameColor: .set(.red))))
    func merge(_ renamed: Roster, _ other: Roster) throws -> RosterMerge {
      try merged(.seeded, renamed, doubtedBy: renamer, against: other)
    }
    #expect(
      try merge(chained, red).result
        == (try seeded(
          .rename("Cat-Bot", to: "Kitty-Bot"), .rename("Dog-Bot", to: "Cat-Bot"),
          .set("Kitty-Bot", .init(nameColor: .set(.red))))))
    #expect(
      try merge(swapped, red).result
        == (try seeded(
          .rename("Cat-Bot", to: "Swap-Bot"), .rename("Dog-Bot", to: "Cat-Bot"),
          .rename("Swap-Bot", to: "Dog-Bot"), .set("Dog-Bot", .init(nameColor: .set(.red))))))
    let tom = try seeded(.rename("Cat-Bot", to: "Tom-Bot"))
    for (renamed, name) in [(chained, "Kitty-Bot"), (swapped, "Dog-Bot")] {
      let merge = try merge(renamed, tom)
      let names: (JSONValue, JSONValue) =
        renamer == .ours ? (.string(name), .string("Tom-Bot")) : (.string("Tom-Bot"), .string(name))
      #expect(
        merge.conflicts == [
          MergeConflict(monster: "Cat-Bot", reason: .field(.name, ours: names.0, theirs: names.1))
        ])
      #expect(try readRoster(resolved(merge.fileBytes(), keeping: renamer)) == renamed)
      #expect(
        try readRoster(resolved(merge.fileBytes(), keeping: renamer == .ours ? .theirs : .ours))
          .map(\.name).sorted() == [
            "Cat-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot",
            "Mini-Tomato-Bot", "Tom-Bot",
          ])
    }
    // The other side removed Dog-Bot, which the side renamed to Cat-Bot.
    let removed = try merge(chained, try seeded(.remove("Dog-Bot")))
    #expect(removed.conflicts.map(\.monster) == ["Dog-Bot"])
  }

  /// Three monsters, one renamed on ours, and on theirs renamed away while another takes
  /// its name: the two renames of Bob-Bot conflict, and Cy-Bot's rename and weapon merge.
  @Test func aNameMovedToAnotherMonsterLeavesTheOtherSidesRenameWithItsMonster() throws {
    let base = try Roster([
      Monster(name: "Ann-Bot", description: "", icon: "ann.png", weapon: .sword),
      Monster(name: "Bob-Bot", description: "Bob", icon: "bob.png", weapon: .sword),
      Monster(name: "Cy-Bot", description: "Cy", icon: "cy.png", weapon: .sword),
    ])
    var ours = base
    try ours.apply(.rename("Bob-Bot", to: "Rob-Bot"))
    var theirs = base
    try theirs.apply(.rename("Bob-Bot", to: "Bobby-Bot"))
    try theirs.apply(.rename("Cy-Bot", to: "Bob-Bot"))
    try theirs.apply(.set("Bob-Bot", .init(weapon: .smoke)))
    try theirs.apply(.set("Ann-Bot", .init(weapon: .fire)))
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Bob-Bot",
          reason: .field(.name, ours: .string("Rob-Bot"), theirs: .string("Bobby-Bot")))
      ])
    let kept = try readRoster(resolved(merge.fileBytes(), keeping: .ours))
    #expect(kept.map(\.name) == ["Ann-Bot", "Rob-Bot", "Bob-Bot"])
    #expect(kept.map(\.description) == ["", "Bob", "Cy"])
    #expect(kept.map(\.weapon) == [.fire, .sword, .smoke])
  }

  /// Ours edits M1's icon and weapon; theirs renames M1 to M5 and M2 to M1: M5 takes ours'
  /// edits, and the monster theirs calls M1 is M2.
  @Test func editsFollowTheMonsterWhoseNameMoved() throws {
    let base = try Roster([
      Monster(name: "M1", description: "desc 1", icon: "m1.png", weapon: .sword),
      Monster(name: "M2", description: "desc 2", icon: "m2.png", weapon: .fire),
    ])
    var ours = base
    try ours.apply(.set("M1", .init(weapon: .smoke, icon: "new.png")))
    var theirs = base
    try theirs.apply(.rename("M1", to: "M5"))
    try theirs.apply(.rename("M2", to: "M1"))
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.result
        == (try Roster([
          Monster(name: "M5", description: "desc 1", icon: "new.png", weapon: .smoke),
          Monster(name: "M1", description: "desc 2", icon: "m2.png", weapon: .fire),
        ])))
  }

  /// A side that renamed Fire-Bot to Old-Bot and added a new Fire-Bot: Old-Bot, which holds
  /// what Fire-Bot held, is Fire-Bot, and the other side's rename of it conflicts with the
  /// rename to Old-Bot; the new Fire-Bot is added.
  @Test(arguments: [MergeSide.ours, .theirs])
  func aMonsterRenamedAwayFromANewOneOfItsNameIsFollowed(_ renamer: MergeSide) throws {
    let replaced = try seeded(
      .rename("Fire-Bot", to: "Old-Bot"), .add(newMonster("Fire-Bot", .smoke)))
    let other = try seeded(.rename("Fire-Bot", to: "Blaze-Bot"))
    let merge = try merged(.seeded, replaced, doubtedBy: renamer, against: other)
    let names: (JSONValue, JSONValue) =
      renamer == .ours
      ? (.string("Old-Bot"), .string("Blaze-Bot")) : (.string("Blaze-Bot"), .string("Old-Bot"))
    #expect(
      merge.conflicts == [
        MergeConflict(monster: "Fire-Bot", reason: .field(.name, ours: names.0, theirs: names.1))
      ])
    #expect(try readRoster(resolved(merge.fileBytes(), keeping: renamer)) == replaced)
    // Where the other side changed Fire-Bot's weapon, Old-Bot takes it.
    let armed = try merged(
      .seeded, replaced, doubtedBy: renamer,
      against: try seeded(.set("Fire-Bot", .init(weapon: .fire))))
    #expect(armed.result?.monster(named: "Old-Bot")?.weapon == .fire)
    #expect(armed.result?.monster(named: "Fire-Bot")?.weapon == .smoke)
  }

  /// A side that renamed Fire-Bot to Blaze-Bot and moved it is followed by what Blaze-Bot
  /// holds: where the other side removed Fire-Bot, that is a removal of a monster the side
  /// changed.
  @Test(arguments: [MergeSide.ours, .theirs])
  func aMonsterRenamedAndMovedWhereTheOtherSideRemovedItIsAConflict(_ renamer: MergeSide)
    throws
  {
    var blaze = try #require(Roster.seeded.monster(named: "Fire-Bot"))
    blaze.name = "Blaze-Bot"
    let moved = try Roster([blaze] + Roster.seeded.filter { $0.name != "Fire-Bot" })
    let removed = try seeded(.remove("Fire-Bot"))
    let merge = try merged(.seeded, moved, doubtedBy: renamer, against: removed)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Fire-Bot",
          reason: .removed(
            by: renamer == .ours ? .theirs : .ours,
            otherSideChanged: [.renamed(from: "Fire-Bot", to: "Blaze-Bot")]))
      ])
    #expect(try readRoster(resolved(merge.fileBytes(), keeping: renamer)) == moved)
  }

  /// A monster whose description and icon a side both changed is that monster only by its
  /// name: where the other side changed it too, the merge cannot tell whether the side
  /// edited it or replaced it by another, and marks the group; where the other side left it,
  /// the side's version is the merge either way.
  @Test(arguments: [MergeSide.ours, .theirs])
  func aMonsterKnownOnlyByItsNameIsInDoubtWhereTheOtherSideChangedIt(_ side: MergeSide) throws {
    let replaced = try seeded(
      .set("Fire-Bot", .init(description: "Brand new", icon: "new.png")))
    let red = try seeded(.set("Fire-Bot", .init(nameColor: .set(.red))))
    let merge = try merged(.seeded, replaced, doubtedBy: side, against: red)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Fire-Bot",
          reason: .uncertainIdentity(side, old: ["Fire-Bot"], new: ["Fire-Bot"]))
      ])
    #expect(try readRoster(resolved(merge.fileBytes(), keeping: side)) == replaced)
    #expect(
      try readRoster(resolved(merge.fileBytes(), keeping: side == .ours ? .theirs : .ours)) == red)
    let alone = try merged(
      .seeded, replaced, doubtedBy: side, against: try seeded(.set("Cat-Bot", .init(weapon: .fire)))
    )
    #expect(alone.result?.monster(named: "Fire-Bot")?.description == "Brand new")
    #expect(alone.result?.monster(named: "Cat-Bot")?.weapon == .fire)
  }

  /// Ours renamed three monsters in a cycle (Éclair-2 to Ra-5, Ra-4 to Zed-3, Zed-3 to
  /// ÉCLAIR-2); theirs removed Zed-3 and renamed Ra-4 to Zed-3 too. By name, theirs kept
  /// Zed-3, but the Zed-3 it has is Ra-4; and the monster ours calls ÉCLAIR-2, which has
  /// every other field Zed-3 had, may be Zed-3 renamed, which theirs removed: a conflict,
  /// not a clean merge that keeps it as Éclair-2 changed.
  @Test func aMonsterOneSideRenamedInACycleWhereTheOtherRemovedItIsAConflict() throws {
    let (e2, z3, r4) = (
      Monster(name: "Éclair-2", description: "says 1", weapon: .blowgun),
      Monster(name: "Zed-3", description: "says 2", weapon: .sword),
      Monster(name: "Ra-4", description: "", weapon: .fire)
    )
    func renamed(_ monster: Monster, _ name: String) -> Monster {
      var monster = monster
      monster.name = name
      return monster
    }
    let base = try Roster([e2, z3, r4])
    let ours = try Roster([renamed(e2, "Ra-5"), renamed(z3, "ÉCLAIR-2"), renamed(r4, "Zed-3")])
    let theirs = try Roster([e2, renamed(r4, "Zed-3")])
    for merge in [try merged(base, ours, theirs), try merged(base, theirs, ours)] {
      #expect(!merge.conflicts.isEmpty, "\(String(decoding: merge.fileBytes(), as: UTF8.self))")
    }
  }

  @Test func namesThatWouldBecomeTheSameNameAreAConflict() throws {
    let ours = try seeded(.rename("Dog-Bot", to: "Robo-Bot"))
    let theirs = try seeded(.rename("Ice-Bot", to: "robo-bot"))
    let merge = try merged(.seeded, ours, theirs)
    #expect(merge.conflicts == [MergeConflict(monster: "Robo-Bot", reason: .sameName("robo-bot"))])
    let bytes = merge.fileBytes()
    #expect(try readRoster(resolved(bytes, keeping: .ours)) == ours)
    #expect(try readRoster(resolved(bytes, keeping: .theirs)) == theirs)
  }

  @Test func aRenameOntoANameTheOtherSideAddedIsAConflict() throws {
    let merge = try merged(
      .seeded, try seeded(.add(newMonster("Robo-Bot"))),
      try seeded(.rename("Cat-Bot", to: "ROBO-BOT")))
    #expect(merge.conflicts == [MergeConflict(monster: "ROBO-BOT", reason: .sameName("Robo-Bot"))])
    #expect(merge.result == nil)
  }

  @Test func aRosterKeyGivenTwoValuesIsAConflict() throws {
    var ours = Roster.seeded
    try ours.setOtherFields([JSONMember("owner", .string("ann"))])
    var theirs = Roster.seeded
    try theirs.setOtherFields([JSONMember("owner", .string("bob"))])
    let merge = try merged(.seeded, ours, theirs)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: nil, reason: .rosterField("owner", ours: .string("ann"), theirs: .string("bob")))
      ])
    let bytes = merge.fileBytes()
    #expect(try readRoster(resolved(bytes, keeping: .ours)) == ours)
    #expect(try readRoster(resolved(bytes, keeping: .theirs)) == theirs)
  }

  @Test func aMonstersKeysMergeOneByOneAndAConflictShowsEachSidesMonster() throws {
    func roster(_ fields: [(String, JSONValue)]) throws -> Roster {
      var monsters = Monster.seeded
      monsters[0].otherFields = fields.map { JSONMember($0.0, $0.1) }
      return try Roster(monsters)
    }
    let base = try roster([("a", .number("1")), ("b", .number("2")), ("c", .number("3"))])
    let ours = try roster([("a", .number("10")), ("b", .number("2"))])
    let theirs = try roster([
      ("a", .number("1")), ("b", .string("two")), ("c", .number("30")), ("d", .null),
    ])
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Cat-Bot", reason: .field(.other("c"), ours: nil, theirs: .number("30")))
      ])
    // Each side of the conflict is that side's monster as it has it: keeping one keeps
    // every change it made, and no monster neither side had.
    let bytes = merge.fileBytes()
    #expect(try readRoster(resolved(bytes, keeping: .ours)) == ours)
    #expect(try readRoster(resolved(bytes, keeping: .theirs)) == theirs)
  }

  @Test(arguments: [MergeSide.ours, .theirs])
  func aRosterKeyRemovedOnOneSideAndChangedOnTheOtherKeepsEachSidesOrder(_ remover: MergeSide)
    throws
  {
    var base = Roster.seeded
    try base.setOtherFields([JSONMember("owner", .string("ann"))])
    var removed = base
    try removed.setOtherFields([])
    // The editor changes the key and adds one after it, which the remover takes too.
    var edited = base
    try edited.setOtherFields([
      JSONMember("owner", .number("105")), JSONMember("team", .bool(true)),
    ])
    let merge =
      remover == .ours
      ? try merged(base, removed, edited) : try merged(base, edited, removed)
    #expect(merge.conflicts.count == 1)
    let bytes = merge.fileBytes()
    // Keeping either side of the conflict gives that side's version in canonical form: the
    // keys in its order, each comma where its canonical file has it.
    for side in [MergeSide.ours, .theirs] {
      let kept = resolved(bytes, keeping: side)
      #expect(text(try readRoster(kept).canonicalJSON()) == kept)
    }
    let editor: MergeSide = remover == .ours ? .theirs : .ours
    #expect(try readRoster(resolved(bytes, keeping: editor)).otherFields == edited.otherFields)
    #expect(
      try readRoster(resolved(bytes, keeping: remover)).otherFields
        == [JSONMember("team", .bool(true))])
  }

  @Test func aConflictedFileIsReportedAsUnresolvedByEveryReader() throws {
    let merge = try merged(
      .seeded, try seeded(.set("Cat-Bot", .init(weapon: .fire)), .remove("Mini-Tomato-Bot")),
      try seeded(.set("Cat-Bot", .init(weapon: .smoke)), .set("Mini-Tomato-Bot", .init(icon: "m"))))
    #expect(merge.conflicts.count == 2)
    // Cat-Bot's conflict opens on line 4, after the array's opening; Mini-Tomato-Bot's, the
    // last monster, takes in Ice-Bot before it (whose comma differs): 4 + 2 * 6 + 3 lines of
    // Cat-Bot's conflict, then 3 monsters of 6 lines.
    #expect(throws: RosterError.unresolvedConflict(path: "monsters.json", lines: [4, 37])) {
      try readRoster(bytes: merge.fileBytes())
    }
  }

  @Test func theMarkersHaveTheSizeAndLabelsAsked() throws {
    let merge = try merged(
      .seeded, try seeded(.set("Cat-Bot", .init(weapon: .fire))),
      try seeded(.set("Cat-Bot", .init(weapon: .smoke))))
    let markers = ConflictMarkers(size: 9, oursLabel: "HEAD", theirsLabel: "feature\u{1B}[2J")
    let lines = text(merge.fileBytes(markers: markers)).split(separator: "\n")
    #expect(lines.contains("<<<<<<<<< HEAD"))
    #expect(lines.contains("========="))
    #expect(lines.contains(">>>>>>>>> feature\\u{1B}[2J"))
    #expect(ConflictMarkers(size: 3).size == 3)
    #expect(ConflictMarkers(size: 0).size == 1)
    #expect(ConflictMarkers(size: .max).size == ConflictMarkers.maximumSize)
  }
}
