// The rules a monster's name follows, checked on bytes so that the reader can check a
// million names without building strings.

extension Monster {
  /// Whether a name may be a monster's, and if not, why.
  ///
  /// A name is not empty, holds no control character (Unicode's Cc) and no format
  /// character (Cf: zero-width spaces and joiners, bidirectional marks and overrides, the
  /// byte order mark), and neither starts nor ends with white space: each would make two
  /// names that look the same, or a name that reads other than it is.
  ///
  /// - Parameter utf8: The name's UTF-8 bytes.
  /// - Returns: `nil` for a good name; otherwise the rule it breaks, such as
  ///   ``NameProblem/empty``.
  static func problem(withName utf8: UnsafeRawBufferPointer) -> NameProblem? {
    guard let first = utf8.first, let last = utf8.last else { return .empty }
    if isAllASCII(utf8) {
      // The common case: no format character is ASCII, and the only white space that is
      // not a control character is the space.
      if holdsControlCharacter(utf8),
        let control = utf8.first(where: { $0 < 0x20 || $0 == 0x7F })
      {
        return .controlCharacter(Unicode.Scalar(control))
      }
      if first == UInt8(ascii: " ") { return .startsWithSpace(" ") }
      if last == UInt8(ascii: " ") { return .endsWithSpace(" ") }
      return nil
    }
    let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
    for scalar in scalars {
      switch scalar.properties.generalCategory {
      case .control: return .controlCharacter(scalar)
      case .format: return .formatCharacter(scalar)
      default: continue
      }
    }
    if let first = scalars.first, first.properties.isWhitespace {
      return .startsWithSpace(first)
    }
    if let last = scalars.last, last.properties.isWhitespace {
      return .endsWithSpace(last)
    }
    return nil
  }

  /// Whether a name may be a monster's, and if not, the rule it breaks: the rules above,
  /// checked on the name's UTF-8 bytes.
  static func problem(withName name: String) -> NameProblem? {
    var name = name
    return name.withUTF8 { problem(withName: UnsafeRawBufferPointer($0)) }
  }
}
