/// A rule of the roster format that a file breaks, and where.
public struct RosterProblem: Hashable, Sendable {
  /// The line, counting from 1.
  public var line: Int
  /// The column, counting characters from 1.
  public var column: Int
  /// What is wrong, such as `monster 3 ('Cat-Bot'): unknown weapon 'axe'; ...`.
  public var message: String
  /// Whether the file breaks a rule, or is valid but not in canonical form.
  public var kind: Kind
  /// The version of a file of a newer roster version than this reader reads, so that a
  /// program can word ``message`` as its own (see ``message(program:)``); `nil` for any
  /// other problem.
  var newerVersion: String?

  /// Whether two problems are at the same place with the same message and kind: the
  /// version a message words is part of the message, so a problem made with
  /// ``init(line:column:message:kind:)`` equals the one a file gives.
  public static func == (left: RosterProblem, right: RosterProblem) -> Bool {
    (left.line, left.column, left.message, left.kind)
      == (right.line, right.column, right.message, right.kind)
  }

  /// Hashes what `==` compares: the place, the message and the kind.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(message)
    hasher.combine(kind)
  }

  /// What sort of problem a problem is.
  public enum Kind: String, Hashable, Sendable {
    /// The file breaks a rule: it is not a valid roster.
    case invalid
    /// The file is a valid roster, but not in canonical form.
    case layout
  }

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting characters from 1.
  ///   - message: What is wrong.
  ///   - kind: Whether the file breaks a rule (the default) or only the canonical layout.
  public init(line: Int, column: Int, message: String, kind: Kind = .invalid) {
    self.line = line
    self.column = column
    self.message = message
    self.kind = kind
  }
}

extension RosterProblem {
  /// The message, naming the program that reads the file where it has room for one: a file
  /// of a newer roster version asks for a newer one of it.
  ///
  /// - Parameter program: The reading program's name, or `nil` to name none, as ``message``
  ///   does.
  package func message(program: String?) -> String {
    guard let newerVersion, program != nil else { return message }
    return Self.newerVersionMessage(newerVersion, program: program)
  }

  /// The message of a file of roster version `version`, newer than this reader reads.
  static func newerVersionMessage(_ version: String, program: String?) -> String {
    "the file is roster version \(escapedForMessage(version)), newer than "
      + (program.map { "this \($0) reads (1); use a newer \($0)" }
        ?? "this reader supports (1)")
  }
}

// MARK: - CustomStringConvertible

extension RosterProblem: CustomStringConvertible {
  /// `line:column: message`.
  public var description: String {
    "\(line):\(column): \(message)"
  }
}
