/// The lines a merge writes around a conflict, as git does, and finding them in a file.
///
/// ```text
/// <<<<<<< ours
///     { ...the monster as one side has it... },
/// =======
///     { ...as the other side has it... },
/// >>>>>>> theirs
/// ```
public struct ConflictMarkers: Hashable, Sendable {
  /// How many times each marker's character is repeated: git's `conflict-marker-size`.
  public var size: Int
  /// The label after the opening marker.
  public var oursLabel: String
  /// The label after the closing marker.
  public var theirsLabel: String

  /// The size git uses unless told otherwise, and the smallest that every reader of a
  /// roster recognises as a conflict.
  public static let standardSize = 7

  /// Creates the markers of a merge.
  ///
  /// - Parameters:
  ///   - size: How many times each marker's character is repeated; at least
  ///     ``standardSize``.
  ///   - oursLabel: The label after the opening marker. Control characters are written
  ///     escaped, so that a label stays on its line.
  ///   - theirsLabel: The label after the closing marker.
  public init(size: Int = standardSize, oursLabel: String = "ours", theirsLabel: String = "theirs")
  {
    self.size = max(size, Self.standardSize)
    self.oursLabel = oursLabel
    self.theirsLabel = theirsLabel
  }

  /// The characters of the markers: the opening one, the one before the common ancestor's
  /// version (which this merge does not write), the separator and the closing one.
  static let opening = UInt8(ascii: "<")
  static let ancestor = UInt8(ascii: "|")
  static let separator = UInt8(ascii: "=")
  static let closing = UInt8(ascii: ">")

  /// Appends the line that opens a conflict.
  func appendOpening(to output: inout [UInt8]) {
    appendMarker(Self.opening, label: oursLabel, to: &output)
  }

  /// Appends the line between the two sides of a conflict.
  func appendSeparator(to output: inout [UInt8]) {
    appendMarker(Self.separator, label: nil, to: &output)
  }

  /// Appends the line that closes a conflict.
  func appendClosing(to output: inout [UInt8]) {
    appendMarker(Self.closing, label: theirsLabel, to: &output)
  }

  private func appendMarker(_ character: UInt8, label: String?, to output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(character, count: size))
    if let label, !label.isEmpty {
      output.append(UInt8(ascii: " "))
      output.append(contentsOf: escapedForTerminal(label).utf8)
    }
    output.append(UInt8(ascii: "\n"))
  }
}

// MARK: - Finding markers

extension ConflictMarkers {
  /// The lines where a file holds unresolved conflicts: each line that opens a conflict,
  /// and each marker line outside one (a conflict resolved by half).
  ///
  /// A marker is a line that starts with at least ``standardSize`` of one marker's
  /// characters, then ends or goes on after a space. No such line can be JSON, since JSON
  /// text has no string that spans lines. A file with separators but no opening or closing
  /// marker (a line of `=` under a heading) holds no conflict.
  ///
  /// - Parameter bytes: A file's bytes.
  /// - Returns: The line numbers, from 1, in order; none when the file has no conflict.
  static func unresolvedLines(in bytes: UnsafeRawBufferPointer) -> [Int] {
    var lines: [Int] = []
    var line = 1
    var start = 0
    var inConflict = false
    var opensOrCloses = false
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      if let marker = marker(in: UnsafeRawBufferPointer(rebasing: bytes[start..<end])) {
        if marker == opening || marker == closing { opensOrCloses = true }
        switch marker {
        case opening:
          lines.append(line)
          inConflict = true
        case closing:
          if !inConflict { lines.append(line) }
          inConflict = false
        default:
          if !inConflict { lines.append(line) }
        }
      }
      line += 1
      start = end + 1
    }
    return opensOrCloses ? lines : []
  }

  /// The marker character a line starts with, if the line is a marker.
  private static func marker(in line: UnsafeRawBufferPointer) -> UInt8? {
    guard let first = line.first, [opening, ancestor, separator, closing].contains(first) else {
      return nil
    }
    var count = 0
    while count < line.count && line[count] == first { count += 1 }
    guard count >= standardSize else { return nil }
    guard count < line.count else { return first }
    return line[count] == UInt8(ascii: " ") || line[count] == UInt8(ascii: "\r") ? first : nil
  }
}
