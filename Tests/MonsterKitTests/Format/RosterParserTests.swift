import Testing

@testable import MonsterKit

private let weaponList = "the weapons are blowgun, ninjaStar, fire, sword, smoke"
private let colourList = "use black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB"

/// The error a file breaking roster rules gives: every problem, in file order.
private func invalid(_ problems: (Int, Int, String)...) -> RosterError {
  .invalidRoster(
    path: scratchPath,
    problems: problems.map { RosterProblem(line: $0.0, column: $0.1, message: $0.2) })
}

/// A monster object on one line, with the four required keys and then `extra`.
///
/// Laid out by ``rosterText(_:)``, the object starts at column 5 and its name's value at
/// column 14.
private func monster(
  _ name: String, description: String = "d", icon: String = "a.png", weapon: String = "fire",
  extra: String = ""
) -> String {
  #"{"name": "\#(name)", "description": "\#(description)", "icon": "\#(icon)", "weapon": "\#(weapon)"\#(extra)}"#
}

@Suite struct RosterParserTests {
  // MARK: - The top level

  @Test func missingVersionIsAProblem() {
    #expect(throws: invalid((1, 1, "the roster has no 'version'"))) {
      try readRoster(#"{"monsters": []}"#)
    }
  }

  @Test(arguments: ["2", "10", "99999999999999999999"])
  func newerVersionIsRefusedAsNewer(_ version: String) {
    let message =
      "the file is roster version \(version), newer than this reader supports (1)"
    #expect(throws: invalid((1, 13, message))) {
      try readRoster(#"{"version": \#(version), "monsters": []}"#)
    }
  }

  @Test(arguments: [
    #""1""#, "1.5", "0", "-1", "0.9999999999999999999", "null", "true", "[1]", "{}",
  ])
  func versionThatIsNotTheNumberOneIsWrong(_ version: String) {
    #expect(throws: invalid((1, 13, "'version' must be 1"))) {
      try readRoster(#"{"version": \#(version), "monsters": []}"#)
    }
  }

  /// A version JSON writes otherwise than `1` is 1, as a JSON Schema validator reads it;
  /// the canonical form writes it `1`.
  @Test(arguments: ["1.0", "1e0", "10E-1", "0.1e1"])
  func versionOneWrittenAnotherWayIsOne(_ version: String) throws {
    let roster = try readRoster(#"{"version": \#(version), "monsters": []}"#)
    #expect(roster.isEmpty)
    #expect(
      String(decoding: roster.canonicalJSON(), as: UTF8.self).hasPrefix("{\n  \"version\": 1,"))
  }

