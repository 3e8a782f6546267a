import Foundation
import Testing

@testable import MonstersCLI

// The catalogue's roster files: broken and hostile JSON, and rosters that break a rule.
extension BadInputCatalogueTests {
  static let brokenJSON: [BadInput] = [
    refused("empty file", .text(""), "{path}:1:1: the file is empty; expected a JSON object"),
    refused(
      "only white space", .text("  \n\t\n"),
      "{path}:3:1: unexpected end of file; expected a JSON object"),
    refused(
      "truncated in the array", .text("{\"version\": 1, \"monsters\": ["),
      "{path}:1:29: unexpected end of file; expected a value or ']'"),
    BadInput(
      "truncated in a string", .text("{\"version\": 1, \"monsters\": [{\"name\": \"Cat"), ["list"],
      .dataError, "{path}:1:38: unterminated string"),
    BadInput(
      "truncated after a key", .text("{\"version\""), ["show", "cat-bot"], .dataError,
      "{path}:1:11: unexpected end of file; expected ':' after an object key"),
    refused(
      "trailing comma in an array", roster(monster(), ""), "{path}:1:106: trailing comma before ']'"
    ),
    refused(
      "trailing comma in an object", .text("{\"version\": 1, \"monsters\": [],}"),
      "{path}:1:31: trailing comma before '}'"),
    refused(
      "a line comment", .text("{\"version\": 1, // one\n\"monsters\": []}"),
      "{path}:1:16: comments are not allowed in JSON"),
    refused(
      "a block comment", .text("/* roster */ {\"version\": 1, \"monsters\": []}"),
      "{path}:1:1: comments are not allowed in JSON"),
    refused("NaN", version("NaN"), "{path}:1:13: unexpected 'NaN'; expected a value"),
    refused("Infinity", version("-Infinity"), "{path}:1:14: invalid number: expected a digit"),
    refused("a huge exponent", version("1e999999999"), newer("1e999999999")),
    refused("a tiny exponent", version("1e-999999999"), "{path}:1:13: 'version' must be 1"),
    refused(
      "a huge integer", version("123456789012345678901234567890"),
      newer("123456789012345678901234567890")),
    refused(
      "leading zeros", version("01"), "{path}:1:13: invalid number: leading zeros are not allowed"),
    refused(
      "single quotes", .text("{'version': 1, 'monsters': []}"),
      "{path}:1:2: strings must be in double quotes"),
    refused(
      "an unquoted key", .text("{version: 1, monsters: []}"),
      "{path}:1:2: expected a string key in double quotes"),
    refused(
      "a misspelt literal", roster(monster(extra: "\"rare\": tru")),
      "{path}:1:113: unexpected 'tru'; expected a value"),
    refused(
      "a number as the weapon", roster(monster(weapon: "1")),
      "{path}:1:96: monster 1 ('Cat-Bot'): 'weapon' must be a string"),
    refused(
      "an object as the name", roster(monster(name: "{}")),
      "{path}:1:38: monster 1: 'name' must be a string"),
    refused(
      "a duplicate key at the top", .text("{\"version\": 1, \"monsters\": [], \"version\": 1}"),
      "{path}:1:32: duplicate key 'version' in one object"),
    refused(
      "a duplicate key in a monster", roster(monster(extra: "\"weapon\": \"fire\"")),
      "{path}:1:105: duplicate key 'weapon' in one object"),
    refused(
      "a duplicate unknown key", .text("{\"version\": 1, \"monsters\": [], \"x\": 1, \"x\": 2}"),
      "{path}:1:40: duplicate key 'x' in one object"),
    refused("invalid UTF-8", stringOfX([0xFF]), "{path}:1:38: invalid UTF-8 (byte 0xFF)"),
    refused("overlong UTF-8", stringOfX([0xC0, 0xAF]), "{path}:1:38: invalid UTF-8 (byte 0xC0)"),
    refused(
      "an encoded surrogate", stringOfX([0xED, 0xA0, 0x80]),
      "{path}:1:38: invalid UTF-8 (byte 0xED)"),
    refused(
      "a lone high surrogate", roster(monster(name: "\"\\ud800\"")),
      "{path}:1:39: lone surrogate \\uD800 in a string"),
    refused(
      "a lone low surrogate", roster(monster(description: "\"\\udc00x\"")),
      "{path}:1:65: lone surrogate \\uDC00 in a string"),
    refused(
      "UTF-16 with a byte order mark",
      .bytes([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
      "{path}:1:1: the file is UTF-16 or UTF-32; a roster file is UTF-8"),
    refused(
      "UTF-16 without one",
      .bytes(Array("{\"version\": 1}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
      "{path}:1:1: the file is UTF-16 or UTF-32; a roster file is UTF-8"),
    refused(
      "a UTF-8 byte order mark",
      .bytes([0xEF, 0xBB, 0xBF] + Array("{\"version\": 1, \"monsters\": []}".utf8)),
      "{path}:1:1: the file starts with a UTF-8 byte order mark; remove it"),
    refused(
      "a NUL byte", .bytes(Array("{\"version\": 1, \"monsters\": []".utf8) + [0] + Array("}".utf8)),
      "{path}:1:30: expected ',' or '}' after an object member"),
    refused(
      "a raw line break in a string", roster(monster(description: "\"two\nlines\"")),
      "{path}:1:68: control character U+000A in a string must be escaped"),
    refused(
      "an invalid escape", roster(monster(description: "\"\\x41\"")),
      "{path}:1:65: invalid escape in a string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
    ),
    refused(
      "a short \\u escape", roster(monster(description: "\"\\u12G4\"")),
      "{path}:1:65: \\u must be followed by four hex digits"),
    refused(
      "garbage after the end", .text("{\"version\": 1, \"monsters\": []} x"),
      "{path}:1:32: unexpected 'x' after the roster's closing '}'"),
    refused(
      "a second object", .text("{\"version\": 1, \"monsters\": []}\n{}"),
      "{path}:2:1: unexpected '{' after the roster's closing '}'"),
    refused(
      "an array at the top", .text("[]"),
      "{path}:1:1: a roster is a JSON object with 'version' and 'monsters'"),
    BadInput("null at the top", .text("null"), ["check"], .failure, "Error: 1 problem in {path}."),
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
    refused("no version", .text("{\"monsters\": []}"), "{path}:1:1: the roster has no 'version'"),
    refused("no monsters", .text("{\"version\": 1}"), "{path}:1:1: the roster has no 'monsters'"),
    refused("a newer version", version("2"), newer("2")),
    refused(
      "monsters as an object", .text("{\"version\": 1, \"monsters\": {}}"),
      "{path}:1:28: 'monsters' must be an array"),
    refused("a monster that is a number", roster("7"), "{path}:1:29: monster 1 is not an object"),
    refused("no name", roster(monster(name: nil)), "{path}:1:29: monster 1: no 'name'"),
    refused(
      "no description", roster(monster(description: nil)),
      "{path}:1:29: monster 1 ('Cat-Bot'): no 'description'"),
    refused("no icon", roster(monster(icon: nil)), "{path}:1:29: monster 1 ('Cat-Bot'): no 'icon'"),
    refused(
      "no weapon", roster(monster(weapon: nil)), "{path}:1:29: monster 1 ('Cat-Bot'): no 'weapon'"),
    refused(
      "a null description", roster(monster(description: "null")),
      "{path}:1:64: monster 1 ('Cat-Bot'): 'description' must be a string"),
    refused(
      "an empty name", roster(monster(name: "\"\"")),
      "{path}:1:38: monster 1: the name is empty; correct it in the file"),
    refused(
      "a bell in a name", roster(monster(name: "\"Cat\\u0007Bot\"")),
      "{path}:1:38: monster 1: the name holds a control character, U+0007; correct it in the file"),
    refused(
      "a C1 control in a name", roster(monster(name: "\"Cat\u{9B}Bot\"")),
      "{path}:1:38: monster 1: the name holds a control character, U+009B; correct it in the file"),
    BadInput(
      "two names equal ignoring case", roster(monster(), monster(name: "\"cAT-bOT\"")),
      ["show", "cat-bot"], .dataError,
      "{path}:1:115: monster 2 ('cAT-bOT'): the name is taken by monster 1 ('Cat-Bot'); names are compared ignoring case"
    ),
    BadInput(
      "one name in two Unicode forms",
      roster(monster(name: "\"Caf\\u00e9\""), monster(name: "\"Cafe\\u0301\"")),
      ["show", "cat-bot"],
      .dataError,
      "{path}:1:117: monster 2 ('Cafe\u{301}'): the name is taken by monster 1 ('Caf\u{e9}'); names are compared in any Unicode form"
    ),
    refused(
      "a weapon in another case", roster(monster(weapon: "\"Fire\"")),
      "{path}:1:96: monster 1 ('Cat-Bot'): unknown weapon 'Fire'; the weapons are blowgun, ninjaStar, fire, sword, smoke"
    ),
    refused(
      "a weapon spelt as the command line may", roster(monster(weapon: "\"ninja-star\"")),
      "{path}:1:96: monster 1 ('Cat-Bot'): unknown weapon 'ninja-star'; the weapons are blowgun, ninjaStar, fire, sword, smoke"
    ),
    refused(
      "an unknown colour", roster(monster(extra: "\"nameColor\": \"purple\"")),
      "{path}:1:118: monster 1 ('Cat-Bot'): unknown name colour 'purple'; use black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB"
    ),
    refused(
      "a colour that is a number", roster(monster(extra: "\"nameColor\": 255")),
      "{path}:1:118: monster 1 ('Cat-Bot'): 'nameColor' must be a string"),
    BadInput(
      "many problems", roster(monster(weapon: "\"axe\""), monster(name: "\"\""), "[]"), ["list"],
      .dataError,
      "{path}:1:96: monster 1 ('Cat-Bot'): unknown weapon 'axe'; the weapons are blowgun, ninjaStar, fire, sword, smoke (and 2 more problems; run 'monsters check')"
    ),
    BadInput(
      "check of an invalid roster", roster(monster(weapon: "\"axe\""), monster(name: "\"\"")),
      ["check"], .failure, "Error: 2 problems in {path}."),
  ]

  /// Versions that are numbers or text other than 1.
  static let otherVersions = ["0", "-1", "1.5", "1.0000000000000000001", "\"1\""].map {
    refused("version \($0)", version($0), "{path}:1:13: 'version' must be 1")
  }
}
