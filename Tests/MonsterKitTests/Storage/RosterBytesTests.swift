import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

/// A file system that lets another program write to the roster at a chosen moment: just
/// before the N-th call of a kind (`fstat` or `write`).
private final class InterferingFileSystem: FileSystem {
  let base = SystemFileSystem()
  let interference: @Sendable () -> Void
  let call: SystemCall
  let number: Int
  private let counts = Mutex(0)

  init(before call: SystemCall, number: Int, _ interference: @escaping @Sendable () -> Void) {
    self.call = call
    self.number = number
    self.interference = interference
  }

  private func count(_ kind: SystemCall) {
    guard kind == call else { return }
    if counts.withLock({ count in
      count += 1
      return count == number
    }) {
      interference()
    }
  }

  func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus {
    count(.fstat)
    return try base.fstat(descriptor)
  }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    count(.write)
    return try base.write(descriptor, bytes)
  }

  func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    try base.open(path, options: options, mode: mode)
  }
  func open(_ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  { try base.open(name, in: folder, options: options, mode: mode) }
  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  { try base.read(descriptor, into: buffer) }
  func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    try base.synchronize(descriptor)
  }
  func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError) {
    try base.synchronizeFileSystem(of: descriptor)
  }
  func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus { try base.lstat(path) }
  func lstat(_ name: String, in folder: Int32) throws(SystemCallError) -> Platform.FileStatus {
    try base.lstat(name, in: folder)
  }
  func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError) {
    try base.checkWritable(name, in: folder)
  }
  func readlink(_ path: String) throws(SystemCallError) -> String { try base.readlink(path) }
  func fchmod(_ descriptor: Int32, mode: Platform.Mode) throws(SystemCallError) {
    try base.fchmod(descriptor, mode: mode)
  }
  func fchown(_ descriptor: Int32, owner: Platform.UserID, group: Platform.GroupID)
    throws(SystemCallError)
  {
    try base.fchown(descriptor, owner: owner, group: group)
  }
  func flock(_ descriptor: Int32, _ operation: Platform.LockOperation) throws(SystemCallError) {
    try base.flock(descriptor, operation)
  }
  func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    try base.setBlocking(descriptor)
  }
  func isTerminal(_ descriptor: Int32) -> Bool { base.isTerminal(descriptor) }
  func waitUntilReadable(_ descriptor: Int32, milliseconds: Int) throws(SystemCallError) -> Bool {
    try base.waitUntilReadable(descriptor, milliseconds: milliseconds)
  }
  func rename(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  { try base.rename(source, to: destination, in: folder) }
  func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  { try base.link(source, to: destination, in: folder) }
  func unlink(_ name: String, in folder: Int32) throws(SystemCallError) {
    try base.unlink(name, in: folder)
  }
  func names(inFolder folder: Int32) throws(SystemCallError) -> [String] {
    try base.names(inFolder: folder)
  }
  func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [[UInt8]] {
    try base.attributeNames(descriptor)
  }
  func attribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) -> [UInt8]? {
    try base.attribute(name, of: descriptor)
  }
  func setAttribute(_ name: [UInt8], to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  { try base.setAttribute(name, to: value, of: descriptor) }
  func removeAttribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) {
    try base.removeAttribute(name, of: descriptor)
  }
  func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  { try base.copyAccessControlList(from: source, to: destination) }
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
    let fileSystem = InterferingFileSystem(before: .fstat, number: 7) {
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
    let fileSystem = InterferingFileSystem(before: .write, number: 1) {
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
