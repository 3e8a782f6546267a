import Testing

@testable import MonsterKit

/// Merges and diffs of rosters that declare weapons and fields.
@Suite struct RosterMergeDeclarationsTests {
  private let laser = Weapon(name: "laser")
  private let bomb = Weapon(name: "bomb")

  /// A roster of Cat-Bot and Dog-Bot, with weapons and fields.
  private func base(weapons: [Weapon]? = nil, fields: [MonsterField]? = nil) throws -> Roster {
    try Roster(
      [
        Monster(name: "Cat-Bot", description: "", weapon: .sword),
        Monster(name: "Dog-Bot", description: "", weapon: .sword),
      ], weapons: weapons ?? [.sword, laser],
      fields: fields ?? [try MonsterField(declaring: "team", kind: .values(["red", "blue"]))])
  }

  private func edited(_ roster: Roster, _ edits: RosterEdit...) throws -> Roster {
    var roster = roster
    for edit in edits { try roster.apply(edit) }
    return roster
  }

  private func team(_ value: String) -> RosterEdit.Changes {
    RosterEdit.Changes([.init("team", .typed(value))])
  }

  @Test func weaponsEachSideAddsAreBothKeptAndMonstersCarryThem() throws {
    let base = try base()
    let ours = try Roster(
      base.monsters, weapons: [.sword, laser, bomb], fields: base.declaredFields)
    let theirs = try edited(
      try Roster(base.monsters, weapons: [.sword, laser, .fire], fields: base.declaredFields),
      .set("Dog-Bot", .init(weapon: .fire)))
    let merge = try merged(base, try edited(ours, .set("Cat-Bot", .init(weapon: bomb))), theirs)
    let result = try #require(merge.result)
    #expect(result.weapons == [.sword, laser, bomb, .fire])
    #expect(result.monsters.map(\.weapon) == [bomb, .fire])
    #expect(try readRoster(bytes: merge.fileBytes()) == result)
  }

