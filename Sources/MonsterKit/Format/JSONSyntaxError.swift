/// A JSON syntax error at a byte offset of the input.
struct JSONSyntaxError: Error, Equatable {
  /// Where the error is, as a byte offset from the start of the input.
  var offset: Int
  /// What is wrong, in a user's words, such as `expected ',' or '}' after an object member`.
  var message: String
}
