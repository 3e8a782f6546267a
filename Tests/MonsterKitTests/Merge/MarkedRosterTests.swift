import TestSupport
import Testing

@testable import MonsterKit

/// Keeping one side of a merge's conflicts, some or all, in the file the merge wrote.
@Suite struct MarkedRosterTests {
  private func marked(_ bytes: [UInt8]) throws -> MarkedRoster {
    try #require(try MarkedRoster(bytes: bytes, path: "monsters.json"))
  }

  /// A merge with three conflicts: Cat-Bot's weapon, Fire-Bot renamed two ways, and
  /// Ice-Bot removed by ours and changed by theirs.
  private func threeConflicts() throws -> (RosterMerge, ours: Roster, theirs: Roster) {
    let ours = try seeded(
      .set("Cat-Bot", .init(weapon: .fire)), .rename("Fire-Bot", to: "Blaze-Bot"),
      .remove("Ice-Bot"))
    let theirs = try seeded(
      .set("Cat-Bot", .init(weapon: .smoke)), .rename("Fire-Bot", to: "Flame-Bot"),
      .set("Ice-Bot", .init(icon: "ice.png")), .add(newMonster("Robo-Bot")))
    return (try merged(.seeded, ours, theirs), ours, theirs)
  }

  @Test func aMarkedEntryHoldsAnOffsetOnEachSideThatHasTheMonsterAndItsConflict() {
    let ours = MarkedEntry(ours: 0, theirs: nil, conflict: 0)
    #expect(ours.ours == 0 && ours.theirs == nil && ours.conflict == 0)
    let shared = MarkedEntry(ours: 7, theirs: Int(Int32.max), conflict: nil)
    #expect(shared.ours == 7 && shared.theirs == Int(Int32.max) && shared.conflict == nil)
    #expect(MemoryLayout<MarkedEntry>.size == 3 * MemoryLayout<Int32>.size)
  }

