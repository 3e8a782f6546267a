import Foundation
import MonsterKit
import Testing

// An app holds a roster value and saves it: written as it is when the file holds what the
// app read, merged with what another program changed meanwhile, refused with the merge
// where the two meet, and the version it wrote returned, taken under the lock.

@Suite struct SavingAValueTests {
  /// The bytes of the file at a path.
  func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func aSaveOfAnUnchangedFileWritesTheRosterAndReturnsTheVersionItWrote() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      #expect(snapshot.roster == Roster.seeded)
      #expect(snapshot.version == (try file.fileVersion()))
      var roster = snapshot.roster
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
      let saved = try file.save(roster, basedOn: snapshot)
      #expect(saved.roster == roster)
      #expect(try file.read() == roster)
      #expect(saved.version == (try file.fileVersion()))
      #expect(saved.version != snapshot.version)
      // Saved again, unchanged: nothing is written, and the version stays.
      let again = try file.save(roster, basedOn: saved)
      #expect(again.version == saved.version)
    }
  }

  @Test func aSaveMergesWhatAnotherProgramChangedMeanwhile() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
      try roster.apply(.rename("Dog-Bot", to: "Hound-Bot"))
      // Another program, meanwhile: another monster changed, one added, one removed.
      try file.apply([
        .set("Ice-Bot", .init(description: "Brr")), .remove("Fire-Bot"),
        .add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke)),
      ])
      let saved = try file.save(roster, basedOn: snapshot)
      let now = try file.read()
      #expect(saved.roster == now)
      #expect(now.monster(named: "Cat-Bot")?.weapon == .fire)
      #expect(now.monster(named: "Hound-Bot") != nil && now.monster(named: "Dog-Bot") == nil)
      #expect(now.monster(named: "Ice-Bot")?.description == "Brr")
      #expect(now.monster(named: "Fire-Bot") == nil && now.monster(named: "Robo-Bot") != nil)
      #expect(saved.version == (try file.fileVersion()))
    }
  }

  @Test func aSaveOfNoChangeBringsInTheFilesChangesAndWritesNothing() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      try file.apply([.remove("Fire-Bot")])
      let before = try bytes(path)
      let version = try file.fileVersion()
      let saved = try file.save(snapshot.roster, basedOn: snapshot)
      #expect(saved.roster.monster(named: "Fire-Bot") == nil)
      #expect(try bytes(path) == before)
      #expect(saved.version == version)
    }
  }

  @Test func changesThatMeetThrowAConflictCarryingTheMergeAndWriteNothing() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
      try roster.apply(.set("Ice-Bot", .init(description: "Mine")))
      try file.apply([.set("Cat-Bot", .init(weapon: .smoke)), .remove("Dog-Bot")])
      let before = try bytes(path)
      do throws(RosterError) {
        _ = try file.save(roster, basedOn: snapshot)
        Issue.record("saved over a conflict")
      } catch {
        guard case .saveConflict(let conflict) = error else {
          Issue.record("not a conflict: \(error)")
          return
        }
        #expect(error.category == .conflict)
        #expect(conflict.path == path)
        #expect(
          conflict.conflicts == [
            MergeConflict(
              monster: "Cat-Bot",
              reason: .field(.weapon, ours: .string("fire"), theirs: .string("smoke")))
          ])
        #expect(try bytes(path) == before)
        #expect(conflict.current.roster == (try file.read()))
        #expect(conflict.current.version == (try file.fileVersion()))
        // The user keeps the app's side: the file's other change stays.
        let kept = conflict.resolved(keeping: .ours)
        let saved = try file.save(kept, basedOn: conflict.current)
        let now = try file.read()
        #expect(saved.roster == now)
        #expect(now.monster(named: "Cat-Bot")?.weapon == .fire)
        #expect(now.monster(named: "Ice-Bot")?.description == "Mine")
        #expect(now.monster(named: "Dog-Bot") == nil)
        #expect(conflict.resolved(keeping: .theirs).monster(named: "Cat-Bot")?.weapon == .smoke)
      }
    }
  }

  @Test func aFileReplacedBetweenReadAndSaveIsMergedWith() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
      // A checkout puts a new file in its place, as git does: another roster, renamed over.
      var theirs = Roster.seeded
      try theirs.apply(.set("Dog-Bot", .init(description: "Woof")))
      let other = path + ".new"
      try Data(theirs.canonicalJSON()).write(to: URL(fileURLWithPath: other))
      #expect(rename(other, path) == 0)
      let saved = try file.save(roster, basedOn: snapshot)
      #expect(saved.roster.monster(named: "Cat-Bot")?.weapon == .fire)
      #expect(saved.roster.monster(named: "Dog-Bot")?.description == "Woof")
      #expect(try file.read() == saved.roster)
    }
  }

  @Test func aFileRemovedSinceItWasReadIsNotMadeAgainUnlessCreated() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      try FileManager.default.removeItem(atPath: path)
      #expect(throws: RosterError.missingFile(path: path)) {
        try file.save(snapshot.roster, basedOn: snapshot)
      }
      #expect(!FileManager.default.fileExists(atPath: path))
      let created = try file.create(snapshot.roster)
      #expect(try file.read() == snapshot.roster)
      #expect(created.version == (try file.fileVersion()))
      #expect(throws: RosterError.fileExists(path: path)) { try file.create(Roster()) }
      #expect(try file.read() == snapshot.roster)
    }
  }

  @Test func createWritesAFileHoldingAGivenRosterEvenTheSeededOne() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("MonsterKitAppTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("New.json").path
    // `update` writes nothing for a roster that is what a missing file reads as.
    _ = try RosterFile(path: path, whenMissing: .seededRoster).update { $0 = .seeded }
    #expect(!FileManager.default.fileExists(atPath: path))
    let snapshot = try RosterFile(path: path).create(.seeded)
    #expect(try bytes(path) == Data(Roster.seeded.canonicalJSON()))
    #expect(snapshot.roster == Roster.seeded)
    var roster = Roster()
    try roster.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .sword))
    let empty = folder.appendingPathComponent("Empty.json").path
    _ = try RosterFile(path: empty).create(roster)
    #expect(try RosterFile(path: empty).read() == roster)
    #expect(throws: RosterError.missingFile(path: folder.path + "/none/x.json")) {
      try RosterFile(path: folder.path + "/none/x.json").create(roster)
    }
  }

  @Test func aSnapshotOfAnotherFileIsRefused() throws {
    try withRosterFile { path in
      try withRosterFile { otherPath in
        let snapshot = try RosterFile(path: otherPath).snapshot()
        let before = try bytes(path)
        #expect(throws: RosterError.notTheFileRead(path: path)) {
          try RosterFile(path: path).save(Roster(), basedOn: snapshot)
        }
        #expect(try bytes(path) == before)
        // Through a symbolic link, the file is the same one.
        let link = path + ".link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let linked = try RosterFile(path: link).snapshot()
        var roster = linked.roster
        try roster.apply(.remove("Cat-Bot"))
        _ = try RosterFile(path: path).save(roster, basedOn: linked)
        #expect(try RosterFile(path: path).read().count == 5)
      }
    }
  }

  @Test func aSeededSnapshotOfAMissingFileSavesByCreatingIt() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("MonsterKitAppTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RosterFile(
      path: folder.appendingPathComponent("monsters.json").path, whenMissing: .seededRoster)
    let snapshot = try file.snapshot()
    #expect(snapshot.roster == Roster.seeded && snapshot.version == nil)
    var roster = snapshot.roster
    try roster.apply(.remove("Cat-Bot"))
    let saved = try file.save(roster, basedOn: snapshot)
    #expect(try file.read() == roster)
    #expect(saved.version == (try file.fileVersion()))
  }

  @Test func idsStayThroughASaveThatBringsInARename() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      let (cat, dog) = (roster[0].id, roster[1].id)
      let robo = try roster.add(Monster(name: "Robo-Bot", description: "", weapon: .fire))
      try roster.update(id: cat) { $0.name = "Kitty-Bot" }
      // Another program renames Dog-Bot and adds a monster.
      try file.apply([
        .rename("Dog-Bot", to: "Hound-Bot"),
        .add(Monster(name: "Zap-Bot", description: "", weapon: .smoke)),
      ])
      let saved = try file.save(roster, basedOn: snapshot)
      #expect(saved.roster[id: cat]?.name == "Kitty-Bot")
      #expect(saved.roster[id: dog]?.name == "Hound-Bot")
      #expect(saved.roster[id: robo]?.name == "Robo-Bot")
      let zap = try #require(saved.roster.monster(named: "Zap-Bot")?.id)
      #expect(![cat, dog, robo].contains(zap))
      #expect(Set(saved.roster.map(\.id)).count == saved.roster.count)
    }
  }

  /// The issue's list: a deletion by offset, made on the file after another program
  /// inserted a monster at the top, would remove the wrong one; by id it removes the one
  /// the user swiped.
  @Test func editsByIdReplayUnderTheLockOnTheMonstersTheyName() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      var snapshot = try file.snapshot()
      let swiped = [0].map { snapshot.roster[$0].id }  // onDelete's offsets: Cat-Bot
      let moving = [4].map { snapshot.roster[$0].id }  // onMove's: Ice-Bot, to the top
      let top = snapshot.roster[0].id
      try file.apply([.add(Monster(name: "Zap-Bot", description: "", weapon: .smoke))])
      try file.update { roster in roster.move(fromOffsets: [roster.count - 1], toOffset: 0) }
      snapshot = try file.update(basedOn: snapshot) { roster in
        try roster.move(moving, before: top)
        for id in swiped { try roster.remove(id: id) }
      }
      #expect(
        try file.read().map(\.name) == [
          "Zap-Bot", "Ice-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Mini-Tomato-Bot",
        ])
      #expect(snapshot.roster[id: moving[0]]?.name == "Ice-Bot")
      #expect(snapshot.version == (try file.fileVersion()))
      // A monster another program removed meanwhile is named as gone, and nothing written.
      let dog = snapshot.roster.monster(named: "Dog-Bot")!.id
      try file.apply([.remove("Dog-Bot")])
      let before = try bytes(path)
      #expect(throws: RosterError.monsterGone(dog)) {
        try file.update(basedOn: snapshot) { roster in try roster.remove(id: dog) }
      }
      #expect(try bytes(path) == before)
    }
  }

  @Test func aConflictsRostersKeepTheAppsIds() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      let cat = roster[0].id
      try roster.update(id: cat) { $0.weapon = .fire }
      try file.apply([.set("Cat-Bot", .init(weapon: .smoke))])
      do throws(RosterError) {
        _ = try file.save(roster, basedOn: snapshot)
        Issue.record("saved over a conflict")
      } catch {
        guard case .saveConflict(let conflict) = error else { throw error }
        #expect(conflict.current.roster[id: cat]?.weapon == .smoke)
        #expect(conflict.resolved(keeping: .ours)[id: cat]?.weapon == .fire)
        #expect(conflict.resolved(keeping: .theirs)[id: cat]?.weapon == .smoke)
      }
    }
  }

  /// A change that says it throws only the roster's errors keeps the call's error typed:
  /// each `do throws(RosterError)` here compiles only so. (Swift infers `any Error` for a
  /// closure that says nothing.)
  @Test func aChangeOfRosterEditsThrowsARosterErrorTyped() throws {
    let (folder, path) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RosterFile(path: path)
    do throws(RosterError) {
      try file.update { (roster) throws(RosterError) in try roster.apply(.remove("Nobody")) }
      Issue.record("removed nobody")
    } catch {
      #expect(error == .noSuchMonster("Nobody", suggestion: nil))
    }
    let snapshot = try file.snapshot()
    do throws(RosterError) {
      _ = try file.update(basedOn: snapshot) { (roster) throws(RosterError) in
        try roster.apply(.remove("Nobody"))
      }
      Issue.record("removed nobody")
    } catch {
      #expect(error.category == .edit)
    }
    // A change that throws the app's own error still does, as it threw it.
    #expect(throws: AppError.rosterFull) {
      try file.update { _ in throw AppError.rosterFull }
    }
  }

  @Test func anAsyncChangeOfRosterEditsThrowsARosterErrorTyped() async throws {
    let (folder, path) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RosterFile(path: path)
    let snapshot = try await file.snapshot()
    do throws(RosterError) {
      try await file.update { (roster) throws(RosterError) in try roster.apply(.remove("Nobody")) }
      Issue.record("removed nobody")
    } catch {
      #expect(error.category == .edit)
    }
    do throws(RosterError) {
      _ = try await file.update(basedOn: snapshot) { (roster) throws(RosterError) in
        try roster.apply(.remove("Nobody"))
      }
      Issue.record("removed nobody")
    } catch {
      #expect(error.category == .edit)
    }
  }

  @Test func everyBlockingCallHasAnAsyncForm() async throws {
    let (folder, path) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RosterFile(path: path)
    let snapshot = try await file.snapshot()
    var roster = snapshot.roster
    try roster.apply(.remove("Cat-Bot"))
    let saved = try await file.save(roster, basedOn: snapshot)
    #expect(saved.roster.count == 5)
    let update = try await file.apply([.remove("Dog-Bot")])
    #expect(update.after.count == 4)
    let fire = try #require(saved.roster.monster(named: "Fire-Bot")?.id)
    let moved = try await file.update(basedOn: saved) { roster in
      try roster.move([fire], before: nil)
    }
    #expect(moved.roster.last?.id == fire && moved.roster.count == 4)
    try await file.initialize(force: true)
    #expect(try file.read() == Roster.seeded)
    let other = RosterFile(path: folder.appendingPathComponent("Other.json").path)
    let created = try await other.create(roster)
    #expect(created.roster == roster)
    do throws(RosterError) {
      try await other.initialize(force: false)
      Issue.record("replaced a file")
    } catch {
      #expect(error == .fileExists(path: other.path))
    }
  }
}
