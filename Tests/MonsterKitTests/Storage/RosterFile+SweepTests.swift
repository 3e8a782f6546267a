import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// What killed edits leave: their temporary files, removed by the next edit of the roster,
/// and whatever else stands at a temporary name.
@Suite struct RosterFileSweepTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster(seeded: true)
  }

  /// A temporary name of the roster, as an edit would make one.
  private func temporaryName(_ random: String = "killed00") -> String {
    TemporaryName.prefix(for: "monsters.json") + random + ".tmp"
  }

  @Test func temporaryFileLeftByAKilledEditIsRemovedByTheNext() throws {
    try write("{\"version\": 1, \"monst", to: folder.file(temporaryName()))
    #expect(chmod(folder.file(temporaryName()), 0) == 0)
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try folder.entries() == ["monsters.json"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func aLinkAtATemporaryNameIsRemovedNotFollowed() throws {
    let victim = folder.file("victim.txt")
    try write("keep me", to: victim)
    #expect(symlink(victim, folder.file(temporaryName())) == 0)
    #expect(symlink("nowhere", folder.file(temporaryName("dangling"))) == 0)
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try contents(of: victim) == Array("keep me".utf8))
    #expect(try folder.entries() == ["monsters.json", "victim.txt"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func aPipeAtATemporaryNameIsRemovedWithoutWaiting() throws {
    try Platform.makeFIFO(atPath: folder.file(temporaryName()), mode: 0o600)
    try RosterFile(path: path, lockTimeout: .zero, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func aFolderAtATemporaryNameIsLeftAlone() throws {
    try FileManager.default.createDirectory(
      atPath: folder.file(temporaryName()), withIntermediateDirectories: false)
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try folder.entries() == [temporaryName(), "monsters.json"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }

  @Test func aTemporaryFileThatIsLockedIsBeingWrittenAndStays() throws {
    let live = folder.file(temporaryName())
    try write("half a roster", to: live)
    let descriptor = open(live, O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try folder.entries() == [temporaryName(), "monsters.json"])
    #expect(try contents(of: live) == Array("half a roster".utf8))
  }

  @Test func otherRostersTemporaryFilesAndOtherNamesAreLeftAlone() throws {
    let others = [
      TemporaryName.prefix(for: "other.json") + "killed00.tmp",
      ".monsters.json.tmp",
      ".monsters.json.KILLED00.tmp",
      ".monsters.json.killed0.tmp",
      "monsters.json.killed00.tmp",
      "monsters.json.lock",
    ]
    for name in others {
      try write("someone's", to: folder.file(name))
    }
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(try folder.entries() == (others + ["monsters.json"]).sorted())
  }

  // MARK: - Pointing out what a killed edit left

  @Test func theFilesAKilledEditLeftArePointedOutUntilTheNextEdit() throws {
    let killed = temporaryName()
    let writing = temporaryName("writing0")
    try write("{\"version\": 1, \"monst", to: folder.file(killed))
    try write("{\"version\": 1, \"mons", to: folder.file(writing))
    // One an edit is writing: its lock is held.
    let descriptor = open(folder.file(writing), O_WRONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    // And what is no killed edit's: another roster's, a folder, a link.
    try write("other", to: folder.file(TemporaryName.prefix(for: "other.json") + "killed00.tmp"))
    try FileManager.default.createDirectory(
      atPath: folder.file(temporaryName("afolder0")), withIntermediateDirectories: false)
    #expect(symlink("nowhere", folder.file(temporaryName("alink000"))) == 0)
    #expect(
      RosterFile(path: path, whenMissing: .seededRoster).abandonedTemporaryFiles() == [
        folder.file(killed)
      ])
    // Reading takes no lock and changes nothing.
    #expect(try folder.entries().contains(killed))
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    #expect(RosterFile(path: path, whenMissing: .seededRoster).abandonedTemporaryFiles() == [])
    #expect(!(try folder.entries().contains(killed)))
  }

  @Test func theFilesBesideALinksTargetArePointedOut() throws {
    let target = try TemporaryFolder()
    try write(try Fixture.seeded(), to: target.file("real.json"))
    try write("half", to: target.file(TemporaryName.prefix(for: "real.json") + "killed00.tmp"))
    let link = folder.file("linked.json")
    #expect(symlink(target.file("real.json"), link) == 0)
    #expect(
      RosterFile(path: link, whenMissing: .seededRoster).abandonedTemporaryFiles() == [
        target.file(TemporaryName.prefix(for: "real.json") + "killed00.tmp")
      ])
  }

  @Test func aStreamHasNoTemporaryFiles() throws {
    var file = RosterFile(path: "<stdin>", whenMissing: .seededRoster)
    file.stream = .bytes(try Fixture.seeded())
    #expect(file.abandonedTemporaryFiles() == [])
  }

  @Test func aTemporaryNameTakenByAnotherFileIsPassedOver() throws {
    // Whatever stands at one name, the edit takes another: each name is made new.
    let fileSystem = FaultyFileSystem(
      fault: .init(call: .openTemporary, number: 1, errno: Platform.ErrorNumber.exists))
    try RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem).apply([
      catTakesFire
    ])
    #expect(fileSystem.log.count(.openTemporary) == 2)
    #expect(try folder.entries() == ["monsters.json"])
    #expect(try contents(of: path) == (try seededWithCatTakingFire()))
  }
}

/// The names of temporary files: their own for each edit, short enough for any roster.
@Suite struct TemporaryNameTests {
  @Test func eachEditHasANameOfItsOwn() {
    let names = Set((0..<1000).map { _ in TemporaryName.make(for: "monsters.json") })
    #expect(names.count == 1000)
    for name in names {
      #expect(name.hasPrefix(".monsters.json."))
      #expect(name.hasSuffix(".tmp"))
      #expect(name.utf8.count == ".monsters.json.".utf8.count + 8 + 4)
      #expect(TemporaryName.isTemporary(name, of: "monsters.json"))
      #expect(!TemporaryName.isTemporary(name, of: "monsters.jso"))
    }
  }

  @Test(arguments: [1, 100, 241, 242, 250, 255])
  func aNameFitsWhateverTheRostersLength(_ length: Int) {
    let roster = String(repeating: "r", count: length)
    let name = TemporaryName.make(for: roster)
    #expect(name.utf8.count <= 255)
    #expect(TemporaryName.isTemporary(name, of: roster))
  }

  @Test func aLongNameIsCutBetweenCharacters() {
    // 120 two-byte characters and one four-byte one: 244 bytes, 3 more than fit.
    let roster = String(repeating: "é", count: 120) + "😀"
    let prefix = TemporaryName.prefix(for: roster)
    #expect(prefix == "." + String(repeating: "é", count: 120) + ".")
    #expect(TemporaryName.make(for: roster).utf8.count <= 255)
  }

  @Test func aRosterWithTheLongestNameIsEdited() throws {
    let folder = try TemporaryFolder()
    let path = folder.file(String(repeating: "m", count: 250) + ".json")
    try RosterFile(path: path, whenMissing: .seededRoster).apply([catTakesFire])
    try RosterFile(path: path, whenMissing: .seededRoster).apply([
      .set("Dog-Bot", .init(weapon: .fire))
    ])
    #expect(try folder.entries() == [baseName(of: path)])
  }
}
