import Foundation
import MonsterKit
import TestSupport
import Testing

/// `monsters schema` against a real validator, check-jsonschema (or the jsonschema library
/// it is built on), both ways: every roster `check` accepts passes the roster's schema, and
/// a monster with an undeclared weapon, a value outside a field's values or range, or a
/// missing key fails both. CI installs check-jsonschema and sets
/// `MONSTERS_SCHEMA_VALIDATOR_REQUIRED`, so that there the test never skips.
@Suite struct SchemaValidatorTests {
  /// A validator found on this machine: check-jsonschema, or python3 with jsonschema.
  enum Validator {
    case checkJSONSchema(URL)
    case pythonJSONSchema(URL)

    /// The validator, or `nil` when neither is installed.
    static let found: Validator? = available.first

    /// Every validator installed: check-jsonschema, then python3 with jsonschema, whose
    /// regular expressions differ (Python's `$` also matches before a final line break).
    static let available: [Validator] = {
      let folders =
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        + [packageRoot.appendingPathComponent(".build/ci-tools/bin").path]
      let files = FileManager.default
      func program(_ name: String) -> URL? {
        folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
          .first { files.isExecutableFile(atPath: $0.path) }
      }
      var validators: [Validator] = []
      if let url = program("check-jsonschema") { validators.append(.checkJSONSchema(url)) }
      if let python = program("python3"),
        (try? BuiltTool.run(python, ["-c", "import jsonschema"], in: "/"))?.status == 0
      {
        validators.append(.pythonJSONSchema(python))
      }
      return validators
    }()

