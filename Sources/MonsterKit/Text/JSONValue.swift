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

extension JSONValue {
  /// Whether two values are the same JSON, as the file would hold them: strings and keys
  /// the same code points (not canonically equivalent ones, which Swift's strings take as
  /// equal: `"\u{E9}"` and `"e\u{301}"` are two values, as JSON Schema and git see them),
  /// numbers the same text, arrays and objects the same members in the same order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let left), .bool(let right)): left == right
    case (.number(let left), .number(let right)), (.string(let left), .string(let right)):
      left.hasSameCodePoints(as: right)
    case (.array(let left), .array(let right)): left == right
    case (.object(let left), .object(let right)): left == right
    default: false
    }
  }
}
