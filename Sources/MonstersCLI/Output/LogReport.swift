import MonsterKit

/// How `monsters log` prints a commit: a line for the commit, then its changes in the
/// roster's words, or one JSON object a change for scripts.
///
/// ```
/// 3f2a1b9  2024-05-02  Ann Lee  Give the cat fire
///   Cat-Bot: weapon sword -> fire
///   renamed Dog-Bot -> Hound-Bot
/// ```
struct LogReport {
  /// The format.
  var format: LogCommand.Format
  /// Colour and escapes, for a terminal.
  var style: TextStyle

  /// The yellow of a commit's hash, as git shows it.
  private static let hashColor = "\u{1B}[33m"

  /// Prints one commit.
  ///
  /// - Parameters:
  ///   - entry: The commit and its changes.
  ///   - first: Whether it is the first printed, which no blank line comes before.
  ///   - output: Where to print it.
  func write(_ entry: RosterHistory.Entry, first: Bool, to output: OutputChannel)
    throws(CommandFailure)
  {
    switch format {
    case .text: try writeText(entry, first: first, to: output)
    case .json: try writeJSON(entry, to: output)
    }
  }

  // MARK: - Text

  private func writeText(_ entry: RosterHistory.Entry, first: Bool, to output: OutputChannel)
    throws(CommandFailure)
  {
    let commit = entry.commit
    var hash = commit.abbreviated
    if style.usesColor { hash = Self.hashColor + hash + TextStyle.reset }
    var lines = [
      hash + "  " + String(commit.date.prefix(10)) + "  " + DiffReport.shown(commit.author)
        + "  " + DiffReport.shown(commit.subject)
    ]
    if let event = entry.event { lines.append("  " + Self.line(for: event)) }
    lines += entry.changes.map { "  " + DiffReport.line(for: $0) }
    try output.append { buffer in
      if !first { buffer.append(UInt8(ascii: "\n")) }
      for line in lines {
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }

  /// What happened to the file, in words.
  static func line(for event: RosterHistory.FileEvent) -> String {
    switch event {
    case .created(let path): "created \(DiffReport.shown(path))"
    case .deleted(let path): "deleted \(DiffReport.shown(path))"
    case .renamed(let old, let new):
      "renamed file \(DiffReport.shown(old)) -> \(DiffReport.shown(new))"
    case .unreadable(let message): "not a valid roster here: \(message)"
    case .readableAgain(let path):
      "\(DiffReport.shown(path)) is a valid roster again; its changes since the last valid "
        + "version are not shown"
    }
  }

  // MARK: - JSON

  /// One object a change, and one for what happened to the file, each on a line: the
  /// commit's fields, then the change's, as `monsters diff --format json` gives them.
  private func writeJSON(_ entry: RosterHistory.Entry, to output: OutputChannel)
    throws(CommandFailure)
  {
    let commit = entry.commit
    let head = [
      JSONMember("commit", .string(commit.hash)),
      JSONMember("abbreviated", .string(commit.abbreviated)),
      JSONMember("author", .string(commit.author)),
      JSONMember("email", .string(commit.email)),
      JSONMember("date", .string(commit.date)),
      JSONMember("subject", .string(commit.subject)),
      JSONMember("parents", .array(entry.parents.map(JSONValue.string))),
    ]
    var objects: [[JSONMember]] = []
    if let event = entry.event { objects.append(Self.members(of: event)) }
    objects += entry.changes.map(DiffReport.members(of:))
    let forTerminal = style.isTerminal
    try output.append { buffer in
      for members in objects {
        var line: [UInt8] = []
        line.appendJSON(.object(head + members), indent: nil, forTerminal: forTerminal)
        line.append(UInt8(ascii: "\n"))
        buffer.append(
          contentsOf: forTerminal ? DiffReport.escapingFormatCharacters(line) : line)
      }
    }
  }

  /// What happened to the file, as a JSON object's members: `change` says what.
  private static func members(of event: RosterHistory.FileEvent) -> [JSONMember] {
    switch event {
    case .created(let path):
      [JSONMember("change", .string("created")), JSONMember("path", .string(path))]
    case .deleted(let path):
      [JSONMember("change", .string("deleted")), JSONMember("path", .string(path))]
    case .renamed(let old, let new):
      [
        JSONMember("change", .string("moved")), JSONMember("from", .string(old)),
        JSONMember("to", .string(new)),
      ]
    case .unreadable(let message):
      [JSONMember("change", .string("unreadable")), JSONMember("message", .string(message))]
    case .readableAgain(let path):
      [JSONMember("change", .string("readable")), JSONMember("path", .string(path))]
    }
  }
}
