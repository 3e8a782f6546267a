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
  }

  @Test func aWeaponOneSideRemovesThatTheOtherGivesAMonsterMarksTheMonsterAndTheWeapon() throws {
    let base = try base()
    let ours = try Roster(base.monsters, weapons: [.sword], fields: base.declaredFields)
    let theirs = try edited(base, .set("Dog-Bot", .init(weapon: laser)))
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: "Dog-Bot",
          reason: .notAllowed("Dog-Bot's weapon 'laser' is not one of the weapons")),
        MergeConflict(
          monster: nil,
          reason: .declaration(
            .weapon("laser"), ours: nil, theirs: RosterDeclarations.json(of: laser))),
      ])
    // The declarations alone and the monster are marked; keeping a side of both keeps that
    // side's, and keeping one of the declarations and the other of the monster is refused.
    let marked = try #require(try MarkedRoster(bytes: merge.fileBytes(), path: scratchPath))
    #expect(marked.conflicts.map(\.holdsDeclarations) == [true, false])
    #expect(marked.conflicts.map(\.names) == [[], ["Dog-Bot"]])
    #expect(try marked.resolving(nil, keeping: .ours).roster == ours)
    #expect(try marked.resolving(nil, keeping: .theirs).roster == theirs)
    #expect(throws: MarkedRoster.ResolutionError.self) {
      try marked.resolving([0], keeping: .ours)
    }
  }

  @Test func aWeaponEachSideChangesItsOwnWayIsAConflictOfThatWeaponAlone() throws {
    let base = try base()
    let ours = try edited(
      try Roster(
        base.monsters, weapons: [.sword, Weapon(name: "laser", imageName: "a.png")],
        fields: base.declaredFields), .set("Cat-Bot", team("red")))
    let theirs = try edited(
      try Roster(
        base.monsters, weapons: [.sword, Weapon(name: "laser", imageName: "b.png")],
        fields: base.declaredFields), .set("Dog-Bot", team("blue")))
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts == [
        MergeConflict(
          monster: nil,
          reason: .declaration(
            .weapon("laser"),
            ours: RosterDeclarations.json(of: Weapon(name: "laser", imageName: "a.png")),
            theirs: RosterDeclarations.json(of: Weapon(name: "laser", imageName: "b.png"))))
      ])
    // The monsters merged around it.
    let marked = try #require(try MarkedRoster(bytes: merge.fileBytes(), path: scratchPath))
    let kept = try #require(try marked.resolving(nil, keeping: .theirs).roster)
    #expect(kept.weapons.last?.imageName == "b.png")
    #expect(kept.monster(named: "Cat-Bot")?.otherFields == [JSONMember("team", .string("red"))])
    #expect(kept.monster(named: "Dog-Bot")?.otherFields == [JSONMember("team", .string("blue"))])
  }

  @Test func aNarrowedFieldThatNoLongerFitsAMergedMonsterMarksTheMonsterAndTheField() throws {
    let base = try base()
    let ours = try Roster(
      base.monsters, weapons: base.weapons,
      fields: [try MonsterField(declaring: "team", kind: .values(["red"]))])
    let theirs = try edited(base, .set("Dog-Bot", team("blue")))
    let merge = try merged(base, ours, theirs)
    #expect(
      merge.conflicts.map(\.reason) == [
        .notAllowed("Dog-Bot's 'team' is 'blue'; it takes one of red"),
        .declaration(
          .field("team"), ours: RosterDeclarations.json(of: ours.declaredFields[0]),
          theirs: RosterDeclarations.json(of: base.declaredFields[0])),
      ])
  }

  /// Theirs renames Dog-Bot away (with an edit, so that only its icon tells who it is) and
  /// adds a new Dog-Bot with a value ours took from the field: which of theirs is the old
  /// Dog-Bot is in doubt, which did not matter while ours left Dog-Bot alone, and matters
  /// once the new one does not fit. The whole doubt is one conflict: keeping ours gives
  /// ours' Dog-Bot once, never beside theirs' renamed one.
  @Test func aDoubtThatComesIntoConflictComesWhole() throws {
    let base = try Roster(
      [
        Monster(name: "Cat-Bot", description: "Meow", icon: "cat.png", weapon: .sword),
        Monster(name: "Dog-Bot", description: "Woof", icon: "dog.png", weapon: .sword),
      ], fields: [try MonsterField(declaring: "team", kind: .values(["red", "blue"]))])
    let ours = try Roster(
      base.monsters, fields: [try MonsterField(declaring: "team", kind: .values(["red"]))])
    var added = RosterEdit.Changes(weapon: .smoke, description: "Bark", icon: "new.png")
    added.set("team", to: .typed("blue"))
    let theirs = try edited(
      base, .rename("Dog-Bot", to: "Old-Dog"),
      .set("Old-Dog", .init(weapon: .fire, description: "Woof woof")),
      .addNamed("Dog-Bot", added, ifTaken: .fail))
    let merge = try merged(base, ours, theirs)
    let doubted = merge.conflicts.contains { conflict in
      if case .uncertainIdentity(.theirs, _, _) = conflict.reason { return true }
      return false
    }
    #expect(doubted, "\(merge.conflicts)")
    let marked = try #require(try MarkedRoster(bytes: merge.fileBytes(), path: "m.json"))
    let keptOurs = try #require(try marked.resolving(nil, keeping: .ours).roster)
    #expect(keptOurs.map(\.name) == ["Cat-Bot", "Dog-Bot"])
    #expect(keptOurs.map(\.icon) == ["cat.png", "dog.png"])
    let keptTheirs = try #require(try marked.resolving(nil, keeping: .theirs).roster)
    #expect(Set(keptTheirs.map(\.name)) == ["Cat-Bot", "Old-Dog", "Dog-Bot"])
  }

  /// Each side adds a weapon, or a field, under a name the other's calls the same (`Ray`
  /// and `RAY`, `squad` and `Squad`): a conflict of the declarations, and keeping either
  /// side gives a valid roster with that side's.
  @Test func namesTheRulesCallTheSameAddedOnEachSideConflictAndEachSideKeepsItsOwn() throws {
    let base = try base()
    let ray = try Roster(
      base.monsters, weapons: base.weapons + [Weapon(name: "Ray", imageName: "a")],
      fields: base.declaredFields + [try MonsterField(declaring: "squad", kind: .text)])
    let loudRay = try Roster(
      base.monsters, weapons: base.weapons + [Weapon(name: "RAY", imageName: "b")],
      fields: base.declaredFields + [try MonsterField(declaring: "Squad", kind: .values(["a"]))])
    let merge = try merged(base, ray, loudRay)
    #expect(!merge.isClean)
    let file = try #require(try MarkedRoster(bytes: merge.fileBytes(), path: "m.json"))
    let ours = try #require(try file.resolving(nil, keeping: .ours).roster)
    let theirs = try #require(try file.resolving(nil, keeping: .theirs).roster)
    #expect(ours.weapons.last == Weapon(name: "Ray", imageName: "a"))
    #expect(ours.declaredFields.map(\.key) == ["team", "squad"])
    #expect(theirs.weapons.last == Weapon(name: "RAY", imageName: "b"))
    #expect(theirs.declaredFields.map(\.key) == ["team", "Squad"])
  }

  /// Two branches each add a value to one field and a monster with it: the values merge as
  /// a set, and the merge is clean.
  @Test func valuesEachSideAddsToAFieldAreBothKept() throws {
    let base = try base()
    func adding(_ value: String, _ name: String) throws -> Roster {
      let roster = try Roster(
        base.monsters, weapons: base.weapons,
        fields: [try MonsterField(declaring: "team", kind: .values(["red", "blue", value]))])
      var changes = RosterEdit.Changes(weapon: .sword)
      changes.set("team", to: .typed(value))
      return try edited(roster, .addNamed(name, changes, ifTaken: .fail))
    }
    let merge = try merged(
      base, try adding("yellow", "Ours-Bot"), try adding("green", "Theirs-Bot"))
    let result = try #require(merge.result, "\(merge.conflicts)")
    #expect(result.declaredFields.first?.kind == .values(["red", "blue", "yellow", "green"]))
    #expect(result.map(\.name) == ["Cat-Bot", "Dog-Bot", "Ours-Bot", "Theirs-Bot"])
  }

  @Test func aRangeMergesBoundByBoundAndOneBoundMovedTwoWaysConflicts() throws {
    let level = { (low: Int?, high: Int?) in
      try MonsterField(declaring: "level", kind: .integer(minimum: low, maximum: high))
    }
    let base = try base(fields: [try level(1, 10)])
    func side(_ low: Int?, _ high: Int?) throws -> Roster {
      try Roster(base.monsters, weapons: base.weapons, fields: [try level(low, high)])
    }
    let merge = try merged(base, try side(0, 10), try side(1, 100))
    #expect(merge.result?.declaredFields == [try level(0, 100)])
    let twoWays = try merged(base, try side(1, 50), try side(1, 100))
    #expect(
      twoWays.conflicts.map(\.reason) == [
        .declaration(
          .field("level"), ours: RosterDeclarations.json(of: try level(1, 50)),
          theirs: RosterDeclarations.json(of: try level(1, 100)))
      ])
  }

  /// A field one side removed (with its values on every monster) while the other set it on
  /// a monster: a conflict of the field and that monster, never a value no field declares.
  @Test func aFieldRemovedOnOneSideAndSetOnTheOtherIsAConflict() throws {
    let base = try base()
    let removed = try Roster(base.monsters, weapons: base.weapons, fields: [])
    let set = try edited(base, .set("Cat-Bot", team("red")))
    for (ours, theirs) in [(removed, set), (set, removed)] {
      let merge = try merged(base, ours, theirs)
      #expect(!merge.isClean)
      #expect(
        merge.conflicts.contains {
          if case .declaration(.field("team"), _, _) = $0.reason { true } else { false }
        }, "\(merge.conflicts)")
      let marked = try #require(try MarkedRoster(bytes: merge.fileBytes(), path: scratchPath))
      #expect(try marked.resolving(nil, keeping: .ours).roster == ours)
      #expect(try marked.resolving(nil, keeping: .theirs).roster == theirs)
    }
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
  func declarationsOfOneNameSpeltTwoWaysAreAConflictOfTheDeclaration(
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
        switch $0 {
        case .declaration(.weapon, _, _): !oursWeapons.isEmpty
        case .declaration(.field, _, _): oursWeapons.isEmpty
        default: false
        }
      }, "\(merge.conflicts)")
    #expect(throws: RosterError.self) { try readRoster(bytes: merge.fileBytes()) }
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
