/// How far apart two words may be for the one to be offered as what the other meant.
func suggestionLimit(forLength length: Int) -> Int {
  max(1, min(3, length / 3))
}

/// The edit distance between two byte strings, ignoring ASCII case, or `nil` when it is
/// over `limit`: insertions, deletions, substitutions and swaps of two neighbours each
/// count one (the optimal string alignment distance), so `lsit` is one from `list`.
///
/// - Complexity: O(`a.count` × `b.count`), and O(1) when the lengths alone differ by more
///   than `limit`.
func editDistance(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, limit: Int) -> Int? {
  guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
  func folded(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
  if a.isEmpty || b.isEmpty {
    return max(a.count, b.count)
  }
  var beforePrevious = Array(repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = Array(repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var rowMinimum = i
    for j in 1...b.count {
      let cost = folded(a[i - 1]) == folded(b[j - 1]) ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, folded(a[i - 1]) == folded(b[j - 2]), folded(a[i - 2]) == folded(b[j - 1]) {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
      rowMinimum = min(rowMinimum, current[j])
    }
    // No row holds less than the one before it, so none after this gets within the limit.
    if rowMinimum > limit { return nil }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  let distance = previous[b.count]
  return distance <= limit ? distance : nil
}

/// The candidate closest to `word`, ignoring case, when one is close enough to be what was
/// meant: for "Did you mean ...?" after a mistyped command, option or weapon.
///
/// - Parameters:
///   - word: What was typed.
///   - candidates: What could have been meant.
/// - Returns: The closest candidate, the first of equals, or `nil`.
package func closestMatch(to word: String, among candidates: some Sequence<String>) -> String? {
  var best: (distance: Int, candidate: String)?
  let typed = Array(word.utf8)
  for candidate in candidates {
    let limit = best.map { $0.distance - 1 } ?? suggestionLimit(forLength: typed.count)
    let distance = typed.withUnsafeBytes { typed in
      Array(candidate.utf8).withUnsafeBytes { editDistance(typed, $0, limit: limit) }
    }
    if let distance { best = (distance, candidate) }
  }
  return best?.candidate
}
