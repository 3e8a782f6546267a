import TestSupport
import Testing

@testable import MonsterKit

private func distance(_ a: String, _ b: String, limit: Int) -> Int? {
  Array(a.utf8).withUnsafeBytes { a in
    Array(b.utf8).withUnsafeBytes { b in editDistance(a, b, limit: limit) }
  }
}

@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("kitten", "sitting", 3), ("Cat-Bott", "Cat-Bot", 1), ("", "abc", 3), ("abc", "", 3),
    ("", "", 0), ("flaw", "lawn", 2), ("sword", "swrod", 1), ("a", "b", 1),
    ("lsit", "list", 1), ("ab", "ba", 1), ("abc", "ca", 3),
  ])
  func distanceCountsSwapsOfNeighboursAsOneEdit(_ a: String, _ b: String, _ expected: Int) {
    #expect(distance(a, b, limit: expected) == expected)
    #expect(distance(b, a, limit: 10) == expected)
    if expected > 0 {
      #expect(distance(a, b, limit: expected - 1) == nil)
    }
  }

  @Test func asciiCaseIsIgnored() {
    #expect(distance("CAT-BOT", "cat-bot", limit: 0) == 0)
    #expect(distance("NinjaStar", "ninjastr", limit: 3) == 1)
    #expect(distance("É", "é", limit: 5) == 1)
  }

  @Test func negativeLimitFindsNothing() {
    #expect(distance("a", "a", limit: -1) == nil)
  }

  @Test(arguments: [(0, 1), (1, 1), (5, 1), (6, 2), (8, 2), (9, 3), (100, 3)])
  func suggestionsAllowMoreEditsForLongerWords(_ length: Int, _ limit: Int) {
    #expect(suggestionLimit(forLength: length) == limit)
  }

  @Test(arguments: [
    ("swrd", "sword"), ("blowgn", "blowgun"), ("firee", "fire"), ("ninjastr", "ninjaStar"),
    ("SMOKE", "smoke"), ("smok", "smoke"),
  ])
  func closestWeaponIsSuggested(_ typed: String, _ expected: String) {
    #expect(closestMatch(to: typed, among: WeaponType.allCases.map(\.rawValue)) == expected)
  }

  @Test(arguments: ["axe", "", "wsodr", "zzzzzzzzzzzz"])
  func nothingIsSuggestedWhenNothingIsClose(_ typed: String) {
    #expect(closestMatch(to: typed, among: WeaponType.allCases.map(\.rawValue)) == nil)
  }

  @Test func firstOfEquallyCloseCandidatesIsSuggested() {
    #expect(closestMatch(to: "xat", among: ["bat", "cat", "hat"]) == "bat")
    #expect(closestMatch(to: "cbt", among: ["bat", "cat", "cbt"]) == "cbt")
  }

  /// The optimal string alignment distance over the whole table, for comparison.
  private func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  @Test func theBandedDistanceIsTheWholeTablesWithinTheLimit() {
    var generator = SeededGenerator(seed: 5)
    let letters = Array("abc".utf8)
    for _ in 0..<3000 {
      let a = (0..<Int(generator.next() % 9)).map { _ in letters[Int(generator.next() % 3)] }
      let b = (0..<Int(generator.next() % 9)).map { _ in letters[Int(generator.next() % 3)] }
      let full = fullDistance(a, b)
      for limit in 0...4 {
        let banded = a.withUnsafeBytes { a in
          b.withUnsafeBytes { editDistance(a, $0, limit: limit) }
        }
        #expect(banded == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
      }
    }
  }

  @Test func megabyteWordsAreComparedAlongTheDiagonal() {
    let long = String(repeating: "x", count: 1 << 20)
    #expect(distance(long, long + "y", limit: 3) == 1)
    #expect(distance(long + "ab", long + "ba", limit: 3) == 1)
    #expect(distance("y" + long, long + "y", limit: 3) == 2)
    #expect(distance("yyyy" + long, long, limit: 3) == nil)
  }
}