  @Test func eachMonsterInConflictIsAConflictOfItsOwnNamedAsEachSideNamesIt() throws {
    let file = try marked(try threeConflicts().0.fileBytes())
    #expect(
      file.conflicts.map(\.names) == [["Cat-Bot"], ["Blaze-Bot", "Flame-Bot"], ["Ice-Bot"]])
    #expect(file.conflicts.map(\.line) == [4, 31, 46])
  }

  @Test func keepingOneSideOfEveryConflictGivesThatSidesVersion() throws {
    let (merge, _, _) = try threeConflicts()
    let file = try marked(merge.fileBytes())
    let ours = try #require(try file.resolving(nil, keeping: .ours).roster)
    #expect(ours.canonicalJSON() == Array(resolved(merge.fileBytes(), keeping: .ours).utf8))
    let theirs = try #require(try file.resolving(nil, keeping: .theirs).roster)
    #expect(theirs.canonicalJSON() == Array(resolved(merge.fileBytes(), keeping: .theirs).utf8))
    #expect(nameList(theirs).contains("Robo-Bot") && nameList(ours).contains("Robo-Bot"))
  }

  @Test func keepingOneSideOfSomeLeavesTheOthersMarkedAndMixedSidesEndAsARoster() throws {
    let (merge, _, _) = try threeConflicts()
    var file = try marked(merge.fileBytes())
    guard case .marked(let bytes, let remaining) = try file.resolving([1], keeping: .theirs) else {
      Issue.record("no conflict left")
      return
    }
    #expect(remaining == 2)
    #expect(throws: RosterError.self) { try Roster(jsonBytes: bytes) }
    file = try marked(bytes)
    #expect(file.conflicts.map(\.names) == [["Cat-Bot"], ["Ice-Bot"]])
    guard case .marked(let next, 1) = try file.resolving([0], keeping: .ours) else {
      Issue.record("not one left")
      return
    }
    let last = try #require(try marked(next).resolving([0], keeping: .theirs).roster)
    #expect(last.monster(named: "Cat-Bot")?.weapon.type == .fire)
    #expect(last.monster(named: "Flame-Bot") != nil && last.monster(named: "Blaze-Bot") == nil)
    #expect(last.monster(named: "Ice-Bot")?.icon == "ice.png")
    #expect(try Roster(jsonBytes: last.canonicalJSON()) == last)
  }

  @Test func twoMonstersThatWouldHaveOneNameAreOneConflict() throws {
    let ours = try seeded(.rename("Dog-Bot", to: "Robo-Bot"))
    let theirs = try seeded(.rename("Ice-Bot", to: "robo-bot"))
    let file = try marked(try merged(.seeded, ours, theirs).fileBytes())
    // Keeping ours of Dog-Bot (Robo-Bot) alone would leave theirs with Robo-Bot and
    // robo-bot: the two are resolved together.
    #expect(file.conflicts.map(\.names) == [["Robo-Bot", "Ice-Bot", "Dog-Bot"]])
    #expect(try file.resolving([0], keeping: .ours).roster == ours)
    #expect(try file.resolving([0], keeping: .theirs).roster == theirs)
  }

  @Test func keepingASideThatWouldNameTwoMonstersAlikeIsRefused() throws {
    // Ours renames Dog-Bot to Rex-Bot and Ice-Bot to Max-Bot; theirs the other way round:
    // each side whole is a roster, but ours of one conflict and theirs of the other is not.
    let ours = try seeded(.rename("Dog-Bot", to: "Rex-Bot"), .rename("Ice-Bot", to: "Max-Bot"))
    let theirs = try seeded(.rename("Dog-Bot", to: "Max-Bot"), .rename("Ice-Bot", to: "Rex-Bot"))
    let file = try marked(try merged(.seeded, ours, theirs).fileBytes())
    #expect(file.conflicts.count == 2)
    #expect(throws: MarkedRoster.ResolutionError.self) {
      try file.resolving([0], keeping: .ours)
    }
    #expect(try file.resolving([0, 1], keeping: .ours).roster == ours)
  }

  @Test func bothFilesWholeBetweenMarkersResolveToEitherOrRefuseTheBrokenOne() throws {
    var theirs = Roster.seeded
    try theirs.apply(.remove("Dog-Bot"))
    let whole = ConflictMarkers().wholeFiles(
      ours: Roster.seeded.canonicalJSON(), theirs: [0xEF, 0xBB, 0xBF] + theirs.canonicalJSON())
    let file = try marked(whole)
    #expect(file.conflicts.count == 1)
    #expect(!file.isMonsterByMonster)
    #expect(try file.resolving(nil, keeping: .ours).roster == Roster.seeded)
    #expect(throws: MarkedRoster.ResolutionError.self) {
      try file.resolving(nil, keeping: .theirs)
    }
    let valid = try marked(
      ConflictMarkers(size: 3).wholeFiles(
        ours: Roster.seeded.canonicalJSON(), theirs: theirs.canonicalJSON()))
    #expect(valid.conflicts.map(\.names) == [["Dog-Bot"]])
    #expect(valid.conflicts.map(\.holdsWholeFiles) == [true])
    // Keeping theirs of Dog-Bot would keep theirs whole, and discard all of ours: refused,
    // naming what would go.
    #expect(
      throws: MarkedRoster.ResolutionError.wholeFile(
        path: "monsters.json", line: 1, discarding: .ours, monsters: Roster.seeded.map(\.name))
    ) {
      try valid.resolving([0], keeping: .theirs)
    }
    #expect(try valid.resolving(nil, keeping: .theirs).roster == theirs)
  }

  @Test func aFileWithoutMarkersHasNoConflictsAndBrokenMarkersAreRefused() throws {
    #expect(try MarkedRoster(bytes: Roster.seeded.canonicalJSON(), path: "m.json") == nil)
    let half = Array("{\n<<<<<<< ours\n  \"version\": 1,\n=======\n}\n".utf8)
    #expect(throws: RosterError.unresolvedConflict(path: "m.json", lines: [2])) {
      try MarkedRoster(bytes: half, path: "m.json")
    }
  }

  /// A weapon's image is the roster's, not the monster's: the sides give laser images of
  /// their own (a conflict of the declaration), and a monster that carries it, outside the
  /// conflicts, is the same monster on both; a monster's conflict resolves alone.
  @Test func aWeaponsImageChangedTwoWaysLeavesTheMonstersConflictsResolvableOneByOne() throws {
    func roster(image: String, dog: String) throws -> Roster {
      try Roster(
        [
          Monster(name: "Cat-Bot", description: "", weapon: Weapon(name: "laser")),
          Monster(name: "Dog-Bot", description: dog, weapon: .sword),
        ], weapons: [.sword, Weapon(name: "laser", imageName: image)])
    }
    let merge = RosterMerge(
      base: try roster(image: "a.png", dog: ""), ours: try roster(image: "b.png", dog: "Woof"),
      theirs: try roster(image: "c.png", dog: "Bark"))
    let file = try marked(merge.fileBytes())
    #expect(file.isMonsterByMonster)
    let dog = try #require(file.conflicts.firstIndex { $0.names == ["Dog-Bot"] })
    guard case .marked(let bytes, let remaining) = try file.resolving([dog], keeping: .theirs)
    else {
      Issue.record("one conflict of two resolved left none")
      return
    }
    #expect(remaining == 1)
    let kept = try #require(try marked(bytes).resolving(nil, keeping: .ours).roster)
    #expect(kept.monsters.map(\.description) == ["", "Bark"])
    #expect(kept.weapons.last?.imageName == "b.png")
  }

  /// Conflicts of random merges, resolved one at a time in a random order, each to a random
  /// side: every step leaves a file that every reader refuses or a valid roster in
  /// canonical form; keeping one side throughout gives that side's version of the merge.
  @Test func randomConflictsResolvedOneAtATimeEndAsARoster() throws {
    var generator = SeededGenerator(seed: 0x7265_736F_6C76)
    var resolvedFiles = 0
    for _ in 0..<600 {
      let scenario = MergeScenario(using: &generator)
      let merge = RosterMerge(base: scenario.base, ours: scenario.ours, theirs: scenario.theirs)
      guard !merge.isClean else { continue }
      let keepOneSide = Bool.random(using: &generator)
      let oneSide: MergeSide = Bool.random(using: &generator) ? .ours : .theirs
      var bytes = merge.fileBytes()
      var refused = false
      var steps = 0
      while let file = try MarkedRoster(bytes: bytes, path: "m.json") {
        steps += 1
        try #require(steps < 100, "\(scenario.story)")
        let pick = Int.random(in: 0..<file.conflicts.count, using: &generator)
        let side = keepOneSide ? oneSide : (Bool.random(using: &generator) ? .ours : .theirs)
        var resolution = Result { () throws(MarkedRoster.ResolutionError) in
          try file.resolving([pick], keeping: side)
        }
        // Refused as it would break the roster (two monsters of one name, a monster that
        // does not fit the declarations kept): every conflict at once, to one side, gives a
        // valid version.
        if case .failure(let error) = resolution, error.breaksTheRoster {
          refused = true
          resolution = .success(try file.resolving(nil, keeping: oneSide))
        }
        switch try resolution.get() {
        case .roster(let roster):
          bytes = roster.canonicalJSON()
          #expect(try Roster(jsonBytes: bytes).canonicalJSON() == bytes)
        case .marked(let next, let remaining):
          #expect(remaining < file.conflicts.count, "\(scenario.story)")
          #expect(throws: RosterError.self) { try Roster(jsonBytes: next) }
          bytes = next
        }
      }
      if keepOneSide || refused {
        #expect(
          text(bytes) == resolved(merge.fileBytes(), keeping: oneSide) || !keepOneSide,
          "\(scenario.story)\n\(text(merge.fileBytes()))")
      }
      resolvedFiles += 1
    }
    #expect(resolvedFiles > 100)
  }
}

extension MarkedRoster.ResolutionError {
  /// Whether the resolution was refused as the roster it would make is not valid.
  fileprivate var breaksTheRoster: Bool {
    switch self {
    case .sameName, .wouldNotFit: true
    default: false
    }
  }
}
