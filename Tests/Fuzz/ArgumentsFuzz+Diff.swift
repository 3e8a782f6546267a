import MonsterKit
import MonstersSystem

@testable import MonstersCLI

// ArgumentsFuzz's readers of a diff, as `patch` reads one: a unified diff applied to a
// text, and a header's file name read back.

/// The lines of text, each with whether it ended with a line break.
private func lines(_ bytes: [UInt8]) -> [(text: ArraySlice<UInt8>, isTerminated: Bool)] {
  var result: [(text: ArraySlice<UInt8>, isTerminated: Bool)] = []
  var start = 0
  while start < bytes.count {
    let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    result.append((bytes[start..<end], end < bytes.count))
    start = end + 1
  }
  return result
}

/// The numbers of a hunk header, `@@ -1,2 +3,4 @@`.
private func hunkHeader(_ line: ArraySlice<UInt8>) -> [Int]? {
  let text = String(decoding: line, as: UTF8.self)
  guard text.hasPrefix("@@ -"), text.hasSuffix(" @@") else { return nil }
  let numbers = text.dropFirst(4).dropLast(3).split(whereSeparator: { " ,+".contains($0) })
    .compactMap { Int($0) }
  return numbers.count == 4 ? numbers : nil
}

/// Applies a unified diff to a text as `patch` does, checking every context and removed
/// line and every count; `nil` when the diff does not apply.
func patch(_ old: [UInt8], with diff: String) -> [UInt8]? {
  let source = lines(old)
  let diffLines = lines(Array(diff.utf8))
  guard diffLines.count >= 2, diffLines.allSatisfy(\.isTerminated),
    diffLines[0].text.starts(with: "--- ".utf8), diffLines[1].text.starts(with: "+++ ".utf8)
  else { return nil }
  var result: [(text: ArraySlice<UInt8>, isTerminated: Bool)] = []
  var cursor = 0
  var index = 2
  while index < diffLines.count {
    guard let numbers = hunkHeader(diffLines[index].text) else { return nil }
    let oldStart = numbers[1] == 0 ? numbers[0] : numbers[0] - 1
    let newStart = numbers[3] == 0 ? numbers[2] : numbers[2] - 1
    guard oldStart >= cursor, oldStart <= source.count else { return nil }
    result += source[cursor..<oldStart]
    cursor = oldStart
    guard result.count == newStart else { return nil }
    index += 1
    var (oldCount, newCount) = (0, 0)
    while index < diffLines.count, !diffLines[index].text.starts(with: "@@".utf8) {
      let line = diffLines[index].text
      index += 1
      var isTerminated = true
      if index < diffLines.count,
        diffLines[index].text.elementsEqual("\\ No newline at end of file".utf8)
      {
        isTerminated = false
        index += 1
      }
      guard let marker = line.first else { return nil }
      let text = line.dropFirst()
      if marker != UInt8(ascii: "+") {
        guard cursor < source.count, source[cursor].text.elementsEqual(text),
          source[cursor].isTerminated == isTerminated
        else { return nil }
        cursor += 1
        oldCount += 1
      }
      if marker != UInt8(ascii: "-") {
        result.append((text, isTerminated))
        newCount += 1
      }
      if marker != UInt8(ascii: " ") && marker != UInt8(ascii: "-") && marker != UInt8(ascii: "+") {
        return nil
      }
    }
    guard oldCount == numbers[1], newCount == numbers[3] else { return nil }
  }
  result += source[cursor...]
  return result.flatMap { $0.text + ($0.isTerminated ? [UInt8(ascii: "\n")] : []) }
}

/// A diff header's file name read back as GNU patch reads it: a name in double quotes is a
/// C string, with letter escapes and three octal digits; any other is as it stands.
func patchReads(_ header: String) -> [UInt8]? {
  let bytes = Array(header.utf8)
  guard bytes.first == UInt8(ascii: "\""), bytes.count >= 2, bytes.last == UInt8(ascii: "\"")
  else { return bytes }
  var result: [UInt8] = []
  var index = 1
  while index < bytes.count - 1 {
    let byte = bytes[index]
    index += 1
    guard byte == UInt8(ascii: "\\") else {
      if byte == UInt8(ascii: "\"") { return nil }
      result.append(byte)
      continue
    }
    guard index < bytes.count - 1 else { return nil }
    let escape = bytes[index]
    index += 1
    let letters: [UInt8: UInt8] = [
      UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, UInt8(ascii: "n"): 10,
      UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12, UInt8(ascii: "r"): 13,
      UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
    ]
    if let value = letters[escape] {
      result.append(value)
    } else if (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(escape), index + 1 < bytes.count - 1
    {
      let digits = [escape, bytes[index], bytes[index + 1]].map { $0 &- UInt8(ascii: "0") }
      guard digits.allSatisfy({ $0 < 8 }) else { return nil }
      result.append(digits[0] << 6 | digits[1] << 3 | digits[2])
      index += 2
    } else {
      return nil
    }
  }
  return result
}
