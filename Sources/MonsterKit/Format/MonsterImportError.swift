/// Why an input could not be read as monsters, and where.
public struct MonsterImportError: Error, Hashable, Sendable {
  /// The line, counting from 1.
  public var line: Int
  /// The column, counting characters from 1, where the place is more exact than a line
  /// (a JSON syntax error); `nil` otherwise.
  public var column: Int?
  /// What is wrong, such as `unknown weapon 'axe'; the weapons are ...`.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting characters from 1, if known.
  ///   - message: What is wrong.
  public init(line: Int, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

// MARK: - CustomStringConvertible

extension MonsterImportError: CustomStringConvertible {
  /// `line:column: message`, or `line: message` without a column.
  public var description: String {
    "\(line):" + (column.map { "\($0):" } ?? "") + " \(message)"
  }
}
