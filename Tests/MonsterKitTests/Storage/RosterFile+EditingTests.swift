import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// An edit while other programs act on the folder: the edit starts over from what they
/// leave, rather than lose their change or its own.
@Suite struct RosterFileEditingTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  /// Cat-Bot takes fire through a file system that does `meddling` to each temporary file
  /// in the folder just before the first `call`: the edit writes a second temporary file,
  /// puts the change in place, and leaves the roster alone in the folder.
  private func expectTheEditWritesAgain(
    before call: SystemCall, _ meddling: @escaping @Sendable (_ temporaryFile: String) -> Void
  ) throws {
    let folder = folder
    let fileSystem = MeddlingFileSystem(before: call) {
      for name in (try? folder.entries()) ?? [] where name.hasSuffix(".tmp") {
        meddling(folder.file(name))
      }
    }
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
    #expect(fileSystem.calls(.openTemporary) == 2)
    #expect(try folder.entries() == ["monsters.json"])
  }

  /// Removed while it is written, or at the last moment: before the rename that puts it in
  /// place of a roster, or the link that makes the first one.
  @Test(arguments: [SystemCall.write, .rename, .link])
  func aTemporaryFileRemovedDuringAnEditIsWrittenAgain(_ call: SystemCall) throws {
    if call != .link { try write(try Fixture.seeded(), to: path) }
    try expectTheEditWritesAgain(before: call) { try? Platform.removeFile($0) }
  }

  @Test func anEditWhoseTemporaryFileIsReplacedNeverPutsTheOtherFileInPlace() throws {
    try write(try Fixture.seeded(), to: path)
    let folder = folder
    // The edit's second try sweeps the other file away, as a file no edit is writing.
    try expectTheEditWritesAgain(before: .fsync) { temporaryFile in
      try? write("{\"version\": 1, \"monsters\": []}", to: folder.file("other"))
      try? Platform.renameFile(folder.file("other"), to: temporaryFile)
    }
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
    try expectTheEditWritesAgain(before: call) { temporaryFile in
      try? write("{}", to: folder.file("other"))
      try? Platform.renameFile(folder.file("other"), to: temporaryFile)
    }
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
