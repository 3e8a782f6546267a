/// How far apart two words may be for the one to be offered as what the other meant, by
/// the length in code points of the one typed.
func suggestionLimit(forLength length: Int) -> Int {
  max(1, min(3, length / 3))
}

/// A word typed, to be compared with each of many candidates: its code points are decoded
/// once, and an ASCII word meets an ASCII candidate byte by byte.
struct TypedWord {
  private let bytes: [UInt8]
  /// The code points, for a word that is not all ASCII.
  private let codePoints: [UInt32]?
  /// How many edits a candidate may be from the word to be suggested.
  let suggestionLimit: Int

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = Array(bytes)
    codePoints = isAllASCII(bytes) ? nil : MonsterKit.codePoints(bytes)
    suggestionLimit = MonsterKit.suggestionLimit(forLength: codePoints?.count ?? bytes.count)
  }

  /// The edit distance from this word to a candidate's UTF-8, counted in code points and
  /// ignoring ASCII case, or `nil` when it is over `limit`: insertions, deletions,
  /// substitutions and swaps of two neighbours each count one (the optimal string
  /// alignment distance), so `lsit` is one from `list`, and `ß` typed for `s` one, not the
  /// two of its bytes.
  ///
  /// Only the cells within `limit` of the diagonal are computed, as no path through
  /// another stays within the limit: two names of a megabyte cost a few megabytes of steps,
  /// not a million million.
  ///
  /// - Complexity: O(length × `limit`), and O(1) when the lengths alone differ by more
  ///   than `limit`.
  func distance(to candidate: UnsafeRawBufferPointer, limit: Int) -> Int? {
    switch (codePoints, isAllASCII(candidate)) {
    case (nil, true):
      bandedDistance(bytes, candidate, limit: limit)
    case (nil, false):
      bandedDistance(bytes.lazy.map(UInt32.init), MonsterKit.codePoints(candidate), limit: limit)
    case (let points?, true):
      bandedDistance(points, candidate.lazy.map(UInt32.init), limit: limit)
    case (let points?, false):
      bandedDistance(points, MonsterKit.codePoints(candidate), limit: limit)
    }
  }
}

/// The code points of valid UTF-8, each as its number.
private func codePoints(_ bytes: UnsafeRawBufferPointer) -> [UInt32] {
  var points: [UInt32] = []
  var decoder = UTF8()
  var iterator = bytes.makeIterator()
  while case .scalarValue(let scalar) = decoder.decode(&iterator) {
    points.append(scalar.value)
  }
  return points
}

/// An ASCII capital letter as its small letter; any other code point or byte as it is.
private func lowered<Point: FixedWidthInteger>(_ point: Point) -> Point {
  point >= 0x41 && point <= 0x5A ? point | 0x20 : point
}

/// ``TypedWord/distance(to:limit:)`` over code points or bytes.
private func bandedDistance<A: RandomAccessCollection, B: RandomAccessCollection>(
  _ a: A, _ b: B, limit: Int
) -> Int?
where A.Element: FixedWidthInteger, B.Element == A.Element, A.Index == Int, B.Index == Int {
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
      let cost = lowered(a[i - 1]) == lowered(b[j - 1]) ? 0 : 1
      var cell = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, lowered(a[i - 1]) == lowered(b[j - 2]),
        lowered(a[i - 2]) == lowered(b[j - 1])
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
  let typed = Array(word.utf8).withUnsafeBytes { TypedWord($0) }
  for candidate in candidates {
    let limit = best.map { $0.distance - 1 } ?? typed.suggestionLimit
    let distance = Array(candidate.utf8).withUnsafeBytes { typed.distance(to: $0, limit: limit) }
    if let distance { best = (distance, candidate) }
  }
  return best?.candidate
}
