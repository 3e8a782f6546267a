import Testing

@testable import MonsterKit

@Suite struct MonsterRecordTests {
  private func records(_ text: String) throws -> [MonsterRecord] {
    try RosterFile(path: "monsters.json").parse(RosterBytes(Array(text.utf8))).0.storage.source
      .records
  }

  @Test func aMonsterWithoutANameStringHasNoName() throws {
    let read = try records(
      rosterText(
        #"{"name": "A", "description": "", "icon": "", "weapon": "fire"}"#,
        #"{"description": "", "icon": "", "weapon": "fire"}"#,
        #"{"name": 5, "description": "", "icon": "", "weapon": "fire"}"#,
        #""not an object""#,
        #"{"name": "", "description": "", "icon": "", "weapon": "fire"}"#))
    #expect(read.map(\.hasName) == [true, false, false, false, true])
  }

  @Test func escapesAndUnknownKeysAreNotedPerField() throws {
    let read = try records(
      rosterText(
        #"{"name": "A", "description": "d", "icon": "i", "weapon": "fire"}"#,
        #"{"name": "B\u0041", "description": "d", "icon": "i", "weapon": "fire"}"#,
        #"{"name": "C", "description": "\n", "icon": "i", "weapon": "fire"}"#,
        #"{"name": "D", "description": "d", "icon": "\/", "weapon": "fire"}"#,
        #"{"name": "E", "description": "d", "icon": "i", "weapon": "fire", "x": 1}"#))
    #expect(read.map { $0.isEscaped(.name) } == [false, true, false, false, false])
    #expect(read.map { $0.isEscaped(.description) } == [false, false, true, false, false])
    #expect(read.map { $0.isEscaped(.icon) } == [false, false, false, true, false])
    #expect(read.map(\.otherFieldsIndex) == [nil, nil, nil, nil, 0])
    #expect(read.map(\.isPlain) == [true, false, false, false, false])
    #expect(read.allSatisfy { $0.hasName })
  }
}
