import Foundation
import Glibc
import Synchronization
import Testing

@testable import MonsterKit

/// The edit most tests make: Cat-Bot's sword becomes fire.
private let catTakesFire = RosterEdit.set("Cat-Bot", .init(weapon: .fire))

/// The canonical bytes of the seeded roster after ``catTakesFire``.
private func seededWithCatTakingFire() throws -> [UInt8] {
  var roster = Roster.seeded
  try roster.apply(catTakesFire)
  return roster.canonicalJSON()
}

/// The seeded roster as one line, keys in another order: valid, not canonical.
private let minifiedSeeded =
  #"{"monsters":["#
  + Monster.seeded.map {
    #"{"weapon":"\#($0.weapon.type.rawValue)","icon":"\#($0.icon)","#
      + #""description":"\#($0.description)","name":"\#($0.name)"}"#
  }.joined(separator: ",") + #"],"version":1}"#

/// `lstat(2)` of a path.
private func status(of path: String) throws -> stat {
  var result = stat()
  guard lstat(path, &result) == 0 else {
    throw RosterError.fileSystem(path: path, action: "lstat", errno: errno)
  }
  return result
}

/// The permission bits of a file.
private func permissions(of path: String) throws -> mode_t {
  try status(of: path).st_mode & 0o7777
}

private func exists(_ path: String) -> Bool {
  var result = stat()
  return lstat(path, &result) == 0
}

/// The process's umask, read without changing it (tests run in parallel).
private func currentUmask() throws -> mode_t {
  let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
  let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
  let digits = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
  return try #require(mode_t(digits, radix: 8))
}

/// Another process holding a lock file with `flock(1)` until it is released.
private final class LockHolder {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var isReleased = false

