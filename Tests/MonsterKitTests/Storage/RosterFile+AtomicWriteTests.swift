import Foundation
import Glibc
import Synchronization
import Testing

@testable import MonsterKit

/// Replacing the roster: what the new file keeps, the temporary file, and failures at
/// every step of the write.
@Suite struct RosterFileAtomicWriteTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("monsters.json")
  }

  // MARK: - What an edit keeps

  @Test func newFileGetsTheDefaultModeLessTheUmask() throws {
    try RosterFile(path: path).apply([catTakesFire])
    let expected = 0o666 & ~(try currentUmask())
    #expect(try permissions(of: path) == expected)
    #expect(try permissions(of: path + ".lock") == expected)
    try RosterFile(path: folder.file("other.json")).initialize(force: false)
    #expect(try permissions(of: folder.file("other.json")) == expected)
  }

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

}
