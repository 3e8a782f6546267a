import MonsterKit
import Testing

// Names that move: a monster followed by what it holds when a side renamed it, handed
// its name to another or took the name of one gone, and the conflicts where that
// cannot tell.
extension RosterMergeTests {
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
}
