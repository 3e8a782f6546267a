import MonsterKit

/// The text `monsters edit` puts in the editor: lines of comments at the top, each
/// starting with `#` (what is edited and how to cancel, then the problems to fix or the
/// conflicts to resolve, each with its line in this text), and the roster as canonical
/// JSON. JSON never starts with `#`, so the reader strips the comments it finds at the top,
/// whatever the user did to them.
struct EditDocument {
  /// A problem to fix, at a line and column of the JSON when it has one.
  struct Problem: Equatable {
    var line: Int?
    var column: Int?
    var message: String
  }

  /// The comment lines, without their `# `.
  var comments: [String]
  /// The JSON.
  var body: [UInt8]

  /// The whole text, as the editor opens it.
  var text: [UInt8] {
    var text: [UInt8] = []
    for comment in comments {
      text.append(contentsOf: ("#" + (comment.isEmpty ? "" : " ") + comment + "\n").utf8)
    }
    text.append(contentsOf: body)
    return text
  }

  /// A document with problems listed under the comments, each with its line in the text
  /// the editor opens: the line in the JSON, past the comments.
  ///
  /// - Parameters:
  ///   - intro: The comments that say what is edited.
  ///   - note: What the problems are, before them.
  ///   - problems: The problems.
  ///   - body: The JSON.
  init(intro: [String], note: [String] = [], problems: [Problem] = [], body: [UInt8]) {
    var comments = intro
    if !note.isEmpty || !problems.isEmpty { comments += [""] + note }
    let offset = comments.count + problems.count
    for problem in problems {
      var place = ""
      if let line = problem.line {
        place = "line \(offset + line)" + (problem.column.map { ", column \($0)" } ?? "") + ": "
      }
      comments.append("  " + place + Self.oneLine(problem.message))
    }
    self.comments = comments
    self.body = body
  }

  /// Text on one line: a line break in a message would end the comment.
  private static func oneLine(_ text: String) -> String {
    escapedForTerminal(text)
  }

  /// The JSON of a text the editor saved: what follows the lines at the top that start
  /// with `#`, and the blank lines among them.
  static func body(of text: [UInt8]) -> [UInt8] {
    var start = text.startIndex
    while start < text.endIndex {
      let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
      let line = text[start..<end].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      guard line.isEmpty || line.first == UInt8(ascii: "#") || line == [UInt8(ascii: "\r")]
      else { break }
      start = end < text.endIndex ? end + 1 : end
    }
    return Array(text[start...])
  }

  /// Whether a text holds nothing but white space: a text saved empty cancels the edit.
  static func isBlank(_ body: [UInt8]) -> Bool {
    body.allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
        || $0 == UInt8(ascii: "\r")
    }
  }

  /// The problems a reader found with a body, each where it is.
  static func problems(of error: RosterError) -> [Problem] {
    switch error {
    case .syntax(_, let line, let column, let message):
      [Problem(line: line, column: column, message: message)]
    case .invalidRoster(_, let problems):
      problems.map { Problem(line: $0.line, column: $0.column, message: $0.message) }
    case .unresolvedConflict(_, let lines):
      lines.map {
        Problem(
          line: $0,
          message: "a conflict: keep one side of it (or what you make of both), "
            + "and take its markers out")
      }
    default:
      [Problem(message: CommandFailure.roster(error).message ?? "\(error)")]
    }
  }

  /// The line of the JSON where a monster's name is given, for a problem with the monster
  /// that the reader of the JSON alone does not find (a name another monster of the roster
  /// has).
  static func line(ofName name: String, in body: [UInt8]) -> Int? {
    var needle: [UInt8] = []
    needle.appendJSON(.string(name), indent: nil)
    guard !needle.isEmpty, body.count >= needle.count else { return nil }
    var line = 1
    var index = body.startIndex
    while index + needle.count <= body.endIndex {
      if body[index] == UInt8(ascii: "\n") {
        line += 1
      } else if body[index] == needle[0], body[index..<index + needle.count].elementsEqual(needle) {
        return line
      }
      index += 1
    }
    return nil
  }
}
