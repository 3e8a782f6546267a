import TestSupport
import Testing

@testable import MonsterKit

/// The reader's table of declared fields against what it stands for: a key found by where
/// the monster before had it is the field of the same code points (not of a canonically
/// equivalent key, which Swift's `==` would take), and a value is refused
/// exactly when ``MonsterField/problem(with:weapons:)`` refuses it, with the same words, or
/// taken in the canonical form ``MonsterField/canonical(_:)`` gives.
@Suite struct DeclaredFieldTableTests {
  /// Keys, some the same string in other bytes (`é` composed and decomposed; the Kelvin
  /// sign, which is `K`).
  private static let keys = [
    "team", "level", "Team", "teams", "tea", "é", "e\u{301}", "notes", "x", "health", "lévél",
    "K", "\u{212A}",
  ]
  /// Texts for values: field values, near misses, empty, non-ASCII.
  private static let texts = ["red", "blue", "Red", "", "green", "bleu", "é", "e\u{301}", "10"]
  /// Numbers as JSON spells them: plain, negative, beyond `Int`, with fractions and
  /// exponents.
  private static let numbers = [
    "0", "-0", "1", "-1", "7", "100", "101", "-100", "42", "999999999999999999",
    "1000000000000000000", "-9223372036854775808", "9223372036854775808",
    "123456789012345678901234567890", "1.0", "1.5", "1e2", "-2E1", "0.5e1", "80",
    "9.9999999999999999", "1e-400", "1e400", "9223372036854775807.0", "100.0",
  ]

