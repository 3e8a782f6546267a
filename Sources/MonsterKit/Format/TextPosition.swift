/// A place in a text as a person counts it: a line and a column, both from 1, the column
/// in characters (UTF-8 sequences) rather than bytes.
///
/// The reader notes problems at byte offsets; this is what turns them into the `7:5` of a
/// message.
struct TextPosition: Hashable, Sendable {
  /// The line, counting from 1.
  var line: Int
  /// The column, counting characters from 1.
  var column: Int

  /// The positions of byte offsets of a text, found in one pass over the text.
  ///
  /// - Parameters:
  ///   - offsets: Byte offsets, in any order. One past the end, or further, is the end.
  ///   - bytes: The text, as UTF-8.
  /// - Returns: The position of each offset, in the order of `offsets`.
  static func positions(of offsets: [Int], in bytes: UnsafeRawBufferPointer) -> [TextPosition] {
    var result = Array(repeating: TextPosition(line: 1, column: 1), count: offsets.count)
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var current = TextPosition(line: 1, column: 1)
    var offset = 0
    for index in order {
      let target = min(offsets[index], bytes.count)
      while offset < target {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\n") {
          current.line += 1
          current.column = 1
        } else if byte & 0xC0 != 0x80 {
          current.column += 1
        }
        offset += 1
      }
      result[index] = current
    }
    return result
  }
}

extension TextPosition {
  /// The position of one byte offset of a text.
  ///
  /// - Parameters:
  ///   - offset: A byte offset. One past the end, or further, is the end.
  ///   - bytes: The text, as UTF-8.
  init(of offset: Int, in bytes: UnsafeRawBufferPointer) {
    self = Self.positions(of: [offset], in: bytes)[0]
  }
}
