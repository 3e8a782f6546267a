import TestSupport
import Testing

@testable import MonsterKit

/// The reader's note that a file is in canonical layout lets `check` skip writing the roster
/// to compare; these tests hold it to its promise: when it says canonical, the bytes are the
/// canonical form.
@Suite struct CanonicalLayoutTests {
  /// A roster of random monsters: names, descriptions and icons with quotes, backslashes,
  /// control characters and non-ASCII text, and colours of both kinds.
  private func randomRoster(_ generator: inout SeededGenerator) throws -> Roster {
    let pieces = ["a", "Bot", "-", " ", "\"", "\\", "\n", "\u{1B}", "é", "😀", "/", "#"]
    func text(_ length: Int) -> String {
      (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }
    let colors: [NameColor?] = [nil, .red, .rgb(red: 1, green: 2, blue: 3)]
    let monsters = (0..<Int(generator.next() % 12)).map { number in
      Monster(
        name: "M\(number)"
          + text(Int(generator.next() % 4)).filter { $0 != "\n" && $0 != "\u{1B}" },
        description: text(Int(generator.next() % 6)),
        icon: text(Int(generator.next() % 3)),
        weapon: WeaponType.allCases[Int(generator.next() % 5)],
        nameColor: colors[Int(generator.next() % 3)])
    }
    return try Roster(monsters)
  }

  private func source(_ bytes: [UInt8]) throws -> RosterSource {
    try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0.source
  }

  @Test func canonicalFilesWithoutEscapesAreKnownCanonical() throws {
    #expect(try source(try Fixture.seeded()).isKnownCanonical)
    #expect(try source(Roster().canonicalJSON()).isKnownCanonical)
    let colored = try Roster([
      Monster(
        name: "A", description: "é 😀", weapon: .fire, nameColor: .rgb(red: 255, green: 0, blue: 9))
    ])
    #expect(try source(colored.canonicalJSON()).isKnownCanonical)
    // The pieces the tests below put white space between are canonical as they are.
    #expect(try source(Array((Self.first + "\n  ]\n}\n").utf8)).isKnownCanonical)
    #expect(
      try source(Array((Self.first + ",\n    " + Self.second + "\n  ]\n}\n").utf8)).isKnownCanonical
    )
  }

  @Test func whatIsKnownCanonicalIsTheCanonicalForm() throws {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<300 {
      let bytes = try randomRoster(&generator).canonicalJSON()
      let read = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0
      #expect(read.canonicalJSON() == bytes)
      #expect(read.firstDifference(fromCanonical: RosterBytes(bytes)) == nil)
      if read.source.isKnownCanonical {
        #expect(read.canonicalJSON() == bytes)
      }
    }
  }

  @Test func aFileWithOtherKeysIsComparedByWriting() throws {
    let bytes = Array("{\n  \"version\": 1,\n  \"monsters\": [],\n  \"x\": 1\n}\n".utf8)
    let read = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0
    #expect(!read.source.isKnownCanonical)
    #expect(read.firstDifference(fromCanonical: RosterBytes(bytes)) == nil)
  }

  @Test(arguments: [
    #"{"version": 1, "monsters": []}"#,
    "{\n  \"version\": 1,\n  \"monsters\": []\n}",
    "{\n  \"version\": 1,\n  \"monsters\": []\n}\n\n",
    "{\n  \"version\": 1,\n  \"monsters\": [\n    {\n      \"name\": \"A\",\n      \"description\": \"\",\n      \"icon\": \"a\",\n      \"weapon\": \"fire\",\n      \"nameColor\": \"#ff0000\"\n    }\n  ]\n}\n",
    "{\n  \"version\": 1,\n  \"monsters\": [\n    {\n      \"name\": \"A\",\n      \"description\": \"\\u0041\",\n      \"icon\": \"a\",\n      \"weapon\": \"fire\"\n    }\n  ]\n}\n",
    "{\n  \"version\": 1,\n  \"monsters\": [\n    {\n      \"name\": \"A\",\n      \"description\": \"\",\n      \"icon\": \"a\",\n      \"weapon\": \"fire\"\n    } ]\n}\n",
    "{\n  \"version\": 1,\n  \"monsters\": [\n    {\n      \"name\": \"A\",\n      \"description\": \"\",\n      \"icon\": \"a\",\n      \"weapon\": \"fire\"\n    },   {\n      \"name\": \"B\",\n      \"description\": \"\",\n      \"icon\": \"a\",\n      \"weapon\": \"fire\"\n    }\n  ]\n}\n",
  ])
  func filesThatAreNotCanonicalAreNotKnownCanonical(_ text: String) throws {
    try expectNotKnownCanonical(text)
  }

  private static let first = """
    {
      "version": 1,
      "monsters": [
        {
          "name": "A",
          "description": "",
          "icon": "a",
          "weapon": "fire"
        }
    """
  private static let second = """
    {
          "name": "B",
          "description": "",
          "icon": "a",
          "weapon": "fire"
        }
    """

  /// White space off by one anywhere between the pieces of the layout.
  @Test(arguments: [
    "\n" + first + "\n  ]\n}\n",
    first + "  \n  ]\n}\n",
    first + "\n  ]  \n}\n",
    first + "\n  ]\n} \n",
    first + "  ,\n    " + second + "\n  ]\n}\n",
    first + ",\n     " + second + "\n  ]\n}\n",
    first.replacingOccurrences(of: "[\n", with: "[ \n") + "\n  ]\n}\n",
    "{\n  \"version\": 1,\n  \"monsters\": [ ]\n}\n",
  ])
  func whiteSpaceOutOfPlaceIsNotKnownCanonical(_ text: String) throws {
    try expectNotKnownCanonical(text)
  }

  private func expectNotKnownCanonical(_ text: String) throws {
    let bytes = Array(text.utf8)
    let read = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0
    #expect(!read.source.isKnownCanonical)
    #expect(read.firstDifference(fromCanonical: RosterBytes(bytes)) != nil)
  }
}

/// The reader's fast way through a canonical monster checks every byte it skips: a value
/// that does not open with a quote is never taken for a string.
@Suite struct CanonicalMonsterTests {
  private static let monster = """
    {
      "version": 1,
      "monsters": [
        {
          "name": "A",
          "description": "d",
          "icon": "a.png",
          "weapon": "fire",
          "nameColor": "red"
        }
      ]
    }

    """

  @Test(arguments: ["name", "description", "icon", "weapon", "nameColor"])
  func aValueThatOpensWithoutAQuoteIsNotAString(_ key: String) throws {
    for replacement in ["!", "5", "'"] {
      let text = Self.monster.replacingOccurrences(
        of: "\"\(key)\": \"", with: "\"\(key)\": \(replacement)")
      #expect(throws: RosterError.self, "\(key) opened with \(replacement)") {
        try readRoster(text)
      }
    }
    #expect(try readRoster(Self.monster).count == 1)
  }
}
