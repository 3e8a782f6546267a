/// A JSON value, as the roster file holds it under a key `monsters` does not know.
///
/// Such values are kept as they were and written back, so a number keeps the digits the
/// file gave it:
///
/// ```swift
/// let tags = JSONValue.array([.string("boss"), .number("1e3")])
/// ```
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as the file wrote it, such as `1e3` or `-0.50`.
  case number(String)
  /// A string.
  case string(String)
  /// An array of values.
  case array([JSONValue])
  /// An object: its members in the order the file gave them.
  case object([JSONMember])
}
