import TestSupport
import Testing

@testable import MonsterKit

/// Edits of what a roster declares: weapons and fields added and removed, with the monsters
/// kept valid, on a roster read from a file and on one built in memory.
@Suite struct RosterDeclaringTests {
  /// The seeded roster as read from its canonical file, so that its monsters are records.
  private func readSeeded() throws -> Roster {
    try Roster(jsonBytes: Roster.seeded.canonicalJSON())
  }

  /// A roster as the file written from it reads back.
  private func reread(_ roster: Roster) throws -> Roster {
    try Roster(jsonBytes: roster.canonicalJSON())
  }

  // MARK: - Weapons

  @Test func anAddedWeaponFollowsTheBuiltInOnesAndMonstersMayCarryIt() throws {
    var roster = try readSeeded()
    let laser = Weapon(name: "laser")
    #expect(try roster.applyReporting(.addWeapon(laser)) == [.weaponAdded(laser)])
    #expect(roster.weapons == Weapon.builtIn + [laser])
    #expect(roster.declaresWeapons)
    try roster.apply(.set("cat-bot", .init(weapon: laser)))
    #expect(roster.monster(named: "Cat-Bot")?.weapon == laser)
    let read = try reread(roster)
    #expect(read == roster)
    #expect(read.canonicalJSON() == roster.canonicalJSON())
  }

