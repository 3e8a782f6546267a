import Foundation
import MonsterKit
import MonsterKitFoundation
import Testing

// Random rosters, with every field, weapons and fields of their own, keys no one declared
// and numbers in odd spellings, through both ways an app keeps a roster: the roster file's
// bytes (`canonicalJSON()`, `jsonData()`) and `Codable` (JSON and property lists). Each way
// gives back the roster it was given, byte for byte, or refuses it when it is made.

@Suite struct RosterRoundTripPropertyTests {
  /// The generator of the case numbered `seed`: it starts from the seed spread out.
  private static func generator(_ seed: UInt64) -> SeededGenerator {
    SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
  }

  @Test(arguments: 0..<40)
  func aRandomRosterComesBackWholeThroughItsBytesAndThroughCodable(_ seed: UInt64) throws {
    var generator = Self.generator(seed)
    let roster = try RandomRoster.make(using: &generator)
    let bytes = roster.canonicalJSON()

    let read = try Roster(jsonBytes: bytes)
    #expect(read == roster)
    #expect(read.canonicalJSON() == bytes)
    let data = roster.jsonData()
    #expect(data == Data(bytes))
    #expect(try Roster(data: data) == roster)

    struct Document: Codable {
      var title: String
      var roster: Roster
    }
    let encoders: [(String, (Document) throws -> Data)] = [
      ("JSON", { try JSONEncoder().encode($0) }),
      (
        "sorted JSON",
        { document in
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
          return try encoder.encode(document)
        }
      ),
      ("XML property list", { try PropertyListEncoder().encode($0) }),
      (
        "binary property list",
        { document in
          let encoder = PropertyListEncoder()
          encoder.outputFormat = .binary
          return try encoder.encode(document)
        }
      ),
    ]
    for (name, encode) in encoders {
      let saved = try encode(Document(title: "Team", roster: roster))
      let decoded =
        name.contains("JSON")
        ? try JSONDecoder().decode(Document.self, from: saved)
        : try PropertyListDecoder().decode(Document.self, from: saved)
      #expect(decoded.roster == roster, "\(name)")
      #expect(decoded.roster.canonicalJSON() == bytes, "\(name)")
    }

    // Each monster on its own keeps its keys in order and its numbers' digits.
    for monster in roster {
      let decoded = try JSONDecoder().decode(Monster.self, from: JSONEncoder().encode(monster))
      #expect(decoded.name == monster.name && decoded.otherFields == monster.otherFields)
      #expect(decoded.weapon.name == monster.weapon.name && decoded.nameColor == monster.nameColor)
      #expect(decoded.description == monster.description && decoded.icon == monster.icon)
    }
  }

  @Test(arguments: 0..<40)
  func aRandomJSONValueComesBackThroughCodableOrIsRefused(_ seed: UInt64) throws {
    var generator = Self.generator(seed)
    let values = (0..<20).map { _ in RandomRoster.value(depth: 0, using: &generator) }
    for value in values {
      let data: Data
      do {
        data = try JSONEncoder().encode([value])
      } catch is EncodingError {
        continue
      }
      #expect(try JSONDecoder().decode([JSONValue].self, from: data) == [value], "\(value)")
      let list = try PropertyListEncoder().encode([value])
      #expect(try PropertyListDecoder().decode([JSONValue].self, from: list) == [value])
    }
  }

  @Test func numbersADecoderWouldRespellAreRefusedNotRewritten() throws {
    let respelled = [
      ("1.50", "1.5"), ("1e3", "1000"), ("-0", "0"), ("100.0", "100"),
      ("123456789012345678901234567890", "1.2345678901234568e+29"), ("1E-7", "1e-07"),
    ]
    for (text, spelling) in respelled {
      #expect {
        try JSONEncoder().encode([JSONValue.number(text)])
      } throws: { error in
        guard case EncodingError.invalidValue(_, let context) = error else { return false }
        return context.debugDescription
          == "'\(text)' would come back from a decoder as '\(spelling)': a decoder gives "
          + "numbers, not their digits"
      }
      // In a roster, the same number keeps its digits, in both ways.
      var roster = Roster.seeded
      try roster.setOtherFields([JSONMember("n", .number(text))])
      let decoded = try JSONDecoder().decode(Roster.self, from: JSONEncoder().encode(roster))
      #expect(decoded.otherFields == [JSONMember("n", .number(text))])
    }
    for text in ["0", "-12", "0.5", "1e+300", "18446744073709551615", "-9223372036854775808"] {
      let data = try JSONEncoder().encode([JSONValue.number(text)])
      #expect(try JSONDecoder().decode([JSONValue].self, from: data) == [.number(text)])
    }
  }

  @Test func anObjectOfSeveralKeysIsRefusedByCodableAndItsMembersAreKeptInOrder() throws {
    let members = [JSONMember("z", .number("1")), JSONMember("a", .number("2"))]
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.object(members)) }
    let data = try JSONEncoder().encode(members)
    #expect(try JSONDecoder().decode([JSONMember].self, from: data) == members)
  }

  @Test func aDocumentWrittenBeforeRostersWereTextSaysWhatItExpects() throws {
    let json = #"{"version": 1, "monsters": []}"#
    #expect {
      try JSONDecoder().decode(Roster.self, from: Data(json.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription
        == "expected a roster, the text of its roster file, as a string"
    }
  }
}

