import Foundation
import Testing

@testable import MonsterKit

/// The lines of some text, without their line breaks.
private func lines(_ bytes: [UInt8]) -> [String] {
  text(bytes).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// The indices of the lines that differ between two texts with as many lines.
private func differingLines(_ a: [String], _ b: [String]) -> [Int] {
  (0..<min(a.count, b.count)).filter { a[$0] != b[$0] }
}

@Suite struct CanonicalWriterTests {
  @Test func seededRosterIsWrittenAsTheSeededFixture() throws {
    let fixture = try Fixture.seeded()
    #expect(Roster.seeded.canonicalJSON() == fixture)
    #expect(try readRoster(bytes: fixture).canonicalJSON() == fixture)
    #expect(text(fixture).hasSuffix("}\n"))
  }

  /// Rosters as read from the fixture (whose monsters are offsets into the file's bytes)
  /// and as built in memory are written the same way.
  static func seededRosters() throws -> [Roster] {
    [Roster.seeded, try readRoster(bytes: try Fixture.seeded())]
  }

  @Test(arguments: [
    (RosterEdit.Changes(weapon: .fire), 8, #"      "weapon": "fire""#),
    (RosterEdit.Changes(description: "Purr"), 6, #"      "description": "Purr","#),
    (RosterEdit.Changes(icon: "cat.png"), 7, #"      "icon": "cat.png","#),
  ])
  func changingOneFieldChangesOneLine(
    changes: RosterEdit.Changes, line: Int, expected: String
  ) throws {
    for roster in try Self.seededRosters() {
      let before = lines(roster.canonicalJSON())
      var edited = roster
      #expect(try edited.apply(.set("cat-bot", changes)))
      let after = lines(edited.canonicalJSON())
      #expect(after.count == before.count)
      let changed = differingLines(before, after)
      #expect(changed == [line - 1])
      #expect(after[line - 1] == expected)
    }
  }

  @Test func changingAColourChangesOneLine() throws {
    for roster in try Self.seededRosters() {
      var red = roster
      try red.apply(.set("Dog-Bot", .init(nameColor: .set(.red))))
      let withRed = lines(red.canonicalJSON())
      #expect(withRed.count == lines(roster.canonicalJSON()).count + 1)
      #expect(withRed[13...14] == [#"      "weapon": "blowgun","#, #"      "nameColor": "red""#])
      var orange = red
      try orange.apply(
        .set("Dog-Bot", .init(nameColor: .set(.rgb(red: 255, green: 136, blue: 0)))))
      let withOrange = lines(orange.canonicalJSON())
      let changed = differingLines(withRed, withOrange)
      #expect(changed == [14])
      #expect(withOrange[14] == ##"      "nameColor": "#FF8800""##)
    }
  }

  @Test func unknownKeysAreKeptInTheirOrderAfterTheKnownOnes() throws {
    let handWritten = #"""
      {"extra": {"b": [1, {"c": null}], "a": []}, "monsters": [{"zeta": 1e400, "weapon": "fire",
      "name": "A", "alpha": {"n": -0.50, "e": {}, "t": true}, "icon": "a.png", "description": "d",
      "nameColor": "#ff8800"}], "version": 1, "tail": "\u00e9\u001B", "k\"ey": false}
      """#
    let expected = #"""
      {
        "version": 1,
        "monsters": [
          {
            "name": "A",
            "description": "d",
            "icon": "a.png",
            "weapon": "fire",
            "nameColor": "#FF8800",
            "zeta": 1e400,
            "alpha": {
              "n": -0.50,
              "e": {},
              "t": true
            }
          }
        ],
        "extra": {
          "b": [
            1,
            {
              "c": null
            }
          ],
          "a": []
        },
        "tail": "é\u001b",
        "k\"ey": false
      }

      """#
    let roster = try readRoster(handWritten)
    #expect(text(roster.canonicalJSON()) == expected)
    #expect(try readRoster(expected) == roster)
    #expect(try readRoster(expected).canonicalJSON() == Array(expected.utf8))
  }

  @Test func unknownKeysOfAnEditedMonsterAreKept() throws {
    var roster = try readRoster(
      rosterText(
        #"{"name": "A", "tags": ["x"], "description": "d", "icon": "a.png", "weapon": "fire"}"#))
    try roster.apply(.set("A", .init(weapon: .smoke)))
    try roster.apply(.rename("A", to: "B"))
    #expect(
      text(roster.canonicalJSON()) == """
        {
          "version": 1,
          "monsters": [
            {
              "name": "B",
              "description": "d",
              "icon": "a.png",
              "weapon": "smoke",
              "tags": [
                "x"
              ]
            }
          ]
        }

        """)
  }

  @Test func handFormattedFileIsWrittenInCanonicalForm() throws {
    let fixture = try Fixture.seeded()
    let minified = minifiedSeeded
    let crlf = text(fixture).replacingOccurrences(of: "\n", with: "\r\n")
      .replacingOccurrences(of: "  ", with: "\t")
    for handWritten in [minified, crlf] {
      let roster = try readRoster(handWritten)
      #expect(roster == Roster.seeded)
      #expect(roster.canonicalJSON() == fixture)
    }
  }

  @Test func writingTwiceGivesTheSameBytes() throws {
    var roster = try readRoster(bytes: try Fixture.seeded())
    try roster.apply(.add(Monster(name: "Émile", description: "\u{1B}[1m", weapon: .fire)))
    let first = roster.canonicalJSON()
    #expect(roster.canonicalJSON() == first)
    let reread = try readRoster(bytes: first)
    #expect(reread == roster)
    #expect(reread.canonicalJSON() == first)
  }

  @Test func stringsCarryOnlyTheEscapesJSONNeeds() throws {
    let description = "q\"b\\s/e\u{1B}n\nt\tr\rb\u{8}f\u{C}z\u{0}u\u{1F}d\u{7F}é😀\u{2028}"
    let written =
      #""q\"b\\s/e\u001bn\nt\tr\rb\bf\fz\u0000u\u001fd"# + "\u{7F}é😀\u{2028}\""
    let inMemory = try Roster([
      Monster(name: "A", description: description, icon: "a.png", weapon: .fire)
    ])
    // The same text, escaped differently in the file.
    let fromFile = try readRoster(
      rosterText(
        #"{"name": "A", "description": "\u0071\"b\u005cs\/e\u001Bn\u000at\tr\u000Db\bf\u000cz\u0000u\u001Fd\u007f\u00e9\ud83d\ude00\u2028", "icon": "a.png", "weapon": "fire"}"#
      ))
    #expect(fromFile == inMemory)
    for roster in [inMemory, fromFile] {
      #expect(lines(roster.canonicalJSON())[5] == #"      "description": "# + written + ",")
    }
  }

  @Test func nullColourIsReadAsNoColourAndLeftOut() throws {
    let roster = try readRoster(
      rosterText(
        #"{"name": "Cat-Bot", "description": "MEE-OW", "icon": "meetcatbot.png", "weapon": "sword", "nameColor": null}"#
      ))
    #expect(roster.first?.nameColor == nil)
    #expect(!text(roster.canonicalJSON()).contains("nameColor"))
    #expect(roster.monsters == [Monster.seeded[0]])
  }

  @Test func numbersKeepTheirDigits() throws {
    let roster = try readRoster(
      #"{"version": 1, "monsters": [], "n": [1e400, -0.50, 1E+2, 0, -0, 12.340e-05]}"#)
    #expect(
      text(roster.canonicalJSON()).contains(
        "  \"n\": [\n    1e400,\n    -0.50,\n    1E+2,\n    0,\n    -0,\n    12.340e-05\n  ]\n"))
  }

  @Test func keysThatDifferOnlyInUnicodeNormalizationAreTwoKeys() throws {
    // "é" as one code point and as e + COMBINING ACUTE ACCENT; KELVIN SIGN and K.
    let text = #"{"version": 1, "monsters": [], "é": 1, "e\u0301": 2, "Kind": 3, "\u212Aind": 4}"#
    let roster = try readRoster(text)
    #expect(roster.otherFields.map { Array($0.key.unicodeScalars) }.count == 4)
    #expect(
      lines(roster.canonicalJSON()).suffix(6) == [
        "  \"é\": 1,", "  \"e\u{301}\": 2,", "  \"Kind\": 3,", "  \"\u{212A}ind\": 4", "}", "",
      ])
    #expect(
      throws: RosterError.syntax(
        path: scratchPath, line: 1, column: 40, message: "duplicate key 'é' in one object")
    ) {
      try readRoster(#"{"version": 1, "monsters": [], "é": 1, "\u00e9": 2}"#)
    }
  }

  @Test func compactFormIsOneLineWithoutSpaces() throws {
    let roster = try readRoster(
      rosterText(
        #"{"name": "A", "description": "d\n", "icon": "a.png", "weapon": "fire", "nameColor": "red", "x": [1, {"y": null}], "z": {}}"#
      ))
    var output: [UInt8] = []
    roster.appendJSON(ofMonsterAt: roster.startIndex, indent: nil, to: &output)
    #expect(
      text(output)
        == #"{"name":"A","description":"d\n","icon":"a.png","weapon":"fire","nameColor":"red","x":[1,{"y":null}],"z":{}}"#
    )
  }

  @Test(arguments: [1, 7, 100, 1 << 20])
  func writingInChunksGivesTheSameBytes(chunkSize: Int) throws {
    let monsters = (0..<300).map {
      Monster(name: "Bot-\($0)", description: String(repeating: "x", count: $0 % 50), weapon: .fire)
    }
    let roster = try readRoster(bytes: try Roster(monsters).canonicalJSON())
    var chunks: [[UInt8]] = []
    roster.writeCanonical(chunkSize: chunkSize) { chunks.append(Array($0)) }
    #expect(chunks.flatMap { $0 } == roster.canonicalJSON())
    #expect(chunks.count > 1 || chunkSize > 10_000)
  }
}
