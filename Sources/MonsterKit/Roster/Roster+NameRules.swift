// The rules a monster's name follows, checked on bytes so that the reader can check a
// million names without building strings.

extension Roster {
  /// Whether a name may be a monster's, and if not, why.
  ///
  /// - Parameter utf8: The name's UTF-8 bytes.
  /// - Returns: `nil` for a good name; otherwise what is wrong, such as `is empty`.
  static func problem(withName utf8: UnsafeRawBufferPointer) -> String? {
    if utf8.isEmpty { return "is empty" }
    return holdsControlCharacter(utf8) ? "holds a control character" : nil
  }

  static func problem(withName name: String) -> String? {
    var name = name
    return name.withUTF8 { problem(withName: UnsafeRawBufferPointer($0)) }
  }
}

/// Whether UTF-8 text holds a control character: C0, DEL, or C1 (U+0080 to U+009F).
///
/// Eight bytes at a time while all are printable ASCII, the common case, then byte by byte.
package func holdsControlCharacter(_ utf8: UnsafeRawBufferPointer) -> Bool {
  var start = 0
  let ones: UInt64 = 0x0101_0101_0101_0101
  while start + 8 <= utf8.count {
    let word = utf8.loadUnaligned(fromByteOffset: start, as: UInt64.self)
    let deletes = word ^ (ones &* 0x7F)
    let controls = (word &- ones &* 0x20) & ~word
    let hasDelete = (deletes &- ones) & ~deletes
    if (controls | hasDelete | word) & (ones &* 0x80) != 0 { break }
    start += 8
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
