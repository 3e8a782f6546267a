import Dispatch
import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

/// Edits where a folder cannot be locked, as on NFS: the roster file is locked instead, and
/// the edits are as safe as anywhere.
@Suite struct RosterLockWithoutFolderLocksTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  /// A file system whose `flock` acts as NFS's.
  private func nfs(_ fault: FaultyFileSystem.Fault? = nil) -> FaultyFileSystem {
    FaultyFileSystem(fault: fault, locksAsNFS: true)
  }

  private func file(_ fileSystem: FaultyFileSystem, lockTimeout: Duration = .seconds(30))
    -> RosterFile
  {
    RosterFile(
      path: path, lockTimeout: lockTimeout, whenMissing: .seededRoster, fileSystem: fileSystem)
  }

  /// Holds `flock(1)`'s lock on a file, as a script does: opened for writing, as `flock(1)`
  /// reopens a file on NFS to lock it.
  private func holdLock(on path: String) throws -> Int32 {
    let descriptor = try Platform.openFile(path, [.readWrite, .closeOnExec])
    try Platform.lockFile(descriptor, .exclusive)
    return descriptor
  }

  @Test func anEditWorksAndLeavesNothingBesideTheRoster() throws {
    let fileSystem = nfs()
    // The first edit creates the file, with nothing to lock yet; the next lock it.
    try file(fileSystem).apply([catTakesFire])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    try file(fileSystem).apply([.set("Dog-Bot", .init(weapon: .smoke))])
    try file(fileSystem).initialize(force: true)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
    #expect(fileSystem.log.refusalsForReadingCount >= 3)
  }

  @Test(arguments: [true, false])
  func concurrentEditsLoseNothing(startingWithAFile: Bool) throws {
    if startingWithAFile { try write(try Fixture.seeded(), to: path) }
    let fileSystem = nfs()
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
    let roster = try RosterFile(path: path, whenMissing: .seededRoster).read()
    #expect(roster.count == 6 + writers * edits)
    for writer in 0..<writers {
      for edit in 0..<edits { #expect(roster.index(named: "W\(writer)-\(edit)") != nil) }
    }
    #expect(try folder.entries() == ["monsters.json"])
  }

  /// Editors that can lock the folder and editors that cannot (another user in a folder of
  /// mode 733, which they may not read) at once: every edit is kept, for every edit locks
  /// the roster file too.
  @Test func editsThatLockTheFolderAndEditsThatCannotLoseNothing() throws {
    try write(try Fixture.seeded(), to: path)
    let failures = Mutex<[String]>([])
    let (writers, edits) = (6, 6)
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      let fileSystem: any FileSystem = writer.isMultiple(of: 2) ? nfs() : SystemFileSystem()
      for edit in 0..<edits {
        let monster = Monster(
          name: "W\(writer)-\(edit)", description: "", icon: "w.png", weapon: .fire)
        do {
          try RosterFile(
            path: path, lockTimeout: .seconds(30), whenMissing: .seededRoster,
            fileSystem: fileSystem
          ).apply([.add(monster)])
        } catch {
          failures.withLock { $0.append("\(monster.name): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let roster = try RosterFile(path: path, whenMissing: .seededRoster).read()
    #expect(roster.count == 6 + writers * edits)
  }

  /// An edit that locked the roster file just as another replaced it holds the lock of a
  /// file that is no longer the roster: it locks the new one before it reads, and keeps
  /// the other's edit.
  @Test func anEditThatLockedAReplacedFileLocksTheNewOneBeforeItReads() throws {
    try write(try Fixture.seeded(), to: path)
    let replacement = folder.file("replacement.json")
    var dogWithSmoke = try Roster(jsonBytes: try Fixture.seeded())
    try dogWithSmoke.apply(.set("Dog-Bot", .init(weapon: .smoke)))
    try write(dogWithSmoke.canonicalJSON(), to: replacement)
    let replaced = Mutex(false)
    let rosterPath = path
    var fileSystem = nfs()
    let log = fileSystem.log
    fileSystem.beforeLocking = { descriptor in
      // The first lock of the roster file (open for writing, unlike the folder): another
      // edit replaces it just before.
      guard log.isWritable(descriptor),
        replaced.withLock({ done in
          defer { done = true }
          return !done
        })
      else { return }
      _ = rename(replacement, rosterPath)
    }
    try file(fileSystem).apply([catTakesFire])
    var expected = dogWithSmoke
    try expected.apply(catTakesFire)
    #expect(try contents(of: path) == expected.canonicalJSON())
    // The roster read once, as an edit with nothing in its way reads it.
    let alone = nfs()
    try file(alone).apply([.set("Dog-Bot", .init(weapon: .fire))])
    #expect(
      fileSystem.log.calls.filter { $0 == .read }.count
        == alone.log.calls.filter { $0 == .read }.count)
  }

  /// README's recipe for such a file system: `flock` on the roster file keeps edits out.
  @Test func flockOnTheRosterFileKeepsEditsOut() throws {
    try write(try Fixture.seeded(), to: path)
    let held = try holdLock(on: path)
    defer { Platform.closeFile(held) }
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.2)) {
      try file(nfs(), lockTimeout: .seconds(0.2)).apply([catTakesFire])
    }
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  /// An edit that waited for the lock of a roster that another replaced meanwhile (an
  /// edit, `git checkout`) edits the roster that took its place, not the one it waited for.
  @Test func anEditThatWaitedEditsTheRosterThatReplacedTheOneItWaitedFor() throws {
    try write(try Fixture.seeded(), to: path)
    let held = try holdLock(on: path)
    let fileSystem = nfs()
    let result = Mutex<Result<RosterUpdate, RosterError>?>(nil)
    let edit = Thread {
      let outcome = Result { () throws(RosterError) in
        try RosterFile(
          path: path, lockTimeout: .seconds(30), whenMissing: .seededRoster, fileSystem: fileSystem
        ).apply([catTakesFire])
      }
      result.withLock { $0 = outcome }
    }
    edit.start()
    // Once the edit waits, another roster takes the name, and the old one's lock goes.
    let deadline = ContinuousClock.now + .seconds(20)
    while fileSystem.log.refusedLockCount == 0 && ContinuousClock.now < deadline {
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
    try file(nfs()).apply([catTakesFire])
    #expect(try folder.entries() == [baseName(of: live), "monsters.json"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  /// A roster that cannot be opened for writing cannot be locked: it is read, and no edit
  /// of this process writes it.
  @Test func aRosterTheProcessMayNotOpenForWritingIsNotReplaced() throws {
    try write(try Fixture.seeded(), to: path)
    // The second open of the roster is the lock's, for reading and writing.
    func refusing() -> FaultyFileSystem {
      nfs(.init(call: .openRoster, number: 2, errno: Platform.ErrorNumber.accessDenied))
    }
    #expect(throws: RosterError.fileSystem(path: path, action: .write, errno: EACCES)) {
      try file(refusing()).apply([catTakesFire])
    }
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
    let unchanged = try file(refusing()).apply([.set("Cat-Bot", .init(weapon: .sword))])
    #expect(!unchanged.changed)
  }
}
