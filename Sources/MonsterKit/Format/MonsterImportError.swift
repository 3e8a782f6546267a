/// Why an input could not be read as monsters, and where.
public struct MonsterImportError: Error, Hashable, Sendable {
  /// The line, counting from 1.
  public var line: Int
  /// The column, counting characters from 1, where the place is more exact than a line
  /// (a JSON syntax error); `nil` otherwise.
  public var column: Int?
  /// What is wrong, such as `unknown weapon 'axe'; the weapons are ...`.
  public var message: String
  /// What sort of problem it is.
  public var kind: Kind

  /// What sort of problem an input has.
  public enum Kind: Hashable, Sendable {
    /// A line cannot be read as a monster: text that is not UTF-8 or JSON, a field
    /// missing, a value of the wrong type.
    case unreadable
    /// The header of TSV or CSV names one field twice, in any case or normal form: which
    /// column is meant cannot be told.
    case fieldNamedTwice
  }

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting characters from 1, if known.
  ///   - message: What is wrong.
  ///   - kind: What sort of problem it is.
  public init(line: Int, column: Int? = nil, message: String, kind: Kind = .unreadable) {
    self.line = line
    self.column = column
    self.message = message
    self.kind = kind
  }
}

// MARK: - CustomStringConvertible

extension MonsterImportError: CustomStringConvertible {
  /// `line:column: message`, or `line: message` without a column.
  public var description: String {
    "\(line):" + (column.map { "\($0):" } ?? "") + " \(message)"
  }
}
