import Foundation
import Testing

@testable import MonstersCLI

// The catalogue's roster files: broken and hostile JSON, and rosters that break a rule.
extension BadInputCatalogueTests {
  static let brokenJSON: [BadInput] = [
    BadInput(
      "empty file", .text(""), edit, .dataError,
      "{path}:1:1: the file is empty; expected a JSON object"),
    BadInput(
      "only white space", .text("  \n\t\n"), edit, .dataError,
      "{path}:3:1: unexpected end of file; expected a JSON object"),
    BadInput(
      "truncated in the array", .text("{\"version\": 1, \"monsters\": ["), edit, .dataError,
      "{path}:1:29: unexpected end of file; expected a value or ']'"),
    BadInput(
      "truncated in a string", .text("{\"version\": 1, \"monsters\": [{\"name\": \"Cat"), ["list"],
      .dataError, "{path}:1:38: unterminated string"),
    BadInput(
      "truncated after a key", .text("{\"version\""), ["show", "cat-bot"], .dataError,
      "{path}:1:11: unexpected end of file; expected ':' after an object key"),
    BadInput(
      "trailing comma in an array", roster(monster(), ""), edit, .dataError,
      "{path}:1:106: trailing comma before ']'"),
    BadInput(
      "trailing comma in an object", .text("{\"version\": 1, \"monsters\": [],}"), edit, .dataError,
      "{path}:1:31: trailing comma before '}'"),
    BadInput(
      "a line comment", .text("{\"version\": 1, // one\n\"monsters\": []}"), edit, .dataError,
      "{path}:1:16: comments are not allowed in JSON"),
    BadInput(
      "a block comment", .text("/* roster */ {\"version\": 1, \"monsters\": []}"), edit, .dataError,
      "{path}:1:1: comments are not allowed in JSON"),
    BadInput(
      "NaN", .text("{\"version\": NaN, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: unexpected 'NaN'; expected a value"),
    BadInput(
      "Infinity", .text("{\"version\": -Infinity, \"monsters\": []}"), edit, .dataError,
      "{path}:1:14: invalid number: expected a digit"),
    BadInput(
      "a huge exponent", .text("{\"version\": 1e999999999, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: the file is roster version 1e999999999, newer than this monsters reads (1); use a newer monsters"
    ),
    BadInput(
      "a tiny exponent", .text("{\"version\": 1e-999999999, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: 'version' must be 1"),
    BadInput(
      "a huge integer", .text("{\"version\": 123456789012345678901234567890, \"monsters\": []}"),
      edit, .dataError,
      "{path}:1:13: the file is roster version 123456789012345678901234567890, newer than this monsters reads (1); use a newer monsters"
    ),
    BadInput(
      "leading zeros", .text("{\"version\": 01, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: invalid number: leading zeros are not allowed"),
    BadInput(
      "single quotes", .text("{'version': 1, 'monsters': []}"), edit, .dataError,
      "{path}:1:2: strings must be in double quotes"),
    BadInput(
      "an unquoted key", .text("{version: 1, monsters: []}"), edit, .dataError,
      "{path}:1:2: expected a string key in double quotes"),
    BadInput(
      "a misspelt literal", roster(monster(extra: "\"rare\": tru")), edit, .dataError,
      "{path}:1:113: unexpected 'tru'; expected a value"),
    BadInput(
      "a number as the weapon", roster(monster(weapon: "1")), edit, .dataError,
      "{path}:1:96: monster 1 ('Cat-Bot'): 'weapon' must be a string"),
    BadInput(
      "an object as the name", roster(monster(name: "{}")), edit, .dataError,
      "{path}:1:38: monster 1: 'name' must be a string"),
    BadInput(
      "a duplicate key at the top", .text("{\"version\": 1, \"monsters\": [], \"version\": 1}"),
      edit, .dataError, "{path}:1:32: duplicate key 'version' in one object"),
    BadInput(
      "a duplicate key in a monster", roster(monster(extra: "\"weapon\": \"fire\"")), edit,
      .dataError, "{path}:1:105: duplicate key 'weapon' in one object"),
    BadInput(
      "a duplicate unknown key", .text("{\"version\": 1, \"monsters\": [], \"x\": 1, \"x\": 2}"),
      edit, .dataError, "{path}:1:40: duplicate key 'x' in one object"),
    BadInput(
      "invalid UTF-8",
      .bytes(
        Array("{\"version\": 1, \"monsters\": [], \"x\": \"".utf8) + [0xFF] + Array("\"}".utf8)),
      edit, .dataError, "{path}:1:38: invalid UTF-8 (byte 0xFF)"),
    BadInput(
      "overlong UTF-8",
      .bytes(
        Array("{\"version\": 1, \"monsters\": [], \"x\": \"".utf8) + [0xC0, 0xAF]
          + Array("\"}".utf8)), edit, .dataError, "{path}:1:38: invalid UTF-8 (byte 0xC0)"),
    BadInput(
      "an encoded surrogate",
      .bytes(
        Array("{\"version\": 1, \"monsters\": [], \"x\": \"".utf8) + [0xED, 0xA0, 0x80]
          + Array("\"}".utf8)), edit, .dataError, "{path}:1:38: invalid UTF-8 (byte 0xED)"),
    BadInput(
      "a lone high surrogate", roster(monster(name: "\"\\ud800\"")), edit, .dataError,
      "{path}:1:39: lone surrogate \\uD800 in a string"),
    BadInput(
      "a lone low surrogate", roster(monster(description: "\"\\udc00x\"")), edit, .dataError,
      "{path}:1:65: lone surrogate \\uDC00 in a string"),
    BadInput(
      "UTF-16 with a byte order mark",
      .bytes([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), edit,
      .dataError, "{path}:1:1: the file is UTF-16 or UTF-32; a roster file is UTF-8"),
    BadInput(
      "UTF-16 without one",
      .bytes(Array("{\"version\": 1}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }), edit,
      .dataError, "{path}:1:1: the file is UTF-16 or UTF-32; a roster file is UTF-8"),
    BadInput(
      "a UTF-8 byte order mark",
      .bytes([0xEF, 0xBB, 0xBF] + Array("{\"version\": 1, \"monsters\": []}".utf8)), edit,
      .dataError, "{path}:1:1: the file starts with a UTF-8 byte order mark; remove it"),
    BadInput(
      "a NUL byte", .bytes(Array("{\"version\": 1, \"monsters\": []".utf8) + [0] + Array("}".utf8)),
      edit, .dataError, "{path}:1:30: expected ',' or '}' after an object member"),
    BadInput(
      "a raw line break in a string", roster(monster(description: "\"two\nlines\"")), edit,
      .dataError, "{path}:1:68: control character U+000A in a string must be escaped"),
    BadInput(
      "an invalid escape", roster(monster(description: "\"\\x41\"")), edit, .dataError,
      "{path}:1:65: invalid escape in a string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
    ),
    BadInput(
      "a short \\u escape", roster(monster(description: "\"\\u12G4\"")), edit, .dataError,
      "{path}:1:65: \\u must be followed by four hex digits"),
    BadInput(
      "garbage after the end", .text("{\"version\": 1, \"monsters\": []} x"), edit, .dataError,
      "{path}:1:32: unexpected 'x' after the roster's closing '}'"),
    BadInput(
      "a second object", .text("{\"version\": 1, \"monsters\": []}\n{}"), edit, .dataError,
      "{path}:2:1: unexpected '{' after the roster's closing '}'"),
    BadInput(
      "an array at the top", .text("[]"), edit, .dataError,
      "{path}:1:1: a roster is a JSON object with 'version' and 'monsters'"),
    BadInput("null at the top", .text("null"), ["check"], .failure, "Error: 1 problem in {path}."),
    BadInput(
      "1,000 levels of nesting", .nested(levels: 1000), edit, .dataError,
      "{path}:1:539: nesting deeper than 512 levels"),
    BadInput(
      "100,000 levels of nesting", .nested(levels: 100_000), edit, .dataError,
      "{path}:1:539: nesting deeper than 512 levels"
    ).binary(),
    BadInput(
      "a 20 MB string left open",
      .longString(field: "description", bytes: 20_000_000, isTerminated: false), edit, .dataError,
      "{path}:1:65: unterminated string"
    ).binary(),
    BadInput(
      "a 20 MB weapon", .longString(field: "weapon", bytes: 20_000_000, isTerminated: true), edit,
      .dataError, "{path}:1:97: monster 1 ('Long-Bot'): unknown weapon 'xxxxxxxx"
    ).prefix().binary(),
    BadInput(
      "a 20 MB name, edited", .longString(field: "name", bytes: 20_000_000, isTerminated: true),
      ["rename", "cat-bot", "Dog-Bot"], .failure, "No monster named 'cat-bot'."
    ).binary(),
  ]

  // MARK: - Rosters that break a rule

  static let invalidRosters: [BadInput] = [
    BadInput(
      "no version", .text("{\"monsters\": []}"), edit, .dataError,
      "{path}:1:1: the roster has no 'version'"),
    BadInput(
      "no monsters", .text("{\"version\": 1}"), edit, .dataError,
      "{path}:1:1: the roster has no 'monsters'"),
    BadInput(
      "a newer version", .text("{\"version\": 2, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: the file is roster version 2, newer than this monsters reads (1); use a newer monsters"
    ),
    BadInput(
      "version 0", .text("{\"version\": 0, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: 'version' must be 1"),
    BadInput(
      "version -1", .text("{\"version\": -1, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: 'version' must be 1"),
    BadInput(
      "version 1.5", .text("{\"version\": 1.5, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: 'version' must be 1"),
    BadInput(
      "version 1.0000000000000000001",
      .text("{\"version\": 1.0000000000000000001, \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: 'version' must be 1"),
    BadInput(
      "version \"1\"", .text("{\"version\": \"1\", \"monsters\": []}"), edit, .dataError,
      "{path}:1:13: 'version' must be 1"),
    BadInput(
      "monsters as an object", .text("{\"version\": 1, \"monsters\": {}}"), edit, .dataError,
      "{path}:1:28: 'monsters' must be an array"),
    BadInput(
      "a monster that is a number", roster("7"), edit, .dataError,
      "{path}:1:29: monster 1 is not an object"),
    BadInput(
      "no name", roster(monster(name: nil)), edit, .dataError, "{path}:1:29: monster 1: no 'name'"),
    BadInput(
      "no description", roster(monster(description: nil)), edit, .dataError,
      "{path}:1:29: monster 1 ('Cat-Bot'): no 'description'"),
    BadInput(
      "no icon", roster(monster(icon: nil)), edit, .dataError,
      "{path}:1:29: monster 1 ('Cat-Bot'): no 'icon'"),
    BadInput(
      "no weapon", roster(monster(weapon: nil)), edit, .dataError,
      "{path}:1:29: monster 1 ('Cat-Bot'): no 'weapon'"),
    BadInput(
      "a null description", roster(monster(description: "null")), edit, .dataError,
      "{path}:1:64: monster 1 ('Cat-Bot'): 'description' must be a string"),
    BadInput(
      "an empty name", roster(monster(name: "\"\"")), edit, .dataError,
      "{path}:1:38: monster 1: the name is empty; correct it in the file"),
    BadInput(
      "a bell in a name", roster(monster(name: "\"Cat\\u0007Bot\"")), edit, .dataError,
      "{path}:1:38: monster 1: the name holds a control character, U+0007; correct it in the file"),
    BadInput(
      "a C1 control in a name", roster(monster(name: "\"Cat\u{9B}Bot\"")), edit, .dataError,
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
    BadInput(
      "a weapon in another case", roster(monster(weapon: "\"Fire\"")), edit, .dataError,
      "{path}:1:96: monster 1 ('Cat-Bot'): unknown weapon 'Fire'; the weapons are blowgun, ninjaStar, fire, sword, smoke"
    ),
    BadInput(
      "a weapon spelt as the command line may", roster(monster(weapon: "\"ninja-star\"")), edit,
      .dataError,
      "{path}:1:96: monster 1 ('Cat-Bot'): unknown weapon 'ninja-star'; the weapons are blowgun, ninjaStar, fire, sword, smoke"
    ),
    BadInput(
      "an unknown colour", roster(monster(extra: "\"nameColor\": \"purple\"")), edit, .dataError,
      "{path}:1:118: monster 1 ('Cat-Bot'): unknown name colour 'purple'; use black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB"
    ),
    BadInput(
      "a colour that is a number", roster(monster(extra: "\"nameColor\": 255")), edit, .dataError,
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
}
