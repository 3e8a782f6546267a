// Text from a roster file made safe to show: control characters and bidirectional controls
// escaped, long values cut short. Every message that quotes a roster's text goes through
// these.

/// Text for a terminal: control characters and bidirectional controls shown as escapes.
///
/// A name or description from a file could hold escape sequences that move a terminal's
/// cursor or retitle its window, or bidirectional controls (`\u{202E}`, RIGHT-TO-LEFT
/// OVERRIDE) that make what follows them read backwards; shown through this, they are
/// only text:
///
/// ```swift
/// escapedForTerminal("a\u{1B}[2Jb")  // "a\\u{1B}[2Jb"
/// escapedForTerminal("abc\u{202E}fed")  // "abc\\u{202E}fed"
/// ```
///
/// Escaping text already escaped changes nothing.
///
/// - Parameter text: Text to show.
/// - Returns: The text with each control character (C0, DEL and C1) as `\n`, `\r`, `\t`
///   or `\u{XX}`, each bidirectional control (U+061C, U+200E, U+200F, U+202A to U+202E,
///   U+2066 to U+2069) as `\u{XXXX}`, and backslashes left alone.
package func escapedForTerminal(_ text: some StringProtocol) -> String {
  let isPlain = text.utf8.withContiguousStorageIfAvailable {
    !holdsTerminalControl(UnsafeRawBufferPointer($0))
  }
  if isPlain == true { return String(text) }
  return escaping(text) { scalar in
    switch scalar {
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    case _ where scalar.properties.generalCategory == .control:
      "\\u{" + hex2(UInt8(truncatingIfNeeded: scalar.value)) + "}"
    case _ where scalar.properties.isBidiControl: unicodeEscape(scalar)
    default: nil
    }
  }
}

/// Whether UTF-8 text holds anything ``escapedForTerminal(_:)`` escapes: a control
/// character or a bidirectional control.
package func holdsTerminalControl(_ utf8: UnsafeRawBufferPointer) -> Bool {
  if holdsControlCharacter(utf8) { return true }
  if isAllASCII(utf8) { return false }
  var index = 0
  while index < utf8.count {
    if bidiControl(in: utf8, at: index) != nil { return true }
    index += 1
  }
  return false
}

/// The bidirectional control whose UTF-8 starts at `index`, and its length in bytes, or
/// `nil`: U+061C is `D8 9C`; U+200E, U+200F and U+202A to U+202E are `E2 80` then `8E`,
/// `8F`, `AA` to `AE`; U+2066 to U+2069 are `E2 81 A6` to `E2 81 A9`.
@inline(__always)
func bidiControl(in utf8: UnsafeRawBufferPointer, at index: Int)
  -> (scalar: UInt32, length: Int)?
{
  let byte = utf8[index]
  if byte == 0xD8 {
    return index + 1 < utf8.count && utf8[index + 1] == 0x9C ? (0x061C, 2) : nil
  }
  guard byte == 0xE2, index + 2 < utf8.count else { return nil }
  let (second, third) = (utf8[index + 1], utf8[index + 2])
  let isBidi =
    switch second {
    case 0x80: third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third)
    case 0x81: (0xA6...0xA9).contains(third)
    default: false
    }
  guard isBidi else { return nil }
  return (0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F), 3)
}

/// Text quoted in a message: escaped as for a terminal, its invisible format characters
/// shown too, and cut short after 200 characters, so that a 20 MB value does not make a
/// 20 MB message.
///
/// A message is read to learn exactly what a value holds: `No monster named 'Ice-Bot'`
/// must not hide the zero-width space that makes the name another one. So besides what
/// ``escapedForTerminal(_:)`` escapes, every format character (Unicode's Cf: zero-width
/// spaces and joiners, the byte order mark U+FEFF, tag characters, the soft hyphen) is
/// written `\u{200B}`:
///
/// ```swift
/// escapedForMessage("Ice\u{200B}-Bot")  // "Ice\\u{200B}-Bot"
/// ```
///
/// A character may be any number of scalars (a letter and a million accents is one), so
/// the text is also cut after 200 scalars where its first 200 characters hold more than
/// 400.
///
/// - Parameter text: The text to quote.
/// - Returns: The text, escaped, perhaps cut short with `... (N more characters)`.
package func escapedForMessage(_ text: some StringProtocol) -> String {
  escapedFormatCharacters(cutForMessage(text))
}

/// Words from the roster (weapons, fields), each as a message quotes it, after commas:
/// `blowgun, ninjaStar, fire`.
///
/// - Parameter words: The words.
/// - Returns: Each escaped and perhaps cut short, as ``escapedForMessage(_:)`` has it.
package func listedForMessage(_ words: [String]) -> String {
  words.map { escapedForMessage($0) }.joined(separator: ", ")
}

/// Text with each format character (Unicode's Cf) written `\u{XXXX}`, as
/// ``escapedForTerminal(_:)`` writes control characters; ASCII, which holds none, is
/// returned as it is.
///
/// - Parameter text: The text.
/// - Returns: The text, escaped.
package func escapedFormatCharacters(_ text: String) -> String {
  let isASCII =
    text.utf8.withContiguousStorageIfAvailable { isAllASCII(UnsafeRawBufferPointer($0)) }
    ?? text.utf8.allSatisfy { $0 < 0x80 }
  guard !isASCII else { return text }
  return escaping(text) { scalar in
    guard scalar.properties.generalCategory == .format else { return nil }
    return unicodeEscape(scalar)
  }
}

/// A code point as a message writes one it escapes: `\u{202E}`, in hexadecimal.
func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
  "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
}

/// Text escaped for a terminal and cut short after 200 characters, as a message quotes it.
private func cutForMessage(_ text: some StringProtocol) -> String {
  let limit = 200
  guard text.utf8.count > limit else { return escapedForTerminal(text) }
  var kept = text[...].prefix(limit)
  var cutInACharacter = false
  if kept.unicodeScalars.count > 2 * limit {
    let scalars = kept.unicodeScalars
    kept = kept[..<scalars.index(scalars.startIndex, offsetBy: limit)]
    cutInACharacter = true
  }
  guard kept.endIndex < text.endIndex else { return escapedForTerminal(text) }
  // Cut inside a character, the rest is counted in scalars: a letter's million accents
  // are not "1 more character".
  let rest =
    cutInACharacter
    ? text.unicodeScalars[kept.endIndex...].count : String(text[kept.endIndex...]).count
  return escapedForTerminal(kept) + "... (\(rest) more \(rest == 1 ? "character" : "characters"))"
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
