import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

/// The public operations: reading, the one edit path and what it does when there is
/// nothing to write, initializing, and a failed call at any step.
@Suite struct RosterFileTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  // MARK: - Reading

  @Test func missingFileReadsAsTheSeededRoster() throws {
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    #expect(try file.contents() == nil)
    #expect(try file.read() == Roster.seeded)
    #expect(try folder.entries().isEmpty)
  }

  @Test func aMissingFileThatMustExistIsAnErrorAndNothingIsCreated() throws {
    let file = RosterFile(path: path, whenMissing: .error)
    #expect(throws: RosterError.missingFile(path: path)) { try file.read() }
    #expect(throws: RosterError.missingFile(path: path)) { try file.apply([catTakesFire]) }
    #expect(throws: RosterError.missingFile(path: path)) { try file.problems() }
    #expect(try file.contents() == nil)
    #expect(try folder.entries().isEmpty)
    // A dry run reads the file too.
    #expect(throws: RosterError.missingFile(path: path)) {
      try file.apply([catTakesFire], dryRun: true)
    }
    // Initializing is how such a file is made.
    try file.initialize(force: false)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    try file.apply([catTakesFire])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func readGivesTheFilesRosterAndContentsItsBytes() throws {
    try write(minifiedSeeded, to: path)
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    #expect(try file.read() == Roster.seeded)
    #expect(try file.contents() == Array(minifiedSeeded.utf8))
  }

  // MARK: - The first edit

  @Test func firstEditCreatesTheFileFromTheSeededRoster() throws {
    let update = try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(update.before == Roster.seeded)
    #expect(update.after.monster(named: "cat-bot")?.weapon.type == .fire)
    #expect(update.originalBytes == nil)
    #expect(update.changed)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  // MARK: - Edits that write nothing

  @Test(arguments: [
    [RosterEdit.set("cat-bot", .init(weapon: .sword))],
    [RosterEdit.set("Cat-Bot", .init(description: "MEE-OW", nameColor: .remove))],
    [RosterEdit.set("Cat-Bot", .init())],
    [RosterEdit.rename("Cat-Bot", to: "Cat-Bot")],
  ])
  func editThatChangesNothingDoesNotRewriteTheFile(_ edits: [RosterEdit]) throws {
    try write(minifiedSeeded, to: path)
    let before = try status(of: path)
    let update = try RosterFile(path: path, whenMissing: .seededRoster).apply(edits)
    #expect(!update.changed)
    #expect(update.after == update.before)
    #expect(update.originalBytes == Array(minifiedSeeded.utf8))
    let after = try status(of: path)
    #expect(after.inode == before.inode)
    #expect(after.modificationTime == before.modificationTime)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func editThatChangesNothingDoesNotCreateAFile() throws {
    let update = try RosterFile(path: path, whenMissing: .seededRoster).apply([
      .set("Cat-Bot", .init(weapon: .sword))
    ])
    #expect(!update.changed)
    #expect(!exists(path))
  }

  @Test func dryRunWritesNothing() throws {
    let update = try RosterFile(path: path, whenMissing: .seededRoster).apply(
      [catTakesFire], dryRun: true)
    #expect(update.changed)
    #expect(update.after.canonicalJSON() == (try seededWithCatTakingFire()))
    #expect(try folder.entries().isEmpty)

    try write(minifiedSeeded, to: path)
    let before = try status(of: path)
    let second = try RosterFile(path: path, whenMissing: .seededRoster).apply(
      [catTakesFire], dryRun: true)
    #expect(second.changed)
    #expect(second.originalBytes == Array(minifiedSeeded.utf8))
    #expect(try status(of: path).inode == before.inode)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func failedEditWritesNothing() throws {
    let edits = [catTakesFire, .set("Cat-Bott", .init(weapon: .smoke))]
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try RosterFile(path: path, whenMissing: .seededRoster).apply(edits)
    }
    #expect(!exists(path))

    try write(minifiedSeeded, to: path)
    let before = try status(of: path)
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try RosterFile(path: path, whenMissing: .seededRoster).apply(edits)
    }
    #expect(throws: RosterError.nameTaken("DOG-BOT", by: "Dog-Bot")) {
      try RosterFile(path: path, whenMissing: .seededRoster).apply([
        catTakesFire, .add(Monster(name: "DOG-BOT", description: "", weapon: .fire)),
      ])
    }
    #expect(try status(of: path).inode == before.inode)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func editOfAnInvalidFileWritesNothing() throws {
    let invalid = #"{"version": 2, "monsters": []}"#
    try write(invalid, to: path)
    #expect(throws: RosterError.self) {
      try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    }
    #expect(try contents(of: path) == Array(invalid.utf8))
    #expect(try folder.entries() == ["monsters.json"])
  }

  // MARK: - A failed call

  /// A folder that may be searched but not read (mode 733) refuses to be opened for
  /// reading: it is opened for search only, which cannot be locked, so the roster file is.
  @Test func aFolderThatMayNotBeReadIsEditedThroughTheRosterFilesLock() throws {
    try write(minifiedSeeded, to: path)
    let fileSystem = FaultyFileSystem(
      fault: .init(call: .openFolder, number: 1, errno: Platform.ErrorNumber.accessDenied))
    let update = try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem)
      .apply([catTakesFire])
    #expect(fileSystem.faultHappened && update.changed)
    #expect(try Roster(jsonBytes: contents(of: path)).first?.weapon == .fire)
    #expect(try folder.entries() == ["monsters.json"])
  }

  /// Tests run as root, whom permission bits do not stop, so a read-only folder or file
  /// system is made with a file system whose calls fail as theirs would.
  @Test(arguments: [
    (SystemCall.openTemporary, Platform.ErrorNumber.accessDenied, RosterError.FileAction.write),
    (.openTemporary, Platform.ErrorNumber.readOnlyFileSystem, RosterError.FileAction.write),
    (.openFolder, Platform.ErrorNumber.notADirectory, RosterError.FileAction.lock),
    (.flock, Platform.ErrorNumber.inputOutput, RosterError.FileAction.lock),
    (.lstat, Platform.ErrorNumber.inputOutput, RosterError.FileAction.read),
    (.openRoster, Platform.ErrorNumber.accessDenied, RosterError.FileAction.read),
    (.fstat, Platform.ErrorNumber.inputOutput, RosterError.FileAction.read),
    (.read, Platform.ErrorNumber.inputOutput, RosterError.FileAction.read),
  ])
  func failedCallIsReportedAndTheFileIsAsItWas(
    call: SystemCall, code: Int32, action: RosterError.FileAction
  )
    throws
  {
    try write(minifiedSeeded, to: path)
    let fileSystem = FaultyFileSystem(fault: .init(call: call, number: 1, errno: code))
    #expect(throws: RosterError.fileSystem(path: path, action: action, errno: code)) {
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
        catTakesFire
      ])
    }
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    #expect(try folder.entries().filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  /// No folder, no file: an edit, or the file's creation, cannot lock a folder that is not
  /// there, and says the file is missing.
  @Test func missingFolderIsAMissingFileForAnEdit() throws {
    let missing = folder.file("missing/monsters.json")
    let file = RosterFile(path: missing, whenMissing: .seededRoster)
    let error = RosterError.missingFile(path: missing)
    #expect(throws: error) { try file.apply([catTakesFire]) }
    #expect(throws: error) { try file.initialize(force: false) }
    #expect(throws: RosterError.missingFile(path: missing)) { try file.problems() }
    #expect(try file.read() == Roster.seeded)
    #expect(try folder.entries().isEmpty)
    // A folder taken away as the edit opens it to lock it is missing too.
    try write(minifiedSeeded, to: path)
    let gone = FaultyFileSystem(
      fault: .init(call: .openFolder, number: 1, errno: Platform.ErrorNumber.noSuchFile))
    #expect(throws: RosterError.missingFile(path: path)) {
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: gone).apply([catTakesFire])
    }
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
  }

  // MARK: - Initializing

  @Test func initializeWritesTheSeededRoster() throws {
    try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: false)
    #expect(try contents(of: path) == (try Fixture.seeded()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func initializeWithoutForceRefusesAnExistingFile() throws {
    try write(minifiedSeeded, to: path)
    #expect(throws: RosterError.fileExists(path: path)) {
      try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: false)
    }
    #expect(try contents(of: path) == Array(minifiedSeeded.utf8))
    try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: true)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  @Test func initializeWithForceReplacesAnInvalidFile() throws {
    try write("not json", to: path)
    try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: true)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

}