  /// Starts `flock` on the lock file and returns once it holds the lock.
  init(lockFile: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    process.arguments = [lockFile, "/bin/sh", "-c", "echo locked; read line"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var seen = ""
    while !seen.contains("locked\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
      seen += String(decoding: chunk, as: UTF8.self)
    }
  }

  /// Lets the process end, which lets go of the lock.
  func release() {
    guard !isReleased else { return }
    isReleased = true
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  deinit {
    release()
  }
}

/// A value one thread sets and another reads.
private final class Outcome<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  func set(_ newValue: Value) {
    value.withLock { $0 = newValue }
    done.signal()
  }

  func wait() -> Value? {
    done.wait()
    return value.withLock { $0 }
  }
}

@Suite struct RosterFileTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("monsters.json")
  }

  // MARK: - Reading

  @Test func missingFileReadsAsTheSeededRoster() throws {
    let file = RosterFile(path: path)
    #expect(try file.contents() == nil)
    #expect(try file.read() == Roster.seeded)
    #expect(try folder.entries().isEmpty)
  }

  @Test func readGivesTheFilesRosterAndContentsItsBytes() throws {
    try write(minifiedSeeded, to: path)
    let file = RosterFile(path: path)
    #expect(try file.read() == Roster.seeded)
    #expect(try file.contents() == Array(minifiedSeeded.utf8))
  }

  @Test func readOfABadFileNamesThePathAsGiven() throws {
    try write("{\n  \"version\": 1,\n  \"monsters\": [,]\n}\n", to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 3, column: 16, message: "unexpected ','; expected a value")
    ) {
      try RosterFile(path: path).read()
    }
  }

  @Test(
    arguments: [
      (maximumRead: nil, reportedSize: 0),
      (maximumRead: nil, reportedSize: 10),
      (maximumRead: 7, reportedSize: nil),
      (maximumRead: 1000, reportedSize: 5),
    ] as [(maximumRead: Int?, reportedSize: Int?)])
  func contentsAreReadWholeHoweverTheReadsCome(maximumRead: Int?, reportedSize: Int?) throws {
    // Large enough to need several of the reader's 64 KiB chunks once past the size.
    let roster = try Roster(
      (0..<2000).map { Monster(name: "Bot-\($0)", description: "A robot", weapon: .fire) })
    let bytes = roster.canonicalJSON()
    try write(bytes, to: path)
    let fileSystem = FaultyFileSystem(maximumRead: maximumRead, reportedSize: reportedSize)
    let file = RosterFile(path: path, fileSystem: fileSystem)
    #expect(try file.contents() == bytes)
    #expect(try file.read() == roster)
  }

  @Test func emptyFileIsNotARoster() throws {
    try write([UInt8](), to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 1, column: 1, message: "the file is empty; expected a JSON object")
    ) {
      try RosterFile(path: path).read()
    }
  }

  // MARK: - The first edit

  @Test func firstEditCreatesTheFileFromTheSeededRoster() throws {
    let update = try RosterFile(path: path).apply([catTakesFire])
    #expect(update.before == Roster.seeded)
    #expect(update.after.monster(named: "cat-bot")?.weapon.type == .fire)
    #expect(update.originalBytes == nil)
    #expect(update.changed)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  @Test func newFileGetsTheDefaultModeLessTheUmask() throws {
    try RosterFile(path: path).apply([catTakesFire])
    let expected = 0o666 & ~(try currentUmask())
    #expect(try permissions(of: path) == expected)
    #expect(try permissions(of: path + ".lock") == expected)
    try RosterFile(path: folder.file("other.json")).initialize(force: false)
    #expect(try permissions(of: folder.file("other.json")) == expected)
  }

  @Test func lockFileStaysEmpty() throws {
    try RosterFile(path: path).apply([catTakesFire])
    try RosterFile(path: path).apply([.set("Dog-Bot", .init(weapon: .fire))])
    #expect(try status(of: path + ".lock").st_size == 0)
  }

  // MARK: - What an edit keeps

  @Test(arguments: [0o600, 0o640, 0o644, 0o604, 0o755, 0o444] as [mode_t])
  func editKeepsTheFilesMode(_ mode: mode_t) throws {
    try write(try Fixture.seeded(), to: path)
    #expect(chmod(path, mode) == 0)
    try RosterFile(path: path).apply([catTakesFire])
    #expect(try permissions(of: path) == mode)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    try RosterFile(path: path).initialize(force: true)
    #expect(try permissions(of: path) == mode)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  @Test func editKeepsTheFilesOwner() throws {
    try write(try Fixture.seeded(), to: path)
    // Tests run as root, which may give the file to anyone.
    guard getuid() == 0 else { return }
    #expect(chown(path, 1234, 5678) == 0)
    try RosterFile(path: path).apply([catTakesFire])
    let after = try status(of: path)
    #expect(after.st_uid == 1234)
    #expect(after.st_gid == 5678)
  }

  enum LinkKind: String, CaseIterable, Sendable {
    case absolute, relative, chain, dangling
  }

  @Test(arguments: LinkKind.allCases)
  func symbolicLinkStaysALinkAndItsTargetIsEdited(_ kind: LinkKind) throws {
    try FileManager.default.createDirectory(
      atPath: folder.file("data"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: folder.file("links"), withIntermediateDirectories: false)
    let target = folder.file("data/real.json")
    let link = folder.file("links/monsters.json")
    if kind != .dangling {
      try write(try Fixture.seeded(), to: target)
    }
    let destination: String
    switch kind {
    case .absolute: destination = target
    case .relative, .dangling: destination = "../data/real.json"
    case .chain:
      destination = "second.json"
      #expect(symlink("../data/real.json", folder.file("links/second.json")) == 0)
    }
    #expect(symlink(destination, link) == 0)
    let linksBefore = try folder.entries("links")

    #expect(try RosterFile(path: link).read() == Roster.seeded)
    try RosterFile(path: link).apply([catTakesFire])

    #expect(try status(of: link).st_mode & S_IFMT == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == destination)
    #expect(try contents(of: target) == (try seededWithCatTakingFire()))
    #expect(try folder.entries("data") == ["real.json", "real.json.lock"])
    #expect(try folder.entries("links") == linksBefore)
    #expect(try RosterFile(path: link).read().monster(named: "Cat-Bot")?.weapon.type == .fire)

    try RosterFile(path: link).initialize(force: true)
    #expect(try status(of: link).st_mode & S_IFMT == S_IFLNK)
    #expect(try contents(of: target) == (try Fixture.seeded()))
  }

  @Test func loopOfLinksIsAnError() throws {
    #expect(symlink("other.json", path) == 0)
    #expect(symlink("monsters.json", folder.file("other.json")) == 0)
    let file = RosterFile(path: path)
    let error = RosterError.fileSystem(path: path, action: "read", errno: ELOOP)
    #expect(throws: error) { try file.read() }
    #expect(throws: error) { try file.apply([catTakesFire]) }
    #expect(throws: error) { try file.initialize(force: true) }
    #expect(try folder.entries() == ["monsters.json", "other.json"])
  }

  @Test func relativeLinkInALinkedFolderIsFollowedAsTheSystemWould() throws {
    // links/monsters.json -> ../data.json, where links is itself a link to real/sub: the
    // roster is real/data.json, as `cat links/monsters.json` would show.
    try FileManager.default.createDirectory(
      atPath: folder.file("real/sub"), withIntermediateDirectories: true)
    #expect(symlink("real/sub", folder.file("links")) == 0)
    #expect(symlink("../data.json", folder.file("real/sub/monsters.json")) == 0)
    try write(try Fixture.seeded(), to: folder.file("real/data.json"))
    try RosterFile(path: folder.file("links/monsters.json")).apply([catTakesFire])
    #expect(try contents(of: folder.file("real/data.json")) == (try seededWithCatTakingFire()))
    #expect(try folder.entries("real") == ["data.json", "data.json.lock", "sub"])
  }

  @Test func lockOfALinkedRosterSitsBesideTheTarget() throws {
    let target = folder.file("real.json")
    try write(try Fixture.seeded(), to: target)
    #expect(symlink("real.json", path) == 0)
    // A script holding the target's lock holds the roster, whichever path it is edited by.
    let lock = open(target + ".lock", O_RDONLY | O_CREAT | O_CLOEXEC, 0o666)
    #expect(lock >= 0)
    defer { close(lock) }
    #expect(flock(lock, LOCK_EX) == 0)
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0)) {
      try RosterFile(path: path, lockTimeout: 0).apply([catTakesFire])
    }
    #expect(try contents(of: target) == (try Fixture.seeded()))
    #expect(flock(lock, LOCK_UN) == 0)
    try RosterFile(path: path, lockTimeout: 0).apply([catTakesFire])
    #expect(try contents(of: target) == (try seededWithCatTakingFire()))
  }

  // MARK: - Temporary files

  @Test func editsLeaveNoTemporaryFileBehind() throws {
    let file = RosterFile(path: path)
    try file.apply([catTakesFire])
    try file.apply([.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke))])
    try file.apply([.remove("dog-bot"), .rename("Ice-Bot", to: "Frost-Bot")])
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  @Test func temporaryFileLeftByAKilledEditIsRemovedByTheNext() throws {
    try write(try Fixture.seeded(), to: path)
    try write("{\"version\": 1, \"monst", to: folder.file(".monsters.json.tmp"))
    #expect(chmod(folder.file(".monsters.json.tmp"), 0) == 0)
    try RosterFile(path: path).apply([catTakesFire])
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func temporaryFileThatIsALinkIsRemovedNotFollowed() throws {
    try write(try Fixture.seeded(), to: path)
    let victim = folder.file("victim.txt")
    try write("keep me", to: victim)
    #expect(symlink(victim, folder.file(".monsters.json.tmp")) == 0)
    try RosterFile(path: path).apply([catTakesFire])
    #expect(try contents(of: victim) == Array("keep me".utf8))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock", "victim.txt"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  // MARK: - Edits that write nothing

  @Test(arguments: [
    [RosterEdit.set("cat-bot", .init(weapon: .sword))],
    [RosterEdit.set("Cat-Bot", .init(description: "MEE-OW", nameColor: .some(nil)))],
    [RosterEdit.set("Cat-Bot", .init())],
    [RosterEdit.rename("Cat-Bot", to: "Cat-Bot")],
  ])
  func editThatChangesNothingDoesNotRewriteTheFile(_ edits: [RosterEdit]) throws {
    try write(minifiedSeeded, to: path)
    let before = try status(of: path)
    let update = try RosterFile(path: path).apply(edits)
    #expect(!update.changed)
    #expect(update.after == update.before)
    #expect(update.originalBytes == Array(minifiedSeeded.utf8))
    let after = try status(of: path)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec)
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  @Test func editThatChangesNothingDoesNotCreateAFile() throws {
    let update = try RosterFile(path: path).apply([.set("Cat-Bot", .init(weapon: .sword))])
    #expect(!update.changed)
    #expect(!exists(path))
  }

  @Test func dryRunWritesNothing() throws {
    let update = try RosterFile(path: path).apply([catTakesFire], dryRun: true)
    #expect(update.changed)
    #expect(update.after.canonicalJSON() == (try seededWithCatTakingFire()))
    #expect(try folder.entries().isEmpty)

    try write(minifiedSeeded, to: path)
    let before = try status(of: path)
    let second = try RosterFile(path: path).apply([catTakesFire], dryRun: true)
    #expect(second.changed)
    #expect(second.originalBytes == Array(minifiedSeeded.utf8))
    #expect(try status(of: path).st_ino == before.st_ino)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func failedEditWritesNothing() throws {
    let edits = [catTakesFire, .set("Cat-Bott", .init(weapon: .smoke))]
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try RosterFile(path: path).apply(edits)
    }
    #expect(!exists(path))

    try write(minifiedSeeded, to: path)
    let before = try status(of: path)
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try RosterFile(path: path).apply(edits)
    }
    #expect(throws: RosterError.nameTaken("DOG-BOT", by: "Dog-Bot")) {
      try RosterFile(path: path).apply([
        catTakesFire, .add(Monster(name: "DOG-BOT", description: "", weapon: .fire)),
      ])
    }
    #expect(try status(of: path).st_ino == before.st_ino)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  @Test func editOfAnInvalidFileWritesNothing() throws {
    let invalid = #"{"version": 2, "monsters": []}"#
    try write(invalid, to: path)
    #expect(throws: RosterError.self) {
      try RosterFile(path: path).apply([catTakesFire])
    }
    #expect(try contents(of: path) == Array(invalid.utf8))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  // MARK: - The lock

  @Test func editGivesUpOnALockHeldByAnotherProcess() throws {
    try write(minifiedSeeded, to: path)
    let holder = try LockHolder(lockFile: path + ".lock")
    defer { holder.release() }
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.3)) {
      try RosterFile(path: path, lockTimeout: 0.3).apply([catTakesFire])
    }
    #expect(throws: RosterError.lockTimeout(path: path, seconds: 0.3)) {
      try RosterFile(path: path, lockTimeout: 0.3).initialize(force: true)
    }
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
    // Reading takes no lock.
    #expect(try RosterFile(path: path, lockTimeout: 0).read() == Roster.seeded)
  }

  @Test func editWaitsForALockHeldByAnotherProcessAndThenSucceeds() throws {
    try write(minifiedSeeded, to: path)
    let holder = try LockHolder(lockFile: path + ".lock")
    defer { holder.release() }
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: 600, fileSystem: fileSystem)
    let outcome = Outcome<Result<RosterUpdate, RosterError>>()
    Thread.detachNewThread {
      outcome.set(Result { () throws(RosterError) in try file.apply([catTakesFire]) })
    }
    // Wait (without a time limit that could make the test flaky) until the edit has found
    // the lock taken; the safety limit only keeps a broken build from hanging.
    let giveUp = Date().addingTimeInterval(120)
    while fileSystem.log.refusedLockCount == 0 && Date() < giveUp {
      usleep(1000)
    }
    #expect(fileSystem.log.refusedLockCount > 0)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    holder.release()
    let result = try #require(outcome.wait())
    #expect(throws: Never.self) { try result.get() }
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test(arguments: [Double.infinity, 1e20, .greatestFiniteMagnitude, .nan, -1, 0])
  func anyLockTimeoutWorksWhileTheLockIsFree(_ seconds: Double) throws {
    try RosterFile(path: path, lockTimeout: seconds).apply([catTakesFire])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  /// Holds the roster's lock on a descriptor of its own, as another process would.
  private func holdLock() throws -> Int32 {
    let lock = open(path + ".lock", O_RDONLY | O_CREAT | O_CLOEXEC, 0o666)
    try #require(lock >= 0)
    try #require(flock(lock, LOCK_EX | LOCK_NB) == 0)
    return lock
  }

  @Test(arguments: [Double.nan, -1, 0])
  func lockTimeoutOfNoTimeGivesUpAtOnce(_ seconds: Double) throws {
    let lock = try holdLock()
    defer { close(lock) }
    do throws(RosterError) {
      try RosterFile(path: path, lockTimeout: seconds).apply([catTakesFire])
      Issue.record("the edit did not wait for the lock")
    } catch {
      guard case .lockTimeout(path, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
    }
    #expect(!exists(path))
  }

  @Test func infiniteLockTimeoutWaitsForTheLock() throws {
    let lock = try holdLock()
    defer { close(lock) }
    let fileSystem = FaultyFileSystem()
    let file = RosterFile(path: path, lockTimeout: .infinity, fileSystem: fileSystem)
    let outcome = Outcome<Result<RosterUpdate, RosterError>>()
    Thread.detachNewThread {
      outcome.set(Result { () throws(RosterError) in try file.apply([catTakesFire]) })
    }
    let giveUp = Date().addingTimeInterval(120)
    while fileSystem.log.refusedLockCount == 0 && Date() < giveUp {
      usleep(1000)
    }
    #expect(fileSystem.log.refusedLockCount > 0)
    #expect(!exists(path))
    #expect(flock(lock, LOCK_UN) == 0)
    let result = try #require(outcome.wait())
    #expect(throws: Never.self) { try result.get() }
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func concurrentEditsAreNeverLost() throws {
    let file = RosterFile(path: path)
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
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  // MARK: - Failed writes

  /// Makes the `number`-th call of a kind fail, for every number until the edit no longer
  /// reaches it, and checks each time that the roster is as it was.
  @Test(arguments: [SystemCall.openTemporary, .write, .fsync, .fchmod, .rename], [ENOSPC, EIO])
  func failedWriteLeavesTheFileAsItWas(call: SystemCall, code: Int32) throws {
    let original = Array(minifiedSeeded.utf8)
    var failures = 0
    for number in 1..<1000 {
      try write(original, to: path)
      let fileSystem = FaultyFileSystem(
        fault: .init(call: call, number: number, errno: code), maximumWrite: 200)
      let file = RosterFile(path: path, fileSystem: fileSystem)
      if call == .fsync && number == 2 {
        break  // The folder's sync, after the rename: see the test below.
      }
      do throws(RosterError) {
        try file.apply([catTakesFire])
      } catch {
        #expect(error == .fileSystem(path: path, action: "write", errno: code))
      }
      guard fileSystem.faultHappened else {
        #expect(try contents(of: path) == (try seededWithCatTakingFire()))
        break
      }
      failures += 1
      #expect(try contents(of: path) == original, "\(call) #\(number)")
      #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
    }
    #expect(failures >= (call == .write ? 5 : 1))
  }

  @Test(arguments: [SystemCall.openTemporary, .write, .fsync, .rename])
  func failedFirstWriteCreatesNoFile(call: SystemCall) throws {
    let fileSystem = FaultyFileSystem(fault: .init(call: call, number: 1, errno: ENOSPC))
    #expect(throws: RosterError.fileSystem(path: path, action: "write", errno: ENOSPC)) {
      try RosterFile(path: path, fileSystem: fileSystem).apply([catTakesFire])
    }
    #expect(try folder.entries() == ["monsters.json.lock"])
  }

  @Test(arguments: [SystemCall.openFolder, .fsync])
  func failedSyncOfTheFolderIsReportedAfterTheRosterIsReplaced(call: SystemCall) throws {
    try write(minifiedSeeded, to: path)
    let number = call == .fsync ? 2 : 1
    let fileSystem = FaultyFileSystem(fault: .init(call: call, number: number, errno: EIO))
    #expect(
      throws: RosterError.fileSystem(path: folder.path, action: "sync the folder", errno: EIO)
    ) {
      try RosterFile(path: path, fileSystem: fileSystem).apply([catTakesFire])
    }
    // The rename has happened: the roster is the new one, whole.
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  @Test func folderThatCannotBeSyncedIsFine() throws {
    let fileSystem = FaultyFileSystem(fault: .init(call: .fsync, number: 2, errno: EINVAL))
    try RosterFile(path: path, fileSystem: fileSystem).apply([catTakesFire])
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func ownerThatCannotBeKeptDoesNotStopTheEdit() throws {
    try write(minifiedSeeded, to: path)
    let fileSystem = FaultyFileSystem(fault: .init(call: .fchown, number: 1, errno: EPERM))
    try RosterFile(path: path, fileSystem: fileSystem).apply([catTakesFire])
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func shortWritesAreContinued() throws {
    let fileSystem = FaultyFileSystem(maximumWrite: 3)
    try RosterFile(path: path, fileSystem: fileSystem).apply([catTakesFire])
    let expected = try seededWithCatTakingFire()
    #expect(try contents(of: path) == expected)
    #expect(fileSystem.log.count(.write) == (expected.count + 2) / 3)
  }

  /// Tests run as root, whom permission bits do not stop, so a read-only folder or file
  /// system is made with a file system whose calls fail as theirs would.
  @Test(arguments: [
    (SystemCall.openTemporary, EACCES, "write"),
    (.openTemporary, EROFS, "write"),
    (.openLock, EACCES, "lock"),
    (.openLock, EROFS, "lock"),
    (.flock, EIO, "lock"),
    (.lstat, EIO, "read"),
    (.openRoster, EACCES, "read"),
    (.fstat, EIO, "read"),
    (.read, EIO, "read"),
  ])
  func failedCallIsReportedAndTheFileIsAsItWas(call: SystemCall, code: Int32, action: String)
    throws
  {
    try write(minifiedSeeded, to: path)
    let fileSystem = FaultyFileSystem(fault: .init(call: call, number: 1, errno: code))
    #expect(throws: RosterError.fileSystem(path: path, action: action, errno: code)) {
      try RosterFile(path: path, fileSystem: fileSystem).apply([catTakesFire])
    }
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries().filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  // MARK: - Paths that are not files

  @Test func folderWhereTheFileShouldBeIsAnError() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let file = RosterFile(path: path)
    let readError = RosterError.fileSystem(path: path, action: "read", errno: EISDIR)
    #expect(throws: readError) { try file.read() }
    #expect(throws: readError) { try file.apply([catTakesFire]) }
    #expect(throws: readError) { try file.problems() }
    let writeError = RosterError.fileSystem(path: path, action: "write", errno: EISDIR)
    #expect(throws: writeError) { try file.initialize(force: true) }
    #expect(throws: writeError) { try file.initialize(force: false) }
    #expect(try folder.entries("monsters.json").isEmpty)
  }

  @Test func missingFolderIsAnErrorForAnEdit() throws {
    let missing = folder.file("missing/monsters.json")
    let file = RosterFile(path: missing)
    let error = RosterError.fileSystem(path: missing, action: "lock", errno: ENOENT)
    #expect(throws: error) { try file.apply([catTakesFire]) }
    #expect(throws: error) { try file.initialize(force: false) }
    #expect(throws: RosterError.missingFile(path: missing)) { try file.problems() }
    #expect(try file.read() == Roster.seeded)
    #expect(try folder.entries().isEmpty)
  }

  // MARK: - Initializing

  @Test func initializeWritesTheSeededRoster() throws {
    try RosterFile(path: path).initialize(force: false)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json", "monsters.json.lock"])
  }

  @Test func initializeWithoutForceRefusesAnExistingFile() throws {
    try write(minifiedSeeded, to: path)
    #expect(throws: RosterError.fileExists(path: path)) {
      try RosterFile(path: path).initialize(force: false)
    }
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    try RosterFile(path: path).initialize(force: true)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  @Test func initializeWithForceReplacesAnInvalidFile() throws {
    try write("not json", to: path)
    try RosterFile(path: path).initialize(force: true)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  // MARK: - Problems

  @Test func canonicalFileHasNoProblems() throws {
    try write(try Fixture.seeded(), to: path)
    #expect(try RosterFile(path: path).problems().isEmpty)
  }

  private static let notCanonicalMessage =
    "the file is valid but not in canonical form from this line on; "
    + "the next edit writes it in canonical form"

  /// Ways a valid file can differ from the canonical form, and the first line that differs.
  enum NotCanonical: String, CaseIterable, Sendable {
    case minified, leadingBlankLine, lineWithoutIndent, noSpaceAfterColon, needlessEscape
    case keysInAnotherOrder, noFinalNewline, extraFinalNewline

    func apply(to canonical: String) -> String {
      switch self {
      case .minified: minifiedSeeded
      case .leadingBlankLine: "\n" + canonical
      case .lineWithoutIndent:
        canonical.replacingOccurrences(of: "  \"version\"", with: "\"version\"")
      case .noSpaceAfterColon:
        canonical.replacingOccurrences(of: "\"weapon\": \"smoke\"", with: "\"weapon\":\"smoke\"")
      case .needlessEscape:
        canonical.replacingOccurrences(of: "MEE-OW", with: "MEE\\u002dOW")
      case .keysInAnotherOrder:
        canonical.replacingOccurrences(
          of: "\"icon\": \"meetfirebot.png\",\n      \"weapon\": \"ninjaStar\"",
          with: "\"weapon\": \"ninjaStar\",\n      \"icon\": \"meetfirebot.png\"")
      case .noFinalNewline: String(canonical.dropLast())
      case .extraFinalNewline: canonical + "\n"
      }
    }

    var firstDifferingLine: Int {
      switch self {
      case .minified, .leadingBlankLine: 1
      case .lineWithoutIndent: 2
      case .noSpaceAfterColon: 20
      case .needlessEscape: 6
      case .keysInAnotherOrder: 25
      case .noFinalNewline: 41
      case .extraFinalNewline: 42
      }
    }
  }

  @Test(arguments: NotCanonical.allCases)
  func validFileNotInCanonicalFormIsOneProblemOnItsFirstDifferingLine(_ kind: NotCanonical)
    throws
  {
    let changed = kind.apply(to: text(try Fixture.seeded()))
    #expect(Array(changed.utf8) != (try Fixture.seeded()))
    try write(changed, to: path)
    #expect(
      try RosterFile(path: path).problems() == [
        RosterProblem(line: kind.firstDifferingLine, column: 1, message: Self.notCanonicalMessage)
      ])
  }

  @Test func lowerCaseHexColourIsNotCanonical() throws {
    let file = rosterText(
      ##"{"name": "A", "description": "d", "icon": "a.png", "weapon": "fire", "nameColor": "#ff8800"}"##
    )
    var roster = try readRoster(file)
    try write(roster.canonicalJSON(), to: path)
    #expect(try RosterFile(path: path).problems().isEmpty)
    try roster.apply(.set("A", .init(nameColor: .some(.red))))
    try write(
      text(roster.canonicalJSON()).replacingOccurrences(of: "\"red\"", with: "\"#ff8800\""),
      to: path)
    #expect(
      try RosterFile(path: path).problems() == [
        RosterProblem(line: 9, column: 1, message: Self.notCanonicalMessage)
      ])
  }

  @Test func invalidFileGivesItsProblemsAndABadOneThrows() throws {
    try write(#"{"version": 2, "monsters": [1]}"#, to: path)
    #expect(
      try RosterFile(path: path).problems() == [
        RosterProblem(
          line: 1, column: 13,
          message: "the file is roster version 2, newer than this monsters reads (1); "
            + "use a newer monsters"),
        RosterProblem(line: 1, column: 29, message: "monster 1 is not an object"),
      ])
    try write(#"{"version": 1,}"#, to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 1, column: 15, message: "trailing comma before '}'")
    ) {
      try RosterFile(path: path).problems()
    }
  }

  @Test func problemsOfAMissingFileThrows() {
    #expect(throws: RosterError.missingFile(path: path)) {
      try RosterFile(path: path).problems()
    }
  }
}
