import Foundation
import MonstersSystem
import Synchronization
import TestSupport
import Testing

@testable import MonsterKit

/// The lock beside the roster: held by one edit at a time, waited for, given up on.
@Suite struct RosterLockTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  @Test func editsLeaveNoLockFileBesideTheRoster() throws {
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    try RosterFile(path: path, whenMissing: .seededRoster).apply([
      .set("Dog-Bot", .init(weapon: .fire))
    ])
    try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: true)
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func theLockOfALinkedRosterIsItsTargetsFolder() throws {
    try FileManager.default.createDirectory(
      atPath: folder.file("data"), withIntermediateDirectories: false)
    let target = folder.file("data/real.json")
    try write(try Fixture.seeded(), to: target)
    try Platform.makeSymbolicLink(at: path, pointingTo: "data/real.json")
    // A script holding the target's folder holds the roster, whichever path it is edited by.
    let lock = try holdLock(on: folder.file("data"))
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0)) {
      try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).apply([
        catTakesFire
      ])
    }
    #expect(try contents(of: target) == (try Fixture.seeded()))
    release(lock)
    // The link's own folder is not the lock.
    let other = try holdLock(on: folder.path)
    defer { release(other) }
    try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try contents(of: target) == (try seededWithCatTakingFire()))
  }

  /// An edit of a user who cannot lock the folder (mode 733, or NFS) locks only the roster
  /// file: an edit that can lock the folder must still wait for it, or the two edits would
  /// run at once and one would replace the other's roster.
  @Test func anEditWaitsForOneThatLockedOnlyTheRosterFile() throws {
    try write(try Fixture.seeded(), to: path)
    let other = open(path, O_RDWR | O_CLOEXEC)
    try #require(other >= 0)
    try #require(flock(other, LOCK_EX | LOCK_NB) == 0)
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0)) {
      try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).apply([
        catTakesFire
      ])
    }
    #expect(try contents(of: path) == (try Fixture.seeded()))
    // The folder's lock was let go of while the edit waited for the file's.
    let folderLock = try holdLock()
    release(folderLock)
    release(other)
    try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func editsOfEveryRosterInAFolderTakeTurns() throws {
    let lock = try holdLock(on: folder.path)
    defer { release(lock) }
    for name in ["monsters.json", "other.json", "a very long name.json"] {
      #expect(throws: RosterError.lockTimeout(path: folder.file(name), seconds: 0)) {
        try RosterFile(path: folder.file(name), lockTimeout: .zero, whenMissing: .seededRoster)
          .apply([
            catTakesFire
          ])
      }
    }
    #expect(try folder.entries().isEmpty)
    // Reading takes no lock.
    #expect(
      try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).read()
        == Roster.seeded
    )
  }

  @Test func editGivesUpOnALockHeldByAnotherProcess() throws {
    try write(minifiedSeeded, to: path)
    let holder = try LockHolder(folder: folder.path)
    defer { holder.release() }
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.3)) {
      try RosterFile(path: path, lockTimeout: .seconds(0.3), whenMissing: .seededRoster).apply([
        catTakesFire
      ])
    }
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.3)) {
      try RosterFile(path: path, lockTimeout: .seconds(0.3), whenMissing: .seededRoster).initialize(
        force: true)
    }
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json"])
    // Reading takes no lock.
    #expect(
      try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).read()
        == Roster.seeded
    )
  }

  @Test func editWaitsForALockHeldByAnotherProcessAndThenSucceeds() throws {
    try write(minifiedSeeded, to: path)
    let holder = try LockHolder(folder: folder.path)
    defer { holder.release() }
    let outcome = editWaitingForTheLock(lockTimeout: .seconds(600))
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    holder.release()
    let result = try #require(outcome.wait())
    #expect(throws: Never.self) { try result.get() }
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test(arguments: [
    Duration(secondsComponent: .max, attosecondsComponent: 999_999_999_999_999_999),
    .seconds(1e12), .seconds(Int64.min), .seconds(-1), .zero, .nanoseconds(1),
  ])
  func anyLockTimeoutWorksWhileTheLockIsFree(_ seconds: Duration) throws {
    try RosterFile(path: path, lockTimeout: seconds, whenMissing: .seededRoster).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  /// Starts ``catTakesFire`` on another thread, and returns once the edit has found the lock
  /// taken.
  ///
  /// - Parameter lockTimeout: How long the edit waits for the lock.
  /// - Returns: Where the edit's result will be.
  private func editWaitingForTheLock(lockTimeout: Duration) -> Outcome<
    Result<RosterUpdate, RosterError>
  > {
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(
      path: path, lockTimeout: lockTimeout, whenMissing: .seededRoster, fileSystem: fileSystem)
    let outcome = Outcome<Result<RosterUpdate, RosterError>>()
    Thread.detachNewThread {
      outcome.set(Result { () throws(RosterError) in try file.apply([catTakesFire]) })
    }
    // Wait (without a time limit that could make the test flaky) until the edit has found
    // the lock taken; the safety limit only keeps a broken build from hanging.
    let giveUp = Date().addingTimeInterval(120)
    while fileSystem.log.refusedLockCount == 0 && Date() < giveUp {
      Platform.sleep(nanoseconds: 1_000_000)
    }
    #expect(fileSystem.log.refusedLockCount > 0)
    return outcome
  }

  /// Lets go of a lock the test took with `flock`: unlocks, then closes. Closing alone would
  /// not do at once: a program another test starts meanwhile holds a copy of every
  /// descriptor of this process from its fork to its exec, and with it the lock, which
  /// `LOCK_UN` lets go of for every copy.
  private func release(_ lock: Int32) {
    #expect(flock(lock, LOCK_UN) == 0)
    close(lock)
  }

  /// Holds the lock of a folder, by default the roster's, on a descriptor of its own, as
  /// another process would.
  private func holdLock(on folderPath: String? = nil) throws -> Int32 {
    let lock = open(folderPath ?? folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    try #require(lock >= 0)
    try #require(flock(lock, LOCK_EX | LOCK_NB) == 0)
    return lock
  }

  @Test(arguments: [Duration.seconds(Int64.min), .seconds(-1), .zero])
  func lockTimeoutOfNoTimeGivesUpAtOnce(_ seconds: Duration) throws {
    let lock = try holdLock()
    defer { release(lock) }
    do throws(RosterError) {
      try RosterFile(path: path, lockTimeout: seconds, whenMissing: .seededRoster).apply([
        catTakesFire
      ])
      Issue.record("the edit did not wait for the lock")
    } catch {
      guard case .lockTimeout(path, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
    }
    #expect(!exists(path))
  }

  @Test func aLockTimeoutOfAgesWaitsForTheLock() throws {
    let lock = try holdLock()
    defer { release(lock) }
    let outcome = editWaitingForTheLock(lockTimeout: .seconds(Int64.max))
    #expect(!exists(path))
    #expect(flock(lock, LOCK_UN) == 0)
    let result = try #require(outcome.wait())
    #expect(throws: Never.self) { try result.get() }
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func concurrentEditsAreNeverLost() throws {
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    let failures = Mutex<[RosterError]>([])
    DispatchQueue.concurrentPerform(iterations: 12) { number in
      do throws(RosterError) {
        try file.apply([
          .add(Monster(name: "Bot-\(number)", description: "", weapon: .fire)),
          .set("Cat-Bot", .init(description: "edited")),
        ])
      } catch {
        failures.withLock { $0.append(error) }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    let roster = try file.read()
    #expect(roster.count == 6 + 12)
    for number in 0..<12 {
      #expect(roster.monster(named: "bot-\(number)") != nil)
    }
    #expect(try folder.entries() == ["monsters.json"])
  }

}
