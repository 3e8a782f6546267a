// The bad JSON documents: every way a file fails to be JSON that the tests try, each once,
// with the place and message of its error; those whose error is in a string are in
// BadJSON+Strings.swift.

private let utf16Message = "the file is UTF-16 or UTF-32; a roster file is UTF-8"

private let minimal = #"{"version": 1, "monsters": []}"#

private func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
  text.utf16.flatMap { unit in
    let bytes = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    return bigEndian ? bytes : bytes.reversed()
  }
}

extension BadJSON {
  /// Every bad document: MonsterKit's scanner must throw each one's error, and each command
  /// that reads the roster must print it.
  public static let documents = outsideStrings + badStrings

  /// Every document whose error is outside a string.
  static let outsideStrings: [BadJSON] = [
    // Empty and truncated files.
    BadJSON("empty file", "", 1, 1, "the file is empty; expected a JSON object"),
    BadJSON("white space only", "  \n\n", 3, 1, "unexpected end of file; expected a JSON object"),
    BadJSON(
      "white space and a tab only", "  \n\t\n", 3, 1,
      "unexpected end of file; expected a JSON object"),
    BadJSON(
      "truncated in the monsters array", #"{"version": 1, "monsters": ["#, 1, 29,
      "unexpected end of file; expected a value or ']'"),
    BadJSON(
      "truncated after a member", #"{"version": 1"#, 1, 14,
      "unexpected end of file; expected ',' or '}' after an object member"),
    BadJSON(
      "truncated after a key", #"{"version""#, 1, 11,
      "unexpected end of file; expected ':' after an object key"),
    BadJSON(
      "truncated before a value", #"{"version": "#, 1, 13,
      "unexpected end of file; expected a value"),
    BadJSON(
      "truncated in a monster",
      "{\n  \"version\": 1,\n  \"monsters\": [\n    {\n      \"name\": \"Cat-Bot\",\n", 6, 1,
      "unexpected end of file; expected a string key"),
    BadJSON("truncated in a string", #"{"version": 1, "x": "abc"#, 1, 21, "unterminated string"),
    BadJSON(
      "truncated in a monster's name", #"{"version": 1, "monsters": [{"name": "Cat"#, 1, 38,
      "unterminated string"),
    BadJSON(
      "truncated in an escape", #"{"version": 1, "x": "abc\"#, 1, 25, "unterminated string"),
    // Punctuation.
    BadJSON(
      "missing colon", #"{"version" 1}"#, 1, 12, "expected ':' after an object key"),
    BadJSON(
      "missing comma", #"{"version": 1 "monsters": []}"#, 1, 15,
      "expected ',' or '}' after an object member"),
    BadJSON(
      "missing comma in an array", bytes: valueOfX("[1 2]"), 1, 24,
      "expected ',' or ']' after an array element"),
    BadJSON(
      "trailing comma in an object", #"{"version": 1, "monsters": [],}"#, 1, 31,
      "trailing comma before '}'"),
    BadJSON(
      "trailing comma in the monsters array", #"{"version": 1, "monsters": [1,]}"#, 1, 31,
      "trailing comma before ']'"),
    BadJSON(
      "trailing comma after a monster", rosterText([monsterText(), ""]), 1, 106,
      "trailing comma before ']'"),
    BadJSON(
      "trailing comma in a nested array", bytes: valueOfX("[1, 2, ]"), 1, 28,
      "trailing comma before ']'"),
    BadJSON(
      "trailing comma in a nested object", bytes: valueOfX(#"{"a": 1,}"#), 1, 29,
      "trailing comma before '}'"),
    BadJSON(
      "trailing comma with CRLF line ends",
      "{\r\n  \"version\": 1,\r\n  \"monsters\": [],\r\n}\r\n", 4, 1, "trailing comma before '}'"),
    BadJSON(
      "double comma", #"{"version": 1,, }"#, 1, 15, "expected a string key in double quotes"),
    BadJSON("unquoted key", "{version: 1}", 1, 2, "expected a string key in double quotes"),
    BadJSON(
      "unquoted keys throughout", "{version: 1, monsters: []}", 1, 2,
      "expected a string key in double quotes"),
    BadJSON("missing value", bytes: valueOfX(""), 1, 21, "unexpected '}'; expected a value"),
    // Comments.
    BadJSON("line comment first", "// roster\n{}", 1, 1, "comments are not allowed in JSON"),
    BadJSON(
      "block comment first", "/* roster */ " + minimal, 1, 1, "comments are not allowed in JSON"),
    BadJSON(
      "block comment after a member", "{\n  \"version\": 1, /* v */\n  \"monsters\": []\n}\n",
      2, 17, "comments are not allowed in JSON"),
    BadJSON(
      "line comment after a member", "{\"version\": 1, // one\n\"monsters\": []}", 1, 16,
      "comments are not allowed in JSON"),
    BadJSON(
      "comment before a value", #"{"version": /* one */ 1}"#, 1, 13,
      "comments are not allowed in JSON"),
    BadJSON(
      "comment after the end", minimal + " // done", 1, 32,
      "unexpected '/' after the roster's closing '}'"),
    // Words and numbers.
    BadJSON("NaN", bytes: valueOfX("NaN"), 1, 21, "unexpected 'NaN'; expected a value"),
    BadJSON(
      "NaN as the version", rosterText(version: "NaN"), 1, 13,
      "unexpected 'NaN'; expected a value"),
    BadJSON(
      "Infinity", bytes: valueOfX("Infinity"), 1, 21, "unexpected 'Infinity'; expected a value"),
    BadJSON(
      "-Infinity", bytes: valueOfX("-Infinity"), 1, 22, "invalid number: expected a digit"),
    BadJSON(
      "-Infinity as the version", rosterText(version: "-Infinity"), 1, 14,
      "invalid number: expected a digit"),
    BadJSON("True", bytes: valueOfX("True"), 1, 21, "unexpected 'True'; expected a value"),
    BadJSON("nul", bytes: valueOfX("nul"), 1, 21, "unexpected 'nul'; expected a value"),
    BadJSON(
      "misspelt literal in a monster", rosterText([monsterText(extra: #""rare": tru"#)]), 1, 113,
      "unexpected 'tru'; expected a value"),
    BadJSON("plus sign", bytes: valueOfX("+1"), 1, 21, "unexpected '+'; expected a value"),
    BadJSON("leading dot", bytes: valueOfX(".5"), 1, 21, "unexpected '.'; expected a value"),
    BadJSON(
      "leading zero", #"{"version": 01}"#, 1, 13, "invalid number: leading zeros are not allowed"),
    BadJSON(
      "leading zero before the monsters", rosterText(version: "01"), 1, 13,
      "invalid number: leading zeros are not allowed"),
    BadJSON(
      "negative leading zero", bytes: valueOfX("-00.5"), 1, 21,
      "invalid number: leading zeros are not allowed"),
    BadJSON(
      "leading zero after a tab", "{\n\t\"version\": 01}", 2, 13,
      "invalid number: leading zeros are not allowed"),
    BadJSON(
      "no digit after the point", bytes: valueOfX("1."), 1, 23,
      "invalid number: expected a digit after '.'"),
    BadJSON(
      "no digit in the exponent", bytes: valueOfX("1e+"), 1, 24,
      "invalid number: expected a digit in the exponent"),
    // Quotes.
    BadJSON("single-quoted key", "{'version': 1}", 1, 2, "strings must be in double quotes"),
    BadJSON(
      "single-quoted keys throughout", "{'version': 1, 'monsters': []}", 1, 2,
      "strings must be in double quotes"),
    BadJSON(
      "single-quoted value", bytes: valueOfX("'a'"), 1, 21, "strings must be in double quotes"),
    // Encodings.
    BadJSON(
      "UTF-8 byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(minimal.utf8), 1, 1,
      "the file starts with a UTF-8 byte order mark; remove it"),
    BadJSON(
      "UTF-16 LE with a byte order mark", bytes: [0xFF, 0xFE] + utf16(minimal, bigEndian: false),
      1, 1, utf16Message),
    BadJSON(
      "UTF-16 LE of {} with a byte order mark",
      bytes: [0xFF, 0xFE] + utf16("{}", bigEndian: false),
      1, 1, utf16Message),
    BadJSON(
      "UTF-16 BE with a byte order mark", bytes: [0xFE, 0xFF] + utf16(minimal, bigEndian: true),
      1, 1, utf16Message),
    BadJSON(
      "UTF-16 LE without a byte order mark", bytes: utf16(minimal, bigEndian: false), 1, 1,
      utf16Message),
    BadJSON(
      "UTF-16 BE without a byte order mark", bytes: utf16(minimal, bigEndian: true), 1, 1,
      utf16Message),
    BadJSON(
      "UTF-16 BE of a roster without monsters, without a byte order mark",
      bytes: utf16(#"{"version": 1}"#, bigEndian: true), 1, 1, utf16Message),
    // After the end.
    BadJSON(
      "a word after the end", minimal + " x", 1, 32,
      "unexpected 'x' after the roster's closing '}'"),
    BadJSON(
      "a second object", minimal + "\n{}", 2, 1,
      "unexpected '{' after the roster's closing '}'"),
    BadJSON(
      "null after the end", minimal + "\n\nnull\n", 3, 1,
      "unexpected 'null' after the roster's closing '}'"),
    BadJSON(
      "a word after a top-level array", "[] x", 1, 4,
      "unexpected 'x' after the end of the JSON value"),
    // Duplicate keys.
    BadJSON(
      "duplicate key at the top level", #"{"version": 1, "version": 1, "monsters": []}"#, 1, 16,
      "duplicate key 'version' in one object"),
    BadJSON(
      "duplicate key at the top level, after the monsters",
      #"{"version": 1, "monsters": [], "version": 1}"#, 1, 32,
      "duplicate key 'version' in one object"),
    BadJSON(
      "duplicate key at the top level, escaped", #"{"version": 1, "versio\u006e": 1}"#, 1,
      16, "duplicate key 'version' in one object"),
    BadJSON(
      "duplicate unknown key at the top level", #"{"x": 1, "version": 1, "x": 2}"#, 1, 24,
      "duplicate key 'x' in one object"),
    BadJSON(
      "duplicate unknown key after the monsters",
      #"{"version": 1, "monsters": [], "x": 1, "x": 2}"#, 1, 40,
      "duplicate key 'x' in one object"),
    BadJSON(
      "duplicate key in a monster",
      #"{"version": 1, "monsters": [{"name": "A", "name": "B"}]}"#, 1, 43,
      "duplicate key 'name' in one object"),
    BadJSON(
      "duplicate weapon in a monster", rosterText([monsterText(extra: #""weapon": "fire""#)]), 1,
      105, "duplicate key 'weapon' in one object"),
    BadJSON(
      "duplicate key in a monster, escaped",
      #"{"version": 1, "monsters": [{"name": "A", "n\u0061me": "B"}]}"#, 1, 43,
      "duplicate key 'name' in one object"),
    BadJSON(
      "duplicate name colour, the first null",
      #"{"version": 1, "monsters": [{"nameColor": null, "nameColor": "red"}]}"#, 1, 49,
      "duplicate key 'nameColor' in one object"),
    BadJSON(
      "duplicate unknown key in a monster", #"{"version": 1, "monsters": [{"x": 1, "x": 2}]}"#,
      1, 38, "duplicate key 'x' in one object"),
    BadJSON(
      "duplicate key in an unknown nested object",
      #"{"version": 1, "monsters": [], "x": {"a": 1, "a": 2}}"#, 1, 46,
      "duplicate key 'a' in one object"),
    BadJSON(
      "duplicate key deep in an unknown value, escaped",
      bytes: valueOfX(#"{"y": [{"\u00e9": 1, "é": 2}]}"#), 1, 42,
      "duplicate key 'é' in one object"),
    BadJSON(
      "duplicate key with control characters, escaped in the message",
      bytes: valueOfX(#"{"a\u001b": 1, "a\u001b": 2}"#), 1, 36,
      #"duplicate key 'a\u{1B}' in one object"#),
    BadJSON(
      "duplicate key with a raw DEL, escaped in the message",
      bytes: valueOfX("{\"\u{7F}\":1,\"\u{7F}\":2}"), 1, 28,
      #"duplicate key '\u{7F}' in one object"#),
  ]
}
