import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

/// The readers against models whose truth is known: random rosters listed by `list` read
/// back to the same monsters, and import as a change of nothing; and random cells written
/// as a spreadsheet writes them read back to the same text.
@Suite struct ImportRoundTripTests {
  /// Text that exercises quoting: quotes, separators, line breaks, backslashes, spaces;
  /// and what a terminal or a Markdown reader must not take raw: ESC, C1 controls, NUL,
  /// bidirectional and zero-width characters, a byte order mark, combining marks.
  private static let tricky: [Character] = [
    "a", "B", "\"", ",", "\t", "\n", "\r", "\r\n", "\\", " ", "é", "'", "=", ";", "#", "x",
    "\u{1B}", "\u{85}", "\u{0}", "\u{202E}", "\u{200B}", "\u{FEFF}", "e\u{301}", "|", "`", "@",
  ]

  /// The tricky characters a name may hold: no control or format character. (A name's
  /// ends are a letter, so a space in it is inside.)
  private static let nameCharacters = tricky.filter {
    $0.unicodeScalars.allSatisfy { ![.control, .format].contains($0.properties.generalCategory) }
  }

  private func text(
    _ generator: inout SeededGenerator, from characters: [Character], length: ClosedRange<Int>
  ) -> String {
    let count = Int.random(in: length, using: &generator)
    return String(
      (0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
  }

  /// A random monster whose text fields hold what TSV and CSV must quote or escape.
  private func monster(_ generator: inout SeededGenerator, number: Int) -> Monster {
    let name =
      "M\(number)" + text(&generator, from: Self.nameCharacters, length: 0...6) + "z"
    let colors: [NameColor?] = [nil, .red, .rgb(red: 1, green: 2, blue: 3)]
    return Monster(
      name: name, description: text(&generator, from: Self.tricky, length: 0...8),
      icon: text(&generator, from: Self.tricky, length: 0...4),
      weapon: Weapon.builtIn[Int.random(in: 0..<5, using: &generator)],
      nameColor: colors[Int.random(in: 0..<colors.count, using: &generator)])
  }

  @Test func listingsOfRandomRostersReadBackToTheirMonsters() throws {
    var generator = SeededGenerator(seed: 0x5EED_C5F)
    let harness = try CommandLineHarness()
    for round in 0..<300 {
      var roster = Roster()
      for number in 0..<Int.random(in: 1...5, using: &generator) {
        try roster.add(monster(&generator, number: number))
      }
      try harness.writeRoster(String(decoding: roster.canonicalJSON(), as: UTF8.self))
      for format in ["tsv", "csv"] {
        let listing = harness.run(["list", "--format", format])
        let read = try MonsterImport.read(Array(listing.output.utf8))
        #expect(read.map(\.monster) == roster.monsters, "round \(round), \(format)")
        #expect(read.map(\.line).isSorted)
      }
    }
  }

  /// Every listing a roster's monsters can be read back from, imported into an empty roster
  /// that declares the same fields, gives the same roster, byte for byte: random monsters
  /// with hostile text, declared fields of each kind and keys of their own (text, as TSV
  /// and CSV carry them), listed with every key as a column.
  @Test func everyListingImportsIntoAnEmptyRosterAsTheSameRoster() throws {
    var generator = SeededGenerator(seed: 0x1A57_0E5)
    let harness = try CommandLineHarness()
    // Keys of the monsters' own beside declared fields: the roster keeps them.
    let declarations = [
      ["fields", "other-keys", "keep"], ["fields", "add", "team", "--values", "red,blue"],
      ["fields", "add", "hp", "--integer"], ["fields", "add", "notes"],
    ]
    let keys = ["team", "hp", "notes", "x", "Zeta"]
    for round in 0..<40 {
      var roster = Roster()
      for number in 0..<Int.random(in: 1...4, using: &generator) {
        var monster = monster(&generator, number: number)
        for key in keys where Bool.random(using: &generator) {
          let value: JSONValue =
            switch key {
            case "team": .string(Bool.random(using: &generator) ? "red" : "blue")
            case "hp": .number(String(Int.random(in: -5...100, using: &generator)))
            default: .string(text(&generator, from: Self.tricky, length: 0...6))
            }
          monster.otherFields.append(JSONMember(key, value))
        }
        try roster.add(monster)
      }
      try harness.writeRoster(String(decoding: roster.canonicalJSON(), as: UTF8.self))
      for declaration in declarations { #expect(harness.run(declaration).code == .success) }
      let expected = try #require(harness.rosterBytes())
      let present = keys.filter { key in
        roster.monsters.contains { $0.otherFields.contains { $0.key == key } }
      }
      let columns = (["name", "weapon", "description", "icon", "nameColor"] + present)
        .joined(separator: ",")
      for format in ["tsv", "csv", "ndjson", "json"] {
        try harness.writeRoster(String(decoding: expected, as: UTF8.self))
        let listing = harness.run(["list", "--format", format, "--fields", columns])
        try harness.writeRoster(#"{"version": 1, "monsters": []}"#)
        for declaration in declarations { _ = harness.run(declaration) }
        let result = harness.run(["import", "--format", format, "-"], input: listing.output)
        #expect(result.code == .success, "round \(round), \(format): \(result.errors)")
        #expect(
          harness.rosterBytes() == expected, "round \(round), \(format): \(listing.output)")
      }
    }
  }

  /// A random value for a key of a monster's own: JSON's every kind, an empty string often.
  private func value(_ generator: inout SeededGenerator) -> JSONValue {
    let values: [JSONValue] = [
      .string(""), .string(""), .string("red"), .string(" "), .number("7"), .number("-1.5e3"),
      .null, .bool(false), .object([]), .object([JSONMember("a", .string(""))]),
      .array([.string(""), .null]),
    ]
    return values[Int.random(in: 0..<values.count, using: &generator)]
  }

  /// JSON tells an empty string from no key: a listing in JSON or NDJSON of monsters with
  /// keys of their own, any of them `""`, imports as no change and leaves the file alone.
  @Test func jsonListingsOfRandomKeysImportAsNoChange() throws {
    var generator = SeededGenerator(seed: 0x0DD_E5)
    let harness = try CommandLineHarness()
    let keys = ["notes", "team", "x", "Zeta", "tags"]
    for round in 0..<150 {
      var roster = Roster()
      for number in 0..<Int.random(in: 1...4, using: &generator) {
        var monster = monster(&generator, number: number)
        monster.otherFields = keys.filter { _ in Bool.random(using: &generator) }.map {
          JSONMember($0, value(&generator))
        }
        try roster.add(monster)
      }
      try harness.writeRoster(String(decoding: roster.canonicalJSON(), as: UTF8.self))
      let before = try #require(FileIdentity(path: harness.rosterPath))
      let bytes = harness.rosterBytes()
      for format in ["json", "ndjson"] {
        let listing = harness.run(["list", "--format", format])
        let result = harness.run(["import", "--update", "-"], input: listing.output)
        #expect(
          result.errors
            == "monsters import: Nothing to change: \(harness.rosterPath) is as asked.\n",
          "round \(round), \(format): \(listing.output)")
        #expect(FileIdentity(path: harness.rosterPath) == before, "round \(round), \(format)")
        #expect(harness.rosterBytes() == bytes, "round \(round), \(format)")
      }
    }
  }

  /// Lists a roster in TSV and CSV, all its fields and those named, and expects each
  /// listing to import with `--update` as no change, leaving the file alone.
  private func expectListingsImportAsNoChange(
    of roster: String, fields: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(roster)
    #expect(harness.run(["fmt"]).code == .success, sourceLocation: sourceLocation)
    let before = try #require(FileIdentity(path: harness.rosterPath))
    let bytes = harness.rosterBytes()
    for format in ["tsv", "csv"] {
      for chosen in [[], ["--fields", fields]] {
        let listing = harness.run(["list", "--format", format] + chosen)
        let result = harness.run(["import", "--update", "-"], input: listing.output)
        #expect(
          result.errors
            == "monsters import: Nothing to change: \(harness.rosterPath) is as asked.\n",
          "\(format) \(chosen): \(listing.output)", sourceLocation: sourceLocation)
        #expect(
          FileIdentity(path: harness.rosterPath) == before, "\(format) \(chosen)",
          sourceLocation: sourceLocation)
        #expect(
          harness.rosterBytes() == bytes, "\(format) \(chosen)", sourceLocation: sourceLocation)
      }
    }
  }

  /// An empty cell is no value, so a listing writes a field that holds the empty string
  /// (which a text field, or a key of a monster's own, can) as `""`: read back, it is the
  /// empty string, and the listing imports as no change.
  @Test func listingsOfEmptyStringsImportAsNoChange() throws {
    try expectListingsImportAsNoChange(
      of: """
        {
          "version": 1,
          "fields": [
            { "name": "notes" },
            { "name": "mood", "values": ["sad", "glad"] },
            { "name": "health", "type": "integer" }
          ],
          "otherKeys": "keep",
          "monsters": [
            { "name": "A", "description": "", "icon": "", "weapon": "fire", "notes": "",
              "mood": "glad", "x": "" },
            { "name": "B", "description": "", "icon": "", "weapon": "fire", "x": "" }
          ]
        }
        """, fields: "name,weapon,notes,mood,health,x")
  }

  /// A whole number the file writes with a fraction or an exponent, which an integer field
  /// takes, is listed as the file writes it and read back as that number.
  @Test func listingsOfWholeNumbersWrittenAnyWayImportAsNoChange() throws {
    try expectListingsImportAsNoChange(
      of: """
        {
          "version": 1,
          "fields": [{ "name": "health", "type": "integer" }],
          "monsters": [
            { "name": "A", "description": "", "icon": "", "weapon": "fire", "health": 7.0 },
            { "name": "B", "description": "", "icon": "", "weapon": "fire", "health": 0.7e1 },
            { "name": "C", "description": "", "icon": "", "weapon": "fire", "health": -0 },
            { "name": "D", "description": "", "icon": "", "weapon": "fire", "health": 1E2 }
          ]
        }
        """, fields: "name,weapon,health")
  }

  /// A JSON key names a field only as spelled, as JSON keys are compared: a key that
  /// differs from a built-in or declared field in case is a key of its own (in a roster that
  /// keeps them), so the JSON listing of a roster that holds one imports into an empty
  /// roster as the same roster.
  @Test func jsonListingsOfKeysSpelledLikeFieldsReproduceTheRoster() throws {
    let harness = try CommandLineHarness()
    let declarations =
      #""fields": [{"name": "hp", "type": "integer"}, {"name": "team"}], "otherKeys": "keep""#
    try harness.writeRoster(
      """
      {"version": 1, \(declarations), "monsters": [
      {"name": "A", "description": "", "icon": "", "weapon": "fire", "hp": 1, "HP": "two",
       "Team": "x", "NAME": "n", "Weapon": 5, "nameColor": "red", "NameColor": "blue"}]}
      """)
    #expect(harness.run(["fmt"]).code == .success)
    let roster = harness.rosterBytes()
    for format in ["json", "ndjson"] {
      let listing = harness.run(["list", "--format", format])
      try harness.writeRoster(#"{"version": 1, \#(declarations), "monsters": []}"#)
      let result = harness.run(["import", "--format", format, "-"], input: listing.output)
      #expect(result == CommandResult(.success, output: "Added A.\n"), "\(format)")
      #expect(harness.run(["fmt"]).code == .success)
      #expect(harness.rosterBytes() == roster, "\(format)")
    }
  }

  /// A spreadsheet quotes a cell that holds a quote, a line break or the separator (and,
  /// in CSV, a comma), doubling its quotes, and writes any other cell as it is.
  private func spreadsheetCell(_ text: String, separator: Character) -> String {
    let needsQuotes = text.contains { $0 == "\"" || $0 == separator || $0.isNewline }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Cells a spreadsheet quotes (in CSV, neutralised as `list` neutralises a cell that
  /// starts as a formula) read back to their text.
  @Test func cellsQuotedAsASpreadsheetQuotesThemReadBack() throws {
    var generator = SeededGenerator(seed: 0xE3CE1)
    // A spreadsheet writes no backslash escapes: cells without backslashes read back in
    // TSV too, where a backslash is an escape.
    let characters = Self.tricky.filter { $0 != "\\" }
    for round in 0..<3000 {
      let csv = Bool.random(using: &generator)
      let separator: Character = csv ? "," : "\t"
      let lineEnd = csv || Bool.random(using: &generator) ? "\r\n" : "\n"
      let rows = (0..<Int.random(in: 1...4, using: &generator)).map { row in
        [
          "R\(row)"
            + text(
              &generator, from: characters.filter { Self.nameCharacters.contains($0) },
              length: 0...4) + "z",
          text(&generator, from: characters, length: 0...10),
          text(&generator, from: characters, length: 0...6),
        ]
      }
      var listing = Bool.random(using: &generator) ? "\u{FEFF}" : ""
      listing += ["name", "weapon", "description", "team"].joined(separator: String(separator))
      listing += lineEnd
      for row in rows {
        // In CSV, as `list` leaves them for a spreadsheet to save: a cell that starts as a
        // formula would, with an apostrophe before it.
        let cells = [row[0], "fire", row[1], row[2]].map {
          spreadsheetCell(csv ? MonsterImport.spreadsheetSafe($0) : $0, separator: separator)
        }
        listing += cells.joined(separator: String(separator)) + lineEnd
      }
      let read = try MonsterImport.read(Array(listing.utf8), format: csv ? .csv : .tsv)
      #expect(
        read.map(\.monster.name) == rows.map { $0[0] },
        "round \(round): \(listing.debugDescription)")
      #expect(
        read.map(\.monster.description) == rows.map { $0[1] },
        "round \(round): \(listing.debugDescription)")
      #expect(
        read.map { $0.monster.otherFields.first?.value }
          == rows.map { $0[2].isEmpty ? nil : .string($0[2]) },
        "round \(round): \(listing.debugDescription)")
    }
  }
}

extension [Int] {
  fileprivate var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}
