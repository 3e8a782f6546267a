import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

/// A file system that runs something just before the N-th call of a kind (or before every
/// one from the N-th on): another program acting on the folder while an edit works.
final class MeddlingFileSystem: FileSystem {
  let base = FaultyFileSystem()
  let call: SystemCall
  let number: Int
  let repeats: Bool
  let meddling: @Sendable () -> Void
  private let count = Mutex(0)

  init(
    before call: SystemCall, number: Int = 1, repeats: Bool = false,
    _ meddling: @escaping @Sendable () -> Void
  ) {
    self.call = call
    self.number = number
    self.repeats = repeats
    self.meddling = meddling
  }

  /// Counts a call, and meddles before the chosen ones.
  private func reach(_ kind: SystemCall) {
    guard kind == call else { return }
    if count.withLock({ count in
      count += 1
      return repeats ? count >= number : count == number
    }) {
      meddling()
    }
  }

  /// How many calls of a kind the edits made.
  func calls(_ kind: SystemCall) -> Int { base.log.count(kind) }

  func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    reach(options.contains(.directory) ? .openFolder : .openRoster)
    return try base.open(path, options: options, mode: mode)
  }
  func open(_ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    reach(options.contains(.create) ? .openTemporary : .openRoster)
    return try base.open(name, in: folder, options: options, mode: mode)
  }
  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    reach(.read)
    return try base.read(descriptor, into: buffer)
  }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    reach(.write)
    return try base.write(descriptor, bytes)
  }
  func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    reach(.fsync)
    try base.synchronize(descriptor)
  }
  func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError) {
    reach(.fsync)
    try base.synchronizeFileSystem(of: descriptor)
  }
  func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus {
    reach(.fstat)
    return try base.fstat(descriptor)
  }
  func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus {
    reach(.lstat)
    return try base.lstat(path)
  }
  func lstat(_ name: String, in folder: Int32) throws(SystemCallError) -> Platform.FileStatus {
    reach(.lstat)
    return try base.lstat(name, in: folder)
  }
  func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError) {
    reach(.checkWritable)
    try base.checkWritable(name, in: folder)
  }
  func readlink(_ path: String) throws(SystemCallError) -> String { try base.readlink(path) }
  func fchmod(_ descriptor: Int32, mode: Platform.Mode) throws(SystemCallError) {
    reach(.fchmod)
    try base.fchmod(descriptor, mode: mode)
  }
  func fchown(_ descriptor: Int32, owner: Platform.UserID, group: Platform.GroupID)
    throws(SystemCallError)
  {
    try base.fchown(descriptor, owner: owner, group: group)
  }
  func flock(_ descriptor: Int32, _ operation: Platform.LockOperation) throws(SystemCallError) {
    reach(.flock)
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
  {
    reach(.rename)
    try base.rename(source, to: destination, in: folder)
  }
  func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    reach(.link)
    try base.link(source, to: destination, in: folder)
  }
  func unlink(_ name: String, in folder: Int32) throws(SystemCallError) {
    try base.unlink(name, in: folder)
  }
  func names(inFolder folder: Int32) throws(SystemCallError) -> [String] {
    reach(.listFolder)
    return try base.names(inFolder: folder)
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

/// An edit while other programs act on the folder: the edit starts over from what they
/// leave, rather than lose their change or its own.
@Suite struct RosterFileEditingTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder.
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("monsters.json")
  }

  @Test func anEditWhoseTemporaryFileIsRemovedWritesAnother() throws {
    try write(try Fixture.seeded(), to: path)
    let folder = folder
    let fileSystem = MeddlingFileSystem(before: .write) {
      for name in (try? folder.entries()) ?? [] where name.hasSuffix(".tmp") {
        try? Platform.removeFile(folder.file(name))
      }
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(fileSystem.calls(.openTemporary) == 2)
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func anEditWhoseTemporaryFileIsReplacedNeverPutsTheOtherFileInPlace() throws {
    try write(try Fixture.seeded(), to: path)
    let folder = folder
    let fileSystem = MeddlingFileSystem(before: .fsync) {
      for name in (try? folder.entries()) ?? [] where name.hasSuffix(".tmp") {
        try? write("{\"version\": 1, \"monsters\": []}", to: folder.file("other"))
        try? Platform.renameFile(folder.file("other"), to: folder.file(name))
      }
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(fileSystem.calls(.openTemporary) == 2)
    // The edit's second try swept the other file away, as a file no edit is writing.
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test(arguments: [SystemCall.rename, .link])
  func aFileSwappedInForTheTemporaryFileAtTheLastMomentIsReplacedAtOnce(_ call: SystemCall)
    throws
  {
    // Between the check that the temporary file is the one written and its rename, another
    // program puts a file at its name: the rename puts that file in place, and the edit
    // writes the roster again at once.
    if call == .rename { try write(try Fixture.seeded(), to: path) }
    let folder = folder
    let fileSystem = MeddlingFileSystem(before: call) {
      for name in (try? folder.entries()) ?? [] where name.hasSuffix(".tmp") {
        try? write("{}", to: folder.file("other"))
        try? Platform.renameFile(folder.file("other"), to: folder.file(name))
      }
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(fileSystem.calls(.openTemporary) == 2)
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test(arguments: [SystemCall.rename, .link])
  func aTemporaryFileRemovedAtTheLastMomentIsWrittenAgain(_ call: SystemCall) throws {
    if call == .rename { try write(try Fixture.seeded(), to: path) }
    let folder = folder
    let fileSystem = MeddlingFileSystem(before: call) {
      for name in (try? folder.entries()) ?? [] where name.hasSuffix(".tmp") {
        try? Platform.removeFile(folder.file(name))
      }
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(fileSystem.calls(.openTemporary) == 2)
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func aRosterReplacedDuringAnEditIsReadAgainAndKeepsItsChange() throws {
    // Another program (git checkout, an editor) puts a new roster in place, in one rename,
    // while the edit writes: the edit starts over from it.
    try write(try Fixture.seeded(), to: path)
    let folder = folder
    let path = path
    let fileSystem = MeddlingFileSystem(before: .write) {
      var roster = Roster.seeded
      _ = try? roster.apply(.set("Dog-Bot", .init(description: "Replaced")))
      try? write(roster.canonicalJSON(), to: folder.file("new.json"))
      try? Platform.renameFile(folder.file("new.json"), to: path)
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    let roster = try RosterFile(path: path, whenMissing: .seededRoster).read()
    #expect(roster.monster(named: "Dog-Bot")?.description == "Replaced")
    #expect(roster.monster(named: "Cat-Bot")?.weapon.type == .fire)
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func aRosterCreatedDuringTheFirstEditIsReadAgainAndKeepsItsChange() throws {
    let path = path
    let fileSystem = MeddlingFileSystem(before: .link) {
      try? write(rosterText(), to: path)
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      .add(Monster(name: "Robo-Bot", description: "", weapon: .fire))
    ])
    // The file that appeared held no monster, and now holds the one added.
    #expect(
      try RosterFile(path: path, whenMissing: .seededRoster).read().map(\.name) == ["Robo-Bot"])
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func aRosterRemovedDuringAnEditIsNotBroughtBackUnasked() throws {
    // Removed while the edit reads it: the edit starts over, from the seeded roster, as any
    // first edit of a default roster does.
    try write(minifiedSeeded, to: path)
    let path = path
    let fileSystem = MeddlingFileSystem(before: .write) { try? Platform.removeFile(path) }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    // A named roster that is gone is an error, and stays gone.
    try write(minifiedSeeded, to: path)
    let named = RosterFile(
      path: path, whenMissing: .error,
      fileSystem: MeddlingFileSystem(before: .write) { try? Platform.removeFile(path) })
    #expect(throws: RosterError.missingFile(path: path)) { try named.apply([catTakesFire]) }
    #expect(try folder.entries() == [])
  }

  @Test func aLinkPlantedAtTheRostersNameAfterItWasFollowedIsFollowedAfresh() throws {
    try write(try Fixture.seeded(), to: path)
    let victim = folder.file("victim.txt")
    try write("keep me", to: victim)
    let path = path
    // Planted once the path was followed and its folder locked, before the roster is opened.
    let fileSystem = MeddlingFileSystem(before: .listFolder) {
      try? Platform.removeFile(path)
      try? Platform.makeSymbolicLink(at: path, pointingTo: victim)
    }
    // The edit starts over, and reads the link's target as any edit through a link does:
    // it is no roster, so nothing is written.
    #expect(throws: RosterError.self) {
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
        catTakesFire
      ])
    }
    #expect(try status(of: path).fileType == .symbolicLink)
    #expect(try contents(of: victim) == Array("keep me".utf8))
    #expect(try folder.entries() == ["monsters.json", "victim.txt"])
  }

  @Test func aFolderRenamedDuringAnEditTakesTheEditAlong() throws {
    let data = folder.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    let path = data + "/monsters.json"
    try write(try Fixture.seeded(), to: path)
    let folder = folder
    let fileSystem = MeddlingFileSystem(before: .write) {
      try? Platform.renameFile(data, to: folder.file("moved"))
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    // The edit worked in the folder it locked: the roster moved, and holds the edit.
    #expect(try contents(of: folder.file("moved/monsters.json")) == (try seededWithCatTakingFire()))
    #expect(try folder.entries("moved") == ["monsters.json"])
    #expect(try folder.entries() == ["moved"])
  }

  @Test func anEditGivesUpWhenTheRosterKeepsBeingReplaced() throws {
    try write(try Fixture.seeded(), to: path)
    let folder = folder
    let path = path
    // Before every write, another program puts a copy of the roster in its place.
    let fileSystem = MeddlingFileSystem(before: .write, repeats: true) {
      try? write(Roster.seeded.canonicalJSON(), to: folder.file("copy.json"))
      try? Platform.renameFile(folder.file("copy.json"), to: path)
    }
    #expect(throws: RosterError.changedWhileReading(path: path)) {
      try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
        catTakesFire
      ])
    }
    #expect(fileSystem.calls(.openTemporary) == RosterFile.attempts)
    #expect(try RosterFile(path: path, whenMissing: .seededRoster).read() == Roster.seeded)
    #expect(try folder.entries() == ["monsters.json"])
  }
}
