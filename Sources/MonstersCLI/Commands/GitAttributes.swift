import MonsterKit

/// A `.gitattributes` file as git reads it, for `setup-git`, which adds the roster's line,
/// and `check`, which looks for it: a path written as a pattern the way git quotes paths,
/// and lines read back the way git reads them.
enum GitAttributes {
  /// The attributes that send a file to the `monsters` drivers.
  static let attributes = "merge=monsters diff=monsters"

  /// A line of an attributes file: its pattern, unquoted, and its attributes.
  struct Line: Equatable {
    /// The pattern as git matches it: quotes taken off, backslashes before glob characters
    /// kept.
    var pattern: String
    var attributes: [String]

    /// Whether the line sends what it matches to both `monsters` drivers.
    var setsBothDrivers: Bool {
      attributes.contains("merge=monsters") && attributes.contains("diff=monsters")
    }
  }

  // MARK: - Writing a pattern

  /// A path as a pattern that matches it alone: glob characters escaped with a backslash,
  /// and the whole in C-style quotes, as git quotes a path (`core.quotePath`), when it
  /// holds a space, a quote, a backslash, a control character or any byte past ASCII:
  /// `"team r\303\266ster.json"`.
  static func pattern(for path: String) -> String {
    // Code point by code point, as git reads a pattern: a `*` a combining mark follows is
    // still a `*`.
    var escaped = ""
    for (offset, scalar) in path.unicodeScalars.enumerated() {
      if "*?[\\".unicodeScalars.contains(scalar)
        || (offset == 0 && "!#".unicodeScalars.contains(scalar))
      {
        escaped.append("\\")
      }
      escaped.unicodeScalars.append(scalar)
    }
    let needsQuotes = path.utf8.contains { byte in
      byte <= UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte >= 0x7F
    }
    guard needsQuotes else { return escaped }
    var quoted = "\""
    for byte in escaped.utf8 {
      switch byte {
      case UInt8(ascii: "\""): quoted += "\\\""
      case UInt8(ascii: "\\"): quoted += "\\\\"
      case 0x07: quoted += "\\a"
      case 0x08: quoted += "\\b"
      case UInt8(ascii: "\t"): quoted += "\\t"
      case UInt8(ascii: "\n"): quoted += "\\n"
      case 0x0B: quoted += "\\v"
      case 0x0C: quoted += "\\f"
      case UInt8(ascii: "\r"): quoted += "\\r"
      case 0..<0x20, 0x7F...:
        let octal = String(byte, radix: 8)
        quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      default: quoted.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return quoted + "\""
  }

  // MARK: - Reading lines

  /// The line break a file's lines end with: CRLF when its first line ends so.
  static func lineBreak(of bytes: [UInt8]) -> String {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0,
      bytes[newline - 1] == UInt8(ascii: "\r")
    else { return "\n" }
    return "\r\n"
  }

  /// The lines of an attributes file that give a pattern attributes: not blank, not
  /// comments, not macros.
  static func lines(of bytes: [UInt8]) -> [Line] {
    bytes.split(separator: UInt8(ascii: "\n")).compactMap { raw in
      var line = Array(raw)
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      let start = line.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
      guard let start, line[start] != UInt8(ascii: "#"), line[start] != UInt8(ascii: "[") else {
        return nil
      }
      guard let (pattern, rest) = Self.pattern(in: line[start...]) else { return nil }
      let attributes = rest.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        .map { String(decoding: $0, as: UTF8.self) }
      return Line(pattern: pattern, attributes: attributes)
    }
  }

  /// The pattern at the start of a line and what follows it: a word, or a C-style quoted
  /// string, unquoted as git unquotes it.
  private static func pattern(in line: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>)? {
    guard line.first == UInt8(ascii: "\"") else {
      let end = line.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      return (
        String(decoding: line[..<(end ?? line.endIndex)], as: UTF8.self),
        line[(end ?? line.endIndex)...]
      )
    }
    var bytes: [UInt8] = []
    var index = line.index(after: line.startIndex)
    let escapes: [UInt8: UInt8] = [
      UInt8(ascii: "a"): 0x07, UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09,
      UInt8(ascii: "n"): 0x0A, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "f"): 0x0C,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): UInt8(ascii: "\""),
      UInt8(ascii: "\\"): UInt8(ascii: "\\"),
    ]
    while index < line.endIndex {
      let byte = line[index]
      if byte == UInt8(ascii: "\"") {
        return (String(decoding: bytes, as: UTF8.self), line[line.index(after: index)...])
      }
      guard byte == UInt8(ascii: "\\") else {
        bytes.append(byte)
        index += 1
        continue
      }
      guard index + 1 < line.endIndex else { return nil }
      let next = line[index + 1]
      if let escaped = escapes[next] {
        bytes.append(escaped)
        index += 2
      } else if (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(next), index + 3 < line.endIndex {
        let digits = line[(index + 1)...(index + 3)].map { Int($0) - Int(UInt8(ascii: "0")) }
        guard digits.allSatisfy({ (0...7).contains($0) }) else { return nil }
        bytes.append(UInt8(digits[0] * 64 + digits[1] * 8 + digits[2]))
        index += 4
      } else {
        return nil
      }
    }
    return nil
  }

  // MARK: - Matching

  /// Whether a pattern matches a path.
  enum PatternMatch {
    case matches
    case doesNotMatch
    /// The pattern has a wildcard, which only git can match.
    case wildcard
  }

  /// Whether a pattern matches one path as git would, when the pattern has no wildcard:
  /// `/a.json` and `a.json` match `a.json` at the top, a pattern without a slash matches a
  /// file of that name in any folder, one with a slash the path from the attributes file's
  /// folder.
  ///
  /// - Parameters:
  ///   - pattern: The line's pattern, unquoted.
  ///   - path: The file's path from the attributes file's folder.
  static func literallyMatches(_ pattern: String, path: String) -> PatternMatch {
    // Code point by code point, as git reads a pattern and compares a path.
    var literal = ""
    var escaping = false
    for scalar in pattern.unicodeScalars {
      if escaping {
        literal.unicodeScalars.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if "*?[".unicodeScalars.contains(scalar) {
        return .wildcard
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
    let matches =
      if literal.hasPrefix(codePoint: "/") {
        String(decoding: literal.utf8.dropFirst(), as: UTF8.self).hasSameCodePoints(as: path)
      } else if literal.contains(codePoint: "/") {
        literal.hasSameCodePoints(as: path)
      } else {
        literal.hasSameCodePoints(as: path.split(atLast: "/")?.tail ?? path)
      }
    return matches ? .matches : .doesNotMatch
  }
}
