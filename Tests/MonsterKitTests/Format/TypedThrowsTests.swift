import MonstersSystem
import Testing

@testable import MonsterKit

private struct Refusal: Error, Equatable {
  var count: Int
}

/// What the typed variants throw keeps its type: a `catch` gets a `Refusal`, not
/// `any Error`, and the value comes back when nothing is thrown.
@Suite struct TypedThrowsTests {
  @Test func bytesOfAnArrayKeepTheErrorsType() {
    let bytes: [UInt8] = [1, 2, 3]
    do throws(Refusal) {
      #expect(try bytes.withUnsafeBytes(typed: { (buffer) throws(Refusal) in buffer.count }) == 3)
      _ = try bytes.withUnsafeBytes(typed: { (buffer) throws(Refusal) in
        throw Refusal(count: buffer.count)
      })
      Issue.record("nothing was thrown")
    } catch {
      #expect(error == Refusal(count: 3))
    }
  }

  @Test func bytesToChangeKeepTheErrorsType() {
    var bytes: [UInt8] = [1, 2, 3]
    do throws(Refusal) {
      try bytes.withUnsafeMutableBytes(typed: { (buffer) throws(Refusal) in buffer[0] = 9 })
      #expect(bytes == [9, 2, 3])
      try bytes.withUnsafeMutableBytes(typed: { (buffer) throws(Refusal) in
        throw Refusal(count: buffer.count)
      })
      Issue.record("nothing was thrown")
    } catch {
      #expect(error == Refusal(count: 3))
    }
  }

  @Test func utf8OfAStringKeepsTheErrorsType() {
    var text = "Straße"
    do throws(Refusal) {
      #expect(
        try text.withUTF8(typed: { (utf8) throws(Refusal) in Array(utf8) }) == Array("Straße".utf8))
      _ = try text.withUTF8(typed: { (utf8) throws(Refusal) in throw Refusal(count: utf8.count) })
      Issue.record("nothing was thrown")
    } catch {
      #expect(error == Refusal(count: 7))
    }
  }

  @Test func aRosterHandsOverTheErrorsOfItsReaders() throws {
    var roster = try readRoster(
      rosterText(
        #"{"name": "A", "description": "", "icon": "", "weapon": "fire"}"#,
        #"{"name": "B\u0042", "description": "", "icon": "", "weapon": "fire"}"#))
    try roster.apply(.add(Monster(name: "C", description: "", weapon: .fire)))
    // A record as read, a record with escapes and an added monster each take another way
    // to the bytes; each hands the error over.
    for stop in 0..<3 {
      var seen = 0
      do throws(Refusal) {
        try roster.forEachUTF8(.name, at: roster.indices) { (name) throws(Refusal) in
          if seen == stop { throw Refusal(count: name.count) }
          seen += 1
        }
        Issue.record("nothing was thrown")
      } catch {
        #expect(error == Refusal(count: [1, 2, 1][stop]))
      }
    }
  }
}
