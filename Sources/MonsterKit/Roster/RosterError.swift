import Glibc

/// What can go wrong reading, editing or writing a roster.
public enum RosterError: Error, Hashable, Sendable {
  /// No monster on the roster has this name, ignoring case; perhaps one with a close name.
  case noSuchMonster(String, suggestion: String?)
  /// Another monster, named second, has this name already, ignoring case.
  case nameTaken(String, by: String)
  /// The name cannot be a monster's: the reason says why (empty, a control character).
  case invalidName(String, reason: String)
  /// The file at the path is not JSON: the first error, by line and column.
  case syntax(path: String, line: Int, column: Int, message: String)
  /// The file at the path is JSON but breaks the roster's rules: every problem found.
  case invalidRoster(path: String, problems: [RosterProblem])
  /// The file at the path holds the markers of a merge's conflicts: the line of each.
  case unresolvedConflict(path: String, lines: [Int])
  /// There is no file at the path, and the operation needs one.
  case missingFile(path: String)
  /// There is a file at the path already, and the operation would replace it.
  case fileExists(path: String)
  /// The path names a device, a pipe or a socket rather than a file.
  case notARegularFile(path: String)
  /// The file at the path is larger than a roster file may be (4 GiB).
  case fileTooLarge(path: String)
  /// Another program wrote to the file while it was being read, so what was read may be
  /// half of one version and half of another; nothing was written.
  case changedWhileReading(path: String)
  /// A system call on the path failed: what was being done, and the `errno` it gave.
  case fileSystem(path: String, action: String, errno: Int32)
  /// Another process held the roster's lock for longer than the lock wait.
  case lockTimeout(path: String, seconds: Double)
}

// MARK: - CustomStringConvertible

extension RosterError: CustomStringConvertible {
  /// The message a user reads, such as `No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?`.
  public var description: String {
    switch self {
    case .noSuchMonster(let name, let suggestion):
      "No monster named '\(escapedForMessage(name))'."
        + (suggestion.map { " Did you mean '\(escapedForMessage($0))'?" } ?? "")
    case .nameTaken(let name, let holder):
      name == holder
        ? "There is a monster named '\(escapedForMessage(name))' already."
        : "The name '\(escapedForMessage(name))' is taken: there is a monster named "
          + "'\(escapedForTerminal(holder))' (names are compared ignoring case)."
    case .invalidName(let name, let reason):
      "'\(escapedForMessage(name))' cannot be a monster's name: \(reason)."
    case .syntax(let path, let line, let column, let message):
      "\(escapedForTerminal(path)):\(line):\(column): \(message)"
    case .invalidRoster(let path, let problems):
      problems.first.map { "\(escapedForTerminal(path)):\($0)" + moreProblems(problems.count - 1) }
        ?? "\(escapedForTerminal(path)): not a valid roster"
    case .unresolvedConflict(let path, let lines):
      "\(escapedForTerminal(path)):\(lines.first ?? 1): unresolved merge conflict"
        + moreConflicts(lines.count - 1)
    case .missingFile(let path):
      "\(escapedForTerminal(path)): no such file."
    case .fileExists(let path):
      "\(escapedForTerminal(path)) exists already; use --force to replace it with the seeded "
        + "roster."
    case .notARegularFile(let path):
      "\(escapedForTerminal(path)) is not a regular file; a roster is kept in one."
    case .fileTooLarge(let path):
      "\(escapedForTerminal(path)) is larger than 4 GiB, more than a roster file may be."
    case .changedWhileReading(let path):
      "\(escapedForTerminal(path)) changed while it was being read; nothing was written. "
        + "Try again."
    case .fileSystem(let path, let action, let code):
      "Cannot \(action) \(escapedForTerminal(path)): \(String(cString: strerror(code)))."
    case .lockTimeout(let path, let seconds):
      "Another monsters is editing \(escapedForTerminal(path)) (it held "
        + "\(escapedForTerminal(path)).lock for over \(formatSeconds(seconds)) s); try again, "
        + "or raise --lock-timeout."
    }
  }
}

private func moreProblems(_ count: Int) -> String {
  switch count {
  case 0: ""
  case 1: " (and 1 more problem; run 'monsters check')"
  default: " (and \(count) more problems; run 'monsters check')"
  }
}

private func moreConflicts(_ count: Int) -> String {
  switch count {
  case 0: ""
  case 1: " (and 1 more; run 'monsters check')"
  default: " (and \(count) more; run 'monsters check')"
  }
}

private func formatSeconds(_ seconds: Double) -> String {
  seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
}

/// Text for a terminal: control characters shown as escapes.
///
/// A name or description from a file could hold escape sequences that move a terminal's
/// cursor or retitle its window; shown through this, they are only text:
///
/// ```swift
/// escapedForTerminal("a\u{1B}[2Jb")  // "a\\u{1B}[2Jb"
/// ```
///
/// - Parameter text: Text to show.
/// - Returns: The text with each control character (C0, DEL and C1) as `\n`, `\r`, `\t`
///   or `\u{XX}`, and backslashes left alone.
package func escapedForTerminal(_ text: some StringProtocol) -> String {
  let isPlain = text.utf8.withContiguousStorageIfAvailable {
    !holdsControlCharacter(UnsafeRawBufferPointer($0))
  }
  if isPlain == true { return String(text) }
  return escaping(text) { scalar in
    switch scalar {
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    case _ where scalar.properties.generalCategory == .control:
      "\\u{" + hex2(UInt8(truncatingIfNeeded: scalar.value)) + "}"
    default: nil
    }
  }
}

/// Text quoted in a message: escaped as for a terminal, and cut short after 200
/// characters, so that a 20 MB value does not make a 20 MB message.
///
/// - Parameter text: The text to quote.
/// - Returns: The text, escaped, perhaps cut short with `... (N more characters)`.
package func escapedForMessage(_ text: some StringProtocol) -> String {
  let limit = 200
  guard text.utf8.count > limit, text.count > limit else { return escapedForTerminal(text) }
  return escapedForTerminal(text.prefix(limit)) + "... (\(text.count - limit) more characters)"
}

/// Text with some of its scalars written another way.
///
/// - Parameters:
///   - text: The text.
///   - escape: What to write for a scalar, or `nil` to keep it.
/// - Returns: The text, rewritten.
package func escaping(_ text: some StringProtocol, _ escape: (Unicode.Scalar) -> String?) -> String
{
  let scalars = text.unicodeScalars
  // Most text needs no escape, and is copied as it is.
  guard let first = scalars.firstIndex(where: { escape($0) != nil }) else { return String(text) }
  var result = String(String.UnicodeScalarView(scalars[..<first]))
  for scalar in scalars[first...] {
    if let replacement = escape(scalar) {
      result += replacement
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
