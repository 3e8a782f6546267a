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
          + text(Int(generator.next() % 4)).filter { $0 != "\n" && $0 != "\u{1B}" } + "!",
        description: text(Int(generator.next() % 6)),
        icon: text(Int(generator.next() % 3)),
        weapon: Weapon.builtIn[Int(generator.next() % 5)],
        nameColor: colors[Int(generator.next() % 3)])
    }
    return try Roster(monsters)
  }

  private func source(_ bytes: [UInt8]) throws -> RosterSource {
    try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0.storage.source
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
      if read.storage.source.isKnownCanonical {
        #expect(read.canonicalJSON() == bytes)
      }
    }
  }

  @Test func aFileWithOtherKeysIsComparedByWriting() throws {
    let bytes = Array("{\n  \"version\": 1,\n  \"monsters\": [],\n  \"x\": 1\n}\n".utf8)
    let read = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0
    #expect(!read.storage.source.isKnownCanonical)
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
    #expect(!read.storage.source.isKnownCanonical)
    #expect(read.firstDifference(fromCanonical: RosterBytes(bytes)) != nil)
  }
}

/// The reader's fast way through a canonical monster checks every byte it skips: a value
/// that does not open with a quote is never taken for a string.
@Suite struct CanonicalMonsterTests {
  /// A canonical roster file of one monster with every built-in field.
  private static func monster() throws -> String {
    let monster = Monster(
      name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red)
    return text(try Roster([monster]).canonicalJSON())
  }

  @Test(arguments: ["name", "description", "icon", "weapon", "nameColor"])
  func aValueThatOpensWithoutAQuoteIsNotAString(_ key: String) throws {
    let monster = try Self.monster()
    for replacement in ["!", "5", "'"] {
      let text = monster.replacingOccurrences(
        of: "\"\(key)\": \"", with: "\"\(key)\": \(replacement)")
      #expect(text != monster)
      #expect(throws: RosterError.self, "\(key) opened with \(replacement)") {
        try readRoster(text)
      }
    }
    #expect(try readRoster(monster).count == 1)
  }
}

