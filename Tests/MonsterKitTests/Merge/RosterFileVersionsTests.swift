import Foundation
import Glibc
import Testing

@testable import MonsterKit

@Suite struct RosterFileVersionsTests {
  @Test func aVersionIsReadFromAPipe() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let bytes = Roster.seeded.canonicalJSON()
    #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
    close(ends[1])
    defer { close(ends[0]) }
    #expect(try RosterFile(path: "/dev/fd/\(ends[0])").readVersion() == Roster.seeded)
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

  @Test func savingAMergeReplacesTheFileAndLeavesNothingBeside() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    var ours = Roster.seeded
    try ours.apply(.set("Cat-Bot", .init(weapon: .fire)))
    try write(ours.canonicalJSON(), to: path)
    chmod(path, 0o604)
    var theirs = Roster.seeded
    try theirs.apply(.remove("Dog-Bot"))
    let merge = RosterMerge(base: .seeded, ours: ours, theirs: theirs)
    #expect(try RosterFile(path: path).save(merge, markers: ConflictMarkers()))
    #expect(try contents(of: path) == merge.fileBytes())
    #expect(try folder.entries() == ["ours.json"])
    var status = stat()
    stat(path, &status)
    #expect(status.st_mode & 0o777 == 0o604)
  }

  @Test func savingAMergeThatKeepsOursWritesNothing() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    let ours = try readRoster(bytes: Roster.seeded.canonicalJSON())
    try write(Roster.seeded.canonicalJSON(), to: path)
    let merge = RosterMerge(base: .seeded, ours: ours, theirs: .seeded)
    #expect(try !RosterFile(path: path).save(merge, markers: ConflictMarkers()))
  }

  @Test(arguments: [
    SystemCall.openTemporary, .fchmod, .write, .fsync, .rename,
  ])
  func aFailedSaveLeavesTheFileAsItWasAndNothingBeside(_ call: SystemCall) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    let merge = RosterMerge(base: Roster(), ours: .seeded, theirs: try seededWithRobot())
    let fileSystem = FaultyFileSystem(fault: .init(call: call, number: 1, errno: ENOSPC))
    let file = RosterFile(path: path, fileSystem: fileSystem)
    #expect(throws: RosterError.self) { try file.save(merge, markers: ConflictMarkers()) }
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == Roster.seeded.canonicalJSON())
    #expect(try folder.entries() == ["ours.json"])
  }

  @Test func aSaveWrittenAFewBytesACallIsWhole() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    let merge = RosterMerge(base: Roster(), ours: .seeded, theirs: try seededWithRobot())
    let file = RosterFile(path: path, fileSystem: FaultyFileSystem(maximumWrite: 7))
    #expect(try file.save(merge, markers: ConflictMarkers()))
    #expect(try contents(of: path) == (try seededWithRobot()).canonicalJSON())
  }

  private func seededWithRobot() throws -> Roster {
    var roster = Roster.seeded
    try roster.add(Monster(name: "Robo-Bot", description: "", weapon: .fire))
    return roster
  }
}
