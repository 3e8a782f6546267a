import Foundation
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

  static let invalidRosters: [BadInput] = [
    refused("a huge exponent", version("1e999999999"), newer("1e999999999")),
    refused("a tiny exponent", version("1e-999999999"), "{path}:1:13: 'version' must be 1"),
    refused(
      "a huge integer", version("123456789012345678901234567890"),
      newer("123456789012345678901234567890")),
    refused(
      "a number as the weapon", roster(monsterText(weapon: "1")),
      "{path}:1:96: monster 1 ('Cat-Bot'): 'weapon' must be a string"),
    refused(
      "an object as the name", roster(monsterText(name: "{}")),
      "{path}:1:38: monster 1: 'name' must be a string"),
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
    refused("no name", roster(monsterText(name: nil)), "{path}:1:29: monster 1: no 'name'"),
    refused(
      "no description", roster(monsterText(description: nil)),
      "{path}:1:29: monster 1 ('Cat-Bot'): no 'description'"),
    refused(
      "no icon", roster(monsterText(icon: nil)), "{path}:1:29: monster 1 ('Cat-Bot'): no 'icon'"),
    refused(
      "no weapon", roster(monsterText(weapon: nil)),
      "{path}:1:29: monster 1 ('Cat-Bot'): no 'weapon'"),
    refused(
      "a null description", roster(monsterText(description: "null")),
      "{path}:1:64: monster 1 ('Cat-Bot'): 'description' must be a string"),
    refused(
      "an empty name", roster(monsterText(name: "\"\"")),
      "{path}:1:38: monster 1: the name is empty; correct it in the file"),
    refused(
      "a bell in a name", roster(monsterText(name: "\"Cat\\u0007Bot\"")),
      "{path}:1:38: monster 1: the name holds a control character, U+0007; correct it in the file"),
    refused(
      "a C1 control in a name", roster(monsterText(name: "\"Cat\u{9B}Bot\"")),
      "{path}:1:38: monster 1: the name holds a control character, U+009B; correct it in the file"),
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
    refused(
      "a weapon in another case", roster(monsterText(weapon: "\"Fire\"")), unknownWeapon("Fire")),
    refused(
      "a weapon spelt as the command line may", roster(monsterText(weapon: "\"ninja-star\"")),
      unknownWeapon("ninja-star")),
    refused(
      "an unknown colour", roster(monsterText(extra: "\"nameColor\": \"purple\"")),
      "{path}:1:118: monster 1 ('Cat-Bot'): unknown name colour 'purple'; use black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB"
    ),
    refused(
      "a colour that is a number", roster(monsterText(extra: "\"nameColor\": 255")),
      "{path}:1:118: monster 1 ('Cat-Bot'): 'nameColor' must be a string"),
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
