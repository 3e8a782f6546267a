import MonsterKit

/// A unified diff of two texts, line by line, as `diff -u` prints it: `---`/`+++` headers
/// and `@@` hunks with three lines of context.
///
/// Lines the two texts share at the start and the end are set aside first, so a small
/// edit of a large file costs time in proportion to the file, and Myers' algorithm finds
/// the shortest edit script of the rest. When the rest differs in more than
/// ``maximumEditDistance`` lines, it is shown as one hunk that removes the old lines and
/// adds the new ones: still a correct diff, found in linear time.
struct UnifiedDiff {
  /// How many lines of context a hunk shows around a change.
  static let context = 3
  /// The most lines Myers' algorithm may find to differ before the diff falls back to
  /// replacing the changed region whole.
  static let maximumEditDistance = 1000

  /// One line of the diff's script: kept, removed from the old text, or added.
  enum Operation: Equatable {
    case keep, remove, insert
  }

  /// The lines of a text: ranges of its bytes, without the line breaks.
  struct Lines {
    let bytes: [UInt8]
    var ranges: [Range<Int>] = []
    /// Whether the last line lacks a line break.
    var lacksFinalNewline = false

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      var start = 0
      bytes.withUnsafeBytes { buffer in
        while let end = firstOffset(of: UInt8(ascii: "\n"), in: buffer, from: start) {
          ranges.append(start..<end)
          start = end + 1
        }
      }
      if start < bytes.count {
        ranges.append(start..<bytes.count)
        lacksFinalNewline = true
      }
    }

    var count: Int { ranges.count }

    /// Whether a line is the last one and lacks its line break, which sets it apart from
    /// the same text with one.
    func isUnterminated(_ index: Int) -> Bool {
      lacksFinalNewline && index == ranges.count - 1
    }

