import Foundation
import MonsterKit
import ProgramRunning
import TestSupport
import Testing

/// `monsters schema` against a real validator, check-jsonschema (or the jsonschema library
/// it is built on), both ways: every roster `check` accepts passes the roster's schema, and
/// a monster with an undeclared weapon, a value outside a field's values or range, or a
/// missing key fails both. CI installs check-jsonschema and sets
/// `MONSTERS_SCHEMA_VALIDATOR_REQUIRED`, so that there the test never skips.
@Suite struct SchemaValidatorTests {
  private static let skipReason: Comment =
    "neither check-jsonschema nor python3's jsonschema is installed (pip install check-jsonschema)"

  @Test func ciHasAValidator() {
    guard ProcessInfo.processInfo.environment["MONSTERS_SCHEMA_VALIDATOR_REQUIRED"] != nil else {
      return
    }
    #expect(Validator.found != nil, Self.skipReason)
  }

  /// A roster file, and whether `check` should accept it.
  private struct Case {
    var name: String
    var text: String
    var isValid: Bool
    /// Whether it declares what the roster of the schema declares, so that
    /// `monsters schema` of it is that schema; otherwise it has none (65).
    var declaresAsTheRoster = true
    /// Whether a validator that reads numbers as doubles can judge it.
    var doublesSuffice = true
  }