  @Test func declaredFieldsOfDifferentMonstersMergeFieldByField() throws {
    let base = try base()
    let merge = try merged(
      base, try edited(base, .set("Cat-Bot", team("red"))),
      try edited(base, .set("Dog-Bot", team("blue")), .set("Cat-Bot", .init(weapon: laser))))
    let cat = try #require(merge.result?.monster(named: "Cat-Bot"))
    #expect(cat.weapon == laser)
    #expect(cat.otherFields == [JSONMember("team", .string("red"))])
    #expect(
      merge.result?.monster(named: "Dog-Bot")?.otherFields == [JSONMember("team", .string("blue"))])
  }

  @Test func oneFieldSetTwiceDifferentlyIsAConflictOfThatField() throws {
    let base = try base()
    let merge = try merged(
      base, try edited(base, .set("Cat-Bot", team("red"))),
      try edited(base, .set("Cat-Bot", team("blue"))))
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Cat-Bot",
          reason: .field(.other("team"), ours: .string("red"), theirs: .string("blue")))
      ])
    #expect(merge.wholeSides == nil)
  }

  @Test func aWeaponOneSideRemovesThatTheOtherGivesAMonsterKeepsBothFilesWhole() throws {
    let base = try base()
    let ours = try Roster(base.monsters, weapons: [.sword], fields: base.declaredFields)
    let theirs = try edited(base, .set("Dog-Bot", .init(weapon: laser)))
    let merge = try merged(base, ours, theirs)
    #expect(!merge.isClean)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: nil,
          reason: .notAllowed("Dog-Bot's weapon 'laser' is not one of the weapons"))
      ])
    let bytes = merge.fileBytes()
    #expect(
      bytes
        == Array("<<<<<<< ours\n".utf8) + ours.canonicalJSON() + Array("=======\n".utf8)
        + theirs.canonicalJSON() + Array(">>>>>>> theirs\n".utf8))
    #expect(throws: RosterError.unresolvedConflict(path: scratchPath, lines: [1])) {
      try readRoster(bytes: bytes)
    }
  }

  @Test func aWeaponEachSideChangesItsOwnWayIsAConflictOfTheWeapons() throws {
    let base = try base()
    let ours = try Roster(
      base.monsters, weapons: [.sword, Weapon(name: "laser", imageName: "a.png")],
      fields: base.declaredFields)
    let theirs = try Roster(
      base.monsters, weapons: [.sword, Weapon(name: "laser", imageName: "b.png")],
      fields: base.declaredFields)
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts.map(\.reason).first.map {
        if case .rosterField("weapons", _, _) = $0 { true } else { false }
      } == true)
    #expect(merge.wholeSides != nil)
  }

  @Test func aNarrowedFieldThatNoLongerFitsAMergedMonsterKeepsBothFilesWhole() throws {
    let base = try base()
    let ours = try Roster(
      base.monsters, weapons: base.weapons,
      fields: [try MonsterField(declaring: "team", kind: .values(["red"]))])
    let theirs = try edited(base, .set("Dog-Bot", team("blue")))
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts.map(\.reason) == [
        .notAllowed("Dog-Bot's 'team' is 'blue'; it takes one of red")
      ])
  }

  /// Declarations of one name as `check` compares names (in another case, with `-` for
  /// `_`, in another Unicode form), one on each side: a conflict of the list, never a clean
  /// merge that `check` refuses.
  @Test(arguments: [
    (["ray"], ["Ray"], [String](), [String]()),
    (["ray2"], ["RAY2"], [], []),
    ([], [], ["squad"], ["Squad"]),
    ([], [], ["caf\u{E9}"], ["cafe\u{301}"]),
    ([], [], ["home_town"], ["home_Town"]),
  ])
  func declarationsOfOneNameSpeltTwoWaysAreAConflictOfTheirList(
    _ oursWeapons: [String], _ theirsWeapons: [String], _ oursFields: [String],
    _ theirsFields: [String]
  ) throws {
    let base = try base()
    func side(_ weapons: [String], _ fields: [String]) throws -> Roster {
      try Roster(
        base.monsters, weapons: base.weapons + weapons.map { Weapon(name: $0) },
        fields: base.declaredFields + fields.map { try MonsterField(declaring: $0, kind: .text) })
    }
    let ours = try side(oursWeapons, oursFields)
    let theirs = try side(theirsWeapons, theirsFields)
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts.map(\.reason).contains {
        if case .rosterField(oursWeapons.isEmpty ? "fields" : "weapons", _, _) = $0 {
          true
        } else {
          false
        }
      }, "\(merge.conflicts)")
    #expect(merge.wholeSides != nil)
    #expect(throws: RosterError.unresolvedConflict(path: scratchPath, lines: [1])) {
      try readRoster(bytes: merge.fileBytes())
    }
  }

  @Test func oneWeaponAddedAlikeOnBothSidesMergesAsOne() throws {
    let base = try base()
    let ours = try edited(
      try Roster(base.monsters, weapons: [.sword, laser, bomb], fields: base.declaredFields),
      .set("Cat-Bot", .init(weapon: bomb)))
    let theirs = try edited(
      try Roster(base.monsters, weapons: [.sword, laser, bomb], fields: base.declaredFields),
      .set("Dog-Bot", .init(weapon: bomb)))
    let result = try #require(try merged(base, ours, theirs).result)
    #expect(result.weapons == [.sword, laser, bomb])
    #expect(result.monsters.map(\.weapon) == [bomb, bomb])
  }

  @Test func theDiffOfDeclarationsIsTheChangeOfTheirKey() throws {
    let base = try base()
    let new = try Roster(
      base.monsters, weapons: [.sword, laser, bomb], fields: base.declaredFields)
    #expect(
      RosterDiff(from: base, to: new).changes == [
        .rosterField(
          "weapons",
          from: .array([.string("sword"), RosterDeclarations.json(of: laser)]),
          to: .array([
            .string("sword"), RosterDeclarations.json(of: laser), RosterDeclarations.json(of: bomb),
          ]))
      ])
    #expect(RosterDiff(from: base, to: base).isEmpty)
  }
}
