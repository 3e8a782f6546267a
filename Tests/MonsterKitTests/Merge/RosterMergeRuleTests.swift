import MonsterKit
import Testing

/// Merges whose right answer a slip in how monsters are told apart, placed or resolved would
/// change: each of these breaks when the rule it names is broken.
@Suite struct RosterMergeRuleTests {
  private func twin(_ name: String) -> Monster {
    Monster(name: name, description: "twin", icon: "twin.png", weapon: .fire)
  }

  /// Two twins (alike but for their names) leave, and one monster alike comes: which of the
  /// two it would be cannot be told, so it is no rename, and the other side's edit of one of
  /// them is a conflict, not the newcomer's.
  @Test func oneNewcomerLikeTwoTwinsThatLeftIsNoRenameOfEither() throws {
    var base = Roster.seeded
    try base.add(twin("A-Bot"))
    try base.add(twin("B-Bot"))
    var ours = Roster.seeded
    try ours.add(twin("C-Bot"))
    #expect(
      RosterDiff(from: base, to: ours).changes == [
        .removed(twin("A-Bot")), .removed(twin("B-Bot")), .added(twin("C-Bot")),
      ])
    var theirs = base
    try theirs.apply(.set("A-Bot", .init(weapon: .smoke)))
    let merge = try merged(base, ours, theirs)
    #expect(merge.conflicts.map(\.monster) == ["A-Bot"])
    #expect(try readRoster(resolved(merge.fileBytes(), keeping: .ours)) == ours)
  }

  /// A rename beside a monster the same side moved: the rename is followed, and the moved
  /// monster stands where that side put it.
  @Test(arguments: [MergeSide.ours, .theirs])
  func aRenameBesideAMovedMonsterIsFollowed(_ mover: MergeSide) throws {
    var moved = try seeded(.rename("Cat-Bot", to: "Kitty-Bot"))
    let dog = try #require(moved.monster(named: "Dog-Bot"))
    try moved.apply(.remove("Dog-Bot"))
    try moved.add(dog)
    let other = try seeded(.set("Cat-Bot", .init(weapon: .fire)))
    let merge = try merged(.seeded, moved, doubtedBy: mover, against: other)
    let result = try #require(merge.result)
    #expect(result.first?.name == "Kitty-Bot")
    #expect(result.first?.weapon == .fire)
    #expect(result.last?.name == "Dog-Bot")
  }

  /// One side puts a monster's keys in another order, the other changes one of them: the
  /// merge keeps the order of the side that reordered, with the value of the side that
  /// changed it.
  @Test(arguments: [MergeSide.ours, .theirs])
  func keysOneSideReordersAndTheOtherChangesMerge(_ reorderer: MergeSide) throws {
    func roster(_ members: [(String, JSONValue)]) throws -> Roster {
      var monsters = Monster.seeded
      monsters[0].otherFields = members.map { JSONMember($0.0, $0.1) }
      return try Roster(monsters)
    }
    let base = try roster([("a", .number("1")), ("b", .number("2"))])
    let reordered = try roster([("b", .number("2")), ("a", .number("1"))])
    let changed = try roster([("a", .number("10")), ("b", .number("2"))])
    let merge = try merged(base, reordered, doubtedBy: reorderer, against: changed)
    #expect(
      merge.result?.first?.otherFields == [
        JSONMember("b", .number("2")), JSONMember("a", .number("10")),
      ])
  }

  /// A monster in conflict is resolved by any spelling of its name that the roster calls
  /// the same name: full case folding (`STRASSE-BOT` is `Straße-Bot`), not lowercasing.
  @Test func aConflictIsResolvedByANameThatFoldsToItsName() throws {
    var base = Roster.seeded
    try base.add(Monster(name: "Straße-Bot", description: "Road", weapon: .fire))
    var ours = base
    try ours.apply(.set("Straße-Bot", .init(weapon: .smoke)))
    var theirs = base
    try theirs.apply(.set("Straße-Bot", .init(weapon: .sword)))
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try write(try merged(base, ours, theirs).fileBytes(), to: path)
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    let outcome = try file.resolveConflicts(named: ["STRASSE-BOT"], keeping: .theirs)
    #expect(outcome.remaining == 0)
    #expect(try file.read() == theirs)
  }
}
