import MonsterKit
import Testing

// Conflicts: a field, a name, a key given two values, an edit of a removed monster, and
// the markers and readers of a file left in conflict.
extension RosterMergeTests {
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