    /// The files among some that fail a schema.
    func failing(_ files: [String], schema: String, in folder: String) throws -> Set<String> {
      switch self {
      case .checkJSONSchema(let url):
        let result = try BuiltTool.run(
          url, ["--schemafile", schema, "-o", "json"] + files, in: folder)
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        let object = try #require(report as? [String: Any], "\(result.output)\(result.errors)")
        let errors =
          (object["errors"] as? [[String: Any]] ?? [])
          + (object["parse_errors"] as? [[String: Any]] ?? [])
        return Set(errors.compactMap { $0["filename"] as? String })
      case .pythonJSONSchema(let url):
        let program = """
          import json, sys, jsonschema
          schema = json.load(open(sys.argv[1]))
          validator = jsonschema.Draft202012Validator(schema)
          for name in sys.argv[2:]:
              if not validator.is_valid(json.load(open(name))):
                  print(name)
          """
        let result = try BuiltTool.run(url, ["-c", program, schema] + files, in: folder)
        #expect(result.status == 0, "\(result.errors)")
        return Set(result.output.split(separator: "\n").map(String.init))
      }
    }
  }

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
      let failing = try validator.failing(cases.map(\.name), schema: schema, in: harness.folder)
      for item in cases {
        #expect(
          failing.contains(item.name) == !item.isValid,
          "\(label) \(item.name) (\(validator)): the schema \(item.isValid ? "refuses" : "takes") it\n\(item.text)"
        )
      }
    }
    let schemaText = String(decoding: roster.jsonSchemaBytes(), as: UTF8.self)
    for item in cases {
      #expect(
        harness.run(["--file", harness.path(item.name), "schema"])
          == CommandResult(.success, output: schemaText), "\(label) \(item.name)")
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

  @Test(.enabled(if: Validator.found != nil, skipReason))
  func theTeamRosterAndItsBrokenCopies() throws {
    let harness = try CommandLineHarness()
    let roster = try Roster(jsonBytes: Array(teamRosterText.utf8))
    func replacing(_ old: String, _ new: String) -> String {
      precondition(teamRosterText.contains(old), old)
      return teamRosterText.replacing(old, with: new, maxReplacements: 1)
    }
    let cases = [
      Case(name: "team.json", text: teamRosterText, isValid: true),
      Case(
        name: "health-ten.json", text: replacing("\"health\": 80", "\"health\": 1e1"), isValid: true
      ),
      Case(
        name: "health-float.json", text: replacing("\"health\": 80", "\"health\": 80.0"),
        isValid: true),
      Case(
        name: "axe.json", text: replacing("\"weapon\": \"sword\"", "\"weapon\": \"axe\""),
        isValid: false),
      Case(
        name: "sword-case.json", text: replacing("\"weapon\": \"sword\"", "\"weapon\": \"Sword\""),
        isValid: false),
      Case(
        name: "green.json", text: replacing("\"team\": \"red\"", "\"team\": \"green\""),
        isValid: false),
      Case(
        name: "health-high.json", text: replacing("\"health\": 80", "\"health\": 101"),
        isValid: false),
      Case(
        name: "health-half.json", text: replacing("\"health\": 80", "\"health\": 5.5"),
        isValid: false),
      Case(
        name: "health-text.json", text: replacing("\"health\": 80", "\"health\": \"80\""),
        isValid: false),
      Case(
        name: "no-icon.json", text: replacing("      \"icon\": \"meetcatbot.png\",\n", ""),
        isValid: false),
      Case(
        name: "colour.json",
        text: replacing("\"nameColor\": \"blue\"", "\"nameColor\": \"#00FF7F\""), isValid: true),
      Case(
        name: "purple.json",
        text: replacing("\"nameColor\": \"blue\"", "\"nameColor\": \"purple\""), isValid: false),
      Case(
        name: "colour-line-break.json",
        text: replacing("\"nameColor\": \"blue\"", "\"nameColor\": \"#00FF7F\\n\""), isValid: false),
    ]
    try expectAgreement(cases, schemaOf: roster, harness: harness, label: "team")
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
  /// values fields, bounds up to the ends of 64 bits, required fields) and random monsters
  /// whose weapons and fields hold values of every kind, fitting or not (numbers written
  /// `7.0`, `1e1`, `-0`, `1E400`, past 64 bits; values in another case or normal form;
  /// strings for numbers, `null`), `check`'s verdict is the validator's. Names and keys
  /// follow the rules a schema cannot say, so the two must agree on every file. Set
  /// `MONSTERS_SCHEMA_PROPERTY_ROUNDS` to run more rounds than the few of a test run.
  @Test(.enabled(if: Validator.found != nil, skipReason))
  func checkAndTheSchemaAgreeOnRandomDeclarationsAndValues() throws {
    let harness = try CommandLineHarness()
    let rounds =
      ProcessInfo.processInfo.environment["MONSTERS_SCHEMA_PROPERTY_ROUNDS"].flatMap { Int($0) }
      ?? 3
    var generator = SeededGenerator(seed: 2_026)
    for round in 0..<rounds {
      let declarations = RandomDeclarations(using: &generator)
      var names: [String] = []
      for number in 0..<30 {
        let name = "p\(round)-\(number).json"
        try harness.write(declarations.roster(using: &generator), to: harness.path(name))
        names.append(name)
      }
      let schemaRun = harness.run(["--file", harness.path(names[0]), "schema"])
      guard schemaRun.code == .success else {
        // Declarations that break a rule have no schema, and `check` refuses them.
        for name in names {
          #expect(harness.run(["check", harness.path(name)]).code == .failure, "\(name)")
        }
        continue
      }
      let schema = harness.path("p\(round).schema.json")
      try harness.write(schemaRun.output, to: schema)
      let validator = try #require(Validator.found)
      let failing = try validator.failing(names, schema: schema, in: harness.folder)
      for name in names {
        let problems = try Self.problems(of: harness.path(name), harness: harness)
        let text = try String(contentsOfFile: harness.path(name), encoding: .utf8)
        #expect(
          problems.isEmpty == !failing.contains(name),
          Comment(
            rawValue: "\(name): check \(problems.isEmpty ? "takes" : "refuses") it, the schema "
              + "\(failing.contains(name) ? "refuses" : "takes") it\n\(problems)\n\(text)"))
      }
    }
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

/// One of some items, at random.
private func pick<Item>(_ items: [Item], _ generator: inout SeededGenerator) -> Item {
  items[Int.random(in: 0..<items.count, using: &generator)]
}

/// Random declarations of a roster, and random rosters that declare them, written as JSON
/// text by hand so that numbers and strings may be written any way JSON allows.
private struct RandomDeclarations {
  enum Kind {
    case text
    case integer(minimum: Int?, maximum: Int?)
    case values([String])
  }

  var weapons: [String]?
  var fields: [(name: String, kind: Kind, isRequired: Bool)]

  init(using generator: inout SeededGenerator) {
    let builtIn = ["blowgun", "ninjaStar", "fire", "sword", "smoke"]
    if Bool.random(using: &generator) {
      weapons =
        Array(builtIn.shuffled(using: &generator).prefix(Int.random(in: 1...5, using: &generator)))
        + (0..<Int.random(in: 0...2, using: &generator)).map { "ray\($0)" }
    }
    let bounds = [0, 1, -1, 10, -10, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    let words = ["red", "blue", "Red", "a b", "\u{E9}", "K", "x\\y", "q\"q", "1", ""]
    fields = (0..<Int.random(in: 1...4, using: &generator)).map { number in
      let name = pick(["team", "h\u{E9}", "n o", "f"], &generator) + "\(number)"
      let kind: Kind
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: kind = .text
      case 1:
        var low = Bool.random(using: &generator) ? bounds.randomElement(using: &generator) : nil
        var high = Bool.random(using: &generator) ? bounds.randomElement(using: &generator) : nil
        if let lowest = low, let highest = high, lowest > highest { (low, high) = (high, low) }
        kind = .integer(minimum: low, maximum: high)
      default:
        kind = .values(
          Array(words.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator))))
      }
      return (name, kind, Int.random(in: 0..<4, using: &generator) == 0)
    }
  }

  /// A string as JSON writes it, its non-ASCII characters escaped or not.
  static func quoted(_ text: String, escapingAll: Bool) -> String {
    var result = "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        if !escapingAll, unit >= 0x80, let scalar = Unicode.Scalar(unit) {
          result.unicodeScalars.append(scalar)
        } else {
          result +=
            "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count)
            + String(unit, radix: 16)
        }
      }
    }
    return result + "\""
  }

  /// A roster of a few monsters with these declarations, each value fitting or not.
  func roster(using generator: inout SeededGenerator) -> String {
    let escaping = Bool.random(using: &generator)
    func quoted(_ text: String) -> String { Self.quoted(text, escapingAll: escaping) }
    var members: [String] = ["\"version\": 1"]
    if let weapons {
      members.append(
        "\"weapons\": ["
          + weapons.map { $0.hasPrefix("ray") ? "{\"name\": \(quoted($0))}" : quoted($0) }
          .joined(separator: ", ") + "]")
    }
    members.append(
      "\"fields\": ["
        + fields.map { field in
          var keys = ["\"name\": \(quoted(field.name))"]
          switch field.kind {
          case .text: break
          case .integer(let minimum, let maximum):
            keys.append("\"type\": \"integer\"")
            if let minimum { keys.append("\"minimum\": \(minimum)") }
            if let maximum { keys.append("\"maximum\": \(maximum)") }
          case .values(let values):
            keys.append("\"values\": [" + values.map(quoted).joined(separator: ", ") + "]")
          }
          if field.isRequired { keys.append("\"required\": true") }
          return "{" + keys.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]")
    let weaponNames = weapons ?? ["blowgun", "ninjaStar", "fire", "sword", "smoke"]
    let monsters = (0..<Int.random(in: 0...3, using: &generator)).map { number in
      var keys = [
        "\"name\": \"M\(number)\"", "\"description\": \"\"", "\"icon\": \"m.png\"",
      ]
      let weapon =
        Int.random(in: 0..<12, using: &generator) == 0
        ? pick(["axe", "Fire", "ninja-star", "ray9", "RAY0"], &generator)
        : pick(weaponNames, &generator)
      keys.append("\"weapon\": \(quoted(weapon))")
      if Int.random(in: 0..<4, using: &generator) == 0 {
        let color = pick(["red", "Red", "#a0b0c0", "#A0B0C", "purple", ""], &generator)
        keys.append("\"nameColor\": \(quoted(color))")
      }
      for field in fields where Int.random(in: 0..<4, using: &generator) != 0 {
        keys.append("\(quoted(field.name)): \(value(of: field.kind, using: &generator))")
      }
      if Int.random(in: 0..<20, using: &generator) == 0 {
        keys.remove(at: Int.random(in: 1...3, using: &generator))
      }
      if Int.random(in: 0..<10, using: &generator) == 0 { keys.append("\"other\": [1, null]") }
      return "{" + keys.joined(separator: ", ") + "}"
    }
    members.append("\"monsters\": [\n" + monsters.joined(separator: ",\n") + "\n]")
    return "{" + members.joined(separator: ",\n") + "}\n"
  }

  /// A value of a field as JSON text: usually one the field takes, else anything.
  private func value(of kind: Kind, using generator: inout SeededGenerator) -> String {
    let strays = [
      "\"5\"", "true", "null", "[]", "1.5", "1E400", "-1E400", "1e-400", "-0", "-0.0",
      "9223372036854775808", "-9223372036854775809", "9223372036854775807.0",
      "123456789012345678901234567890", "\"Red\"", "\"e\\u0301\"", "\"\\u212a\"",
    ]
    guard Int.random(in: 0..<4, using: &generator) != 0 else {
      return pick(strays, &generator)
    }
    switch kind {
    case .text:
      return Self.quoted(
        pick(["", "a", "\u{E9}", "x\\y"], &generator), escapingAll: false)
    case .values(let values):
      return Self.quoted(pick(values, &generator), escapingAll: false)
    case .integer(let minimum, let maximum):
      let low = max(minimum ?? -20, -20)
      let high = min(maximum ?? 20, 20)
      let number =
        low <= high && Bool.random(using: &generator)
        ? Int.random(in: low...high, using: &generator)
        : pick([minimum, maximum, 0, 7].compactMap { $0 }, &generator)
      let forms = ["\(number)", "\(number).0", "\(number)e0", "\(number)E+0"]
      return number.magnitude < 1 << 50 ? pick(forms, &generator) : "\(number)"
    }
  }
}
