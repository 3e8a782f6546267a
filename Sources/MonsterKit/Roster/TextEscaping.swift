// Text from a roster file made safe to show: control characters escaped, long values cut
// short. Every message that quotes a roster's text goes through these.

/// Text for a terminal: control characters shown as escapes.
///
/// A name or description from a file could hold escape sequences that move a terminal's
/// cursor or retitle its window; shown through this, they are only text:
///
/// ```swift
/// escapedForTerminal("a\u{1B}[2Jb")  // "a\\u{1B}[2Jb"
/// ```
///
/// - Parameter text: Text to show.
/// - Returns: The text with each control character (C0, DEL and C1) as `\n`, `\r`, `\t`
///   or `\u{XX}`, and backslashes left alone.
package func escapedForTerminal(_ text: some StringProtocol) -> String {
  let isPlain = text.utf8.withContiguousStorageIfAvailable {
    !holdsControlCharacter(UnsafeRawBufferPointer($0))
  }
  if isPlain == true { return String(text) }
  return escaping(text) { scalar in
    switch scalar {
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    case _ where scalar.properties.generalCategory == .control:
      "\\u{" + hex2(UInt8(truncatingIfNeeded: scalar.value)) + "}"
    default: nil
    }
  }
}

/// Text quoted in a message: escaped as for a terminal, and cut short after 200
/// characters, so that a 20 MB value does not make a 20 MB message.
///
/// - Parameter text: The text to quote.
/// - Returns: The text, escaped, perhaps cut short with `... (N more characters)`.
package func escapedForMessage(_ text: some StringProtocol) -> String {
  let limit = 200
  guard text.utf8.count > limit, text.count > limit else { return escapedForTerminal(text) }
  return escapedForTerminal(text.prefix(limit)) + "... (\(text.count - limit) more characters)"
}

/// Text with some of its scalars written another way.
///
/// - Parameters:
///   - text: The text.
///   - escape: What to write for a scalar, or `nil` to keep it.
/// - Returns: The text, rewritten.
package func escaping(_ text: some StringProtocol, _ escape: (Unicode.Scalar) -> String?) -> String
{
  let scalars = text.unicodeScalars
  // Most text needs no escape, and is copied as it is.
  guard let first = scalars.firstIndex(where: { escape($0) != nil }) else { return String(text) }
  var result = String(String.UnicodeScalarView(scalars[..<first]))
  for scalar in scalars[first...] {
    if let replacement = escape(scalar) {
      result += replacement
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
