/// A file that is not JSON, and where and why reading it stops: MonsterKit's scanner throws
/// a syntax error at `line` and `column` with `message`, and every command of `monsters`
/// prints it as `PATH:LINE:COLUMN: message`.
///
/// ``documents`` holds every such case once, for the scanner's tests and the command
/// line's alike.
public struct BadJSON: Sendable, CustomStringConvertible {
  /// What the case is, which names it in the tests' results.
  public var name: String
  /// The file's bytes.
  public var bytes: [UInt8]
  /// The line of the error, from 1.
  public var line: Int
  /// The column of the error, in characters from 1.
  public var column: Int
  /// The message, after the place.
  public var message: String

  init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
    self.init(name, bytes: Array(text.utf8), line, column, message)
  }

  init(_ name: String, bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
    self.name = name
    self.bytes = bytes
    self.line = line
    self.column = column
    self.message = message
  }

  /// The name, which the tests' results show for the case.
  public var description: String { name }
}

/// The UTF-8 bytes of `{"version": 1, "x": ` (20 characters), then `bytes`, then `}`: a
/// file whose unknown key `x` holds the value `bytes` starting at column 21.
public func valueOfX(_ bytes: [UInt8]) -> [UInt8] {
  Array(#"{"version": 1, "x": "#.utf8) + bytes + Array("}".utf8)
}

/// The same file, with the UTF-8 bytes of `text` as the value.
public func valueOfX(_ text: String) -> [UInt8] {
  valueOfX(Array(text.utf8))
}

/// A valid roster file with no monsters whose unknown key `x` holds the value `bytes`,
/// starting at column 37.
public func rosterWithX(_ bytes: [UInt8]) -> [UInt8] {
  Array(#"{"version": 1, "monsters": [], "x": "#.utf8) + bytes + Array("}".utf8)
}

/// The text of a roster file with these monster objects (JSON text), then a line break.
public func rosterText(_ monsters: [String]) -> String {
  "{\"version\": 1, \"monsters\": [" + monsters.joined(separator: ", ") + "]}\n"
}

/// The text of a roster file with no monsters whose `version` is this JSON text.
public func rosterText(version json: String) -> String {
  "{\"version\": \(json), \"monsters\": []}"
}

/// A monster object (JSON text) with the four fields every monster needs, one of them
/// replaced or, named by `omitted`, left out, and `extra` members after them.
public func monsterText(
  name: String = "\"Cat-Bot\"", description: String = "\"d\"", icon: String = "\"c.png\"",
  weapon: String = "\"sword\"", without omitted: String? = nil, extra: String = ""
) -> String {
  let fields = [("name", name), ("description", description), ("icon", icon), ("weapon", weapon)]
    .filter { key, _ in key != omitted }.map { key, value in "\"\(key)\": \(value)" }
  return "{" + (fields + (extra.isEmpty ? [] : [extra])).joined(separator: ", ") + "}"
}
