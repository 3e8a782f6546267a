import TestSupport

/// One of some items, at random.
func pick<Item>(_ items: [Item], _ generator: inout SeededGenerator) -> Item {
  items[Int.random(in: 0..<items.count, using: &generator)]
}

/// Random declarations of a roster, and random rosters that declare them, written as JSON
/// text by hand so that numbers, strings and declarations may be written any way JSON and
/// the reader allow: for the property that `check` and `monsters schema` agree.
///
/// Each roster declares the same weapons, fields and rule for other keys, each spelled one
/// of the ways the reader reads as the same (`"type": "text"` or none, `"required": false`
/// or none, a bound `10` or `10.0`, a weapon's default image or none, `version` `1` or
/// `1.0`), or, in one roster of a few, with one declaration broken (`"weapons": []`, a
/// value listed twice in two cases, a minimum over the maximum, a default without
/// `required`, a field named as a built-in one in another case). Its monsters hold values
/// of every kind, fitting or not, names that break the rules of names, and keys no field
/// declares.
struct RandomDeclarations {
  enum Kind {
    case text
    case integer(minimum: Int?, maximum: Int?)
    case values([String])
  }

  var weapons: [String]?
  var fields: [(name: String, kind: Kind, isRequired: Bool)]
  /// What the roster declares of other keys: `"keep"`, `"refuse"` or nothing.
  var otherKeys: String?

  init(using generator: inout SeededGenerator) {
    let builtIn = ["blowgun", "ninjaStar", "fire", "sword", "smoke"]
    if Bool.random(using: &generator) {
      weapons =
        Array(builtIn.shuffled(using: &generator).prefix(Int.random(in: 1...5, using: &generator)))
        + (0..<Int.random(in: 0...2, using: &generator)).map { "ray\($0)" }
    }
    let bounds = [0, 1, -1, 10, -10, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    let words = ["red", "blue", "Red", "a b", "\u{E9}", "K", "x\\y", "q\"q", "1", "stra\u{DF}e"]
    var fields: [(name: String, kind: Kind, isRequired: Bool)] = []
    for number in 0..<Int.random(in: 1...4, using: &generator) {
      let name = pick(["team", "h\u{E9}", "n o", "f"], &generator) + "\(number)"
      let kind: Kind
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: kind = .text
      case 1:
        var low = Bool.random(using: &generator) ? pick(bounds, &generator) : nil
        var high = Bool.random(using: &generator) ? pick(bounds, &generator) : nil
        if let lowest = low, let highest = high, lowest > highest { (low, high) = (high, low) }
        kind = .integer(minimum: low, maximum: high)
      default:
        // Values no two of which are alike in case or normal form, as a declaration's are.
        var values: [String] = []
        for word in words.shuffled(using: &generator)
        where values.count < Int.random(in: 1...4, using: &generator)
          && !values.contains(where: { $0.lowercased() == word.lowercased() })
        {
          values.append(word)
        }
        kind = .values(values.isEmpty ? ["red"] : values)
      }
      fields.append((name, kind, Int.random(in: 0..<4, using: &generator) == 0))
    }
    self.fields = fields
    otherKeys = pick([nil, nil, "keep", "refuse"], &generator)
  }

  /// Whether the roster keeps keys no field declares.
  var keepsOtherKeys: Bool { otherKeys == "keep" }

