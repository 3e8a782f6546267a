/// What can go wrong reading, editing or writing a roster.
public enum RosterError: Error, Hashable, Sendable {
  /// No monster on the roster has this name, ignoring case; perhaps one with a close name.
  case noSuchMonster(String, suggestion: String?)
  /// Another monster, named second, has this name already: the two are the same name,
  /// ignoring case (see ``Monster/foldedName(_:)``).
  case nameTaken(String, by: String)
  /// The name cannot be a monster's: the reason says why (empty, a control or format
  /// character, white space at either end).
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
  /// The path names a device or a socket rather than a file.
  case notARegularFile(path: String)
  /// The path names a stream, such as standard input, a pipe or a terminal: a roster can be
  /// read from it, but there is no file to replace.
  case notEditable(path: String)
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
  ///
  /// It names no command-line flag, so that any front end can show it; the `monsters`
  /// command line adds its own hints (`--force`, `--lock-timeout`, `monsters check`).
  public var description: String {
    message(hint: nil)
  }

  /// The message, with a hint for the user of one program where the error has room for one:
  /// what replaces a file that exists, where every problem of a roster is listed, how to
  /// wait longer for the lock.
  ///
  /// ```swift
  /// RosterError.fileExists(path: "m.json").message(hint: "use --force to replace it")
  /// // "m.json exists already; use --force to replace it."
  /// ```
  ///
  /// - Parameter hint: Words that fit after a semicolon (a comma before `or` for the lock),
  ///   or `nil` for none.
  /// - Returns: The message; ``description`` when the error takes no hint.
  package func message(hint: String?) -> String {
    switch self {
    case .noSuchMonster(let name, let suggestion):
      "No monster named '\(escapedForMessage(name))'."
        + (suggestion.map { " Did you mean '\(escapedForMessage($0))'?" } ?? "")
    case .nameTaken(let name, let holder):
      name == holder
        ? "There is a monster named '\(escapedForMessage(name))' already."
        : "The name '\(escapedForMessage(name))' is taken: there is a monster named "
          + "'\(escapedForMessage(holder))' (names are compared ignoring case)."
    case .invalidName(let name, let reason):
      "'\(escapedForMessage(name))' cannot be a monster's name: \(reason)."
    case .syntax(let path, let line, let column, let message):
      "\(escapedForMessage(path)):\(line):\(column): \(message)"
    case .invalidRoster(let path, let problems):
      problems.first.map {
        "\(escapedForMessage(path)):\($0)" + moreProblems(problems.count - 1, hint: hint)
      } ?? "\(escapedForMessage(path)): not a valid roster"
    case .unresolvedConflict(let path, let lines):
      "\(escapedForMessage(path)):\(lines.first ?? 1): unresolved merge conflict"
        + moreConflicts(lines.count - 1, hint: hint)
    case .missingFile(let path):
      "\(escapedForMessage(path)): no such file."
    case .fileExists(let path):
      "\(escapedForMessage(path)) exists already" + (hint.map { "; \($0)" } ?? "") + "."
    case .notARegularFile(let path):
      "\(escapedForMessage(path)) is not a regular file; a roster is kept in one."
    case .notEditable(let path):
      "\(escapedForMessage(path)) is a stream (standard input, a pipe or a terminal), not a "
        + "file: a roster can be read from it, not edited."
    case .fileTooLarge(let path):
      "\(escapedForMessage(path)) is larger than 4 GiB, more than a roster file may be."
    case .changedWhileReading(let path):
      "\(escapedForMessage(path)) changed while it was being read; nothing was written. "
        + "Try again."
    case .fileSystem(let path, let action, let code):
      "Cannot \(action) \(escapedForMessage(path)): \(Platform.errorDescription(code))"
        + (hint.map { "; \($0)" } ?? "") + "."
        + (action == "write" ? " The file is as it was." : "")
    case .lockTimeout(let path, let seconds):
      "Another monsters is editing \(escapedForMessage(path)) (its folder was locked for "
        + "over \(formatSeconds(seconds)) s); try again" + (hint.map { ", or \($0)" } ?? "") + "."
    }
  }
}

private func moreProblems(_ count: Int, hint: String?) -> String {
  let hint = hint.map { "; \($0)" } ?? ""
  return switch count {
  case 0: ""
  case 1: " (and 1 more problem\(hint))"
  default: " (and \(count) more problems\(hint))"
  }
}

private func moreConflicts(_ count: Int, hint: String?) -> String {
  let hint = hint.map { "; \($0)" } ?? ""
  return count == 0 ? "" : " (and \(count) more\(hint))"
}

private func formatSeconds(_ seconds: Double) -> String {
  seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
}
