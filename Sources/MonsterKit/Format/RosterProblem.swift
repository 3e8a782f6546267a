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
  /// How the message of a file of a newer roster version ends, after `the file is roster
  /// version 2`: it names no program, so that an app can show it; the command line words it
  /// its own way.
  package static let newerVersionEnding = ", newer than this reader supports (1)"
}

// MARK: - CustomStringConvertible

extension RosterProblem: CustomStringConvertible {
  /// `line:column: message`.
  public var description: String {
    "\(line):\(column): \(message)"
  }
}
