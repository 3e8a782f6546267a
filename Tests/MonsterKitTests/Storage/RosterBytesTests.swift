import Foundation
import Glibc
import Synchronization
import Testing

@testable import MonsterKit

/// A file system that lets another program write to the roster at a chosen moment: just
/// before the N-th `fstat`.
private final class InterferingFileSystem: FileSystem {
  let base = SystemFileSystem()
  let interference: @Sendable () -> Void
  let atStatus: Int
  private let statuses = Mutex(0)

  init(atStatus: Int, _ interference: @escaping @Sendable () -> Void) {
    self.atStatus = atStatus
    self.interference = interference
  }

  func fstat(_ descriptor: Int32) throws(SystemCallError) -> stat {
    if statuses.withLock({ count in
      count += 1
      return count == atStatus
    }) {
      interference()
    }
    return try base.fstat(descriptor)
  }

  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    try base.open(path, flags: flags, mode: mode)
  }
  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  { try base.read(descriptor, into: buffer) }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    try base.write(descriptor, bytes)
  }
  func fsync(_ descriptor: Int32) throws(SystemCallError) { try base.fsync(descriptor) }
  func lstat(_ path: String) throws(SystemCallError) -> stat { try base.lstat(path) }
  func readlink(_ path: String) throws(SystemCallError) -> String { try base.readlink(path) }
  func fchmod(_ descriptor: Int32, mode: mode_t) throws(SystemCallError) {
    try base.fchmod(descriptor, mode: mode)
  }
  func fchown(_ descriptor: Int32, owner: uid_t, group: gid_t) throws(SystemCallError) {
    try base.fchown(descriptor, owner: owner, group: group)
  }
  func flock(_ descriptor: Int32, _ operation: Int32) throws(SystemCallError) {
    try base.flock(descriptor, operation)
  }
  func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try base.rename(source, to: destination)
  }
  func unlink(_ path: String) throws(SystemCallError) { try base.unlink(path) }
  func close(_ descriptor: Int32) { base.close(descriptor) }
}

/// Large rosters are mapped rather than read; what they hold must not depend on it, and a
/// program that writes to the file meanwhile must be noticed, never crash the reader.
@Suite struct RosterBytesTests {
  /// A canonical roster of a few megabytes, large enough to be mapped.
  private static let large: [UInt8] = {
    let monsters = (0..<20_000).map { number in
      Monster(
        name: "Monster-\(number)", description: "Number \(number) \u{00E9}\u{1F600}",
        weapon: WeaponType.allCases[number % 5], nameColor: number % 3 == 0 ? .cyan : nil)
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
    #expect(truncate(path, 100) == 0)
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
    // The first fstat opens the file; the second checks it before the rename.
    let fileSystem = InterferingFileSystem(atStatus: 2) {
      _ = truncate(path, 10)
    }
    let roster = file(path, mapping: mapping, fileSystem: fileSystem)
    #expect(throws: RosterError.changedWhileReading(path: path)) {
      try roster.apply([.set("monster-1", .init(weapon: .smoke))])
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["monsters.json", "monsters.json.lock"])
    #expect(FileManager.default.contents(atPath: path)?.count == 10)
  }
}
