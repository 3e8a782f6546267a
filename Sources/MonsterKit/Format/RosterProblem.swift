/// A rule of the roster format that a file breaks, and where.
public struct RosterProblem: Hashable, Sendable {
  /// The line, counting from 1.
  public var line: Int
  /// The column, counting characters from 1.
  public var column: Int
  /// What is wrong, such as `monster 3 ('Cat-Bot'): unknown weapon 'axe'; ...`.
  public var message: String

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting characters from 1.
  ///   - message: What is wrong.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

// MARK: - CustomStringConvertible

extension RosterProblem: CustomStringConvertible {
  /// `line:column: message`.
  public var description: String {
    "\(line):\(column): \(message)"
  }
}
