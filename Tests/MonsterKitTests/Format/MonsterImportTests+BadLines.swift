import TestSupport
import Testing

@testable import MonsterKit

// Every bad line: each line that cannot be read is named, and the lines after it are read.
extension MonsterImportTests {
  @Test func everyLineThatCannotBeReadIsNamedAndTheRestAreRead() {
    let reading = MonsterImport.readEach(
      Array(
        ("name\tweapon\nA\tfire\nB\taxe\nC\tfire\textra\nD\tsmoke\n\tfire\n"
          + "E\tfire\n").utf8))
    // B's weapon is the roster's to judge: one that lacks an axe refuses it as B is added.
    #expect(reading.monsters.map(\.name) == ["A", "B", "D", "E"])
    #expect(reading.errors.map(\.line) == [4, 6])
    var roster = Roster()
    #expect(throws: RosterError.unknownWeapon("axe", weapons: Weapon.builtIn.names)) {
      try roster.apply(reading.monsters[1].edit(ifTaken: .fail))
    }
    let json = MonsterImport.readEach(
      Array(
        ("{\"name\": \"A\", \"weapon\": 1}\n{\"name\": \"B\", \"weapon\": \"fire\"}\n"
          + "{\"name\": \"C\"}\n{\"name\": \"D\", \"weapon\": \"fire\"} {").utf8))
    #expect(json.monsters.map(\.monster.name) == ["B", "D"])
    #expect(json.errors.map(\.line) == [1, 3, 4])
    #expect(json.errors.map(\.column) == [25, nil, 34])
  }

  /// NDJSON is one object a line: a line that is not JSON, or holds no object, is named,
  /// and the lines after it are read; an array cannot go on past its first syntax error.
  @Test func aLineOfNDJSONThatIsNotJSONIsNamedAndTheNextLinesAreRead() {
    let lines = [
      #"{"name": "A", "weapon": "fire"}"#, #"{"name": "B", "weapon": "fire",}"#,
      #"{"name": "C", "weapon": "fire", "name": "C"}"#, "7", #"{"version": 1, "monsters": []}"#,
      #"{"name": "D", "weapon": "fire""#, #"{"name": "E", "weapon": "fire"} x"#,
      #"{"name": "F", "weapon": 1}"#, "[1]", #"{"name": "G", "weapon": "fire"}"#,
    ]
    let reading = MonsterImport.readEach(Array(lines.joined(separator: "\n").utf8))
    #expect(reading.monsters.map(\.name) == ["A", "E", "G"])
    #expect(reading.errors.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9])
    // D's object breaks off where E's begins: D's line is the one named, at its end.
    #expect(reading.errors[4].column == 31)
    #expect(reading.errors[0].message == "trailing comma before '}'")
    #expect(reading.errors[4].message == "expected ',' or '}' after an object member")
    let array = MonsterImport.readEach(Array(("[" + lines.joined(separator: ",\n") + "]").utf8))
    #expect(array.monsters.map(\.name) == ["A"])
    #expect(array.errors.map(\.line) == [2])
  }

  /// An object nested too deep is one bad line, named once at the object too deep: its
  /// inner objects are its own, not monsters that begin where the depth ran out.
  @Test func aLineOfNDJSONNestedTooDeepIsOneProblemAndTheNextLinesAreRead() {
    let depth = JSONScanner.maximumDepth + 10
    let nested =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    let lines = [
      #"{"name": "A", "weapon": "fire", "x": \#(nested)}"#, #"{"name": "B", "weapon": "fire"}"#,
    ]
    let reading = MonsterImport.readEach(Array(lines.joined(separator: "\n").utf8))
    #expect(reading.monsters.map(\.name) == ["B"])
    #expect(reading.errors.map(\.line) == [1])
    #expect(reading.errors.first?.message == "nesting deeper than 512 levels")
  }
}
