import Dispatch
import Foundation
import Synchronization
import Testing

@testable import MonsterKit

/// A file system whose `flock` is NFS's: emulated with POSIX locks, so that an exclusive
/// lock needs a descriptor open for writing and fails with `EBADF` on one open for reading
/// only, as a folder always is. Shared locks, and exclusive ones on files open for writing,
/// are the system's.
final class NFSLockingFileSystem: FileSystem {
  let base: FaultyFileSystem
  /// The descriptors open for writing.
  private let writable = Mutex<Set<Int32>>([])
  /// How many exclusive locks were refused for want of a descriptor open for writing.
  let refusedForReading = Mutex(0)

  init(base: FaultyFileSystem = FaultyFileSystem()) {
    self.base = base
  }

  private func opened(_ descriptor: Int32, _ options: Platform.OpenOptions) -> Int32 {
    if options.contains(.writeOnly) || options.contains(.readWrite) {
      writable.withLock { _ = $0.insert(descriptor) }
    }
    return descriptor
  }

  func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    opened(try base.open(path, options: options, mode: mode), options)
  }
  func open(_ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    opened(try base.open(name, in: folder, options: options, mode: mode), options)
  }
  func flock(_ descriptor: Int32, _ operation: Platform.LockOperation) throws(SystemCallError) {
    if operation == .exclusive || operation == .exclusiveWithoutWaiting,
      !writable.withLock({ $0.contains(descriptor) })
    {
      refusedForReading.withLock { $0 += 1 }
      throw SystemCallError(Platform.ErrorNumber.badDescriptor)
    }
    try base.flock(descriptor, operation)
  }
  func close(_ descriptor: Int32) {
    writable.withLock { _ = $0.remove(descriptor) }
    base.close(descriptor)
  }

  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  { try base.read(descriptor, into: buffer) }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    try base.write(descriptor, bytes)
  }
  func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    try base.synchronize(descriptor)
  }
  func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus {
    try base.fstat(descriptor)
  }
  func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus {
    try base.lstat(path)
  }
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
  { try base.fchown(descriptor, owner: owner, group: group) }
  func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    try base.setBlocking(descriptor)
  }
  func isTerminal(_ descriptor: Int32) -> Bool { base.isTerminal(descriptor) }
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
}

