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
}
