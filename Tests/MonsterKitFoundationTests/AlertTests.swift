import Foundation
import MonsterKit
import MonsterKitFoundation
import Testing

// What an alert shows of a roster's error: the file by the name a user knows, why, and what
// to do, through `LocalizedError`; a save's conflict in words.
@Suite struct AlertTests {
  /// Runs `body` with a fresh folder holding the seeded roster as `Team.json`.
  func withTeam(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("AlertTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Team.json")
    try Roster.seeded.jsonData().write(to: url)
    try body(url)
  }

  @Test func aFilesErrorsNameItByItsDisplayName() throws {
    try withTeam { url in
      let file = try RosterFile(url: url, displayName: "Team")
      try Data("{\"version\": 1, \"monsters\": [".utf8).write(to: url)
      for call in [
        { _ = try file.read() }, { _ = try file.snapshot() }, { try file.apply([]) },
        { _ = try file.update { _ in } },
      ] as [() throws -> Void] {
        #expect {
          try call()
        } throws: { error in
          (error as? RosterError)?.description.hasPrefix("Team:1:29: ") == true
        }
      }
      try FileManager.default.removeItem(at: url)
      #expect(throws: RosterError.missingFile(path: "Team")) { try file.read() }
      #expect(throws: RosterError.missingFile(path: "Team")) {
        try file.update { (roster) throws(RosterError) in try roster.apply(.remove("A")) }
      }
      let created = try file.create(.seeded)
      #expect(throws: RosterError.fileExists(path: "Team")) { try file.create(.seeded) }
      let other = url.deletingLastPathComponent().appendingPathComponent("Other.json")
      #expect(throws: RosterError.notTheFileRead(path: "Other")) {
        try RosterFile(url: other, displayName: "Other").save(.seeded, basedOn: created)
      }
      // Without a display name, the path.
      #expect(throws: RosterError.fileExists(path: url.path)) {
        try RosterFile(url: url).create(.seeded)
      }
    }
  }

  @Test func anAlertSaysWhatFailedWhyAndWhatToDo() {
    let errors: [RosterError] = [
      .lockTimeout(path: "Team", seconds: 5), .missingFile(path: "Team"),
      .fileSystem(path: "Team", action: .write, errno: 28),
      .syntax(path: "Team", line: 2, column: 3, message: "expected a value"),
      .invalidValue("800", field: "health", reason: "it takes an integer from 1 to 100"),
      .noSuchMonster("Cat-Bott", suggestion: "Cat-Bot"),
    ]
    for error in errors {
      let localized: any LocalizedError = error
      #expect(localized.errorDescription == error.description)
      #expect(localized.failureReason != nil && localized.failureReason == error.failureReason)
      #expect(localized.recoverySuggestion != nil)
      #expect(!(localized.failureReason ?? "").contains("monsters "))
    }
    #expect(
      RosterError.lockTimeout(path: "Team", seconds: 5).failureReason
        == "Another program held the roster's lock for over 5 s.")
    #expect(
      RosterError.invalidValue("800", field: "health", reason: "it takes an integer from 1 to 100")
        .failureReason == "It takes an integer from 1 to 100.")
    #expect(
      RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot").recoverySuggestion
        == "Did you mean 'Cat-Bot'?")
    let nsError = RosterError.missingFile(path: "Team") as NSError
    #expect(nsError.localizedFailureReason == "There is no file where the roster was.")
    #expect(nsError.localizedRecoverySuggestion?.hasPrefix("The file may have been moved") == true)
  }

  @Test func aSavesConflictSaysWhatMeetsWhatInWords() throws {
    try withTeam { url in
      let file = try RosterFile(url: url, displayName: "Team")
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
      try roster.apply(.set("Dog-Bot", .init(description: "Mine")))
      try file.apply([
        .set("Cat-Bot", .init(weapon: .smoke)), .set("Dog-Bot", .init(description: "Theirs")),
      ])
      do throws(RosterError) {
        _ = try file.save(roster, basedOn: snapshot)
        Issue.record("saved over a conflict")
      } catch {
        #expect(
          error.description
            == "Team changed since it was read, and 2 changes meet yours: 'Cat-Bot': weapon "
            + "'fire' in yours, 'smoke' in the file's (and 1 more). Nothing was written.")
        #expect(
          error.failureReason
            == "'Cat-Bot': weapon 'fire' in yours, 'smoke' in the file's. 'Dog-Bot': "
            + "description 'Mine' in yours, 'Theirs' in the file's.")
        #expect(error.recoverySuggestion == "Choose which side of each to keep, and save again.")
        guard case .saveConflict(let conflict) = error else { return }
        #expect(
          conflict.conflicts.map(\.description) == [
            "'Cat-Bot': weapon 'fire' in ours, 'smoke' in theirs",
            "'Dog-Bot': description 'Mine' in ours, 'Theirs' in theirs",
          ])
      }
    }
  }

  @Test func everyKindOfConflictReadsAsWords() {
    let conflicts: [(MergeConflict, String)] = [
      (
        MergeConflict(
          monster: "A", reason: .field(.name, ours: .string("B"), theirs: .string("C"))),
        "'A': renamed to 'B' in ours and to 'C' in theirs"
      ),
      (
        MergeConflict(monster: "A", reason: .removed(by: .theirs, otherSideChanged: [])),
        "'A': removed in theirs, changed in ours"
      ),
      (MergeConflict(monster: "A", reason: .sameName("a")), "'A' and 'a' would be the same name"),
      (
        MergeConflict(
          monster: nil, reason: .rosterField("owner", ours: .string("ann"), theirs: nil)),
        "the roster's key 'owner': 'ann' in ours, none in theirs"
      ),
      (
        MergeConflict(monster: nil, reason: .declaration(.field("team"), ours: nil, theirs: nil)),
        "the field 'team': declared one way in ours and another in theirs"
      ),
      (
        MergeConflict(
          monster: "A", reason: .uncertainIdentity(.ours, old: ["A", "B"], new: ["B", "A"])),
        "which monster is which is not certain: in ours 'A', 'B' became 'B', 'A', and the other "
          + "side changed them"
      ),
      (
        MergeConflict(monster: "A", reason: .addedTwice(differences: [])),
        "'A': added in ours and in theirs, differently"
      ),
    ]
    for (conflict, words) in conflicts {
      #expect(conflict.description == words)
    }
  }
}
