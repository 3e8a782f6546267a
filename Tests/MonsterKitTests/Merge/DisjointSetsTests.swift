import TestSupport
import Testing

@testable import MonsterKit

/// The groups the merge links monsters and identities in, against a model that keeps each
/// group as a set and merges them by hand.
@Suite struct DisjointSetsTests {
  @Test(arguments: 0..<20)
  func groupsAreTheModelsAndEachIsNamedByItsSmallestNumber(_ seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let count = Int.random(in: 1...40, using: &generator)
    var sets = DisjointSets(count: count)
    var model = (0..<count).map { Set([$0]) }
    for _ in 0..<Int.random(in: 0...(2 * count), using: &generator) {
      let (a, b) = (
        Int.random(in: 0..<count, using: &generator), Int.random(in: 0..<count, using: &generator)
      )
      sets.join(a, b)
      let merged = model[a].union(model[b])
      for number in merged { model[number] = merged }
    }
    for number in 0..<count {
      #expect(sets.root(number) == model[number].min())
    }
  }
}
