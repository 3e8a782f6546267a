import Testing

@testable import MonsterKit

@Suite struct RosterProblemTests {
  @Test func descriptionIsLineColonColumnColonMessage() {
    #expect(RosterProblem(line: 7, column: 5, message: "oops").description == "7:5: oops")
  }
}
