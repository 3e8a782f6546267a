import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// Merging into a roster file under its lock, and what stands in its place when the merge
/// cannot be made or written.
@Suite struct RosterFileMergingTests {
  /// What a merge's side could not be: the error a merging closure throws.
  private struct BrokenSide: Error {}

  private func robotRoster() throws -> Roster {
    var roster = Roster.seeded
    try roster.add(Monster(name: "Robo-Bot", description: "", weapon: .fire))
    return roster
  }

  /// Merges `theirs` into the file at `path` against the seeded roster, reading ours from
  /// the file under the lock.
  private func merge(
    into file: RosterFile, theirs: Roster, markers: ConflictMarkers = ConflictMarkers(),
    beforeMerging: () throws -> Void = {}
  ) throws -> MergeSaving<RosterError> {
    try file.merge(
      markers: markers, theirs: { theirs.canonicalJSON() },
      merging: { (locked) throws(RosterError) in
        try? beforeMerging()
        let ours = try locked.readForMatching(against: nil)
        return RosterMerge(
          base: .seeded, ours: try ours.matched(with: .seeded),
          theirs: .init(theirs, with: .seeded))
      })
  }

  @Test func aMergeReplacesTheFileItReadAndLeavesNothingBeside() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    var ours = Roster.seeded
    try ours.apply(.set("Cat-Bot", .init(weapon: .fire)))
    try write(ours.canonicalJSON(), to: path)
    try Platform.setMode(0o604, ofPath: path)
    var theirs = Roster.seeded
    try theirs.apply(.remove("Dog-Bot"))
    guard
      case .saved(let merge, written: true) = try merge(
        into: RosterFile(path: path), theirs: theirs)
    else {
      Issue.record("not saved")
      return
    }
    #expect(try contents(of: path) == merge.fileBytes())
    #expect(try folder.entries() == ["ours.json"])
    #expect(try Platform.fileStatus(atPath: path, followingLinks: true).permissions == 0o604)
  }

  @Test func aMergeThatKeepsOursWritesNothing() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    let before = try Platform.fileStatus(atPath: path, followingLinks: true)
    guard case .saved(_, written: false) = try merge(into: RosterFile(path: path), theirs: .seeded)
    else {
      Issue.record("written")
      return
    }
    #expect(try Platform.fileStatus(atPath: path, followingLinks: true).inode == before.inode)
  }

  @Test func aFileReplacedWhileItIsMergedIsReadAgainAndItsEditKept() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    var edited = Roster.seeded
    try edited.apply(.set("Ice-Bot", .init(weapon: .sword)))
    var replaced = false
    // Another program (an editor, which takes no lock) puts a new file in the roster's
    // place while the merge reads the old one.
    let saving = try merge(into: RosterFile(path: path), theirs: try robotRoster()) {
      guard !replaced else { return }
      replaced = true
      try write(edited.canonicalJSON(), to: folder.file("new.json"))
      try Platform.renameFile(folder.file("new.json"), to: path)
    }
    guard case .saved(let merge, written: true) = saving else {
      Issue.record("not saved: \(saving)")
      return
    }
    #expect(merge.result?.monster(named: "Ice-Bot")?.weapon.type == .sword)
    #expect(merge.result?.monster(named: "Robo-Bot") != nil)
    #expect(try readRoster(bytes: contents(of: path)) == merge.result)
  }

  @Test func aMergeThatCannotBeMadeLeavesBothFilesWholeBetweenMarkers() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    let theirs = Array("not a roster".utf8)
    let saving = try RosterFile(path: path).merge(
      markers: ConflictMarkers(size: 9), theirs: { theirs },
      merging: { (_) throws(BrokenSide) -> RosterMerge in throw BrokenSide() })
    guard case .notMerged(_, .written) = saving else {
      Issue.record("not marked: \(saving)")
      return
    }
    #expect(
      try contents(of: path)
        == Array("<<<<<<<<< ours\n".utf8) + Roster.seeded.canonicalJSON()
        + Array("=========\nnot a roster\n>>>>>>>>> theirs\n".utf8))
    #expect(throws: RosterError.unresolvedConflict(path: path, lines: [1])) {
      try RosterFile(path: path).read()
    }
    #expect(try folder.entries() == ["ours.json"])
  }

  @Test(arguments: [SystemCall.openTemporary, .fchmod, .write, .fsync, .rename])
  func aMergeThatCannotBeWrittenLeavesBothFilesWholeBetweenMarkers(_ call: SystemCall) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    let fileSystem = FaultyFileSystem(
      fault: .init(call: call, number: 1, errno: Platform.ErrorNumber.noSpace))
    let file = RosterFile(path: path, fileSystem: fileSystem)
    let theirs = try robotRoster()
    let saving = try merge(into: file, theirs: theirs)
    #expect(fileSystem.faultHappened)
    guard case .notWritten(_, .fileSystem(_, _, Platform.ErrorNumber.noSpace), .written) = saving
    else {
      Issue.record("not marked: \(saving)")
      return
    }
    #expect(
      try contents(of: path)
        == ConflictMarkers().wholeFiles(
          ours: Roster.seeded.canonicalJSON(), theirs: theirs.canonicalJSON()))
    #expect(try folder.entries() == ["ours.json"])
  }

  @Test func aMergeWrittenAFewBytesACallIsWhole() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write(Roster.seeded.canonicalJSON(), to: path)
    let file = RosterFile(path: path, fileSystem: FaultyFileSystem(maximumWrite: 7))
    guard case .saved = try merge(into: file, theirs: try robotRoster()) else {
      Issue.record("not saved")
      return
    }
    #expect(try contents(of: path) == (try robotRoster()).canonicalJSON())
  }

  @Test func oursGivenApartFromTheFileIsWrittenOverItEvenWhenTheMergeIsOurs() throws {
    // As `merge --git` does: ours from git's index, the file holding git's own conflict.
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    try write("<<<<<<< HEAD\n=======\n>>>>>>> feature\n", to: path)
    let oursBytes = Roster.seeded.canonicalJSON()
    let saving = try RosterFile(path: path).merge(
      markers: ConflictMarkers(), theirs: { oursBytes }, ours: oursBytes,
      merging: { (_) throws(RosterError) in
        RosterMerge(base: .seeded, ours: try readRoster(bytes: oursBytes), theirs: .seeded)
      })
    guard case .saved(let merge, written: true) = saving else {
      Issue.record("not written: \(saving)")
      return
    }
    #expect(merge.isClean)
    #expect(try contents(of: path) == oursBytes)
  }

  @Test func aMissingFileIsAnErrorAndNothingIsWritten() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("ours.json")
    #expect(throws: RosterError.missingFile(path: path)) {
      try merge(into: RosterFile(path: path), theirs: .seeded)
    }
    #expect(try folder.entries() == [])
  }
}
