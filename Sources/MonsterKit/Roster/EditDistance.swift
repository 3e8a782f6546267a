/// How far apart two words may be for the one to be offered as what the other meant.
func suggestionLimit(forLength length: Int) -> Int {
  max(1, min(3, length / 3))
}

/// The edit distance between two byte strings, ignoring ASCII case, or `nil` when it is
/// over `limit`: insertions, deletions, substitutions and swaps of two neighbours each
/// count one (the optimal string alignment distance), so `lsit` is one from `list`.
///
/// Only the cells within `limit` of the diagonal are computed, as no path through another
/// stays within the limit: two names of a megabyte cost a few megabytes of steps, not a
/// million million.
///
/// - Complexity: O(`a.count` × `limit`), and O(1) when the lengths alone differ by more
///   than `limit`.
func editDistance(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, limit: Int) -> Int? {
  guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
  if a.isEmpty || b.isEmpty {
    return max(a.count, b.count)
  }
  // Any distance over the limit is as good as any other.
  let over = limit + 1
  var beforePrevious = Array(repeating: over, count: b.count + 1)
  var previous = (0...b.count).map { Swift.min($0, over) }
  var current = Array(repeating: over, count: b.count + 1)
  for i in 1...a.count {
    let low = Swift.max(1, i - limit)
    let high = Swift.min(b.count, i + limit)
    // The cells beside the band read as over the limit.
    current[low - 1] = low == 1 ? Swift.min(i, over) : over
    if high < b.count { current[high + 1] = over }
    var rowMinimum = current[low - 1]
    for j in low...high {
      let cost = asciiLowercased(a[i - 1]) == asciiLowercased(b[j - 1]) ? 0 : 1
      var cell = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, asciiLowercased(a[i - 1]) == asciiLowercased(b[j - 2]),
        asciiLowercased(a[i - 2]) == asciiLowercased(b[j - 1])
      {
        cell = Swift.min(cell, beforePrevious[j - 2] + 1)
      }
      current[j] = Swift.min(cell, over)
      rowMinimum = Swift.min(rowMinimum, current[j])
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
