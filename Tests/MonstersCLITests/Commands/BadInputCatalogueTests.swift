import Foundation
import Glibc
import Testing

@testable import MonstersCLI

/// What the roster file holds before a bad input is tried on it.
enum RosterContent: Sendable {
  /// No file.
  case none
  /// The file's text.
  case text(String)
  /// The file's bytes.
  case bytes([UInt8])
  /// `{"version": 1, "monsters": ` and then arrays nested this deep.
  case nested(levels: Int)
  /// A roster whose one monster has a string of this many bytes as its `field`; without
  /// the closing quote and all that follows when `isTerminated` is `false`.
  case longString(field: String, bytes: Int, isTerminated: Bool)

  /// The file's bytes, or `nil` for no file.
  var bytes: [UInt8]? {
    switch self {
    case .none:
      return nil
    case .text(let text):
      return Array(text.utf8)
    case .bytes(let bytes):
      return bytes
    case .nested(let levels):
      return Array("{\"version\": 1, \"monsters\": ".utf8)
        + Array(repeating: UInt8(ascii: "["), count: levels)
        + Array(repeating: UInt8(ascii: "]"), count: levels) + Array("}\n".utf8)
    case .longString(let field, let count, let isTerminated):
      var fields = ["name": "Long-Bot", "description": "d", "icon": "i.png", "weapon": "fire"]
      fields[field] = "\u{1}"
      let text =
        "{\"version\": 1, \"monsters\": [{"
        + ["name", "description", "icon", "weapon"].map { "\"\($0)\": \"\(fields[$0] ?? "")\"" }
        .joined(separator: ", ") + "}]}\n"
      let parts = text.split(separator: "\u{1}", omittingEmptySubsequences: false)
      let long = [UInt8](repeating: UInt8(ascii: "x"), count: count)
      return Array(parts[0].utf8) + long + (isTerminated ? Array(parts[1].utf8) : [])
    }
  }
}

/// One bad input: the roster file, the command line, and what `monsters` must answer.
struct BadInput: Sendable, CustomTestStringConvertible {
  var name: String
  var roster: RosterContent
  var arguments: [[UInt8]]
  var code: ExitCode
  /// The first line on standard error; `{path}` stands for the roster's path.
  var message: String
  /// Whether ``message`` is only the start of the line (the rest is long).
  var isPrefix = false
  /// Whether the case runs the built binary rather than in-process.
  var runsTheBinary = false

  var testDescription: String { name }

  init(
    _ name: String, _ roster: RosterContent = .none, _ arguments: [String], _ code: ExitCode,
    _ message: String
  ) {
    self.name = name
    self.roster = roster
    self.arguments = arguments.map { Array($0.utf8) }
    self.code = code
    self.message = message
  }

  /// The case with a message that is only the start of the first line.
  func prefix() -> BadInput {
    var copy = self
    copy.isPrefix = true
    return copy
  }

  /// The case run through the built binary.
  func binary() -> BadInput {
    var copy = self
    copy.runsTheBinary = true
    return copy
  }

  /// The case with raw bytes as its arguments, which only the binary can be given.
  func withArguments(_ arguments: [[UInt8]]) -> BadInput {
    var copy = self
    copy.arguments = arguments
    copy.runsTheBinary = true
    return copy
  }
}

/// Bad input of every kind: broken and hostile JSON, rosters that break each rule, and bad
/// command lines. Each gets its exit code and a clear message, never a crash, and leaves
/// the roster file byte for byte as it was.
@Suite struct BadInputCatalogueTests {
  static let edit = ["set", "cat-bot", "--weapon", "fire"]
  static let weapons = "Choose one of: blowgun, ninjaStar, fire, sword, smoke."
  static let colours = "Use black, red, green, yellow, blue, magenta, cyan, white, none or #RRGGBB."
  static let lockTimeout = "give a number of seconds from 0 to 1000000."

  /// A roster file with the given monster objects (JSON text).
  static func roster(_ monsters: String...) -> RosterContent {
    .text("{\"version\": 1, \"monsters\": [" + monsters.joined(separator: ", ") + "]}\n")
  }

  /// A monster object with the four fields, one of them replaced or removed.
  static func monster(
    name: String? = "\"Cat-Bot\"", description: String? = "\"d\"", icon: String? = "\"c.png\"",
    weapon: String? = "\"sword\"", extra: String = ""
  ) -> String {
    let fields = [("name", name), ("description", description), ("icon", icon), ("weapon", weapon)]
      .compactMap { key, value in value.map { "\"\(key)\": \($0)" } }
    return "{" + (fields + (extra.isEmpty ? [] : [extra])).joined(separator: ", ") + "}"
  }