  /// A string as JSON writes it, its non-ASCII characters escaped or not.
  static func quoted(_ text: String, escapingAll: Bool) -> String {
    var result = "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        if !escapingAll, unit >= 0x80, unit < 0xD800 || unit > 0xDFFF,
          let scalar = Unicode.Scalar(unit)
        {
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

  /// A roster file: its text, and whether a validator that reads numbers as doubles can
  /// judge it (not when it holds a number a double cannot tell from another, such as
  /// `9.9999999999999999`).
  struct File {
    var text: String
    var doublesSuffice = true
  }

  /// A roster of a few monsters with these declarations, spelled at random, each value
  /// fitting or not; with `broken`, one of its declarations breaks a rule.
  func roster(broken: Bool, using generator: inout SeededGenerator) -> File {
    var file = File(text: "")
    let escaping = Bool.random(using: &generator)
    func quoted(_ text: String) -> String { Self.quoted(text, escapingAll: escaping) }
    var weaponEntries = weapons.map { list in
      list.map { name in
        if name.hasPrefix("ray") {
          // A weapon of the roster's own, its image the default, spelled out or left out.
          return Bool.random(using: &generator)
            ? "{\"name\": \(quoted(name))}"
            : "{\"name\": \(quoted(name)), \"image\": \(quoted(name + ".png"))}"
        }
        let image = name.lowercased() + ".png"
        return pick(
          [
            quoted(name), "{\"name\": \(quoted(name))}",
            "{\"name\": \(quoted(name)), \"image\": \(quoted(image))}",
          ],
          &generator)
      }
    }
    var fieldEntries = fields.map { field in
      var keys = ["\"name\": \(quoted(field.name))"]
      switch field.kind {
      case .text:
        if Bool.random(using: &generator) { keys.append("\"type\": \"text\"") }
      case .integer(let minimum, let maximum):
        if minimum == nil && maximum == nil || Bool.random(using: &generator) {
          keys.append("\"type\": \"integer\"")
        }
        for (key, bound) in [("minimum", minimum), ("maximum", maximum)] {
          guard let bound else { continue }
          // A whole number written another way: a double holds it only up to 2^53.
          let spelled = Bool.random(using: &generator) ? "\(bound).0" : "\(bound)e0"
          let exact = Int.random(in: 0..<3, using: &generator) == 0
          if !exact && bound.magnitude > 1 << 53 { file.doublesSuffice = false }
          keys.append("\"\(key)\": \(exact ? "\(bound)" : spelled)")
        }
      case .values(let values):
        if Bool.random(using: &generator) { keys.append("\"type\": \"text\"") }
        keys.append("\"values\": [" + values.map(quoted).joined(separator: ", ") + "]")
      }
      if field.isRequired {
        keys.append("\"required\": true")
      } else if Bool.random(using: &generator) {
        keys.append("\"required\": false")
      }
      return "{" + keys.shuffled(using: &generator).joined(separator: ", ") + "}"
    }
    var otherKeysEntry = otherKeys.map { quoted($0) }
    var version = pick(["1", "1", "1.0", "1e0", "10E-1"], &generator)
    if broken {
      switch Int.random(in: 0..<9, using: &generator) {
      case 0: weaponEntries = []
      case 1: weaponEntries = (weaponEntries ?? []) + ["\"Fire\"", "\"fire\""]
      case 2:
        fieldEntries.append(
          "{\"name\": \"m\", \"type\": \"integer\", \"minimum\": 2, \"maximum\": 1}")
      case 3: fieldEntries.append("{\"name\": \"d\", \"default\": \"x\"}")
      case 4: fieldEntries.append("{\"name\": \"v\", \"values\": [\"red\", \"RED\"]}")
      case 5: fieldEntries.append("{\"name\": \"v\", \"values\": []}")
      case 6: fieldEntries.append("{\"name\": \"de\\u017Fcription\"}")
      case 7: otherKeysEntry = "\"maybe\""
      default:
        version = pick(["1.5", "0.9999999999999999999", "2", "\"1\""], &generator)
        // A double rounds it to 1.
        if version.hasPrefix("0.") { file.doublesSuffice = false }
      }
    }
    var members: [String] = ["\"version\": \(version)"]
    if let weaponEntries {
      members.append("\"weapons\": [" + weaponEntries.joined(separator: ", ") + "]")
    }
    members.append("\"fields\": [" + fieldEntries.joined(separator: ", ") + "]")
    if let otherKeysEntry { members.append("\"otherKeys\": \(otherKeysEntry)") }
    let monsters = (0..<Int.random(in: 0...3, using: &generator)).map { number in
      monster(number, quoted: quoted, file: &file, using: &generator)
    }
    members.append("\"monsters\": [\n" + monsters.joined(separator: ",\n") + "\n]")
    file.text = "{" + members.joined(separator: ",\n") + "}\n"
    return file
  }

  /// One monster, its keys in JSON text.
  private func monster(
    _ number: Int, quoted: (String) -> String, file: inout File,
    using generator: inout SeededGenerator
  ) -> String {
    // Names break the rules of names now and then: white space at an end, a control or a
    // format character (one beyond the Basic Multilingual Plane too).
    let name =
      Int.random(in: 0..<10, using: &generator) == 0
      ? pick(
        [
          " M\(number)", "M\(number) ", "\u{3000}M\(number)", "M\u{200B}\(number)",
          "M\u{85}\(number)", "M\(number)\u{E0001}", "M\t\(number)", "",
        ], &generator)
      : "M\(number)" + pick(["", " \u{E9}", "-x"], &generator)
    var keys = [
      "\"name\": \(quoted(name))", "\"description\": \"\"", "\"icon\": \"m.png\"",
    ]
    let weaponNames = weapons ?? ["blowgun", "ninjaStar", "fire", "sword", "smoke"]
    let weapon =
      Int.random(in: 0..<12, using: &generator) == 0
      ? pick(["axe", "Fire", "ninja-star", "ray9", "RAY0"], &generator)
      : pick(weaponNames, &generator)
    keys.append("\"weapon\": \(quoted(weapon))")
    if Int.random(in: 0..<4, using: &generator) == 0 {
      let color = pick(["red", "Red", "#a0b0c0", "#A0B0C", "purple", "", "null"], &generator)
      keys.append("\"nameColor\": " + (color == "null" ? "null" : quoted(color)))
    }
    for field in fields where Int.random(in: 0..<4, using: &generator) != 0 {
      keys.append(
        "\(quoted(field.name)): \(value(of: field.kind, file: &file, using: &generator))")
    }
    if Int.random(in: 0..<20, using: &generator) == 0 {
      keys.remove(at: Int.random(in: 1...3, using: &generator))
    }
    // A key no field declares: of the monster's own, or a declared one misspelt.
    if Int.random(in: 0..<8, using: &generator) == 0 {
      let stray = pick(
        ["\"other\": [1, null]", "\(quoted(fields[0].name.uppercased())): \"x\""], &generator)
      keys.append(stray)
    }
    return "{" + keys.joined(separator: ", ") + "}"
  }

  /// Numbers a double cannot tell from another: whether they are whole, or fit a bound,
  /// needs their digits.
  private static let doubleSensitive: Set<String> = [
    "9.9999999999999999", "1e-400", "9223372036854775807.0", "10.000000000000000001",
    "9007199254740993.0",
  ]

  /// A value of a field as JSON text: usually one the field takes, else anything.
  private func value(
    of kind: Kind, file: inout File, using generator: inout SeededGenerator
  ) -> String {
    let strays = [
      "\"5\"", "true", "null", "[]", "1.5", "1E400", "-1E400", "1e-400", "-0", "-0.0",
      "9223372036854775808", "-9223372036854775809", "9223372036854775807.0",
      "-9223372036854775808.0", "123456789012345678901234567890", "\"Red\"", "\"e\\u0301\"",
      "\"\\u212a\"", "9.9999999999999999", "10.000000000000000001", "9007199254740993.0", "\"\"",
    ]
    guard Int.random(in: 0..<4, using: &generator) != 0 else {
      let stray = pick(strays, &generator)
      if Self.doubleSensitive.contains(stray) { file.doublesSuffice = false }
      return stray
    }
    switch kind {
    case .text:
      return Self.quoted(pick(["", "a", "\u{E9}", "x\\y"], &generator), escapingAll: false)
    case .values(let values):
      return Self.quoted(pick(values, &generator), escapingAll: false)
    case .integer(let minimum, let maximum):
      let low = max(minimum ?? -20, -20)
      let high = min(maximum ?? 20, 20)
      let number =
        low <= high && Bool.random(using: &generator)
        ? Int.random(in: low...high, using: &generator)
        : pick([minimum, maximum, 0, 7].compactMap { $0 }, &generator)
      let forms =
        ["\(number)", "\(number).0", "\(number)e0", "\(number)E+0"]
        + (number == 0 ? [] : ["\(number)00e-2"])
      return number.magnitude < 1 << 50 ? pick(forms, &generator) : "\(number)"
    }
  }
}
