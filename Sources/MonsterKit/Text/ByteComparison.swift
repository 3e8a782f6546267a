// Comparing bytes in plain Swift, eight at a time: what `memcmp` does, without a C library,
// for checking a large file against its canonical form and for comparing lines.

/// The offset of the first byte at which two byte ranges differ, within the shorter one's
/// length.
///
/// - Parameters:
///   - first: Some bytes.
///   - second: Other bytes.
/// - Returns: The offset, or `nil` when the shorter range is a prefix of the other.
func firstMismatch(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
  -> Int?
{
  let count = Swift.min(first.count, second.count)
  guard count > 0, let a = first.baseAddress, let b = second.baseAddress else { return nil }
  var offset = 0
  // 32 bytes a round while the ranges agree, which they mostly do.
  while offset + 32 <= count {
    let difference =
      (a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      | (a.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
        ^ b.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
      | (a.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
        ^ b.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
      | (a.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
        ^ b.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
    if difference != 0 { break }
    offset += 32
  }
  while offset + 8 <= count {
    let difference =
      a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    if difference != 0 {
      // The first byte in memory is the lowest one of a little-endian number.
      return offset + difference.littleEndian.trailingZeroBitCount / 8
    }
    offset += 8
  }
  while offset < count {
    if a.load(fromByteOffset: offset, as: UInt8.self)
      != b.load(fromByteOffset: offset, as: UInt8.self)
    {
      return offset
    }
    offset += 1
  }
  return nil
}

/// Whether two byte ranges hold the same bytes.
///
/// - Parameters:
///   - first: Some bytes.
///   - second: Other bytes.
/// - Returns: `true` when they have the same length and the same bytes.
@inline(__always)
package func bytesEqual(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
  let count = first.count
  guard count == second.count else { return false }
  guard count >= 8, let a = first.baseAddress, let b = second.baseAddress else {
    // A key or a word is a few bytes, compared here rather than in a call.
    for index in 0..<count where first[index] != second[index] { return false }
    return true
  }
  // Up to 32 bytes (a key with the layout around it, as the reader checks five times a
  // monster) as a few words here: from the start, and the last one, which may overlap.
  guard count <= 32 else { return firstMismatch(first, second) == nil }
  var difference =
    a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    ^ b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  var offset = 0
  while offset < count - 8 {
    difference |=
      a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    offset += 8
  }
  return difference == 0
}

/// How many bytes two byte ranges have in common at their end, up to a limit.
///
/// - Parameters:
///   - first: Some bytes.
///   - second: Other bytes.
///   - limit: The most bytes to count.
/// - Returns: The length of the longest common suffix, at most `limit`.
func commonSuffixCount(
  _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, limit: Int
) -> Int {
  let limit = Swift.min(limit, first.count, second.count)
  // A few kilobytes at a time from the end, each compared as `firstMismatch` compares; the
  // block that differs, byte by byte from its end.
  let blockSize = 4096
  var count = 0
  while count < limit {
    let size = Swift.min(blockSize, limit - count)
    let a = UnsafeRawBufferPointer(
      rebasing: first[first.count - count - size..<first.count - count])
    let b = UnsafeRawBufferPointer(
      rebasing: second[second.count - count - size..<second.count - count])
    if firstMismatch(a, b) == nil {
      count += size
      continue
    }
    var same = 0
    while a[size - 1 - same] == b[size - 1 - same] { same += 1 }
    return count + same
  }
  return count
}

// MARK: - Finding a byte

/// The offset of the first occurrence of a byte, from an offset on: what `memchr` does,
/// eight bytes at a time.
///
/// - Parameters:
///   - byte: The byte to find, such as a line break.
///   - buffer: The bytes to look in.
///   - start: Where to start looking.
/// - Returns: The offset, or `nil` when the byte is not there.
package func firstOffset(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int = 0)
  -> Int?
{
  guard start < buffer.count, let base = buffer.baseAddress else { return nil }
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  let pattern = UInt64(byte) &* ones
  var offset = start
  while offset + 8 <= buffer.count {
    // A byte of `word` is zero where the byte was found; the lowest flagged byte is exact
    // (a borrow can only flag bytes above a zero one).
    let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ pattern
    let found = (word &- ones) & ~word & highs
    if found != 0 { return offset + found.littleEndian.trailingZeroBitCount / 8 }
    offset += 8
  }
  while offset < buffer.count {
    if base.load(fromByteOffset: offset, as: UInt8.self) == byte { return offset }
    offset += 1
  }
  return nil
}

// MARK: - Text compared as JSON compares it

extension String {
  /// Whether two strings are the same code points, as JSON, a JSON Schema validator and git
  /// compare keys and values.
  ///
  /// Swift's `==` takes canonically equivalent strings as equal: `"\u{E9}"` and `"e\u{301}"`,
  /// `"K"` and KELVIN SIGN. A roster file holds what was written, so its keys and values
  /// are compared this way; only a monster's name is compared as a person reads it
  /// (``Monster/foldedName``). Equal code points are equal UTF-8 bytes.
  ///
  /// - Parameter other: Another string.
  /// - Returns: `true` when both have the same UTF-8 bytes.
  @inline(__always)
  package func hasSameCodePoints(as other: String) -> Bool {
    let (mine, theirs) = (utf8, other.utf8)
    guard mine.count == theirs.count else { return false }
    let equal = mine.withContiguousStorageIfAvailable { mine in
      theirs.withContiguousStorageIfAvailable { theirs in
        bytesEqual(UnsafeRawBufferPointer(mine), UnsafeRawBufferPointer(theirs))
      }
    }
    return (equal ?? nil) ?? mine.elementsEqual(theirs)
  }

  /// ``hasSameCodePoints(as:)`` where the other string is known to be ASCII, as keys and
  /// values mostly are, with Swift's `==`, which compares ASCII in place.
  ///
  /// A string canonically equivalent to ASCII text but of other code points is longer in
  /// UTF-8: each of its code points beyond ASCII (KELVIN SIGN for `K`, GREEK QUESTION
  /// MARK for `;`) takes two bytes or more and stands for one ASCII character. So `==`
  /// and the same length are the same code points.
  ///
  /// - Parameters:
  ///   - other: Another string.
  ///   - otherIsASCII: Whether `other` is ASCII (``isASCII``); when it is not, the bytes
  ///     are compared.
  @inline(__always)
  package func hasSameCodePoints(as other: String, otherIsASCII: Bool) -> Bool {
    guard otherIsASCII else { return hasSameCodePoints(as: other) }
    return utf8.count == other.utf8.count && self == other
  }

  /// Whether every code point is ASCII.
  package var isASCII: Bool {
    utf8.withContiguousStorageIfAvailable { isAllASCII(UnsafeRawBufferPointer($0)) }
      ?? utf8.allSatisfy { $0 < 0x80 }
  }
}

/// A key of a JSON object in a set or a dictionary: equal to another of the same code
/// points (``Swift/String/hasSameCodePoints(as:)``), not to a canonically equivalent one.
package struct CodePointKey: Hashable {
  /// The key.
  package let text: String

  /// The key of some text.
  package init(_ text: String) {
    self.text = text
  }

  package static func == (left: CodePointKey, right: CodePointKey) -> Bool {
    left.text.hasSameCodePoints(as: right.text)
  }

  package func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
