import Foundation
import MonsterKit
import Testing

/// A weapon is its name and its image, as the roster declares them; a monster names its
/// weapon by name, and takes the roster's image.
@Suite struct WeaponEqualityTests {
  @Test func aMonstersWeaponIsTheRostersWeaponOfItsName() throws {
    var roster = try Roster([], weapons: [.sword, Weapon(name: "laser", imageName: "beam.png")])
    try roster.add(Monster(name: "Zap-Bot", description: "", weapon: Weapon(name: "laser")))
    #expect(roster[0].weapon.name == "laser")
    #expect(roster[0].weapon.imageName == "beam.png")
    #expect(
      roster[0]
        == Monster(
          name: "Zap-Bot", description: "", icon: roster[0].icon, weapon: Weapon(name: "laser")))
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
}
