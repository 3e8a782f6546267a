import Foundation
import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

// The catalogue's roster files: files that are not JSON, hostile JSON, and rosters that
// break a rule.
extension BadInputCatalogueTests {
  /// The commands each of `BadJSON.documents` is tried with: two that read the roster and
  /// an edit.
  static let readingAndEditing = [["list"], ["show", "cat-bot"], edit]

  /// Every file that is not JSON, which the JSON scanner's tests try too: each command
  /// refuses it with the scanner's place and message.
  static let notJSON: [BadInput] = BadJSON.documents.flatMap { document in
    readingAndEditing.map { arguments in
      BadInput(
        "\(document.name) (\(arguments[0]))", .bytes(document.bytes), arguments, .dataError,
        "{path}:\(document.line):\(document.column): \(document.message)")
    }
  }

  /// JSON nested too deep, and strings too long to hold twice.
  static let hostileJSON: [BadInput] = [
    refused(
      "1,000 levels of nesting", .nested(levels: 1000),
      "{path}:1:539: nesting deeper than 512 levels"),
    refused(
      "100,000 levels of nesting", .nested(levels: 100_000),
      "{path}:1:539: nesting deeper than 512 levels"
    ).binary(),
    refused(
      "a 20 MB string left open",
      .longString(field: "description", bytes: 20_000_000, isTerminated: false),
      "{path}:1:65: unterminated string"
    ).binary(),
    refused(
      "a 20 MB weapon", .longString(field: "weapon", bytes: 20_000_000, isTerminated: true),
      "{path}:1:97: monster 1 ('Long-Bot'): unknown weapon 'xxxxxxxx"
    ).prefix().binary(),
    BadInput(
      "a 20 MB name, edited", .longString(field: "name", bytes: 20_000_000, isTerminated: true),
      ["rename", "cat-bot", "Dog-Bot"], .failure, "No monster named 'cat-bot'."
    ).binary(),
  ]

  // MARK: - Rosters that break a rule

  /// Every roster file that is JSON and breaks a rule of the format.
  static let invalidRosters =
    invalidShapes + missingFields + wrongTypes + invalidNames + controlsInNames + invalidValues
    + manyProblems

  /// Files whose top level, version or monsters are not what a roster is.
  static let invalidShapes: [BadInput] = [
    refused("a huge exponent", version("1e999999999"), newer("1e999999999")),
    refused("a tiny exponent", version("1e-999999999"), "{path}:1:13: 'version' must be 1"),
    refused(
      "a huge integer", version("123456789012345678901234567890"),
      newer("123456789012345678901234567890")),
    refused(
      "an array at the top", .text("[]"),
      "{path}:1:1: a roster is a JSON object with 'version' and 'monsters'"),
    BadInput("null at the top", .text("null"), ["check"], .failure, "Error: 1 problem in {path}."),
    refused("no version", .text("{\"monsters\": []}"), "{path}:1:1: the roster has no 'version'"),
    refused("no monsters", .text("{\"version\": 1}"), "{path}:1:1: the roster has no 'monsters'"),
    refused("a newer version", version("2"), newer("2")),
    refused(
      "monsters as an object", .text("{\"version\": 1, \"monsters\": {}}"),
      "{path}:1:28: 'monsters' must be an array"),
    refused("a monster that is a number", roster("7"), "{path}:1:29: monster 1 is not an object"),
  ]

  /// A monster without each field every monster needs, taken from the built-in table, so
  /// that a new required field has its case here. A monster without a name is named by
  /// its place alone.
  static let missingFields: [BadInput] = MonsterField.builtIn.filter(\.isRequired).map {
    field in
    let monster = field == .name ? "monster 1" : "monster 1 ('Cat-Bot')"
    return refused(
      "no \(field.key)", roster(monsterText(without: field.key)),
      "{path}:1:29: \(monster): no '\(field.key)'")
  }

  /// A monster whose field holds a value of each JSON type but a string, last among its
  /// keys, for each field of the built-in table: each is refused at the value. `null` is
  /// refused for a required field alone: an optional one's `null` is no value.
  static let wrongTypes: [BadInput] = MonsterField.builtIn.flatMap { field in
    (["{}", "[]", "1", "true"] + (field.isRequired ? ["null"] : [])).map { value in
      let text = rosterText([monsterText(without: field.key, extra: "\"\(field.key)\": \(value)")])
      let valueStart = text.firstRange(of: "\"\(field.key)\": ")?.upperBound ?? text.endIndex
      let monster = field == .name ? "monster 1" : "monster 1 ('Cat-Bot')"
      return refused(
        "\(value) as the \(field.key)", .text(text),
        "{path}:1:\(text.distance(from: text.startIndex, to: valueStart) + 1): \(monster): "
          + "'\(field.key)' must be a string")
    }
  }

  /// Names that are empty or taken.
  static let invalidNames: [BadInput] = [
    refused(
      "an empty name", roster(monsterText(name: "\"\"")),
      "{path}:1:38: monster 1: the name is empty; correct it in the file"),
    BadInput(
      "two names equal ignoring case", roster(monsterText(), monsterText(name: "\"cAT-bOT\"")),
      ["show", "cat-bot"], .dataError,
      "{path}:1:115: monster 2 ('cAT-bOT'): the name is taken by monster 1 ('Cat-Bot'); names are compared ignoring case"
    ),
    BadInput(
      "one name in two Unicode forms",
      roster(monsterText(name: "\"Caf\\u00e9\""), monsterText(name: "\"Cafe\\u0301\"")),
      ["show", "cat-bot"],
      .dataError,
      "{path}:1:117: monster 2 ('Cafe\u{301}'): the name is taken by monster 1 ('Caf\u{e9}'); names are compared in any Unicode form"
    ),
  ]

  /// Names holding a control character, escaped (a C0 control) or raw (a C1 control).
  static let controlsInNames = [
    ("a bell", "\\u0007", "U+0007"), ("a C1 control", "\u{9B}", "U+009B"),
  ]
  .map { name, json, codePoint in
    refused(
      "\(name) in a name", roster(monsterText(name: "\"Cat\(json)Bot\"")),
      "{path}:1:38: monster 1: the name holds a control character, \(codePoint); correct it "
        + "in the file")
  }

  /// Weapons and colours the roster does not have.
  static let invalidValues: [BadInput] = [
    refused(
      "a weapon in another case", roster(monsterText(weapon: "\"Fire\"")), unknownWeapon("Fire")),
    refused(
      "a weapon spelt as the command line may", roster(monsterText(weapon: "\"ninja-star\"")),
      unknownWeapon("ninja-star")),
    refused(
      "an unknown colour", roster(monsterText(extra: "\"nameColor\": \"purple\"")),
      "{path}:1:118: monster 1 ('Cat-Bot'): unknown name colour 'purple'; use black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB"
    ),
  ]

  /// Rosters with more than one problem: the commands name the first and count the rest.
  static let manyProblems: [BadInput] = [
    BadInput(
      "many problems", roster(monsterText(weapon: "\"axe\""), monsterText(name: "\"\""), "[]"),
      ["list"],
      .dataError,
      unknownWeapon("axe") + " (and 2 more problems; run 'monsters check')"
    ),
    BadInput(
      "check of an invalid roster",
      roster(monsterText(weapon: "\"axe\""), monsterText(name: "\"\"")),
      ["check"], .failure, "Error: 2 problems in {path}."),
  ]

  /// Versions that are numbers or text other than 1.
  static let otherVersions = ["0", "-1", "1.5", "1.0000000000000000001", "\"1\""].map {
    refused("version \($0)", version($0), "{path}:1:13: 'version' must be 1")
  }
}
