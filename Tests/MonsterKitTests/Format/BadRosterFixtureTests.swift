import Foundation
import TestSupport
import Testing

@testable import MonsterKit

@Suite struct BadRosterFixtureTests {
  @Test func everyFixtureHasItsExpectedError() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: badRosterFolder.path)
    #expect(Set(files) == Set(badRosterFixtures.map(\.file)))
  }

  @Test(arguments: badRosterFixtures)
  func aBadRosterIsRefusedWhereItGoesWrong(file: String, error: String) throws {
    let path = badRosterFolder.appendingPathComponent(file).path
    // The fixtures hold the command line's words; MonsterKit's name no program.
    let error = error.replacingOccurrences(
      of: ", newer than this monsters reads (1); use a newer monsters",
      with: ", newer than this reader supports (1)")
    #expect {
      _ = try RosterFile(path: path).read()
    } throws: { thrown in
      "\(thrown)" == "\(path):\(error)"
    }
  }
}
