import MonsterKit
import TestSupport
import Testing

/// A monster's id: a value of its own, which renames and moves keep, which a reload keeps
/// where the merge's evidence says which monster is which, and which no two monsters of a
/// roster share.
@Suite struct MonsterIdentityTests {
  /// The ids of any collection of identifiable values, as SwiftUI reads them.
  private func ids<Values: Collection>(_ values: Values) -> [Values.Element.ID]
  where Values.Element: Identifiable {
    values.map(\.id)
  }

  @Test func everyMonsterOfARosterHasAnIdOfItsOwn() throws {
    #expect(Set(ids(Roster.seeded)).count == 6)
    #expect(ids(Roster.seeded) == ids(Monster.seeded))
    let read = try Roster(jsonBytes: Roster.seeded.canonicalJSON())
    #expect(Set(ids(read)).count == 6)
    #expect(Set(ids(read)).isDisjoint(with: ids(Roster.seeded)))
    let again = try Roster(jsonBytes: Roster.seeded.canonicalJSON())
    #expect(Set(ids(again)).isDisjoint(with: ids(read)))
  }

  @Test func renamesEditsAndMovesKeepTheId() throws {
    var roster = try Roster(jsonBytes: Roster.seeded.canonicalJSON())
    let cat = roster[0].id
    try roster.apply(.rename("Cat-Bot", to: "Robo-Cat"))
    try roster.apply(.set("Robo-Cat", .init(weapon: .fire)))
    try roster.update(named: "ROBO-CAT") { $0.description = "Purr" }
    roster.move(fromOffsets: [0], toOffset: 4)
    #expect(roster[id: cat]?.name == "Robo-Cat")
    #expect(roster[3].id == cat)
    #expect(roster[id: cat]?.description == "Purr")
    // Monster ids are not names: none is a folded name's any more.
    #expect(roster.index(id: cat) == roster.index(named: "robo-cat"))
  }

  @Test func aMonsterRemovedAndAnotherAddedUnderItsNameAreTwo() throws {
    var roster = Roster.seeded
    let old = roster[0].id
    try roster.apply(.remove("Cat-Bot"))
    let new = try roster.add(Monster(name: "CAT-BOT", description: "", weapon: .fire))
    #expect(new != old)
    #expect(roster[id: old] == nil)
    #expect(roster[id: new]?.name == "CAT-BOT")
  }

  @Test func aMonsterPutBackKeepsItsIdAndACopyGetsAnother() throws {
    var roster = Roster.seeded
    let cat = roster.remove(at: 0)
    let back = try roster.add(cat)
    #expect(back == cat.id)
    var twin = roster[id: cat.id]!
    twin.name = "Twin-Bot"
    let twinID = try roster.add(twin)
    #expect(twinID != cat.id)
    #expect(roster[id: twinID]?.name == "Twin-Bot" && roster[id: cat.id]?.name == "Cat-Bot")
    #expect(Set(ids(roster)).count == roster.count)
    // A roster made of monsters keeps their ids, and gives a copy another.
    let made = try Roster([cat, twin])
    #expect(made[0].id == cat.id && made[1].id != cat.id)
  }

  /// Monsters as the file holds them, moved: a copy of one gets another id, and one taken
  /// away and put back keeps its own.
  @Test func idsOfMonstersAsReadStayApartAfterAMove() throws {
    var roster = try Roster(jsonBytes: Roster.seeded.canonicalJSON())
    roster.move(fromOffsets: [0], toOffset: 6)
    var copy = roster[5]
    #expect(copy.name == "Cat-Bot")
    copy.name = "Copy-Bot"
    let cat = roster[5].id
    let copied = try roster.add(copy)
    #expect(copied != cat)
    let dog = roster.remove(at: 0)
    #expect(try roster.add(dog) == dog.id)
    #expect(Set(ids(roster)).count == roster.count)
    #expect(roster[id: cat]?.name == "Cat-Bot" && roster[id: copied]?.name == "Copy-Bot")
    #expect(roster[id: dog.id]?.name == "Dog-Bot")
  }

