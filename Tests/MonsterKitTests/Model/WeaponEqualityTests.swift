import Foundation
import MonsterKit
import Testing

/// A weapon is told apart by its name: the image is the roster's to give. An image given
/// another way is still a change of the roster, and is written.
@Suite struct WeaponEqualityTests {
  private func reread(_ roster: Roster) throws -> Roster {
    try Roster(jsonBytes: roster.canonicalJSON())
  }

  @Test func weaponsOfOneNameAreEqualWhateverTheirImages() {
    let laser = Weapon(name: "laser", imageName: "beam.png")
    #expect(laser == Weapon(name: "laser"))
    #expect(Set([laser, Weapon(name: "laser")]).count == 1)
    #expect(!laser.hasSameImage(as: Weapon(name: "laser")))
    #expect(laser.hasSameImage(as: Weapon(name: "laser", imageName: "beam.png")))
    #expect(Weapon(name: "Laser") != laser)
  }

  @Test func aMonstersWeaponIsTheWeaponOfItsNameInARosterThatGivesItAnImage() throws {
    var roster = try Roster(
      [], weapons: [.sword, Weapon(name: "laser", imageName: "beam.png")])
    try roster.add(Monster(name: "Zap-Bot", description: "", weapon: Weapon(name: "laser")))
    #expect(roster[0].weapon == Weapon(name: "laser"))
    #expect(roster[0].weapon.imageName == "beam.png")
  }

  @Test func anImageChangedIsAChangeOfTheRosterAndIsWritten() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("WeaponEqualityTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("monsters.json").path
    let roster = try Roster([], weapons: [.sword, Weapon(name: "laser", imageName: "beam.png")])
    _ = try RosterFile(path: path).create(roster)
    var changed = roster
    #expect(try changed.apply([.changeWeaponImage("laser", to: "ray.png")]))
    #expect(changed != roster)
    let update = try RosterFile(path: path).apply([.changeWeaponImage("laser", to: "ray.png")])
    #expect(update.changed)
    #expect(try RosterFile(path: path).read().weapons[1].imageName == "ray.png")
  }

  @Test func anImageChangedOnOneSideIsMerged() throws {
    let base = try Roster([], weapons: [.sword, Weapon(name: "laser", imageName: "beam.png")])
    var theirs = base
    #expect(try theirs.apply([.changeWeaponImage("laser", to: "ray.png")]))
    var ours = base
    try ours.add(Monster(name: "Zap-Bot", description: "", weapon: Weapon(name: "laser")))
    // As built, the added monster is held whole; as read from a file, as a record.
    for (mine, other) in [(ours, theirs), try (reread(ours), reread(theirs))] {
      let merge = RosterMerge(base: base, ours: mine, theirs: other)
      let result = try #require(merge.result)
      #expect(result.weapons.map(\.imageName) == ["sword.png", "ray.png"])
      #expect(result[0].weapon.imageName == "ray.png")
    }
  }
}