/// Edits where a folder cannot be locked, as on NFS: the roster file is locked instead, and
/// the edits are as safe as anywhere.
@Suite struct RosterLockWithoutFolderLocksTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("monsters.json")
  }

  private func file(_ fileSystem: NFSLockingFileSystem, lockTimeout: Double = 30) -> RosterFile {
    RosterFile(path: path, lockTimeout: lockTimeout, fileSystem: fileSystem)
  }

  /// Holds `flock(1)`'s lock on a file, as a script does: opened for writing, as `flock(1)`
  /// reopens a file on NFS to lock it.
  private func holdLock(on path: String) throws -> Int32 {
    let descriptor = try Platform.openFile(path, [.readWrite, .closeOnExec])
    try Platform.lockFile(descriptor, .exclusive)
    return descriptor
  }

  @Test func anEditWorksAndLeavesNothingBesideTheRoster() throws {
    let fileSystem = NFSLockingFileSystem()
    // The first edit creates the file, with nothing to lock yet; the next lock it.
    try file(fileSystem).apply([catTakesFire])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    try file(fileSystem).apply([.set("Dog-Bot", .init(weapon: .smoke))])
    try file(fileSystem).initialize(force: true)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
    #expect(fileSystem.refusedForReading.withLock { $0 } >= 3)
  }

  @Test(arguments: [true, false])
  func concurrentEditsLoseNothing(startingWithAFile: Bool) throws {
    if startingWithAFile { try write(try Fixture.seeded(), to: path) }
    let fileSystem = NFSLockingFileSystem()
    let failures = Mutex<[String]>([])
    let (writers, edits) = (6, 5)
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      for edit in 0..<edits {
        let monster = Monster(
          name: "W\(writer)-\(edit)", description: "", icon: "w.png", weapon: .fire)
        do {
          try file(fileSystem).apply([.add(monster)])
        } catch {
          failures.withLock { $0.append("\(monster.name): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let roster = try RosterFile(path: path).read()
    #expect(roster.count == 6 + writers * edits)
    for writer in 0..<writers {
      for edit in 0..<edits { #expect(roster.index(named: "W\(writer)-\(edit)") != nil) }
    }
    #expect(try folder.entries() == ["monsters.json"])
  }

  /// README's recipe for such a file system: `flock` on the roster file keeps edits out.
  @Test func flockOnTheRosterFileKeepsEditsOut() throws {
    try write(try Fixture.seeded(), to: path)
    let held = try holdLock(on: path)
    defer { Platform.closeFile(held) }
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.2)) {
      try file(NFSLockingFileSystem(), lockTimeout: 0.2).apply([catTakesFire])
    }
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  /// An edit that waited for the lock of a roster that another replaced meanwhile (an
  /// edit, `git checkout`) edits the roster that took its place, not the one it waited for.
  @Test func anEditThatWaitedEditsTheRosterThatReplacedTheOneItWaitedFor() throws {
    try write(try Fixture.seeded(), to: path)
    let held = try holdLock(on: path)
    let fileSystem = NFSLockingFileSystem()
    let result = Mutex<Result<RosterUpdate, RosterError>?>(nil)
    let edit = Thread {
      let outcome = Result { () throws(RosterError) in
        try RosterFile(path: path, lockTimeout: 30, fileSystem: fileSystem).apply([catTakesFire])
      }
      result.withLock { $0 = outcome }
    }
    edit.start()
    // Once the edit waits, another roster takes the name, and the old one's lock goes.
    let deadline = ContinuousClock.now + .seconds(20)
    while fileSystem.base.log.refusedLockCount == 0 && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
    }
    var replacement = Roster.seeded
    try replacement.apply(
      .add(Monster(name: "Newcomer", description: "", icon: "n.png", weapon: .sword)))
    try write(replacement.canonicalJSON(), to: folder.file("replacement"))
    #expect(rename(folder.file("replacement"), path) == 0)
    Platform.closeFile(held)
    while result.withLock({ $0 }) == nil && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
    }
    let update = try #require(try result.withLock { $0 }?.get())
    #expect(update.changed)
    try replacement.apply(catTakesFire)
    #expect(try contents(of: path) == replacement.canonicalJSON())
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func aKilledEditsTemporaryFileIsSweptAndALiveOneIsNot() throws {
    try write(try Fixture.seeded(), to: path)
    let killed = folder.file(TemporaryName.prefix(for: "monsters.json") + "killed00.tmp")
    let live = folder.file(TemporaryName.prefix(for: "monsters.json") + "writing0.tmp")
    try write("{\"version\": 1, \"mon", to: killed)
    try write("{\"version\": 1, \"mons", to: live)
    // The edit writing it holds its lock, on a descriptor open for writing.
    let writing = try holdLock(on: live)
    defer { Platform.closeFile(writing) }
    try file(NFSLockingFileSystem()).apply([catTakesFire])
    #expect(try folder.entries() == [baseName(of: live), "monsters.json"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  /// A roster that cannot be opened for writing cannot be locked: it is read, and no edit
  /// of this process writes it.
  @Test func aRosterTheProcessMayNotOpenForWritingIsNotReplaced() throws {
    try write(try Fixture.seeded(), to: path)
    // The second open of the roster is the lock's, for reading and writing.
    func refusing() -> NFSLockingFileSystem {
      NFSLockingFileSystem(
        base: FaultyFileSystem(
          fault: .init(call: .openRoster, number: 2, errno: Platform.ErrorNumber.accessDenied)))
    }
    #expect(throws: RosterError.fileSystem(path: path, action: "write", errno: EACCES)) {
      try file(refusing()).apply([catTakesFire])
    }
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
    let unchanged = try file(refusing()).apply([.set("Cat-Bot", .init(weapon: .sword))])
    #expect(!unchanged.changed)
  }
}
