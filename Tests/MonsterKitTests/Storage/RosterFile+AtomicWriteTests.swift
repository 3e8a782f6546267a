import Foundation
import MonstersSystem
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
    (folder, path) = try TemporaryFolder.forRoster()
  }

  // MARK: - What an edit keeps

  @Test func newFileGetsTheDefaultModeLessTheUmask() throws {
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    let expected = 0o666 & ~(try currentUmask())
    #expect(try permissions(of: path) == expected)
    try RosterFile(path: folder.file("other.json"), whenMissing: .seededRoster).initialize(
      force: false)
    #expect(try permissions(of: folder.file("other.json")) == expected)
  }

  @Test(
    arguments: [0o600, 0o640, 0o644, 0o604, 0o755, 0o444, 0o4755, 0o2664, 0o6640] as [Platform.Mode]
  )
  func editKeepsTheFilesMode(_ mode: Platform.Mode) throws {
    try write(try Fixture.seeded(), to: path)
    try Platform.setMode(mode, ofPath: path)
    // A file its owner may not write is root's to edit only.
    if mode & 0o200 == 0 && Platform.effectiveUserID != 0 {
      #expect(throws: RosterError.fileSystem(path: path, action: .write, errno: EACCES)) {
        try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
      }
      return
    }
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try permissions(of: path) == mode)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: true)
    #expect(try permissions(of: path) == mode)
    #expect(try contents(of: path) == (try Fixture.seeded()))
  }

  @Test func editKeepsTheFilesOwner() throws {
    try write(try Fixture.seeded(), to: path)
    // Tests run as root, which may give the file to anyone.
    guard Platform.effectiveUserID == 0 else { return }
    #expect(chown(path, 1234, 5678) == 0)
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    let after = try status(of: path)
    #expect(after.owner == 1234)
    #expect(after.group == 5678)
  }

  /// As an editor refuses to save a file its user may not write, though the folder would
  /// let it be replaced (the command line's tests run such a user with setpriv).
  @Test func aFileTheProcessMayNotWriteIsNotReplaced() throws {
    try write(try Fixture.seeded(), to: path)
    let refused = RosterError.fileSystem(path: path, action: .write, errno: EACCES)
    let edits: [(RosterFile) throws -> Void] = [
      { file in try file.apply([catTakesFire]) },
      { file in try file.initialize(force: true) },
    ]
    for makeEdit in edits {
      let fileSystem = FaultyFileSystem(
        fault: .init(call: .checkWritable, number: 1, errno: EACCES))
      #expect(throws: refused) {
        try makeEdit(RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem))
      }
      #expect(fileSystem.log.count(.openTemporary) == 0)
      #expect(try contents(of: path) == (try Fixture.seeded()))
      #expect(try folder.entries() == ["monsters.json"])
    }
    // What changes nothing needs no write, and is no failure.
    let fileSystem = FaultyFileSystem(fault: .init(call: .checkWritable, number: 1, errno: EACCES))
    #expect(
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
        .set("Cat-Bot", .init(weapon: .sword))
      ]).changed == false)
  }

  @Test(.enabled(if: Platform.effectiveUserID == 0, "root may write a file of mode 444"))
  func rootMayEditAFileNoOneMayWrite() throws {
    try write(try Fixture.seeded(), to: path)
    try Platform.setMode(0o444, ofPath: path)
    #expect(chown(path, 1234, 5678) == 0)
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(try permissions(of: path) == 0o444)
    #expect(try status(of: path).owner == 1234)
  }

  @Test func modeIsGivenAfterTheLastWrite() throws {
    // A write by a user who is not root clears the set-user-ID and set-group-ID bits, so
    // the mode comes after it (the command line's tests edit as such a user).
    try write(try Fixture.seeded(), to: path)
    let fileSystem = FaultyFileSystem(maximumWrite: 100)
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    let calls = fileSystem.log.calls
    let mode = try #require(calls.firstIndex(of: .fchmod))
    #expect(try mode > #require(calls.lastIndex(of: .write)))
    #expect(try mode < #require(calls.firstIndex(of: .rename)))
  }

  @Test func editKeepsTheFilesExtendedAttributes() throws {
    try write(try Fixture.seeded(), to: path)
    let attributes: [String: [UInt8]] = [
      "user.origin": Array("https://example.com/roster".utf8),
      "user.empty": [],
      "user.binary": [0, 1, 2, 255, 0],
    ]
    for (name, value) in attributes {
      guard try setAttribute(name, value, of: path) else {
        print("RosterFileAtomicWriteTests: \(folder.path) takes no user attributes; skipped")
        return
      }
    }
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try attributesOf(path) == attributes)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  #if os(Linux)
    // A POSIX access control list, Linux's, is the extended attribute
    // `system.posix_acl_access`, and its mask is the mode's group bits. Darwin's lists are
    // another kind, which no attribute holds: the test after these is theirs.
    @Test func editKeepsTheFilesAccessControlList() throws {
      try write(try Fixture.seeded(), to: path)
      // The owner and user 1234 may write; the owning group and others may only read. The
      // mode's group bits show the mask, rw.
      let list = accessControlList([
        (.owner, 6, nil), (.user, 6, 1234), (.owningGroup, 4, nil), (.mask, 6, nil),
        (.others, 4, nil),
      ])
      guard try setAttribute(accessListName, list, of: path) else {
        print("RosterFileAtomicWriteTests: \(folder.path) takes no access control lists; skipped")
        return
      }
      #expect(try permissions(of: path) == 0o664)
      try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
      // Without the list, the mask's rw would become the owning group's.
      #expect(try attributesOf(path) == [accessListName: list])
      #expect(try permissions(of: path) == 0o664)
      try RosterFile(path: path, whenMissing: .seededRoster).initialize(force: true)
      #expect(try attributesOf(path) == [accessListName: list])
    }

    @Test func editDropsTheListANewFileTakesFromItsFolder() throws {
      try write(try Fixture.seeded(), to: path)
      try Platform.setMode(0o640, ofPath: path)
      let inherited = accessControlList([
        (.owner, 7, nil), (.user, 7, 1234), (.owningGroup, 5, nil), (.mask, 7, nil),
        (.others, 5, nil),
      ])
      guard try setAttribute("system.posix_acl_default", inherited, of: folder.path) else {
        print("RosterFileAtomicWriteTests: \(folder.path) takes no access control lists; skipped")
        return
      }
      try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
      #expect(try attributesOf(path) == [:])
      #expect(try permissions(of: path) == 0o640)
      // A new roster is a new file, which takes its folder's list as any new file does.
      let other = folder.file("other.json")
      try RosterFile(path: other, whenMissing: .seededRoster).initialize(force: false)
      #expect(try attributesOf(other).keys.sorted() == [accessListName])
    }
  #endif

  #if canImport(Darwin)
    /// Darwin's access control lists are not extended attributes: `chmod +a` sets one,
    /// `ls -le` shows it.
    @Test func editKeepsTheFilesAccessControlList() throws {
      try write(try Fixture.seeded(), to: path)
      let entry = "everyone deny delete"
      guard try runTool("/bin/chmod", ["+a", entry, path]).status == 0 else {
        print("RosterFileAtomicWriteTests: \(folder.path) takes no access control lists; skipped")
        return
      }
      let before = try runTool("/bin/ls", ["-le", path]).output
      #expect(before.contains(entry))
      try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
      #expect(try runTool("/bin/ls", ["-le", path]).output.contains(entry))
      #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    }
  #endif

  // MARK: - Temporary files

  @Test func editsLeaveNoTemporaryFileBehind() throws {
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    try file.apply([catTakesFire])
    try file.apply([.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke))])
    try file.apply([.remove("dog-bot"), .rename("Ice-Bot", to: "Frost-Bot")])
    try file.initialize(force: true)
    #expect(try folder.entries() == ["monsters.json"])
  }

  // MARK: - Failed writes

  /// Makes the `number`-th call of a kind fail, for every number until the edit no longer
  /// reaches it, and checks each time that the roster is as it was.
  @Test(
    arguments: [SystemCall.openTemporary, .write, .fsync, .fchmod, .rename],
    [Platform.ErrorNumber.noSpace, Platform.ErrorNumber.inputOutput])
  func failedWriteLeavesTheFileAsItWas(call: SystemCall, code: Int32) throws {
    let original = Array(minifiedSeeded.utf8)
    var failures = 0
    for number in 1..<1000 {
      try write(original, to: path)
      let fileSystem = FaultyFileSystem(
        fault: .init(call: call, number: number, errno: code), maximumWrite: 200)
      let file = RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem)
      if call == .fsync && number == 2 {
        break  // The folder's sync, after the rename: see the test below.
      }
      do throws(RosterError) {
        try file.apply([catTakesFire])
      } catch {
        #expect(error == .fileSystem(path: path, action: .write, errno: code))
      }
      guard fileSystem.faultHappened else {
        #expect(try contents(of: path) == (try seededWithCatTakingFire()))
        break
      }
      failures += 1
      #expect(try contents(of: path) == original, "\(call) #\(number)")
      #expect(try folder.entries() == ["monsters.json"])
    }
    #expect(failures >= (call == .write ? 5 : 1))
  }

  @Test(arguments: [SystemCall.openTemporary, .write, .fsync, .link])
  func failedFirstWriteCreatesNoFile(call: SystemCall) throws {
    let fileSystem = FaultyFileSystem(
      fault: .init(call: call, number: 1, errno: Platform.ErrorNumber.noSpace))
    #expect(
      throws: RosterError.fileSystem(
        path: path, action: .write, errno: Platform.ErrorNumber.noSpace)
    ) {
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
        catTakesFire
      ])
    }
    #expect(try folder.entries() == [])
  }

  @Test func failedSyncOfTheFolderIsReportedAfterTheRosterIsReplaced() throws {
    try write(minifiedSeeded, to: path)
    // The temporary file's sync, then the folder's.
    let fileSystem = FaultyFileSystem(
      fault: .init(call: .fsync, number: 2, errno: Platform.ErrorNumber.inputOutput))
    #expect(
      throws: RosterError.fileSystem(
        path: folder.path, action: .syncFolder, errno: Platform.ErrorNumber.inputOutput)
    ) {
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
        catTakesFire
      ])
    }
    // The rename has happened: the roster is the new one, whole.
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func folderThatCannotBeSyncedIsFine() throws {
    let fileSystem = FaultyFileSystem(
      fault: .init(call: .fsync, number: 2, errno: Platform.ErrorNumber.invalidArgument))
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func ownerThatCannotBeKeptDoesNotStopTheEdit() throws {
    try write(minifiedSeeded, to: path)
    let fileSystem = FaultyFileSystem(
      fault: .init(call: .fchown, number: 1, errno: Platform.ErrorNumber.notPermitted))
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(fileSystem.faultHappened)
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func shortWritesAreContinued() throws {
    let fileSystem = FaultyFileSystem(maximumWrite: 3)
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    let expected = try seededWithCatTakingFire()
    #expect(try contents(of: path) == expected)
    #expect(fileSystem.log.count(.write) == (expected.count + 2) / 3)
  }

}

// MARK: - Extended attributes and access control lists

/// Where Linux keeps a file's access control list.
private let accessListName = "system.posix_acl_access"

/// Sets an extended attribute of a file through the system's own call.
///
/// - Returns: `false` when the file system takes no such attribute.
private func setAttribute(_ name: String, _ value: [UInt8], of path: String) throws -> Bool {
  let descriptor = try Platform.openFile(path, [.readOnly, .closeOnExec])
  defer { Platform.closeFile(descriptor) }
  do throws(SystemCallError) {
    try SystemFileSystem().setAttribute(Array(name.utf8), to: value, of: descriptor)
    return true
  } catch  where error.code == Platform.ErrorNumber.operationNotSupported {
    return false
  }
}

/// A file's extended attributes and their values.
private func attributesOf(_ path: String) throws -> [String: [UInt8]] {
  let descriptor = try Platform.openFile(path, [.readOnly, .closeOnExec])
  defer { Platform.closeFile(descriptor) }
  let system = SystemFileSystem()
  var attributes: [String: [UInt8]] = [:]
  for name in try system.attributeNames(descriptor) {
    let text = String(decoding: name, as: UTF8.self)
    // Labels the system keeps itself: SELinux's, and Darwin's (`com.apple.provenance`).
    guard !text.hasPrefix("security."), !text.hasPrefix("com.apple.") else { continue }
    attributes[text] = try system.attribute(name, of: descriptor)
  }
  return attributes
}

/// Whom an entry of an access control list is for: Linux's tags.
private enum AccessTag: UInt16 {
  case owner = 0x01
  case user = 0x02
  case owningGroup = 0x04
  case group = 0x08
  case mask = 0x10
  case others = 0x20
}

/// An access control list as Linux keeps it in an extended attribute: version 2, then each
/// entry's tag, permissions and id, little-endian, in order of tag and id.
private func accessControlList(_ entries: [(AccessTag, UInt16, UInt32?)]) -> [UInt8] {
  func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
  var bytes = littleEndian(UInt32(2))
  for (tag, permissions, id) in entries {
    bytes +=
      littleEndian(tag.rawValue) + littleEndian(permissions)
      + littleEndian(id ?? UInt32.max)
  }
  return bytes
}