  // MARK: - Broken and hostile JSON

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
      "version 1.0", .text("{\"version\": 1.0, \"monsters\": []}"), edit, .dataError,
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
      "{path}:1:38: monster 1: the name is empty"),
    BadInput(
      "a bell in a name", roster(monster(name: "\"Cat\\u0007Bot\"")), edit, .dataError,
      "{path}:1:38: monster 1: the name holds a control character"),
    BadInput(
      "a C1 control in a name", roster(monster(name: "\"Cat\u{9B}Bot\"")), edit, .dataError,
      "{path}:1:38: monster 1: the name holds a control character"),
    BadInput(
      "two names equal ignoring case", roster(monster(), monster(name: "\"cAT-bOT\"")),
      ["show", "cat-bot"], .dataError,
      "{path}:1:115: monster 2 ('cAT-bOT'): the name is taken by monster 1 ('Cat-Bot'); names are compared ignoring case"
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

  // MARK: - Bad command lines

  static let badCommandLines: [BadInput] = [
    BadInput("no subcommand", .none, [], .usage, "Error: Missing subcommand."),
    BadInput(
      "an unknown subcommand", .none, ["lst"], .usage,
      "Error: Unknown subcommand 'lst'. Did you mean 'list'?"),
    BadInput(
      "a made-up subcommand", .none, ["frobnicate"], .usage,
      "Error: Unknown subcommand 'frobnicate'."),
    BadInput(
      "an unknown option", .none, ["list", "--sort", "name"], .usage,
      "Error: Unknown option '--sort'."),
    BadInput(
      "an unknown short option", .none, ["show", "-x", "cat-bot"], .usage,
      "Error: Unknown option '-x'."),
    BadInput(
      "--file without its value", .none, ["list", "--file"], .usage,
      "Error: Missing value for '--file <path>'."),
    BadInput(
      "-f without its value", .none, ["-f"], .usage, "Error: Missing value for '--file <path>'."),
    BadInput(
      "--lock-timeout without its value", .none, edit + ["--lock-timeout"], .usage,
      "Error: Missing value for '--lock-timeout <seconds>'."),
    BadInput(
      "list --weapon without its value", .none, ["list", "--weapon"], .usage,
      "Error: Missing value for '--weapon <weapon>'."),
    BadInput(
      "list --format without its value", .none, ["list", "--format"], .usage,
      "Error: Missing value for '--format <format>'."),
    BadInput(
      "show --format without its value", .none, ["show", "cat-bot", "--format"], .usage,
      "Error: Missing value for '--format <format>'."),
    BadInput(
      "weapons --format without its value", .none, ["weapons", "--format"], .usage,
      "Error: Missing value for '--format <format>'."),
    BadInput(
      "set --weapon without its value", .none, ["set", "cat-bot", "--weapon"], .usage,
      "Error: Missing value for '--weapon <weapon>'."),
    BadInput(
      "set --description without its value", .none, ["set", "cat-bot", "--description"], .usage,
      "Error: Missing value for '--description <text>'."),
    BadInput(
      "set --icon without its value", .none, ["set", "cat-bot", "--icon"], .usage,
      "Error: Missing value for '--icon <file>'."),
    BadInput(
      "set --name-color without its value", .none, ["set", "cat-bot", "--name-color"], .usage,
      "Error: Missing value for '--name-color <color>'."),
    BadInput(
      "add --weapon without its value", .none, ["add", "Robo-Bot", "--weapon"], .usage,
      "Error: Missing value for '--weapon <weapon>'."),
    BadInput(
      "add --description without its value", .none,
      ["add", "Robo-Bot", "--weapon", "fire", "--description"], .usage,
      "Error: Missing value for '--description <text>'."),
    BadInput(
      "add --icon without its value", .none, ["add", "Robo-Bot", "--weapon", "fire", "--icon"],
      .usage, "Error: Missing value for '--icon <file>'."),
    BadInput(
      "add --name-color without its value", .none,
      ["add", "Robo-Bot", "--weapon", "fire", "--name-color"], .usage,
      "Error: Missing value for '--name-color <color>'."),
    BadInput(
      "add without a weapon", .none, ["add", "Robo-Bot"], .usage,
      "Error: Missing expected option '--weapon <weapon>'."),
    BadInput(
      "a negative lock wait", .none, ["--lock-timeout", "-1"] + edit, .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': '-1'; \(lockTimeout)"),
    BadInput(
      "a lock wait too long", .none, edit + ["--lock-timeout=1000001"], .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': '1000001'; \(lockTimeout)"),
    BadInput(
      "an infinite lock wait", .none, edit + ["--lock-timeout", "inf"], .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': 'inf'; \(lockTimeout)"),
    BadInput(
      "an empty lock wait", .none, edit + ["--lock-timeout="], .usage,
      "Error: Invalid value for '--lock-timeout <seconds>': ''; \(lockTimeout)"),
    BadInput(
      "an unknown weapon", .none, ["set", "cat-bot", "--weapon", "axe"], .usage,
      "Error: Unknown weapon 'axe'. \(weapons)"),
    BadInput(
      "an unknown colour to set", .none, ["set", "cat-bot", "--name-color", "#12345"], .usage,
      "Error: Unknown colour '#12345'. \(colours)"),
    BadInput(
      "an unknown format", .none, ["weapons", "--format", "yaml"], .usage,
      "Error: Unknown format 'yaml'. Choose one of: table, names, json."),
    BadInput(
      "an unknown shell", .none, ["completions", "powershell"], .usage,
      "Error: Unknown shell 'powershell'. Choose one of: bash, zsh, fish."),
    BadInput(
      "help on an unknown subcommand", .none, ["help", "fly"], .usage,
      "Error: Unknown subcommand 'fly'."),
    BadInput(
      "a flag given a value", .none, ["remove", "dog-bot", "--dry-run=yes"], .usage,
      "Error: The flag '--dry-run' takes no value."),
    BadInput(
      "an option given twice", .none, ["list", "--weapon", "fire", "--weapon=smoke"], .usage,
      "Error: The option '--weapon' was given more than once."),
    BadInput(
      "an argument too many", .none, ["rename", "cat-bot", "Kit-Bot", "Kat-Bot"], .usage,
      "Error: Unexpected argument 'Kat-Bot'."),
    BadInput(
      "an empty name to add", .none, ["add", "", "--weapon", "fire"], .usage,
      "Error: '' cannot be a monster's name: it is empty."),
    BadInput(
      "a name with a control character", .none, ["rename", "cat-bot", "Cat\u{1B}Bot"], .usage,
      "Error: 'Cat\\u{1B}Bot' cannot be a monster's name: it holds a control character."),
    BadInput(
      "no such monster", .text(seededRosterText), ["remove", "cat-bott"], .failure,
      "Error: No monster named 'cat-bott'. Did you mean 'Cat-Bot'?"),
    BadInput(
      "a name that is taken", .text(seededRosterText), ["rename", "cat-bot", "DOG-BOT"], .failure,
      "Error: The name 'DOG-BOT' is taken: there is a monster named 'Dog-Bot' (names are compared ignoring case)."
    ),
    BadInput(
      "init over a file", .text(seededRosterText), ["init"], .failure,
      "Error: {path} exists already; use --force to replace it with the seeded roster."),
    BadInput("check of a missing file", .none, ["check"], .noInput, "Error: {path}: no such file."),
    BadInput(
      "apply of a missing script", .none, ["apply", "/nonexistent/edits.txt"], .noInput,
      "Error: /nonexistent/edits.txt: no such file."),
    BadInput(
      "a path that is too long", .none,
      ["--file", "{folder}/" + String(repeating: "x", count: 5000)] + edit, .ioError,
      "Error: Cannot read {folder}/\(String(repeating: "x", count: 5000)): File name too long."),
    BadInput(
      "a 1 MB subcommand", .none, [String(repeating: "x", count: 1 << 20)], .usage,
      "Error: Unknown subcommand 'xxxxxxxx"
    ).prefix(),
    BadInput(
      "a 1 MB monster name", .text(seededRosterText),
      ["show", String(repeating: "x", count: 1 << 20)], .failure,
      "Error: No monster named 'xxxxxxxx"
    ).prefix(),
    BadInput(
      "a 1 MB weapon", .none,
      ["set", "cat-bot", "--weapon", String(repeating: "x", count: 1 << 20)], .usage,
      "Error: Unknown weapon 'xxxxxxxx"
    ).prefix(),
    // The largest argument Linux passes to a program is 128 KiB.
    BadInput(
      "a 128 KiB monster name", .text(seededRosterText),
      ["remove", String(repeating: "x", count: 131_000)], .failure,
      "Error: No monster named 'xxxxxxxx"
    ).prefix().binary(),
    BadInput(
      "invalid UTF-8 in a name", .text(seededRosterText), [], .usage,
      "Error: The argument 'Cat-Bot\u{FFFD}' is not valid UTF-8."
    ).withArguments([Array("show".utf8), Array("Cat-Bot".utf8) + [0xFF]]),
    BadInput(
      "invalid UTF-8 in a path", .none, [], .usage,
      "Error: The argument '{folder}/caf\u{FFFD}.json' is not valid UTF-8."
    ).withArguments(
      [Array("--file".utf8), Array("{folder}/caf".utf8) + [0xE9] + Array(".json".utf8)]
        + edit.map { Array($0.utf8) }),
    BadInput(
      "invalid UTF-8 in a description", .text(seededRosterText), [], .usage,
      "Error: The argument '\u{FFFD}\u{FFFD}' is not valid UTF-8."
    ).withArguments([
      Array("set".utf8), Array("cat-bot".utf8), Array("--description".utf8), [0xC0, 0xAF],
    ]),
  ]

  static let cases = brokenJSON + invalidRosters + badCommandLines

  /// The exit codes SPEC.md allows.
  static let allowedCodes: Set<Int32> = [0, 1, 64, 65, 66, 74, 75]

  @Test func theCatalogueHoldsAtLeastSixtyCases() {
    #expect(Self.cases.count >= 60)
    #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
  }

  /// A sparse file just over 4 GiB, the most a roster file may be: refused from its size,
  /// before it is read, so that a process with a memory limit does not crash on it. (Under
  /// the address sanitizer, which the documented run asks for with `ASAN_OPTIONS`, the
  /// binary needs more address space than the limit leaves it.)
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
      "the address sanitizer cannot run under a memory limit"),
    arguments: [["list"], ["set", "cat-bot", "--weapon", "fire"], ["check"]])
  func fileOverFourGiBIsRefusedBeforeItIsRead(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let size = off_t(UInt32.max) + 1
    #expect(FileManager.default.createFile(atPath: harness.rosterPath, contents: nil))
    #expect(truncate(harness.rosterPath, size) == 0)
    let binary = try #require(BuiltTool.url)
    // A limit of 1 GiB of address space: reading the file whole could not fit in it.
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "ulimit -v 1048576 && exec \"$0\" \"$@\"", binary.path] + arguments,
      in: harness.folder)
    #expect(
      result
        == ProcessResult(
          status: 74, output: "",
          errors: "Error: monsters.json is larger than 4 GiB, more than a roster file may be.\n"))
    var status = stat()
    #expect(stat(harness.rosterPath, &status) == 0 && status.st_size == size)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder).sorted().filter {
        $0 != "monsters.json.lock"
      } == ["monsters.json"])
  }

  @Test(arguments: cases)
  func badInputGetsItsCodeAndMessageAndLeavesTheFileAlone(_ badInput: BadInput) throws {
    let harness = try CommandLineHarness()
    let before = badInput.roster.bytes
    if let before {
      try Data(before).write(to: URL(fileURLWithPath: harness.rosterPath))
    }
    // Paths are made in the test's own folder.
    let arguments = badInput.arguments.map { argument in
      argument.starts(with: Array("{folder}".utf8))
        ? Array(harness.folder.utf8) + argument.dropFirst("{folder}".utf8.count) : argument
    }
    let code: Int32
    let output: String
    let errors: String
    if badInput.runsTheBinary {
      let binary = try #require(BuiltTool.url)
      let result = try SpawnedProcess.run(
        binary, arguments: arguments, environment: ["MONSTERS_FILE": harness.rosterPath])
      guard case .exited(let status) = result.termination else {
        Issue.record("monsters ended: \(result.termination)")
        return
      }
      code = status
      output = String(decoding: result.output, as: UTF8.self)
      errors = String(decoding: result.errors, as: UTF8.self)
    } else {
      let result = harness.run(arguments.map { String(decoding: $0, as: UTF8.self) })
      code = result.code.rawValue
      output = result.output
      errors = result.errors
    }
    #expect(code == badInput.code.rawValue)
    #expect(Self.allowedCodes.contains(code))
    let firstLine = String(errors.prefix { $0 != "\n" })
    var message = badInput.message.replacing("{path}", with: harness.rosterPath)
      .replacing("{folder}", with: harness.folder)
    if !message.hasPrefix("Error: ") { message = "Error: " + message }
    if badInput.isPrefix {
      #expect(firstLine.hasPrefix(message), "\(firstLine.prefix(300))")
    } else {
      #expect(firstLine == message)
    }
    for text in [output, errors] {
      #expect(!text.contains("Fatal error"))
      #expect(!text.localizedCaseInsensitiveContains("backtrac"))
      #expect(!text.contains("Program crashed"))
    }
    // The file is byte for byte as it was (or still missing), and nothing else is left.
    let after = FileManager.default.contents(atPath: harness.rosterPath).map { [UInt8]($0) }
    #expect(after == before)
    let entries = try FileManager.default.contentsOfDirectory(atPath: harness.folder)
    #expect(
      Set(entries).isSubset(of: ["monsters.json", "monsters.json.lock"]), "\(entries.sorted())")
  }
}