    func equal(_ index: Int, _ other: Lines, _ otherIndex: Int) -> Bool {
      let range = ranges[index]
      let otherRange = other.ranges[otherIndex]
      guard range.count == otherRange.count,
        isUnterminated(index) == other.isUnterminated(otherIndex)
      else { return false }
      return bytes.withUnsafeBytes { mine in
        other.bytes.withUnsafeBytes { theirs in
          bytesEqual(
            UnsafeRawBufferPointer(rebasing: mine[range]),
            UnsafeRawBufferPointer(rebasing: theirs[otherRange]))
        }
      }
    }
  }

  /// The diff of two texts, or the empty string when they are the same.
  ///
  /// - Parameters:
  ///   - old: The text as it is.
  ///   - new: The text as it would be.
  ///   - oldName: The `---` header's name, such as the file's path or `/dev/null`; quoted
  ///     as ``headerName(_:)`` quotes it.
  ///   - newName: The `+++` header's name.
  static func text(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> String {
    let before = Lines(old)
    let after = Lines(new)
    let script = editScript(before, after)
    guard script.contains(where: { $0 != .keep }) else { return "" }
    var output = "--- \(headerName(oldName))\n+++ \(headerName(newName))\n"
    for hunk in hunks(of: script) {
      output += render(hunk, of: script, before, after)
    }
    return output
  }

  /// A file name as a `---` or `+++` header gives it, quoted as GNU diff quotes it, so that
  /// `patch` and `git apply` read it back: as it is, unless it holds a space, a control
  /// character, `"`, `\` or a byte beyond ASCII; then in double quotes, with `\"`, `\\`,
  /// `\a`, `\b`, `\t`, `\n`, `\v`, `\f`, `\r`, and every other such byte as three octal
  /// digits (`my roster.json` is `"my roster.json"`, `é.json` is `"\303\251.json"`).
  static func headerName(_ name: String) -> String {
    let bytes = Array(name.utf8)
    func isSpecial(_ byte: UInt8) -> Bool {
      byte <= UInt8(ascii: " ") || byte >= 0x80 || byte == UInt8(ascii: "\"")
        || byte == UInt8(ascii: "\\")
    }
    guard bytes.contains(where: isSpecial) else { return name }
    var quoted = "\""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""): quoted += "\\\""
      case UInt8(ascii: "\\"): quoted += "\\\\"
      case 0x07: quoted += "\\a"
      case 0x08: quoted += "\\b"
      case 0x09: quoted += "\\t"
      case 0x0A: quoted += "\\n"
      case 0x0B: quoted += "\\v"
      case 0x0C: quoted += "\\f"
      case 0x0D: quoted += "\\r"
      case UInt8(ascii: " "): quoted += " "
      case _ where isSpecial(byte):
        quoted += "\\" + String(byte >> 6) + String(byte >> 3 & 7) + String(byte & 7)
      default: quoted.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return quoted + "\""
  }

  /// The operations that turn the old lines into the new ones.
  static func editScript(_ before: Lines, _ after: Lines) -> [Operation] {
    var prefix = 0
    while prefix < before.count, prefix < after.count, before.equal(prefix, after, prefix) {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
      before.equal(before.count - 1 - suffix, after, after.count - 1 - suffix)
    {
      suffix += 1
    }
    let middle =
      myers(before, prefix..<before.count - suffix, after, prefix..<after.count - suffix)
      ?? Array(repeating: .remove, count: before.count - suffix - prefix)
      + Array(repeating: .insert, count: after.count - suffix - prefix)
    return Array(repeating: .keep, count: prefix) + middle
      + Array(repeating: .keep, count: suffix)
  }

  /// Myers' O(ND) shortest edit script of two line ranges, or `nil` when they differ in
  /// more than ``maximumEditDistance`` lines.
  static func myers(
    _ before: Lines, _ oldRange: Range<Int>, _ after: Lines, _ newRange: Range<Int>
  ) -> [Operation]? {
    let n = oldRange.count
    let m = newRange.count
    let limit = min(n + m, maximumEditDistance)
    let offset = limit + 1
    // The furthest x reached on each diagonal k = x - y, at frontier[offset + k].
    var frontier = Array(repeating: 0, count: 2 * limit + 3)
    // For each distance d, the frontier before step d, diagonals -d-1 through d+1.
    var trace: [[Int]] = []
    for distance in 0...limit {
      trace.append(Array(frontier[(offset - distance - 1)...(offset + distance + 1)]))
      for diagonal in stride(from: -distance, through: distance, by: 2) {
        var x = startOfStep(
          diagonal, distance, below: frontier[offset + diagonal - 1],
          above: frontier[offset + diagonal + 1]
        ).x
        var y = x - diagonal
        while x < n, y < m,
          before.equal(oldRange.lowerBound + x, after, newRange.lowerBound + y)
        {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= n && y >= m {
          return backtrack(trace, n: n, m: m)
        }
      }
    }
    return nil
  }

  /// Where step `distance` on `diagonal` starts: one down from the diagonal above (an
  /// insertion) or one right from the diagonal below (a removal), whichever reached
  /// further.
  private static func startOfStep(_ diagonal: Int, _ distance: Int, below: Int, above: Int)
    -> (x: Int, previousDiagonal: Int)
  {
    if diagonal == -distance || (diagonal != distance && below < above) {
      return (above, diagonal + 1)
    }
    return (below + 1, diagonal - 1)
  }

  private static func backtrack(_ trace: [[Int]], n: Int, m: Int) -> [Operation] {
    var operations: [Operation] = []
    var x = n
    var y = m
    for distance in stride(from: trace.count - 1, through: 0, by: -1) {
      let frontier = trace[distance]
      let diagonal = x - y
      func reached(_ diagonal: Int) -> Int { frontier[diagonal + distance + 1] }
      let previous = startOfStep(
        diagonal, distance, below: reached(diagonal - 1), above: reached(diagonal + 1)
      ).previousDiagonal
      let previousX = reached(previous)
      let previousY = previousX - previous
      while x > previousX && y > previousY {
        operations.append(.keep)
        x -= 1
        y -= 1
      }
      if distance > 0 {
        operations.append(x == previousX ? .insert : .remove)
      }
      x = previousX
      y = previousY
    }
    return operations.reversed()
  }

  /// The ranges of the script that hunks show: each change with its context, hunks whose
  /// context touches merged.
  static func hunks(of script: [Operation]) -> [Range<Int>] {
    var hunks: [Range<Int>] = []
    var index = 0
    while index < script.count {
      guard script[index] != .keep else {
        index += 1
        continue
      }
      var end = index
      while end < script.count, script[end] != .keep { end += 1 }
      let start = max(0, index - context)
      let stop = min(script.count, end + context)
      if let last = hunks.last, last.upperBound >= start {
        hunks[hunks.count - 1] = last.lowerBound..<stop
      } else {
        hunks.append(start..<stop)
      }
      index = end
    }
    return hunks
  }

  private static func render(
    _ hunk: Range<Int>, of script: [Operation], _ before: Lines, _ after: Lines
  ) -> String {
    var oldLine = 0
    var newLine = 0
    for operation in script[..<hunk.lowerBound] {
      if operation != .insert { oldLine += 1 }
      if operation != .remove { newLine += 1 }
    }
    let oldCount = script[hunk].filter { $0 != .insert }.count
    let newCount = script[hunk].filter { $0 != .remove }.count
    // Lines count from 1; an empty side names the line before it.
    let oldStart = oldCount == 0 ? oldLine : oldLine + 1
    let newStart = newCount == 0 ? newLine : newLine + 1
    var body = ""
    for operation in script[hunk] {
      switch operation {
      case .keep:
        body += line(" ", before, oldLine)
        oldLine += 1
        newLine += 1
      case .remove:
        body += line("-", before, oldLine)
        oldLine += 1
      case .insert:
        body += line("+", after, newLine)
        newLine += 1
      }
    }
    return "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
  }

  private static func line(_ marker: String, _ lines: Lines, _ index: Int) -> String {
    let text = marker + String(decoding: lines.bytes[lines.ranges[index]], as: UTF8.self) + "\n"
    return lines.isUnterminated(index) ? text + "\\ No newline at end of file\n" : text
  }
}