  @Test func editsByIdFindTheMonsterWhateverItsNameOrPlace() throws {
    var roster = Roster.seeded
    let (cat, dog, ice) = (roster[0].id, roster[1].id, roster[4].id)
    try roster.update(id: cat) { $0.name = "Kitty-Bot" }
    try roster.update(id: dog) { (monster) throws(RosterError) in monster.weapon = .fire }
    try roster.move([cat, dog], before: ice)
    #expect(
      roster.map(\.name).prefix(5) == [
        "Explode-Bot", "Fire-Bot", "Kitty-Bot", "Dog-Bot", "Ice-Bot",
      ])
    try roster.move([ice], before: nil)
    #expect(roster.last?.id == ice)
    let robo = try roster.insert(
      Monster(name: "Robo-Bot", description: "", weapon: .sword), before: cat)
    #expect(roster[2].id == robo)
    #expect(try roster.remove(id: dog).name == "Dog-Bot")
    #expect(throws: RosterError.monsterGone(dog)) { try roster.remove(id: dog) }
    #expect(throws: RosterError.monsterGone(dog)) { try roster.update(id: dog) { _ in } }
    #expect(throws: RosterError.monsterGone(dog)) { try roster.move([cat], before: dog) }
    let before = roster
    #expect(throws: RosterError.monsterGone(dog)) { try roster.move([cat, dog], before: nil) }
    #expect(roster == before)
    #expect(throws: RosterError.nameTaken("Kitty-Bot", by: "Kitty-Bot")) {
      try roster.update(id: robo) { $0.name = "Kitty-Bot" }
    }
  }

  /// A list's move by ids, its destination's id taken as `onMove` takes it, places the
  /// monsters as `Array`'s move of the same offsets does, also where the destination is a
  /// row it moves.
  @Test func aMoveByIdsPlacesTheMonstersAsAnArraysMoveOfTheirOffsets() throws {
    var generator = SeededGenerator(seed: 46)
    for _ in 0..<500 {
      var roster = Roster.seeded
      let offsets = (0..<roster.count).filter { _ in Bool.random(using: &generator) }
      let destination = Int.random(in: 0...roster.count, using: &generator)
      // Array's move: the moved rows, in order, before the first row at or after the
      // destination that stays.
      let names = roster.map(\.name)
      let staying = names.indices.filter { !offsets.contains($0) }
      let place = staying.filter { $0 < destination }.count
      var expected = staying.map { names[$0] }
      expected.insert(contentsOf: offsets.map { names[$0] }, at: place)
      let before = destination < roster.count ? roster[destination].id : nil
      try roster.move(offsets.map { roster[$0].id }, before: before)
      #expect(roster.map(\.name) == expected, "\(offsets) to \(destination)")
    }
  }

  @Test func aReloadKeepsTheIdsOfTheMonstersItHasByTheMergesEvidence() throws {
    var roster = try Roster(jsonBytes: Roster.seeded.canonicalJSON())
    let held = ids(roster)
    // Another program renames Cat-Bot, removes Ice-Bot, adds Robo-Bot, and changes the
    // Dog-Bot it holds past recognition: a monster of the same name is the same monster to
    // a file, as `merge` and `diff` read it.
    var changed = roster
    try changed.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
    try changed.apply(.remove("Ice-Bot"))
    try changed.apply(.add(Monster(name: "Robo-Bot", description: "", weapon: .smoke)))
    try changed.apply(.set("Dog-Bot", .init(weapon: .fire, description: "A new dog")))
    let reloaded = try Roster(jsonBytes: changed.canonicalJSON()).keepingIdentities(of: roster)
    #expect(reloaded.monster(named: "Kitty-Bot")?.id == held[0])
    #expect(reloaded.monster(named: "Dog-Bot")?.id == held[1])
    #expect(!ids(reloaded).contains(held[4]))
    #expect(!held.contains(reloaded.monster(named: "Robo-Bot")!.id))
    for offset in [2, 3, 5] {
      #expect(reloaded[id: held[offset]]?.name == roster[offset].name)
    }
    #expect(Set(ids(reloaded)).count == reloaded.count)
    // New monsters added to the reloaded roster get ids no monster of either has.
    roster = reloaded
    let mini = try roster.add(Monster(name: "Mini-Bot", description: "", weapon: .sword))
    #expect(!held.contains(mini))
    #expect(Set(ids(roster)).count == roster.count)
  }

  /// Cat-Bot removed and a CAT-BOT of other words and image added: one monster by its name
  /// alone, which the merge holds in doubt, and so two monsters to an app.
  @Test func aMonsterKnownOnlyByItsNameIsANewOneAfterAReload() throws {
    let roster = try Roster(jsonBytes: Roster.seeded.canonicalJSON())
    var changed = roster
    try changed.apply(.remove("Cat-Bot"))
    try changed.apply(
      .add(Monster(name: "CAT-BOT", description: "Other", icon: "other.png", weapon: .sword)))
    let reloaded = try Roster(jsonBytes: changed.canonicalJSON()).keepingIdentities(of: roster)
    #expect(reloaded.monster(named: "CAT-BOT")?.id != roster[0].id)
    #expect(reloaded[id: roster[0].id] == nil)
    #expect(reloaded.monster(named: "Dog-Bot")?.id == roster[1].id)
  }
}