  private static func randomField(
    _ key: String, _ random: inout SeededGenerator
  ) throws -> MonsterField {
    func bound() -> Int? {
      element(of: [nil, 0, 1, -5, 10, 100, Int.max, Int.min, 999_999_999_999_999_999], &random)
    }
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return try MonsterField(declaring: key)
    case 1:
      // Values unique as a declaration has them: no two the same ignoring case.
      var values: [String] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let value = element(of: texts.filter { !$0.isEmpty }, &random)
        if !values.contains(where: { $0.lowercased() == value.lowercased() }) {
          values.append(value)
        }
      }
      return try MonsterField(declaring: key, kind: .values(values))
    default:
      var (minimum, maximum) = (bound(), bound())
      if let low = minimum, let high = maximum, low > high { (minimum, maximum) = (high, low) }
      return try MonsterField(declaring: key, kind: .integer(minimum: minimum, maximum: maximum))
    }
  }

  private static func randomValue(_ random: inout SeededGenerator) -> JSONValue {
    switch Int.random(in: 0..<6, using: &random) {
    case 0, 1: .string(element(of: texts, &random))
    case 2, 3: .number(element(of: numbers, &random))
    case 4: .bool(Bool.random(using: &random))
    default: element(of: [.null, .array([]), .object([])], &random)
    }
  }

  @Test(arguments: [2, 5, 19])
  func findsKeysAndChecksValuesAsTheFieldsDo(fieldCount: Int) throws {
    var random = SeededGenerator(seed: UInt64(fieldCount) &* 7919)
    for _ in 0..<300 {
      // Keys unique as strings, as a roster's declarations are; extra keys for the large
      // table.
      var keys: [String] = []
      for key in Self.keys.shuffled(using: &random) + (0..<fieldCount).map({ "key\($0)" })
      where keys.count < fieldCount && !keys.contains(key) {
        keys.append(key)
      }
      let fields = try keys.map { try Self.randomField($0, &random) }
      var table = DeclaredFieldTable(fields)
      let asked = Self.keys + ["key0", "key\(fieldCount - 1)", "nothing"]
      for key in asked {
        #expect(table.position(ofKey: key) == Self.position(of: key, in: fields), "\(key)")
      }
      // Monsters' keys in their order, often as the monster before had them: a key found
      // where the one before had it is the same field as one looked up.
      var keysBefore: [String] = []
      for _ in 0..<8 {
        var monsterKeys = keysBefore
        if monsterKeys.isEmpty || Int.random(in: 0..<3, using: &random) == 0 {
          monsterKeys = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            element(of: asked, &random)
          }
        }
        for (place, key) in monsterKeys.enumerated() {
          #expect(
            table.position(ofKey: key, atPlace: place) == Self.position(of: key, in: fields),
            "\(key) at \(place) in \(monsterKeys), after \(keysBefore)")
        }
        keysBefore = monsterKeys
      }
      for _ in 0..<20 {
        let position = Int.random(in: 0..<fields.count, using: &random)
        let value = Self.randomValue(&random)
        // The model: the field's problem, else its canonical form of the value.
        let field = fields[position]
        let model: DeclaredFieldTable.Verdict =
          if let problem = field.fieldProblem(with: value, weapons: Weapon.builtIn) {
            .problem(problem)
          } else if field.canonical(value) != value {
            .canonical(field.canonical(value))
          } else {
            .fits
          }
        #expect(
          table.verdict(at: position, on: value, weapons: Weapon.builtIn) == model,
          "\(value) for \(field.kind)")
      }
    }
  }

  /// The model: the first field whose key has the same UTF-8 bytes.
  private static func position(of key: String, in fields: [MonsterField]) -> Int? {
    fields.firstIndex { Array($0.key.utf8) == Array(key.utf8) }
  }

  /// Plain integers in canonical form only: `-0` is written `0`.
  @Test func readsPlainIntegersOnly() {
    #expect(DeclaredFieldTable.plainInteger("0") == 0)
    #expect(DeclaredFieldTable.plainInteger("80") == 80)
    #expect(DeclaredFieldTable.plainInteger("-17") == -17)
    #expect(DeclaredFieldTable.plainInteger("999999999999999999") == 999_999_999_999_999_999)
    for text in ["", "-", "-0", "--1", "1-", "1.0", "1e2", "1000000000000000000", "+1", " 1"] {
      #expect(DeclaredFieldTable.plainInteger(text) == nil, "\(text)")
    }
  }

  @Test func keepsTheFirstOfTwoFieldsWithOneKey() throws {
    let first = try MonsterField(declaring: "team", kind: .values(["red"]))
    let second = try MonsterField(declaring: "team", kind: .integer(minimum: 1, maximum: 2))
    let table = DeclaredFieldTable([first, second])
    #expect(table.fields == [first])
    #expect(table.verdict(at: 0, on: .string("red"), weapons: Weapon.builtIn) == .fits)
  }

  @Test func theReaderChecksEachMonstersKeysWhateverTheOrderOfTheMonsterBefore() throws {
    let text = """
      { "version": 1,
        "fields": [{ "name": "team", "values": ["red"] }, { "name": "level", "type": "integer" }],
        "monsters": [
          { "name": "A", "description": "", "icon": "a.png", "weapon": "fire",
            "team": "red", "level": 1 },
          { "name": "B", "description": "", "icon": "b.png", "weapon": "fire",
            "level": "red", "team": 2 },
          { "name": "C", "description": "", "icon": "c.png", "weapon": "fire",
            "x": "red", "team": "blue", "level": 3 } ] }
      """
    #expect(throws: RosterError.self) { try readRoster(text) }
    let problems = try RosterFile(path: scratchPath).problems(in: RosterBytes(Array(text.utf8)))
    #expect(
      problems.map(\.message) == [
        "monster 2 ('B'): 'level' must be a number: an integer",
        "monster 2 ('B'): 'team' must be a string: one of red",
        "monster 3 ('C'): 'x' is not a declared field; the roster keeps no key of a monster's "
          + "own unless it declares \"otherKeys\": \"keep\"",
        "monster 3 ('C'): 'team' is 'blue'; it takes one of red",
      ])
  }

  @Test func findsRequiredFieldsBeyondTheSixtyFourth() throws {
    // A roster of 70 fields, the last required: a monster without it is refused, with it
    // accepted.
    let declared = (0..<70).map { number in
      "{ \"name\": \"f\(number)\"\(number == 69 ? ", \"required\": true" : "") }"
    }.joined(separator: ", ")
    func roster(_ extra: String) -> String {
      """
      { "version": 1, "fields": [\(declared)], "monsters": [
        { "name": "A", "description": "", "icon": "a.png", "weapon": "fire"\(extra) } ] }
      """
    }
    #expect(throws: RosterError.self) { try readRoster(roster("")) }
    #expect(try readRoster(roster(", \"f69\": \"x\"")).count == 1)
    #expect(throws: RosterError.self) { try readRoster(roster(", \"f68\": \"x\"")) }
  }
}

/// One of the elements, chosen by the generator.
private func element<Element>(of array: [Element], _ random: inout SeededGenerator) -> Element {
  array[Int.random(in: array.indices, using: &random)]
}
