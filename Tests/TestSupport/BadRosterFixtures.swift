import Foundation
import ProgramRunning

/// The package's `Fixtures` folder.
public let fixturesFolder = packageRoot.appendingPathComponent("Fixtures")

/// `Fixtures/bad`.
public let badRosterFolder = fixturesFolder.appendingPathComponent("bad")

/// The bad roster files in `Fixtures/bad`, one for each kind of bad roster, and the error
/// each gives, after the file's path.
public let badRosterFixtures: [(file: String, error: String)] = [
  ("empty.json", "1:1: the file is empty; expected a JSON object"),
  ("truncated.json", "11:24: unexpected end of file; expected ',' or '}' after an object member"),
  ("trailing-comma.json", "16:3: trailing comma before ']'"),
  ("comment.json", "2:3: comments are not allowed in JSON"),
  ("garbage-after-end.json", "18:1: unexpected '}' after the roster's closing '}'"),
  ("top-level-array.json", "1:1: a roster is a JSON object with 'version' and 'monsters'"),
  ("nan-version.json", "2:14: unexpected 'NaN'; expected a value"),
  ("invalid-utf8.json", "6:27: invalid UTF-8 (byte 0xFF)"),
  ("lone-surrogate.json", #"6:27: lone surrogate \uD800 in a string"#),
  ("utf16.json", "1:1: the file is UTF-16 or UTF-32; a roster file is UTF-8"),
  ("duplicate-key.json", "9:7: duplicate key 'weapon' in one object"),
  ("missing-monsters.json", "1:1: the roster has no 'monsters'"),
  (
    "newer-version.json",
    "2:14: the file is roster version 2, newer than this monsters reads (1); use a newer monsters"
  ),
  ("missing-field.json", "10:5: monster 2 ('Dog-Bot'): no 'icon'"),
  ("wrong-type.json", "14:17: monster 2 ('Dog-Bot'): 'weapon' must be a string"),
  (
    "unknown-weapon.json",
    "14:17: monster 2 ('Dog-Bot'): unknown weapon 'laser'; the weapons are blowgun, ninjaStar, "
      + "fire, sword, smoke"
  ),
  (
    "misspelt-weapon.json",
    "14:17: monster 2 ('Dog-Bot'): unknown weapon 'Blowgun'; the weapons are blowgun, ninjaStar, "
      + "fire, sword, smoke"
  ),
  ("empty-name.json", "11:15: monster 2: the name is empty; correct it in the file"),
  (
    "control-character-name.json",
    "11:15: monster 2: the name holds a control character, U+001B; correct it in the file"
  ),
  (
    "duplicate-name.json",
    "11:15: monster 2 ('CAT-BOT'): the name is taken by monster 1 ('Cat-Bot'); names are "
      + "compared ignoring case"
  ),
  (
    "bad-colour.json",
    "9:20: monster 1 ('Cat-Bot'): unknown name colour 'mauve'; use black, red, green, yellow, "
      + "blue, magenta, cyan, white or #RRGGBB"
  ),
]