  /// Writes the cases and the roster's schema, and asks both `check` and the validator.
  /// `monsters schema` of each case, valid or not, is that schema: the broken ones break
  /// rules of monsters only, and an editor needs the schema most while a monster is wrong.
  private func expectAgreement(
    _ cases: [Case], schemaOf roster: Roster, harness: CommandLineHarness, label: String
  ) throws {
    let schema = harness.path("\(label).schema.json")
    try Data(roster.jsonSchemaBytes()).write(to: URL(fileURLWithPath: schema))
    for item in cases { try harness.write(item.text, to: harness.path(item.name)) }
    for validator in Validator.available {
      let judged = cases.filter { validator.readsNumbersExactly || $0.doublesSuffice }
      let failing = try validator.failing(judged.map(\.name), schema: schema, in: harness.folder)
      for item in judged {
        #expect(
          failing.contains(item.name) == !item.isValid,
          "\(label) \(item.name) (\(validator)): the schema \(item.isValid ? "refuses" : "takes") it\n\(item.text)"
        )
      }
    }
    let schemaText = String(decoding: roster.jsonSchemaBytes(), as: UTF8.self)
    for item in cases {
      let ownSchema = harness.run(["--file", harness.path(item.name), "schema"])
      if item.declaresAsTheRoster {
        #expect(ownSchema == CommandResult(.success, output: schemaText), "\(label) \(item.name)")
      } else {
        #expect(ownSchema.code == .dataError, "\(label) \(item.name)")
      }
      let problems = try Self.problems(of: harness.path(item.name), harness: harness)
      #expect(problems.isEmpty == item.isValid, "\(label) \(item.name): \(problems)")
    }
  }

  /// A roster whose top level or declarations break a rule has no schema to print: the
  /// schema would say what the file does not mean. Its problems are the error, as `check`
  /// gives them.
  @Test(arguments: [
    (
      #"{"version": 1, "fields": [{"name": "team", "type": "colour"}], "monsters": []}"#,
      "1:27"
    ),
    (#"{"version": 1, "weapons": ["fire", "Fire"], "monsters": []}"#, "1:36"),
    (#"{"version": 2, "monsters": []}"#, "1:13"),
    (#"{"version": 1, "monsters": {}}"#, "1:28"),
    (#"{"version": 1}"#, "1:1"),
    (#"[]"#, "1:1"),
  ])
  func noSchemaOfARosterWhoseDeclarationsAreBroken(text: String, position: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(text)
    let result = harness.run(["schema"])
    #expect(result.code == .dataError)
    #expect(result.output == "")
    #expect(result.errors.contains("monsters.json:\(position): "), "\(result.errors)")
    #expect(harness.run(["check"]).output.contains("monsters.json:\(position): "))
  }

  /// A monster breaking a rule leaves the schema as the file declares it; a syntax error
  /// leaves nothing to print.
  @Test func schemaOfARosterWhoseMonstersAloneAreBroken() throws {
    let harness = try CommandLineHarness()
    let broken = teamRosterText.replacing(
      "\"team\": \"red\"", with: "\"team\": \"green\"", maxReplacements: 1)
    try #require(broken != teamRosterText)
    try harness.writeRoster(broken)
    let schema = try Roster(jsonBytes: Array(teamRosterText.utf8)).jsonSchemaBytes()
    #expect(
      harness.run(["schema"])
        == CommandResult(.success, output: String(decoding: schema, as: UTF8.self)))
    #expect(harness.run(["check"]).code == .failure)
    try harness.writeRoster("{\"version\": 1, \"monsters\": [")
    let syntax = harness.run(["schema"])
    #expect(syntax.code == .dataError && syntax.output.isEmpty)
    #expect(syntax.errors.contains("monsters.json:1:"), "\(syntax.errors)")
  }

  /// The team roster with one thing in it replaced, which must be there.
  private static func teamRoster(replacing old: String, with new: String) -> String {
    precondition(teamRosterText.contains(old), old)
    return teamRosterText.replacing(old, with: new, maxReplacements: 1)
  }

  @Test(.enabled(if: Validator.found != nil, skipReason))
  func theTeamRosterAndItsBrokenCopies() throws {
    let harness = try CommandLineHarness()
    let roster = try Roster(jsonBytes: Array(teamRosterText.utf8))
    let (health, weapon, colour) = (
      "\"health\": 80", "\"weapon\": \"sword\"", "\"nameColor\": \"blue\""
    )
    let copies: [(name: String, old: String, new: String, isValid: Bool)] = [
      ("health-ten.json", health, "\"health\": 1e1", true),
      ("health-float.json", health, "\"health\": 80.0", true),
      ("axe.json", weapon, "\"weapon\": \"axe\"", false),
      ("sword-case.json", weapon, "\"weapon\": \"Sword\"", false),
      ("green.json", "\"team\": \"red\"", "\"team\": \"green\"", false),
      ("health-high.json", health, "\"health\": 101", false),
      ("health-half.json", health, "\"health\": 5.5", false),
      ("health-text.json", health, "\"health\": \"80\"", false),
      ("no-icon.json", "      \"icon\": \"meetcatbot.png\",\n", "", false),
      ("colour.json", colour, "\"nameColor\": \"#00FF7F\"", true),
      ("purple.json", colour, "\"nameColor\": \"purple\"", false),
      ("colour-line-break.json", colour, "\"nameColor\": \"#00FF7F\\n\"", false),
    ]
    let cases =
      [Case(name: "team.json", text: teamRosterText, isValid: true)]
      + copies.map { name, old, new, isValid in
        Case(name: name, text: Self.teamRoster(replacing: old, with: new), isValid: isValid)
      }
    try expectAgreement(cases, schemaOf: roster, harness: harness, label: "team")
  }

  /// Where the schema and `check` once disagreed, they agree, both ways: a `null` colour
  /// and a version written `1.0` are taken by both; empty `weapons` or `values`, a minimum
  /// over the maximum, a default without `required`, values alike in case, a name with
  /// white space around it or a format character, a key no field declares (the roster
  /// declares fields) and an integer's fraction a double would lose are refused by both.
  @Test(.enabled(if: Validator.found != nil, skipReason))
  func theCasesTheyOnceDisagreedOnAgree() throws {
    let harness = try CommandLineHarness()
    let roster = try Roster(jsonBytes: Array(teamRosterText.utf8))
    let replacing: (String, String) -> String = { Self.teamRoster(replacing: $0, with: $1) }
    let cases = [
      Case(
        name: "null-colour.json",
        text: replacing(
          "\"weapon\": \"laser\",\n      \"nameColor\": \"blue\"",
          "\"weapon\": \"laser\",\n      \"nameColor\": null"),
        isValid: true),
      Case(
        name: "version-1.0.json", text: replacing("\"version\": 1", "\"version\": 1.0"),
        isValid: true),
      Case(
        name: "no-weapons.json",
        text: replacing(
          "\"weapons\": [\n    \"sword\",\n    {\n      \"name\": \"laser\",\n      \"image\": \"laser.png\"\n    }\n  ]",
          "\"weapons\": []"),
        isValid: false, declaresAsTheRoster: false),
      Case(
        name: "no-values.json",
        text: replacing(
          "\"values\": [\n        \"red\",\n        \"blue\"\n      ]", "\"values\": []"),
        isValid: false, declaresAsTheRoster: false),
      Case(
        name: "values-in-two-cases.json",
        text: replacing("\"blue\"\n      ]", "\"blue\",\n        \"RED\"\n      ]"), isValid: false,
        declaresAsTheRoster: false),
      Case(
        name: "minimum-over-maximum.json", text: replacing("\"minimum\": 1,", "\"minimum\": 101,"),
        isValid: false, declaresAsTheRoster: false),
      Case(
        name: "default-without-required.json",
        text: replacing("\"name\": \"notes\"", "\"name\": \"notes\", \"default\": \"x\""),
        isValid: false, declaresAsTheRoster: false),
      Case(
        name: "name-with-spaces.json", text: replacing("\"Dog-Bot\"", "\" Dog-Bot \""),
        isValid: false),
      Case(
        name: "name-with-a-format-character.json",
        text: replacing("\"Dog-Bot\"", "\"Dog\\u200b-Bot\""), isValid: false),
      Case(
        name: "undeclared-key.json",
        text: replacing("\"health\": 80", "\"health\": 80, \"levl\": 9"),
        isValid: false),
      Case(
        name: "integer-with-a-fraction.json",
        text: replacing("\"health\": 80", "\"health\": 99.9999999999999999"), isValid: false,
        doublesSuffice: false),
    ]
    try expectAgreement(cases, schemaOf: roster, harness: harness, label: "once")
  }

  /// Keys, values and weapons in another normal form than the declared ones (`é` composed
  /// and decomposed, `K` and KELVIN SIGN): other strings to both, as JSON compares strings.
  @Test(.enabled(if: Validator.found != nil, skipReason))
  func keysValuesAndWeaponsInAnotherNormalForm() throws {
    let harness = try CommandLineHarness()
    func roster(_ keys: String, weapon: String = "fire") -> String {
      #"""
      { "version": 1,
        "weapons": ["fire", {"name": "Katana", "image": "katana.png"}],
        "fields": [
          { "name": "\u00e9", "type": "integer", "required": true },
          { "name": "team", "values": ["\u00e9"] }],
        "monsters": [
          { "name": "A", "description": "", "icon": "a.png", "weapon": "\#(weapon)"\#(keys) }] }
      """#
    }
    /// A valid roster in canonical form, which `check` asks for.
    func canonical(_ text: String) throws -> String {
      String(decoding: try Roster(jsonBytes: Array(text.utf8)).canonicalJSON(), as: UTF8.self)
    }
    let cases = [
      Case(
        name: "composed.json", text: try canonical(roster(#", "\u00e9": 5, "team": "\u00e9""#)),
        isValid: true),
      Case(name: "decomposed-key.json", text: roster(#", "e\u0301": 5"#), isValid: false),
      // A key no field declares, which the roster refuses: the field in another form.
      Case(
        name: "decomposed-text.json", text: roster(#", "e\u0301": "text", "\u00e9": 5"#),
        isValid: false),
      Case(
        name: "decomposed-value.json", text: roster(#", "\u00e9": 5, "team": "e\u0301""#),
        isValid: false),
      Case(
        name: "kelvin.json", text: roster(#", "\u00e9": 5"#, weapon: #"\u212Aatana"#),
        isValid: false),
    ]
    try expectAgreement(
      cases, schemaOf: try Roster(jsonBytes: Array(cases[0].text.utf8)), harness: harness,
      label: "forms")
  }

  /// Random rosters with weapons and fields of their own, each as written and with one
  /// thing broken that a schema can see.
  @Test(.enabled(if: Validator.found != nil, skipReason))
  func randomRostersAndTheirBrokenCopies() throws {
    let harness = try CommandLineHarness()
    var generator = SeededGenerator(seed: 25)
    for round in 0..<8 {
      let roster = try Self.randomRoster(using: &generator)
      let text = String(decoding: roster.canonicalJSON(), as: UTF8.self)
      var cases = [Case(name: "r\(round).json", text: text, isValid: true)]
      for (number, broken) in Self.brokenCopies(of: text, roster: roster).enumerated() {
        cases.append(Case(name: "r\(round)-\(number).json", text: broken, isValid: false))
      }
      try expectAgreement(cases, schemaOf: roster, harness: harness, label: "r\(round)")
    }
  }

  /// A property: for random declarations (weapons of its own or not, text, integer and
  /// values fields, bounds up to the ends of 64 bits, required fields, other keys kept or
  /// refused), each spelled any way the reader reads as the same, or with one declaration
  /// broken (`"weapons": []`, `"values": []`, values alike in case, a minimum over the
  /// maximum, a default without `required`, a name that folds to a built-in one, a version
  /// other than 1), and random monsters whose names, weapons and fields hold values of
  /// every kind, fitting or not (numbers written `7.0`, `1e1`, `-0`, `1E400`, past 64 bits,
  /// `9.9999999999999999`; values in another case or normal form; strings for numbers,
  /// `null`; names with white space at an end or a control or format character; keys no
  /// field declares), `check`'s verdict is the validator's: every validator's, but that
  /// check-jsonschema, which reads numbers as doubles, is not asked of a file that holds a
  /// number a double cannot tell apart. Set `MONSTERS_SCHEMA_PROPERTY_ROUNDS` to run more
  /// rounds than the few of a test run.
  @Test(.enabled(if: Validator.found != nil, skipReason))
  func checkAndTheSchemaAgreeOnRandomDeclarationsAndValues() throws {
    let harness = try CommandLineHarness()
    let rounds =
      ProcessInfo.processInfo.environment["MONSTERS_SCHEMA_PROPERTY_ROUNDS"].flatMap { Int($0) }
      ?? 4
    var generator = SeededGenerator(seed: 2_026)
    var (valid, refused) = (0, 0)
    for round in 0..<rounds {
      let declarations = RandomDeclarations(using: &generator)
      var files: [(name: String, file: RandomDeclarations.File)] = []
      for number in 0..<30 {
        let name = "p\(round)-\(number).json"
        // The first declares as the others do, unbroken: the schema is made from it.
        let broken = number > 0 && Int.random(in: 0..<4, using: &generator) == 0
        let file = declarations.roster(broken: broken, using: &generator)
        try harness.write(file.text, to: harness.path(name))
        files.append((name, file))
      }
      let schemaRun = harness.run(["--file", harness.path(files[0].name), "schema"])
      try #require(schemaRun.code == .success, "\(schemaRun.errors)\n\(files[0].file.text)")
      let schema = harness.path("p\(round).schema.json")
      try harness.write(schemaRun.output, to: schema)
      let verdicts = try files.map { item in
        try Self.problems(of: harness.path(item.name), harness: harness)
      }
      valid += verdicts.filter(\.isEmpty).count
      refused += verdicts.filter { !$0.isEmpty }.count
      for validator in Validator.available {
        let judged = files.filter { validator.readsNumbersExactly || $0.file.doublesSuffice }
        let failing = try validator.failing(judged.map(\.name), schema: schema, in: harness.folder)
        for (item, problems) in zip(files, verdicts)
        where judged.contains(where: { $0.name == item.name }) {
          #expect(
            problems.isEmpty == !failing.contains(item.name),
            Comment(
              rawValue: "\(item.name): check \(problems.isEmpty ? "takes" : "refuses") it, "
                + "\(validator) \(failing.contains(item.name) ? "refuses" : "takes") it\n"
                + "\(problems)\n\(item.file.text)"))
        }
      }
    }
    // The rounds reach both verdicts.
    #expect(valid > 10 && refused > 10, "\(valid) valid, \(refused) refused")
  }

  /// The problems `check` finds in a file that make it no valid roster: a file that is
  /// valid but not in canonical form (an integer written `5.0`) has none.
  private static func problems(of path: String, harness: CommandLineHarness) throws -> [String] {
    let check = harness.run(["check", "--format", "json", path])
    let report = try JSONSerialization.jsonObject(with: Data(check.output.utf8))
    return try #require(report as? [[String: Any]], "\(check.output)")
      .filter { $0["kind"] as? String != "layout" }.map { "\($0["message"] ?? "")" }
  }

  private static func randomRoster(using generator: inout SeededGenerator) throws -> Roster {
    let own = (0..<Int.random(in: 0...3, using: &generator)).map { Weapon(name: "ray\($0)") }
    let builtIn = Weapon.builtIn.shuffled(using: &generator)
      .prefix(Int.random(in: 1...5, using: &generator))
    let weapons: [Weapon]? = own.isEmpty && Bool.random(using: &generator) ? nil : builtIn + own
    let low = Int.random(in: -5...5, using: &generator)
    let fields = [
      try MonsterField(
        declaring: "team", kind: .values(["red", "blue", "a b"]),
        isRequired: Bool.random(using: &generator), defaultValue: nil),
      try MonsterField(declaring: "level", kind: .integer(minimum: low, maximum: low + 10)),
      try MonsterField(declaring: "notes", kind: .text),
    ]
    var roster = try Roster([], weapons: weapons, fields: fields)
    let choices = roster.weapons
    for number in 0..<Int.random(in: 1...5, using: &generator) {
      var changes = RosterEdit.Changes(
        weapon: choices.randomElement(using: &generator),
        description: Bool.random(using: &generator) ? "Beep \(number)" : nil)
      changes.set(
        "team", to: .typed(["red", "blue", "a b"].randomElement(using: &generator) ?? ""))
      if Bool.random(using: &generator) {
        changes.set("level", to: .typed("\(Int.random(in: low...(low + 10), using: &generator))"))
      }
      if Bool.random(using: &generator) { changes.set("notes", to: .typed("n\(number)")) }
      if Bool.random(using: &generator) {
        changes.set("nameColor", to: .typed(Bool.random(using: &generator) ? "red" : "#A0B0C0"))
      }
      try roster.apply(.addNamed("Bot-\(number)", changes, ifTaken: .fail))
    }
    return roster
  }

  /// Copies of a roster's canonical text, each with one thing broken: a weapon it lacks, a
  /// value outside a field's values or range, a built-in key or a required field missing.
  private static func brokenCopies(of text: String, roster: Roster) -> [String] {
    var copies: [String] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    /// The text with a monster's first line of a key given a new value, or taken away.
    func replacing(_ key: String, with value: String?) {
      let start = "      \"\(key)\": "
      guard let index = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return }
      var copy = lines
      let comma = lines[index].hasSuffix(",") ? "," : ""
      if let value {
        copy[index] = start + value + comma
      } else {
        copy.remove(at: index)
        // The key before a removed last key loses its comma.
        if comma.isEmpty { copy[index - 1].removeLast() }
      }
      copies.append(copy.joined(separator: "\n"))
    }
    replacing("weapon", with: "\"axe\"")
    replacing("team", with: "\"green\"")
    replacing("level", with: "99")
    replacing("description", with: nil)
    if roster.declaredFields.first(where: { $0.key == "team" })?.isRequired == true {
      replacing("team", with: nil)
    }
    return copies
  }
}
