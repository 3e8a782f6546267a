import MonstersSystem
import Testing

@testable import MonsterKit

/// Edits for a caller that cannot wait on its thread: an edit with no lock wait tries the
/// lock once, and the `async` edit waits for another editor by suspending, gives up after
/// its wait, succeeds once the lock is free, and stops waiting when its task is cancelled.
@Suite struct RosterFileAsyncTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster(seeded: true)
  }

  /// Holds the lock of the roster's folder on a descriptor of its own, as another editor
  /// (another process, or `flock(1)`) would: `flock` locks belong to an open folder, so
  /// the edit's own descriptor is refused while this one holds it.
  private func holdFolderLock() throws -> Int32 {
    let descriptor = try Platform.openFile(folder.path, [.readOnly, .directory, .closeOnExec])
    try Platform.lockFile(descriptor, .exclusiveWithoutWaiting)
    return descriptor
  }

  @Test func anEditWithNoLockWaitTriesTheLockOnceAndGivesUpAtOnce() throws {
    let lock = try holdFolderLock()
    defer { Platform.closeFile(lock) }
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: .zero, fileSystem: fileSystem)
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0)) {
      try file.apply([catTakesFire])
    }
    #expect(fileSystem.log.count(.flock) == 1)
    #expect(fileSystem.log.refusedLockCount == 1)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  @Test func theAsyncEditSavesWhileTheLockIsFree() async throws {
    let update = try await RosterFile(path: path).update { (roster) throws(RosterError) in
      try roster.apply(catTakesFire)
    }
    #expect(update.changed)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func theAsyncEditGivesUpAfterItsWaitWhileAnotherHoldsTheLock() async throws {
    let lock = try holdFolderLock()
    defer { Platform.closeFile(lock) }
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: .seconds(0.2), fileSystem: fileSystem)
    await #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.2)) {
      try await file.update { (roster) throws(RosterError) in try roster.apply(catTakesFire) }
    }
    // It tried again while it waited, not once.
    #expect(fileSystem.log.refusedLockCount > 1)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func theAsyncEditSucceedsOnceTheLockIsFree() async throws {
    let lock = try holdFolderLock()
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: .seconds(600), fileSystem: fileSystem)
    let edit = Task {
      try await file.update { (roster) throws(RosterError) in try roster.apply(catTakesFire) }
    }
    try await waitUntilRefused(fileSystem, times: 2)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    Platform.closeFile(lock)
    let update = try await edit.value
    #expect(update.changed)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @MainActor @Test func theMainActorRunsWhileTheAsyncEditWaits() async throws {
    let lock = try holdFolderLock()
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: .seconds(600), fileSystem: fileSystem)
    let edit = Task { @MainActor in
      try await file.update { (roster) throws(RosterError) in try roster.apply(catTakesFire) }
    }
    // This runs on the main actor too: it could not while the edit blocked the actor.
    try await waitUntilRefused(fileSystem, times: 3)
    Platform.closeFile(lock)
    #expect(try await edit.value.changed)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func aCancelledAsyncEditStopsWaiting() async throws {
    let lock = try holdFolderLock()
    defer { Platform.closeFile(lock) }
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: .seconds(600), fileSystem: fileSystem)
    let edit = Task {
      try await file.update { (roster) throws(RosterError) in try roster.apply(catTakesFire) }
    }
    try await waitUntilRefused(fileSystem, times: 1)
    edit.cancel()
    do {
      _ = try await edit.value
      Issue.record("the cancelled edit saved")
    } catch let error as RosterError {
      guard case .lockTimeout(path, let seconds) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      // The time waited, not the 600 s it would have waited.
      #expect(seconds < 600)
    }
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  /// Waits until an edit has found the lock taken a number of times; the safety limit only
  /// keeps a broken build from hanging.
  private func waitUntilRefused(_ fileSystem: FaultyFileSystem, times: Int) async throws {
    for _ in 0..<120_000 where fileSystem.log.refusedLockCount < times {
      try await Task.sleep(nanoseconds: 1_000_000)
    }
    #expect(fileSystem.log.refusedLockCount >= times)
  }
}