  @Test func aWeaponOfATakenNameOrABadOneIsRefusedAndTheRosterIsAsItWas() throws {
    var roster = try readSeeded()
    try roster.apply(.addWeapon(Weapon(name: "laser")))
    let before = roster
    #expect(throws: RosterError.weaponTaken("LASER", by: "laser")) {
      try roster.apply(.addWeapon(Weapon(name: "LASER")))
    }
    #expect(throws: RosterError.weaponTaken("ninja_star", by: "ninjaStar")) {
      try roster.apply(.addWeapon(Weapon(name: "ninja_star")))
    }
    #expect(throws: RosterError.self) { try roster.apply(.addWeapon(Weapon(name: "ray gun"))) }
    #expect(throws: RosterError.self) {
      try roster.apply(.addWeapon(Weapon(name: "fire", imageName: "flame.png")))
    }
    #expect(roster == before)
  }

  @Test func aWeaponAMonsterCarriesIsNotRemovedAndTheCarriersAreNamed() throws {
    var roster = try readSeeded()
    #expect(
      throws: RosterError.weaponInUse(
        "ninjaStar", monsters: ["Fire-Bot", "Mini-Tomato-Bot"], count: 2)
    ) { try roster.apply(.removeWeapon("ninja-star")) }
    #expect(throws: RosterError.unknownWeapon("axe", weapons: Weapon.builtIn.names)) {
      try roster.apply(.removeWeapon("axe"))
    }
    try roster.apply(.set("fire-bot", .init(weapon: .fire)))
    try roster.apply(.set("mini-tomato-bot", .init(weapon: .fire)))
    #expect(try roster.applyReporting(.removeWeapon("NinjaStar")) == [.weaponRemoved(.ninjaStar)])
    #expect(roster.weapons.names == ["blowgun", "fire", "sword", "smoke"])
    #expect(try reread(roster) == roster)
    // A monster cannot take it again, and a file whose monster carries it is refused.
    #expect(throws: RosterError.unknownWeapon("ninjaStar", weapons: roster.weapons.names)) {
      try roster.apply(.set("cat-bot", .init(weapon: .ninjaStar)))
    }
  }

  @Test func theLastWeaponStays() throws {
    var roster = try Roster([], weapons: [Weapon(name: "laser")])
    #expect(
      throws: RosterError.invalidDeclaration("laser", reason: .lastWeapon)
    ) {
      try roster.apply(.removeWeapon("laser"))
    }
  }

  /// Many monsters carry a weapon: the error names the first few and counts them all.
  @Test func theCarriersOfAWeaponAreCountedPastTheFewNamed() throws {
    let monsters = (1...12).map { Monster(name: "Bot-\($0)", description: "", weapon: .smoke) }
    var roster = try Roster(monsters)
    #expect(
      throws: RosterError.weaponInUse(
        "smoke", monsters: (1...RosterError.namesShown).map { "Bot-\($0)" }, count: 12)
    ) { try roster.apply(.removeWeapon("smoke")) }
    #expect(
      RosterError.weaponInUse("smoke", monsters: ["A", "B"], count: 12).description
        == "Weapon 'smoke' cannot be removed: A, B and 10 more carry it.")
  }

  // MARK: - Fields

  @Test func aRequiredFieldIsGivenItsDefaultByEveryMonsterWithoutIt() throws {
    var roster = try readSeeded()
    try roster.apply(.set("cat-bot", .init(otherFields: [JSONMember("team", .string("blue"))])))
    let team = try MonsterField(
      declaring: "team", kind: .values(["red", "blue"]), isRequired: true,
      defaultValue: .string("red"))
    #expect(try roster.applyReporting(.addField(team)) == [.fieldAdded(team, givenTo: 5)])
    #expect(roster.declaredFields == [team])
    #expect(
      roster.map { roster.value(of: team, at: roster.index(of: $0)) } == [
        .string("blue"), .string("red"), .string("red"), .string("red"), .string("red"),
        .string("red"),
      ])
    let read = try reread(roster)
    #expect(read == roster)
    // A monster added without it is given it too.
    try roster.apply(.addNamed("Robo-Bot", .init(weapon: .fire), ifTaken: .fail))
    #expect(roster.monster(named: "Robo-Bot")?.otherFields == [JSONMember("team", .string("red"))])
  }

  @Test func aFieldThatAMonstersValueBreaksIsRefusedNamingTheMonster() throws {
    var roster = try readSeeded()
    try roster.apply(.set("dog-bot", .init(otherFields: [JSONMember("health", .number("500"))])))
    // Dog-Bot's health stays a key of its own while other fields are declared.
    try roster.apply(.setOtherKeys(.keep))
    let before = roster
    let health = try MonsterField(declaring: "health", kind: .integer(minimum: 1, maximum: 100))
    #expect(
      throws: RosterError.invalidValue(
        "500", field: "health",
        reason: "it takes an integer from 1 to 100, and Dog-Bot has it")
    ) { try roster.apply(.addField(health)) }
    let required = try MonsterField(declaring: "rank", kind: .text, isRequired: true)
    #expect(throws: RosterError.missingValue(field: "rank", monster: "Cat-Bot")) {
      try roster.apply(.addField(required))
    }
    #expect(
      throws: RosterError.invalidDeclaration(
        "Weapon", reason: .builtInFieldInAnotherForm("Weapon", builtIn: "weapon"))
    ) {
      try roster.apply(.addField(try MonsterField(declaring: "Weapon", kind: .text)))
    }
    #expect(roster == before)
    try roster.apply(.addField(try MonsterField(declaring: "team", kind: .text)))
    #expect(throws: RosterError.fieldTaken("TEAM", by: "team")) {
      try roster.apply(.addField(try MonsterField(declaring: "TEAM", kind: .text)))
    }
  }

  @Test func aFieldAMonsterHasGoesOnlyWithItsValues() throws {
    var roster = try readSeeded()
    let notes = try MonsterField(declaring: "notes", kind: .text)
    try roster.apply(.addField(notes))
    try roster.apply(.set("ice-bot", .init(otherFields: [JSONMember("notes", .string("cold"))])))
    let before = roster
    #expect(throws: RosterError.fieldInUse("notes", monsters: ["Ice-Bot"], count: 1)) {
      try roster.apply(.removeField("notes", ifHeld: .fail))
    }
    #expect(roster == before)
    #expect(throws: RosterError.unknownField("rank", fields: ["notes"])) {
      try roster.apply(.removeField("rank", ifHeld: .fail))
    }
    #expect(
      try roster.applyReporting(.removeField("NOTES", ifHeld: .takeFromMonsters))
        == [.fieldRemoved(notes, takenFrom: 1)])
    #expect(roster.declaredFields.isEmpty)
    #expect(roster.monster(named: "Ice-Bot")?.otherFields == [])
    #expect(roster == Roster.seeded)
    #expect(try readSeeded().canonicalJSON() == roster.canonicalJSON())
  }

  @Test func declaringAndTakingAwayAreNoChangeOfTheMonsters() throws {
    let roster = try readSeeded()
    var edited = roster
    try edited.apply(.addField(try MonsterField(declaring: "notes", kind: .text)))
    #expect(!edited.hasSameMonsters(as: roster))
    try edited.apply(.removeField("notes", ifHeld: .fail))
    #expect(edited.hasSameMonsters(as: roster))
  }
}

extension Roster {
  /// The position of a monster, by its name.
  fileprivate func index(of monster: Monster) -> Index {
    index(named: monster.name) ?? endIndex
  }
}