/// The layout's pieces, its offsets and the writer agree: a change to one that the others
/// do not follow fails here, rather than make the run copy write other bytes than the
/// writer would.
@Suite struct CanonicalLayoutPiecesTests {
  /// Monsters with and without a colour, plain ASCII, so that a file of them is read as
  /// canonical and copied run by run.
  private static let monsters = [
    Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .sword),
    Monster(name: "Dog-Bot", description: "", icon: "d.png", weapon: .blowgun, nameColor: .red),
    Monster(
      name: "Zed", description: "Z z", weapon: .ninjaStar,
      nameColor: .rgb(red: 0, green: 136, blue: 255)),
  ]

  /// A monster's object as the layout spells it.
  private static func object(_ monster: Monster) -> [UInt8] {
    var bytes: [UInt8] = []
    func member(_ key: MonsterField.BuiltIn, _ value: String) {
      bytes.append(CanonicalLayout.prefix(key))
      bytes.append(contentsOf: "\"\(value)\"".utf8)
    }
    member(.name, monster.name)
    member(.description, monster.description)
    member(.icon, monster.icon)
    member(.weapon, monster.weapon.name)
    if let color = monster.nameColor { member(.nameColor, color.description) }
    bytes.append(CanonicalLayout.objectEnd)
    return bytes
  }

  /// A roster file as the layout spells it.
  private static func file(_ monsters: [Monster]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.append(CanonicalLayout.versionLine)
    bytes.append(CanonicalLayout.monstersKey)
    for (offset, monster) in monsters.enumerated() {
      bytes.append(
        offset == 0 ? CanonicalLayout.beforeFirstMonster : CanonicalLayout.betweenMonsters)
      bytes += object(monster)
    }
    bytes.append(monsters.isEmpty ? CanonicalLayout.afterNoMonsters : CanonicalLayout.afterMonsters)
    bytes.append(CanonicalLayout.tail)
    return bytes
  }

  @Test func theWriterWritesTheLayoutsPieces() throws {
    for count in 0...Self.monsters.count {
      let monsters = Array(Self.monsters.prefix(count))
      #expect(try Roster(monsters).canonicalJSON() == Self.file(monsters), "\(count) monsters")
    }
    #expect(Roster.seeded.canonicalJSON() == Self.file(Monster.seeded))
  }

  @Test func theReaderTakesTheLayoutsPiecesForCanonical() throws {
    for count in 0...Self.monsters.count {
      let bytes = Self.file(Array(Self.monsters.prefix(count)))
      let roster = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0
      #expect(roster.storage.source.isKnownCanonical, "\(count) monsters")
    }
  }

  @Test func theOffsetsAreWhereTheWriterPutsTheBytes() throws {
    let bytes = try Roster(Self.monsters).canonicalJSON()
    let source = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0.storage.source
    try #require(source.isKnownCanonical)
    // Where each object stands, found by its text rather than by the offsets.
    var objects: [Range<Int>] = []
    var searchFrom = 0
    for monster in Self.monsters {
      let object = Self.object(monster)
      let start = try #require(
        (searchFrom...(bytes.count - object.count)).first {
          bytes[$0..<$0 + object.count].elementsEqual(object)
        })
      objects.append(start..<start + object.count)
      searchFrom = start + object.count
    }
    for (position, object) in objects.enumerated() {
      #expect(
        Int(source.records[position].name.start) - CanonicalLayout.nameOffset == object.lowerBound)
      #expect(source.objectBytes(position...position) == object)
      if position + 1 < objects.count {
        #expect(
          objects[position + 1].lowerBound - object.upperBound == CanonicalLayout.separatorCount)
      }
    }
    let all = try #require(objects.first).lowerBound..<(try #require(objects.last)).upperBound
    #expect(source.objectBytes(0...(objects.count - 1)) == all)
    #expect(source.objectBytes(1...2) == objects[1].lowerBound..<objects[2].upperBound)
  }

  /// Edits at the start, in the middle and at the end break the runs the writer copies from
  /// the file; what it writes must be what it writes for the same monsters built in memory.
  @Test func theRunCopyWritesWhatTheSlowPathWrites() throws {
    var generator = SeededGenerator(seed: 5)
    let many = (0..<40).map { number in
      Monster(
        name: "Bot-\(number)", description: "Robot \(number)",
        weapon: Weapon.builtIn[number % 5],
        nameColor: [nil, .red, .rgb(red: 1, green: 2, blue: 3)][number % 3])
    }
    let bytes = try Roster(many).canonicalJSON()
    let read = try RosterFile(path: "monsters.json").parse(RosterBytes(bytes)).0
    try #require(read.storage.source.isKnownCanonical)
    #expect(read.canonicalJSON() == bytes)
    for _ in 0..<60 {
      var edited = read
      for _ in 0..<Int(generator.next() % 4 + 1) {
        let name = "Bot-\(generator.next() % 40)"
        switch generator.next() % 4 {
        case 0: _ = try? edited.remove(named: name)
        case 1: _ = try? edited.apply(.set(name, .init(description: "changed")))
        case 2:
          _ = try? edited.apply(
            .add(Monster(name: "New-\(generator.next())", description: "", weapon: .fire)))
        default: _ = try? edited.apply(.rename(name, to: name + "x"))
        }
      }
      let slow = try Roster(edited.monsters, otherFields: edited.otherFields)
      #expect(edited.canonicalJSON() == slow.canonicalJSON())
      for chunkSize in [1, 97] {
        var chunks: [UInt8] = []
        edited.writeCanonical(chunkSize: chunkSize) { chunks.append(contentsOf: $0) }
        #expect(chunks == slow.canonicalJSON())
      }
    }
  }
}
