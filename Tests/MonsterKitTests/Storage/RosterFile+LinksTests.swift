import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

/// Which file a path names: links followed, and paths that name no regular file.
@Suite struct RosterFileLinksTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  // MARK: - Symbolic links

  enum LinkKind: String, CaseIterable, Sendable {
    case absolute, relative, chain
  }

  @Test(arguments: LinkKind.allCases)
  func symbolicLinkStaysALinkAndItsTargetIsEdited(_ kind: LinkKind) throws {
    try FileManager.default.createDirectory(
      atPath: folder.file("data"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: folder.file("links"), withIntermediateDirectories: false)
    let target = folder.file("data/real.json")
    let link = folder.file("links/monsters.json")
    try write(try Fixture.seeded(), to: target)
    let destination: String
    switch kind {
    case .absolute: destination = target
    case .relative: destination = "../data/real.json"
    case .chain:
      destination = "second.json"
      try Platform.makeSymbolicLink(
        at: folder.file("links/second.json"), pointingTo: "../data/real.json")
    }
    try Platform.makeSymbolicLink(at: link, pointingTo: destination)
    let linksBefore = try folder.entries("links")

    #expect(try RosterFile(path: link, whenMissing: .seededRoster).read() == Roster.seeded)
    try RosterFile(path: link, whenMissing: .seededRoster).apply([catTakesFire])

    #expect(try status(of: link).fileType == .symbolicLink)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == destination)
    #expect(try contents(of: target) == (try seededWithCatTakingFire()))
    #expect(try folder.entries("data") == ["real.json"])
    #expect(try folder.entries("links") == linksBefore)
    #expect(
      try RosterFile(path: link, whenMissing: .seededRoster).read().monster(named: "Cat-Bot")?
        .weapon.type == .fire)

    try RosterFile(path: link, whenMissing: .seededRoster).initialize(force: true)
    #expect(try status(of: link).fileType == .symbolicLink)
    #expect(try contents(of: target) == (try Fixture.seeded()))
  }

  @Test func noFileIsCreatedThroughALinkThatLeadsNowhere() throws {
    // Planted where a roster is missing, such a link would have an edit (by root, say)
    // create its target anywhere.
    let victim = folder.file("victim/file")
    try Platform.makeSymbolicLink(at: path, pointingTo: victim)
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    #expect(try file.read() == Roster.seeded)
    let error = RosterError.fileSystem(
      path: path, action: .writeThroughLink, errno: Platform.ErrorNumber.noSuchFile)
    #expect(throws: error) { try file.apply([catTakesFire]) }
    #expect(throws: error) { try file.initialize(force: false) }
    try FileManager.default.createDirectory(
      atPath: folder.file("victim"), withIntermediateDirectories: false)
    #expect(throws: error) { try file.apply([catTakesFire]) }
    #expect(try folder.entries("victim").isEmpty)
    #expect(try folder.entries() == ["monsters.json", "victim"])
    #expect(throws: RosterError.missingFile(path: path)) {
      try RosterFile(path: path, whenMissing: .error).read()
    }
  }

  @Test func loopOfLinksIsAnError() throws {
    try Platform.makeSymbolicLink(at: path, pointingTo: "other.json")
    try Platform.makeSymbolicLink(at: folder.file("other.json"), pointingTo: "monsters.json")
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    let error = RosterError.fileSystem(
      path: path, action: .read, errno: Platform.ErrorNumber.tooManyLinks)
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
    try Platform.makeSymbolicLink(at: folder.file("links"), pointingTo: "real/sub")
    try Platform.makeSymbolicLink(
      at: folder.file("real/sub/monsters.json"), pointingTo: "../data.json")
    try write(try Fixture.seeded(), to: folder.file("real/data.json"))
    try RosterFile(path: folder.file("links/monsters.json"), whenMissing: .seededRoster).apply([
      catTakesFire
    ])
    #expect(try contents(of: folder.file("real/data.json")) == (try seededWithCatTakingFire()))
    #expect(try folder.entries("real") == ["data.json", "sub"])
  }

  // MARK: - Paths that are not files

  @Test func folderWhereTheFileShouldBeIsAnError() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let file = RosterFile(path: path, whenMissing: .seededRoster)
    let readError = RosterError.fileSystem(
      path: path, action: .read, errno: Platform.ErrorNumber.isADirectory)
    #expect(throws: readError) { try file.read() }
    #expect(throws: readError) { try file.apply([catTakesFire]) }
    #expect(throws: readError) { try file.problems() }
    let writeError = RosterError.fileSystem(
      path: path, action: .write, errno: Platform.ErrorNumber.isADirectory)
    #expect(throws: writeError) { try file.initialize(force: true) }
    #expect(throws: writeError) { try file.initialize(force: false) }
    #expect(try folder.entries("monsters.json").isEmpty)
  }

}
