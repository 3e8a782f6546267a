import Testing

@testable import MonsterKit

private func locations(_ offsets: [Int], in text: String) -> [String] {
  Array(text.utf8).withUnsafeBytes { bytes in
    TextPosition.positions(of: offsets, in: bytes).map { "\($0.line):\($0.column)" }
  }
}

@Suite struct TextPositionTests {
  @Test func offsetsGetLinesAndColumnsInAnyOrder() {
    let text = "ab\ncd\n\nef"
    #expect(
      locations([0, 1, 2, 3, 5, 6, 7, 8, 9], in: text)
        == ["1:1", "1:2", "1:3", "2:1", "2:3", "3:1", "4:1", "4:2", "4:3"])
    #expect(locations([8, 0, 3], in: text) == ["4:2", "1:1", "2:1"])
    #expect(locations([3, 3], in: text) == ["2:1", "2:1"])
  }

  @Test func columnsCountCharactersNotBytes() {
    // é is two bytes, 😀 four; a carriage return is a character of its line.
    let text = "é😀x\r\ny"
    #expect(locations([0, 2, 6, 7, 8, 9], in: text) == ["1:1", "1:2", "1:3", "1:4", "1:5", "2:1"])
  }

  @Test func anOffsetPastTheEndIsTheEnd() {
    #expect(locations([100], in: "ab\nc") == ["2:2"])
    #expect(locations([0], in: "") == ["1:1"])
  }

  @Test func oneOffsetHasThePositionItHasAmongOthers() {
    let text = Array("{\n  \"a\": é,\n}".utf8)
    text.withUnsafeBytes { bytes in
      for offset in 0...text.count {
        #expect(
          TextPosition(of: offset, in: bytes)
            == TextPosition.positions(of: [0, offset, text.count], in: bytes)[1])
      }
      #expect(TextPosition(of: 9, in: bytes) == TextPosition(line: 2, column: 8))
    }
  }
}
