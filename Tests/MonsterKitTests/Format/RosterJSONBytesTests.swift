import Foundation
import Testing

@testable import MonsterKit

/// A roster read from bytes and written as canonical bytes, with no file.
@Suite struct RosterJSONBytesTests {
  @Test func theSeededFixtureReadsAndWritesBackByteForByte() throws {
    let bytes = try Fixture.seeded()
    let roster = try Roster(jsonBytes: bytes)
    #expect(roster == Roster.seeded)
    #expect(roster.canonicalJSON() == bytes)
    #expect(try Roster(jsonBytes: Data(bytes)) == roster)
    #expect(try Roster(jsonBytes: bytes[...]) == roster)
  }

  @Test func aHandFormattedRosterWritesItsCanonicalForm() throws {
    let roster = try Roster(jsonBytes: Array(minifiedSeeded.utf8))
    #expect(roster == Roster.seeded)
    #expect(roster.canonicalJSON() == (try Fixture.seeded()))
  }

  @Test func badBytesAreRefusedWithThePathGivenAndEveryProblem() throws {
    #expect(
      throws: RosterError.syntax(
        path: "Team.json", line: 1, column: 2, message: "expected a string key in double quotes")
    ) {
      try Roster(jsonBytes: Array("{,".utf8), path: "Team.json")
    }
    #expect(throws: RosterError.self) { try Roster(jsonBytes: try Fixture.bytes("problems.json")) }
    let problemsFile = try Fixture.bytes("problems.json")
    do throws(RosterError) {
      _ = try Roster(jsonBytes: problemsFile, path: "p.json")
      Issue.record("a roster with problems was read")
    } catch {
      guard case .invalidRoster(let path, let problems) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == "p.json")
      #expect(problems.count > 1)
    }
  }

  @Test func anEditedRosterWritesItsNewBytes() throws {
    var roster = try Roster(jsonBytes: try Fixture.seeded())
    try roster.apply(catTakesFire)
    let edited = try Roster(jsonBytes: roster.canonicalJSON())
    #expect(edited.monster(named: "Cat-Bot")?.weapon.type == .fire)
    #expect(edited.canonicalJSON() == (try seededWithCatTakingFire()))
  }
}
