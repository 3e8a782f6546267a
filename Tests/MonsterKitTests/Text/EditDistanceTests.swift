import MonstersSystem
import TestSupport
import Testing

@testable import MonsterKit

private func distance(_ a: String, _ b: String, limit: Int) -> Int? {
  Array(a.utf8).withUnsafeBytes { a in
    Array(b.utf8).withUnsafeBytes { b in TypedWord(a).distance(to: b, limit: limit) }
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

  /// A character of several bytes typed wrong is one edit, as a letter is: `ß` for `s`,
  /// a tag character or a zero-width space too many, a kana for another.
  @Test(arguments: [
    ("Straße", "Strase", 1), ("Cat-Bot\u{E0001}", "Cat-Bot", 1), ("Cat-Bo\u{200B}t", "Cat-Bot", 1),
    ("ねこボット", "ねこボト", 1), ("ねこ", "ねご", 1), ("Ämber", "amber", 1), ("éa", "aé", 1),
  ])
  func distanceCountsCodePointsNotBytes(_ a: String, _ b: String, _ expected: Int) {
    #expect(distance(a, b, limit: 3) == expected)
    #expect(distance(b, a, limit: 3) == expected)
    #expect(distance(a, b, limit: expected - 1) == nil)
  }

  @Test func aWordOfFewCharactersOfManyBytesGetsTheLimitOfItsLength() {
    // Six bytes, two code points: the limit of a word of two, one edit.
    #expect(closestMatch(to: "ねこ", among: ["ねご", "いぬ"]) == "ねご")
    #expect(closestMatch(to: "ねこ", among: ["いぬ"]) == nil)
    #expect(closestMatch(to: "Cat-Bot\u{E0001}", among: ["Dog-Bot", "Cat-Bot"]) == "Cat-Bot")
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

  /// The optimal string alignment distance over the whole table, code point by code
  /// point, for comparison.
  private func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
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

  /// Random words over letters of one byte, and over letters of one to four bytes whose
  /// encodings share bytes (`ね` and `ご` begin alike), against the whole table's distance.
  @Test(arguments: ["abc", "aßねご\u{E0001}"])
  func theBandedDistanceIsTheWholeTablesWithinTheLimit(_ alphabet: String) {
    var generator = SeededGenerator(seed: 5)
    let letters = Array(alphabet.unicodeScalars)
    func word() -> [Unicode.Scalar] {
      (0..<Int(generator.next() % 9)).map { _ in
        letters[Int(generator.next() % UInt64(letters.count))]
      }
    }
    for _ in 0..<3000 {
      let (a, b) = (word(), word())
      let full = fullDistance(a, b)
      let (textA, textB) = (
        String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b))
      )
      for limit in 0...4 {
        #expect(
          distance(textA, textB, limit: limit) == (full <= limit ? full : nil),
          "\(textA.debugDescription) \(textB.debugDescription) \(limit)")
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
