import TestSupport
import Testing

@testable import MonsterKit

/// The rules a name follows: no control or format character, no white space at either end;
/// refused when added or renamed to, and reported where a file breaks them.
@Suite struct NameRulesTests {
  /// Names with a format character, and what the refusal says of it.
  static let formatCharacters: [(String, String)] = [
    ("Ice\u{200B}-Bot", "U+200B (ZERO WIDTH SPACE)"),
    ("Ice\u{200C}-Bot", "U+200C (ZERO WIDTH NON-JOINER)"),
    ("Ice\u{200D}-Bot", "U+200D (ZERO WIDTH JOINER)"),
    ("Ice\u{2060}-Bot", "U+2060 (WORD JOINER)"),
    ("\u{FEFF}Ice-Bot", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ("Ice-Bot\u{202E}", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("Ice\u{2066}-Bot", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
    ("Ice\u{200F}-Bot", "U+200F (RIGHT-TO-LEFT MARK)"),
    ("Ice\u{61C}-Bot", "U+061C (ARABIC LETTER MARK)"),
    ("Ice\u{AD}Bot", "U+00AD (SOFT HYPHEN)"),
    ("Ice-Bot\u{E0001}", "U+E0001 (LANGUAGE TAG)"),
  ]

  /// Names with white space at one end, and what the refusal says of it.
  static let spaceAtAnEnd: [(String, String)] = [
    (" Ice-Bot", "starts with white space, U+0020 (SPACE)"),
    ("Ice-Bot ", "ends with white space, U+0020 (SPACE)"),
    ("Ice-Bot\u{A0}", "ends with white space, U+00A0 (NO-BREAK SPACE)"),
    ("\u{3000}Ice-Bot", "starts with white space, U+3000 (IDEOGRAPHIC SPACE)"),
    ("Ice-Bot\u{2028}", "ends with white space, U+2028 (LINE SEPARATOR)"),
    ("Ice-Bot\u{2029}", "ends with white space, U+2029 (PARAGRAPH SEPARATOR)"),
    ("\u{1680}Ice-Bot", "starts with white space, U+1680 (OGHAM SPACE MARK)"),
    ("Ice-Bot\u{205F}", "ends with white space, U+205F (MEDIUM MATHEMATICAL SPACE)"),
    (" ", "starts with white space, U+0020 (SPACE)"),
  ]

  @Test(arguments: formatCharacters)
  func aNameWithAFormatCharacterIsRefused(_ name: String, _ character: String) {
    var roster = Roster.seeded
    let problem = Monster.problem(withName: name)
    #expect(problem?.description == "it holds a format character, \(character)")
    let refusal = RosterError.invalidName(name, reason: problem ?? .empty)
    #expect(throws: refusal) {
      try roster.add(Monster(name: name, description: "", icon: "x.png", weapon: .fire))
    }
    #expect(throws: refusal) { try roster.apply(.rename("ice-bot", to: name)) }
    #expect(roster == Roster.seeded)
  }

  @Test(arguments: spaceAtAnEnd)
  func aNameWithWhiteSpaceAtAnEndIsRefused(_ name: String, _ reason: String) {
    var roster = Roster.seeded
    let problem = Monster.problem(withName: name)
    #expect(problem?.description == "it " + reason)
    #expect(throws: RosterError.invalidName(name, reason: problem ?? .empty)) {
      try roster.add(Monster(name: name, description: "", icon: "x.png", weapon: .fire))
    }
    #expect(throws: RosterError.invalidName(name, reason: problem ?? .empty)) {
      try roster.apply(.rename("ice-bot", to: name))
    }
    #expect(roster == Roster.seeded)
  }

  @Test(arguments: ["Ice Bot", "Ice\u{A0}Bot", "Mini Tomato Bot", "Ice\u{3000}Bot", "👍🏽-Bot", "é"])
  func whiteSpaceInsideANameIsFine(_ name: String) throws {
    var roster = Roster.seeded
    try roster.add(Monster(name: name, description: "", icon: "x.png", weapon: .fire))
    #expect(roster.monster(named: name)?.name == name)
  }

  @Test func aLookupWithSpaceAtAnEndFindsNothingAndSuggestsTheName() {
    #expect(Roster.seeded.monster(named: "Ice-Bot\u{A0}") == nil)
    #expect(throws: RosterError.noSuchMonster("Ice-Bot ", suggestion: "Ice-Bot")) {
      _ = try Roster.seeded.existingIndex(named: "Ice-Bot ")
    }
  }

  /// A file written by an older `monsters`, with names that look like others.
  @Test(arguments: [
    (#"Ice-Bot\u00a0"#, "ends with white space, U+00A0 (NO-BREAK SPACE)"),
    ("Ice-Bot\u{A0}", "ends with white space, U+00A0 (NO-BREAK SPACE)"),
    (#"Ice\u200b-Bot"#, "holds a format character, U+200B (ZERO WIDTH SPACE)"),
    ("Ice\u{200B}-Bot", "holds a format character, U+200B (ZERO WIDTH SPACE)"),
    ("\u{FEFF}Ice-Bot", "holds a format character, U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    (" Ice-Bot", "starts with white space, U+0020 (SPACE)"),
  ])
  func aFileWithABadNameIsInvalidWithWhereAndHowToFixIt(_ written: String, _ reason: String) {
    let text = rosterText(
      #"{"name": "Ice-Bot", "description": "", "icon": "a.png", "weapon": "fire"}"#,
      #"{"name": "\#(written)", "description": "", "icon": "b.png", "weapon": "fire"}"#)
    let problem = RosterProblem(
      line: 5, column: 14, message: "monster 2: the name \(reason); correct it in the file")
    #expect(throws: RosterError.invalidRoster(path: scratchPath, problems: [problem])) {
      try readRoster(text)
    }
  }

  /// The word-at-a-time search for a control character against a byte-by-byte one: at
  /// every length around the words (8 bytes) and their overlapping last one, with a control
  /// character (C0, DEL, C1 as 0xC2 then 0x80...0x9F, or a 0xC2 at the very end), a byte
  /// beyond ASCII, or nothing, at every place.
  @Test func aControlCharacterIsFoundAtEveryPlace() {
    func model(_ bytes: [UInt8]) -> Bool {
      bytes.indices.contains { k in
        bytes[k] < 0x20 || bytes[k] == 0x7F
          || bytes[k] == 0xC2 && k + 1 < bytes.count && bytes[k + 1] & 0xE0 == 0x80
      }
    }
    var generator = SeededGenerator(seed: 0x7F)
    let oddBytes: [[UInt8]] = [
      [0x00], [0x1F], [0x7F], [0xC2, 0x85], [0xC2, 0x9F], [0xC3, 0xA9], [0xC2],
    ]
    for count in 0...40 {
      let printable = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
      var variants = [printable]
      for place in 0...count {
        for odd in oddBytes { variants.append(printable[..<place] + odd + printable[place...]) }
      }
      for bytes in variants {
        let found = bytes.withUnsafeBytes { holdsControlCharacter($0) }
        #expect(found == model(bytes), "\(bytes)")
      }
    }
  }
}
