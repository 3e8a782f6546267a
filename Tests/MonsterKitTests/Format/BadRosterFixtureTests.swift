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
    #expect {
      _ = try RosterFile(path: path).read()
    } throws: { thrown in
      "\(thrown)" == "\(path):\(error)"
    }
  }
}
