/// A rule of the roster format that a file breaks, and where.
public struct RosterProblem: Hashable, Sendable {
  /// The line, counting from 1.
  public var line: Int
  /// The column, counting characters from 1.
  public var column: Int
  /// What is wrong, such as `monster 3 ('Cat-Bot'): unknown weapon 'axe'; ...`.
  public var message: String

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting characters from 1.
  ///   - message: What is wrong.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

// MARK: - CustomStringConvertible

extension RosterProblem: CustomStringConvertible {
  /// `line:column: message`.
  public var description: String {
    "\(line):\(column): \(message)"
  }
}

/// Gives byte offsets of a text their lines and columns, in one pass over the text.
///
/// - Parameters:
///   - offsets: Byte offsets, in any order.
///   - bytes: The text.
/// - Returns: The line and column of each offset, in the order of `offsets`.
func lineAndColumn(of offsets: [Int], in bytes: UnsafeRawBufferPointer) -> [(
  line: Int, column: Int
)] {
  var result = Array(repeating: (line: 1, column: 1), count: offsets.count)
  let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
  var line = 1
  var column = 1
  var position = 0
  for index in order {
    let target = min(offsets[index], bytes.count)
    while position < target {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
    result[index] = (line, column)
  }
  return result
}
