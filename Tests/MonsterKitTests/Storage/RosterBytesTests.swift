import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// Large rosters are mapped rather than read; what they hold must not depend on it, and a
/// program that writes to the file meanwhile must be noticed, never crash the reader.
@Suite struct RosterBytesTests {
  /// A canonical roster of a few megabytes, large enough to be mapped.
  private static let large: [UInt8] = {
    let monsters = (0..<20_000).map { number in
      Monster(
        name: "Monster-\(number)", description: "Number \(number) \u{00E9}\u{1F600}",
        weapon: Weapon.builtIn[number % 5], nameColor: number % 3 == 0 ? .cyan : nil)
    }
    return (try? Roster(monsters).canonicalJSON()) ?? []
  }()

  private func file(_ path: String, mapping: Bool, fileSystem: (any FileSystem)? = nil)
    -> RosterFile
  {
    var file = RosterFile(path: path, fileSystem: fileSystem ?? SystemFileSystem())
    file.mapsLargeFiles = mapping
    return file
  }

  @Test func aMappedRosterIsTheSameAsARosterRead() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try Data(Self.large).write(to: URL(fileURLWithPath: path))
    #expect(Self.large.count > RosterFile.mappingThreshold)
    let mapped = try file(path, mapping: true).read()
    let read = try file(path, mapping: false).read()
    #expect(mapped == read)
    #expect(mapped.count == 20_000)
    #expect(mapped.canonicalJSON() == Self.large)
    #expect(try file(path, mapping: true).problems().isEmpty)
  }

  @Test func anEditOfAMappedRosterChangesOneLine() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try Data(Self.large).write(to: URL(fileURLWithPath: path))
    try file(path, mapping: true).apply([.set("monster-10000", .init(weapon: .smoke))])
    let after = try #require(FileManager.default.contents(atPath: path))
    let old = String(decoding: Self.large, as: UTF8.self).split(separator: "\n")
    let new = String(decoding: after, as: UTF8.self).split(separator: "\n")
    #expect(old.count == new.count)
    #expect(zip(old, new).filter { $0 != $1 }.count == 1)
  }

  @Test(arguments: [true, false])
  func aFileTruncatedWhileItIsReadIsAnErrorNotACrash(mapping: Bool) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try Data(Self.large).write(to: URL(fileURLWithPath: path))
    let roster = file(path, mapping: mapping)
    let loaded = try #require(try roster.load())
    // Another program truncates the file in place, as `> monsters.json` does.
    try Platform.truncateFile(atPath: path, to: 100)
    #expect(throws: RosterError.changedWhileReading(path: path)) {
      try roster.reading(loaded) { (bytes) throws(RosterError) in try roster.roster(from: bytes) }
    }
  }

  @Test func aFileRewrittenInPlaceWhileItIsReadIsAnError() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try Data(Self.large).write(to: URL(fileURLWithPath: path))
    let roster = file(path, mapping: true)
    let loaded = try #require(try roster.load())
    usleep(10_000)
    // The same size, other bytes: only the modification time tells.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: Data("{}".utf8))
    try handle.close()
    #expect(throws: RosterError.changedWhileReading(path: path)) {
      try roster.reading(loaded) { (bytes) throws(RosterError) in try roster.roster(from: bytes) }
    }
  }

  @Test(arguments: [true, false])
  func anEditStopsWhenTheFileChangedBeforeItsReplacementIsInPlace(mapping: Bool) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try Data(Self.large).write(to: URL(fileURLWithPath: path))
    // The first fstat looks at what the path names; the second, the roster file the lock
    // holds; under the lock, the next three check that the path still leads into the
    // locked folder (what it names, the folder at the path, the folder locked); the sixth
    // looks at the file opened, the seventh checks it before the rename.
    let fileSystem = MeddlingFileSystem(before: .fstat, number: 7) {
      try? Platform.truncateFile(atPath: path, to: 10)
    }
    let roster = file(path, mapping: mapping, fileSystem: fileSystem)
    #expect(throws: RosterError.changedWhileReading(path: path)) {
      try roster.apply([.set("monster-1", .init(weapon: .smoke))])
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["monsters.json"])
    #expect(FileManager.default.contents(atPath: path)?.count == 10)
  }

  @Test(arguments: [true, false], [10, 2_000_000])
  func aFileCutShortWhileTheNewOneIsWrittenIsAChangeNotAFailedWrite(
    mapping: Bool, length: Int
  ) throws {
    // Writing from a mapping whose pages are past the file's new end fails with EFAULT:
    // that is the file changing, not the disk failing.
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try Data(Self.large).write(to: URL(fileURLWithPath: path))
    let fileSystem = MeddlingFileSystem(before: .write, number: 1) {
      try? Platform.truncateFile(atPath: path, to: length)
    }
    let roster = file(path, mapping: mapping, fileSystem: fileSystem)
    #expect(throws: RosterError.changedWhileReading(path: path)) {
      try roster.apply([.set("monster-1", .init(weapon: .smoke))])
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["monsters.json"])
    #expect(FileManager.default.contents(atPath: path)?.count == length)
  }
}
