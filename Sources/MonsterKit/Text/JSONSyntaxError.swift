/// A JSON syntax error at a byte offset of the input.
struct JSONSyntaxError: Error, Equatable {
  /// Where the error is, as a byte offset from the start of the input.
  var offset: Int
  /// What is wrong, in a user's words, such as `expected ',' or '}' after an object member`.
  var message: String
  /// Whether the text is not JSON there, or is JSON nested deeper than the scanner reads.
  var kind: Kind = .notJSON

  /// Why the scanner stopped.
  enum Kind: Equatable {
    /// The text is not JSON at the offset.
    case notJSON
    /// An array or object starts at the offset, inside more than
    /// ``JSONScanner/maximumDepth`` others: JSON, but too deep to read.
    case tooDeep
  }
}
