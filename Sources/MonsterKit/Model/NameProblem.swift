/// A rule of names that a monster's name breaks, kept as a value until a message is made
/// (see ``RosterError/invalidName(_:reason:)``).
///
/// A name is not empty, holds no control character (Unicode's Cc) and no format character
/// (Cf: zero-width spaces and joiners, bidirectional marks and overrides, the byte order
/// mark), and neither starts nor ends with white space: each would make two names that look
/// the same, or a name that reads other than it is.
///
/// ```swift
/// RosterError.invalidName("", reason: .empty).description
/// // "'' cannot be a monster's name: it is empty."
/// NameProblem.formatCharacter("\u{200B}").description
/// // "it holds a format character, U+200B (ZERO WIDTH SPACE)"
/// ```
public enum NameProblem: Hashable, Sendable, CustomStringConvertible {
  /// The name is empty.
  case empty
  /// The name holds a control character: the first.
  case controlCharacter(Unicode.Scalar)
  /// The name holds a format character: the first.
  case formatCharacter(Unicode.Scalar)
  /// The name starts with white space: the character.
  case startsWithSpace(Unicode.Scalar)
  /// The name ends with white space: the character.
  case endsWithSpace(Unicode.Scalar)

  /// The rule broken, in words that say it of the name: `it is empty`, `it holds a control
  /// character, U+0007 (BELL)`.
  public var description: String {
    "it " + rule
  }

  /// The rule broken, in words after the name or "it": `is empty`, `starts with white
  /// space, U+0020 (SPACE)`.
  var rule: String {
    switch self {
    case .empty: "is empty"
    case .controlCharacter(let scalar): "holds a control character, \(describe(scalar))"
    case .formatCharacter(let scalar): "holds a format character, \(describe(scalar))"
    case .startsWithSpace(let scalar): "starts with white space, \(describe(scalar))"
    case .endsWithSpace(let scalar): "ends with white space, \(describe(scalar))"
    }
  }
}