/// Random rosters built through the public API: every built-in field, declared weapons and
/// fields of each kind, and keys of their own holding odd values.
enum RandomRoster {
  /// Numbers as people and programs spell them, many of which a decoder would respell.
  static let numbers = [
    "0", "-0", "1.50", "1e3", "1E-7", "-0.5e3", "123456789012345678901234567890", "100.0",
    "18446744073709551616", "0.1", "7", "-12", "1e+300", "2.5E+10",
  ]
  /// Text that is hard to write: quotes, escapes, controls, other scripts, two forms of one
  /// letter, a bidirectional override, an emoji.
  static let texts = [
    "", "plain", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{7}bell",
    "Caf\u{E9}", "Cafe\u{301}", "Stra\u{DF}e", "\u{202E}evil", "🦖 rawr", "日本語", "\u{0}",
  ]
  /// Keys a monster or a roster may hold of its own: in another case than a built-in one,
  /// two forms of one word, empty.
  static let keys = ["mood", "Name", "Weapon", "Caf\u{E9}", "Cafe\u{301}", "", "n", "tags"]

  static func pick<T>(_ items: [T], _ generator: inout some RandomNumberGenerator) -> T {
    items[Int.random(in: 0..<items.count, using: &generator)]
  }

  static func value(depth: Int, using generator: inout some RandomNumberGenerator) -> JSONValue {
    switch Int.random(in: 0..<(depth < 3 ? 7 : 5), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2, 3: return .number(pick(numbers, &generator))
    case 4: return .string(pick(texts, &generator))
    case 5:
      return .array(
        (0..<Int.random(in: 0...3, using: &generator)).map { _ in
          value(depth: depth + 1, using: &generator)
        })
    default:
      return .object(members(depth: depth + 1, using: &generator))
    }
  }

  /// Members with keys all different, code point by code point.
  static func members(depth: Int, using generator: inout some RandomNumberGenerator)
    -> [JSONMember]
  {
    var members: [JSONMember] = []
    for key in keys.shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator)) {
      members.append(JSONMember(key, value(depth: depth, using: &generator)))
    }
    return members
  }

  static func make(using generator: inout some RandomNumberGenerator) throws -> Roster {
    let laser = Weapon(name: "laser", imageName: "laser beam.png")
    let weapons: [Weapon]? =
      Bool.random(using: &generator) ? nil : [.sword, laser, Weapon(name: "Plasma2")]
    var fields: [MonsterField] = []
    let declares = Bool.random(using: &generator)
    if declares {
      fields = [
        try MonsterField(declaring: "team", kind: .values(["red", "blue", "Caf\u{E9}"])),
        try MonsterField(declaring: "level", kind: .integer(minimum: -5, maximum: nil)),
        try MonsterField(
          declaring: "health", kind: .integer(minimum: 1, maximum: 100), isRequired: true,
          defaultValue: .number("50")),
        try MonsterField(declaring: "notes"),
      ]
    }
    let otherKeys: OtherKeys? = declares ? pick([nil, .keep, .refuse], &generator) : nil
    let keepsOthers = !declares || otherKeys == .keep
    let colors: [NameColor?] = [nil, .red, .cyan, NameColor("#0A0B0C"), NameColor("#FFFFFF")]
    var monsters: [Monster] = []
    var names: Set<String> = []
    for number in 0..<Int.random(in: 0...8, using: &generator) {
      let base = pick(["Cat-Bot", "Caf\u{E9} Bot", "Stra\u{DF}e", "🦖", "Bot"], &generator)
      let name = "\(base) \(number)"
      guard names.insert(name).inserted else { continue }
      var others: [JSONMember] = []
      if declares {
        others.append(
          JSONMember("health", .number(String(Int.random(in: 1...100, using: &generator)))))
        if Bool.random(using: &generator) {
          others.append(
            JSONMember("team", .string(pick(["red", "blue", "Caf\u{E9}"], &generator))))
        }
        if Bool.random(using: &generator) {
          others.append(
            JSONMember("level", .number(String(Int.random(in: -5...9999, using: &generator)))))
        }
        if Bool.random(using: &generator) {
          others.append(JSONMember("notes", .string(pick(texts, &generator))))
        }
      }
      if keepsOthers {
        others += members(depth: 1, using: &generator).filter { member in
          !others.contains { $0.key == member.key }
            && !["health", "team", "level", "notes"].contains(member.key)
        }
      }
      monsters.append(
        Monster(
          name: name, description: pick(texts, &generator),
          icon: Bool.random(using: &generator) ? nil : pick(texts, &generator),
          weapon: pick(weapons ?? Weapon.builtIn, &generator),
          nameColor: pick(colors, &generator) ?? nil,
          otherFields: others.shuffled(using: &generator)))
    }
    let rosterKeys = members(depth: 1, using: &generator).filter { member in
      !["version", "monsters", "weapons", "fields", "otherKeys"].contains(member.key)
    }
    return try Roster(
      monsters, weapons: weapons, fields: fields, otherKeys: otherKeys, otherFields: rosterKeys)
  }
}
