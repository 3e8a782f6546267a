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

/// A scalar as a message names it: `U+200B (ZERO WIDTH SPACE)`.
package func describe(_ scalar: Unicode.Scalar) -> String {
  let hex = String(scalar.value, radix: 16, uppercase: true)
  let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  return scalar.properties.name.map { "\(code) (\($0))" } ?? code
}

/// Whether UTF-8 text holds a control character: C0, DEL, or C1 (U+0080 to U+009F).
///
/// Eight bytes at a time while all are printable ASCII, the common case, the last eight
/// (which may overlap) at once, then byte by byte from the first word that is not.
package func holdsControlCharacter(_ utf8: UnsafeRawBufferPointer) -> Bool {
  let ones: UInt64 = 0x0101_0101_0101_0101
  func isPrintableASCII(at offset: Int) -> Bool {
    let word = utf8.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    let deletes = word ^ (ones &* 0x7F)
    let controls = (word &- ones &* 0x20) & ~word
    let hasDelete = (deletes &- ones) & ~deletes
    return (controls | hasDelete | word) & (ones &* 0x80) == 0
  }
  var start = 0
  while start + 8 <= utf8.count && isPrintableASCII(at: start) { start += 8 }
  // What is left lies in the last eight bytes.
  if start + 8 > utf8.count && utf8.count >= 8 && isPrintableASCII(at: utf8.count - 8) {
    return false
  }
  for index in start..<utf8.count {
    let byte = utf8[index]
    // C1 controls are 0xC2 then 0x80...0x9F.
    if byte < 0x20 || byte == 0x7F
      || (byte == 0xC2 && index + 1 < utf8.count && utf8[index + 1] & 0xE0 == 0x80)
    {
      return true
    }
  }
  return false
}
