import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

@Suite struct RosterFileVersionsTests {
  @Test func aVersionIsReadFromAPipe() throws {
    let ends = try Platform.makePipe()
    let bytes = Roster.seeded.canonicalJSON()
    #expect(try bytes.withUnsafeBytes { try Platform.writeBytes(ends.write, $0) } == bytes.count)
    Platform.closeFile(ends.write)
    defer { Platform.closeFile(ends.read) }
    #expect(try RosterFile(path: "/dev/fd/\(ends.read)").readVersion() == Roster.seeded)
  }

  @Test func aDeviceIsRefusedRatherThanReadForEver() {
    #expect(throws: RosterError.notARegularFile(path: "/dev/zero")) {
      try RosterFile(path: "/dev/zero").readVersion()
    }
  }

  @Test func aMissingFileIsNeverTheSeededRoster() {
    #expect(throws: RosterError.missingFile(path: "/nonexistent/monsters.json")) {
      try RosterFile(path: "/nonexistent/monsters.json").readVersion()
    }
  }

  @Test func anEmptyFileIsAnEmptyRosterOnlyWhenAllowed() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("empty.json")
    try write([], to: path)
    #expect(try RosterFile(path: path).readVersion(allowingEmpty: true) == Roster())
    #expect(throws: RosterError.self) { try RosterFile(path: path).readVersion() }
  }

  @Test func aLargeFileIsMappedAndReadTheSame() throws {
    let folder = try TemporaryFolder()
    var roster = Roster()
    for number in 0..<8000 {
      try roster.add(Monster(name: "Bot-\(number)", description: "number \(number)", weapon: .fire))
    }
    let path = folder.file("large.json")
    try write(roster.canonicalJSON(), to: path)
    var file = RosterFile(path: path)
    file.mapsLargeFiles = true
    #expect(try file.readVersion() == roster)
  }

  @Test func aSideReadForAMergeMergesAsTheRosterRead() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("theirs.json")
    var theirs = Roster.seeded
    try theirs.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
    try theirs.apply(.add(Monster(name: "Robo-Bot", description: "", weapon: .fire)))
    try write(theirs.canonicalJSON(), to: path)
    let side = try RosterFile(path: path).readForMatching().matched(with: .seeded)
    let ours = MatchedRoster(try seeded(.set("Cat-Bot", .init(weapon: .fire))), with: .seeded)
    let merge = RosterMerge(base: .seeded, ours: ours, theirs: side)
    let expected = RosterMerge(
      base: .seeded, ours: try seeded(.set("Cat-Bot", .init(weapon: .fire))), theirs: theirs)
    #expect(merge.fileBytes() == expected.fileBytes())
    #expect(merge.result?.monster(named: "Kitty-Bot")?.weapon.type == .fire)
  }

  @Test(arguments: [["Cat-Bot", "CAT-BOT"], ["Robo-Bot", "robo-bot"], ["K-Bot", "\u{212A}-Bot"]])
  func aSideWithTwoOfTheSameNameIsRefusedAsTheReaderRefusesIt(_ names: [String]) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("theirs.json")
    let text = rosterText(
      names.map { #"{"name": "\#($0)", "description": "", "icon": "", "weapon": "fire"}"# }
        .joined(separator: ",\n    "))
    try write(text, to: path)
    let base = try seeded(.add(newMonster("K-Bot")))
    var caught: RosterError?
    do throws(RosterError) {
      _ = try RosterFile(path: path).readForMatching().matched(with: base)
    } catch {
      caught = error
    }
    #expect(caught != nil)
    #expect(throws: caught ?? .missingFile(path: "no error")) {
      try RosterFile(path: path).roster(from: Array(text.utf8))
    }
  }
}