  @Test func missingMonstersIsAProblem() {
    #expect(throws: invalid((1, 1, "the roster has no 'monsters'"))) {
      try readRoster(#"{"version": 1}"#)
    }
    #expect(
      throws: invalid(
        (2, 1, "the roster has no 'version'"), (2, 1, "the roster has no 'monsters'"))
    ) {
      try readRoster("\n{}\n")
    }
  }

  @Test(arguments: ["{}", "null", #""Cat-Bot""#, "6"])
  func monstersThatAreNotAnArrayAreAProblem(_ monsters: String) {
    #expect(throws: invalid((1, 28, "'monsters' must be an array"))) {
      try readRoster(#"{"version": 1, "monsters": \#(monsters)}"#)
    }
  }

  @Test func aMonsterThatIsNotAnObjectIsAProblem() {
    #expect(throws: invalid((1, 29, "monster 1 is not an object"))) {
      try readRoster(#"{"version": 1, "monsters": ["Cat-Bot"]}"#)
    }
  }

  @Test func everyMonsterThatIsNotAnObjectIsOneProblem() {
    #expect(
      throws: invalid(
        (1, 29, "monster 1 is not an object"), (1, 32, "monster 2 is not an object"),
        (1, 35, "monster 3 is not an object"))
    ) {
      try readRoster(#"{"version": 1, "monsters": [1, 2, []]}"#)
    }
  }

  // MARK: - A monster's keys

  @Test(arguments: ["description", "icon", "weapon"])
  func missingRequiredKeyIsAProblem(_ key: String) {
    let fields = [
      #""name": "A""#, #""description": "d""#, #""icon": "a.png""#, #""weapon": "fire""#,
    ].filter { !$0.hasPrefix("\"\(key)\"") }
    #expect(throws: invalid((4, 5, "monster 1 ('A'): no '\(key)'"))) {
      try readRoster(rosterText("{" + fields.joined(separator: ", ") + "}"))
    }
  }

  @Test func missingNameIsAProblem() {
    #expect(throws: invalid((4, 5, "monster 1: no 'name'"))) {
      try readRoster(rosterText(#"{"description": "d", "icon": "a.png", "weapon": "fire"}"#))
    }
  }

  @Test func everyMissingKeyIsAProblemInTheOrderOfTheKeys() {
    #expect(
      throws: invalid(
        (1, 1, "the roster has no 'version'"),
        (1, 15, "monster 1 ('A'): no 'description'"),
        (1, 15, "monster 1 ('A'): no 'icon'"),
        (1, 15, "monster 1 ('A'): no 'weapon'"),
        (1, 30, "monster 2: no 'name'"),
        (1, 30, "monster 2: no 'description'"),
        (1, 30, "monster 2: no 'icon'"),
        (1, 30, "monster 2: no 'weapon'"))
    ) {
      try readRoster(#"{"monsters": [{"name": "A"}, {}]}"#)
    }
  }

  @Test func monstersWithoutANameAreNotTakenForTwoOfTheSameName() {
    #expect(
      throws: invalid(
        (4, 5, "monster 1: no 'name'"), (5, 5, "monster 2: no 'name'"),
        (6, 5, "monster 3 is not an object"), (7, 5, "monster 4 is not an object"))
    ) {
      try readRoster(
        rosterText(
          #"{"description": "d", "icon": "a.png", "weapon": "fire"}"#,
          #"{"description": "d", "icon": "b.png", "weapon": "fire"}"#, "1", "2"))
    }
  }

  @Test(arguments: [
    ("name", "5", 14, "monster 1: 'name' must be a string"),
    ("description", "null", 34, "monster 1 ('A'): 'description' must be a string"),
    ("icon", "[]", 47, "monster 1 ('A'): 'icon' must be a string"),
    ("weapon", "{}", 66, "monster 1 ('A'): 'weapon' must be a string"),
    ("nameColor", "1", 87, "monster 1 ('A'): 'nameColor' must be a string"),
    ("nameColor", "false", 87, "monster 1 ('A'): 'nameColor' must be a string"),
  ])
  func fieldOfTheWrongTypeIsAProblem(key: String, value: String, column: Int, message: String) {
    let values = [
      "name": #""A""#, "description": #""d""#, "icon": #""a.png""#, "weapon": #""fire""#,
      "nameColor": #""red""#,
    ].merging([key: value]) { $1 }
    let object =
      ["name", "description", "icon", "weapon", "nameColor"]
      .map { #""\#($0)": \#(values[$0] ?? "")"# }.joined(separator: ", ")
    #expect(throws: invalid((4, column, message))) {
      try readRoster(rosterText("{" + object + "}"))
    }
  }

  // MARK: - Names

  @Test func emptyNameIsAProblem() {
    #expect(throws: invalid((4, 14, "monster 1: the name is empty; correct it in the file"))) {
      try readRoster(rosterText(monster("")))
    }
  }

  @Test(arguments: [
    (#"A\u0007B"#, "U+0007"),
    (#"A\nB"#, "U+000A"),
    (#"\u001b[2J"#, "U+001B"),
    ("A\u{7F}", "U+007F"),
    (#"A\u007f"#, "U+007F"),
    ("A\u{85}", "U+0085"),
    (#"A\u0085"#, "U+0085"),
    ("\u{9F}", "U+009F"),
  ])
  func nameWithAControlCharacterIsAProblem(written: String, code: String) {
    let message = "monster 1: the name holds a control character, \(code); correct it in the file"
    #expect(throws: invalid((4, 14, message))) {
      try readRoster(rosterText(monster(written)))
    }
  }

  @Test(arguments: ["A\u{A0}B", "\u{100}", #"\u0100"#, "A\u{2028}B", "😀", #"\ud83d\ude00"#])
  func nameWithoutAControlCharacterIsFine(_ written: String) throws {
    #expect(try readRoster(rosterText(monster(written))).count == 1)
  }

  @Test(arguments: [
    ("Cat-Bot", "cat-bot"),
    ("Cat-Bot", "CAT-BOT"),
    ("Cat-Bot", #"c\u0061t-bot"#),
    ("Émile", "émile"),
    (#"\u00c9mile"#, "ÉMILE"),
    ("Kat", "\u{212A}at"),
    ("Kat", #"\u212Aat"#),
    ("\u{212A}at", "kat"),
    ("Émile", "E\u{301}mile"),
  ])
  func twoNamesEqualIgnoringCaseAreAProblem(first: String, second: String) throws {
    let text = rosterText(monster(first), monster(second))
    let roster = try RosterFile(path: scratchPath).parse(RosterBytes(Array(text.utf8)))
    let names = roster.0.map(\.name)
    // One text in two Unicode forms (`K` and the Kelvin sign, `É` and `E` with an accent)
    // is named so; names that differ in case are compared ignoring it.
    let twoForms =
      names[0] == names[1] && !names[0].unicodeScalars.elementsEqual(names[1].unicodeScalars)
    #expect(
      throws: invalid(
        (
          5, 14,
          "monster 2 ('\(names[1])'): the name is taken by monster 1 ('\(names[0])'); "
            + "names are compared \(twoForms ? "in any Unicode form" : "ignoring case")"
        ))
    ) {
      try readRoster(text)
    }
  }

  @Test func everyNameTakenIsAProblemNamingTheFirstHolder() {
    let monsters = (0..<100).map { monster($0 == 70 ? "m-5" : $0 == 90 ? "M-5" : "M-\($0)") }
    #expect(
      throws: invalid(
        (
          74, 14,
          "monster 71 ('m-5'): the name is taken by monster 6 ('M-5'); "
            + "names are compared ignoring case"
        ),
        (
          94, 14,
          "monster 91 ('M-5'): the name is taken by monster 6 ('M-5'); "
            + "names are compared ignoring case"
        ))
    ) {
      try readRoster(
        "{\n  \"version\": 1,\n  \"monsters\": [\n"
          + monsters.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n")
    }
  }

  @Test(arguments: ["Bot", "Émile"])
  func namesThatDifferAreFine(_ other: String) throws {
    let roster = try readRoster(rosterText(monster("Cat-Bot"), monster(other), monster("Emile")))
    #expect(roster.count == 3)
  }

  // MARK: - Weapons and colours

  @Test(arguments: ["axe", "Sword", "SWORD", "ninjastar", "ninja-star", "NinjaStar", " fire", ""])
  func weaponNotSpelledExactlyIsAProblem(_ weapon: String) {
    #expect(throws: invalid((4, 66, "monster 1 ('A'): unknown weapon '\(weapon)'; \(weaponList)")))
    {
      try readRoster(rosterText(monster("A", weapon: weapon)))
    }
  }

  @Test(arguments: WeaponType.allCases)
  func weaponSpelledExactlyIsRead(_ weapon: WeaponType) throws {
    let roster = try readRoster(rosterText(monster("A", weapon: weapon.rawValue)))
    #expect(roster.first?.weapon.type == weapon)
  }

  @Test func escapedWeaponIsRead() throws {
    let roster = try readRoster(rosterText(monster("A", weapon: #"ninja\u0053tar"#)))
    #expect(roster.first?.weapon.type == .ninjaStar)
  }

  @Test(arguments: ["Red", "RED", "pink", "#FF88", "#FF88001", "FF8800", "", "none"])
  func unknownColourIsAProblem(_ color: String) {
    #expect(
      throws: invalid((4, 87, "monster 1 ('A'): unknown name colour '\(color)'; \(colourList)"))
    ) {
      try readRoster(rosterText(monster("A", extra: #", "nameColor": "\#(color)""#)))
    }
  }

  @Test(arguments: [
    (#""red""#, NameColor.red), (##""#ff8800""##, .rgb(red: 255, green: 136, blue: 0)),
    (##""#FF8800""##, .rgb(red: 255, green: 136, blue: 0)), ("null", nil),
  ])
  func colourIsReadAsTheFileSpellsIt(_ written: String, _ color: NameColor?) throws {
    let roster = try readRoster(rosterText(monster("A", extra: #", "nameColor": \#(written)"#)))
    #expect(roster.first?.nameColor == color)
  }

  // MARK: - Many problems

  @Test func everyProblemIsReportedInFileOrder() {
    let text = """
      {
        "version": 2,
        "monsters": [
          {"name": "A", "description": "d", "icon": "a.png", "weapon": "axe"},
          {"name": "", "description": 5, "icon": "b.png", "weapon": "fire", "nameColor": "pink"},
          "not a monster",
          {"name": "a", "description": "d", "icon": "c.png"}
        ]
      }

      """
    #expect(
      throws: invalid(
        (
          2, 14,
          "the file is roster version 2, newer than this reader supports (1)"
        ),
        (4, 66, "monster 1 ('A'): unknown weapon 'axe'; \(weaponList)"),
        (5, 14, "monster 2: the name is empty; correct it in the file"),
        (5, 33, "monster 2: 'description' must be a string"),
        (5, 84, "monster 2: unknown name colour 'pink'; \(colourList)"),
        (6, 5, "monster 3 is not an object"),
        (7, 5, "monster 4 ('a'): no 'weapon'"),
        (
          7, 14,
          "monster 4 ('a'): the name is taken by monster 1 ('A'); "
            + "names are compared ignoring case"
        ))
    ) {
      try readRoster(text)
    }
  }
}
