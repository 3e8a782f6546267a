import TestSupport
import Testing

@testable import MonsterKit

/// A hash whose upper 32 bits (the part the index keeps and starts its search from) are
/// `tag`.
private func hash(tag: UInt32, low: UInt32 = 0) -> Int {
  Int(bitPattern: UInt(tag) << 32 | UInt(low))
}

@Suite struct NameIndexTests {
  @Test func emptyIndexFindsNothing() {
    let index = NameIndex()
    #expect(index.find(hash: hash(tag: 1)) { _ in true } == nil)
    #expect(index.count == 0)
  }

  @Test func findsWhatWasInsertedUnderItsHash() {
    var index = NameIndex()
    index.insert(0, hash: hash(tag: 10))
    index.insert(1, hash: hash(tag: 11))
    #expect(index.find(hash: hash(tag: 10)) { _ in true } == 0)
    #expect(index.find(hash: hash(tag: 11)) { _ in true } == 1)
    #expect(index.find(hash: hash(tag: 12)) { _ in true } == nil)
    #expect(index.find(hash: hash(tag: 10)) { _ in false } == nil)
    #expect(index.count == 2)
  }

  @Test func lowerBitsOfTheHashAreNotKept() {
    var index = NameIndex()
    index.insert(5, hash: hash(tag: 10, low: 1))
    #expect(index.find(hash: hash(tag: 10, low: 2)) { $0 == 5 } == 5)
  }

  @Test func positionsUnderOneHashAreToldApartByTheMatch() {
    var index = NameIndex()
    for position in 0..<8 as Range<Int32> {
      index.insert(position, hash: hash(tag: 7))
    }
    for position in 0..<8 as Range<Int32> {
      #expect(index.find(hash: hash(tag: 7)) { $0 == position } == position)
    }
    index.remove(3, hash: hash(tag: 7))
    #expect(index.find(hash: hash(tag: 7)) { $0 == 3 } == nil)
    for position in [0, 1, 2, 4, 5, 6, 7] as [Int32] {
      #expect(index.find(hash: hash(tag: 7)) { $0 == position } == position)
    }
    #expect(index.count == 7)
  }

  @Test func searchesWrapAroundTheEndOfTheTable() {
    // Sixteen buckets: tag 15 starts at the last one, so its run wraps to the first.
    var index = NameIndex()
    for position in 0..<4 as Range<Int32> {
      index.insert(position, hash: hash(tag: 15))
    }
    index.insert(4, hash: hash(tag: 16))  // starts at bucket 0, inside the wrapped run
    index.remove(0, hash: hash(tag: 15))
    for position in 1..<4 as Range<Int32> {
      #expect(index.find(hash: hash(tag: 15)) { $0 == position } == position)
    }
    #expect(index.find(hash: hash(tag: 16)) { $0 == 4 } == 4)
    index.remove(2, hash: hash(tag: 15))
    #expect(index.find(hash: hash(tag: 16)) { $0 == 4 } == 4)
    #expect(index.find(hash: hash(tag: 15)) { $0 == 3 } == 3)
  }

  @Test func removingWhatIsNotThereChangesNothing() {
    var index = NameIndex()
    index.insert(1, hash: hash(tag: 3))
    index.remove(2, hash: hash(tag: 3))
    index.remove(1, hash: hash(tag: 4))
    #expect(index.count == 1)
    #expect(index.find(hash: hash(tag: 3)) { $0 == 1 } == 1)
  }

  @Test func growsToHoldManyPositions() {
    var index = NameIndex()
    for position in 0..<20_000 as Range<Int32> {
      index.insert(position, hash: hash(tag: UInt32(position) &* 2_654_435_761))
    }
    #expect(index.count == 20_000)
    for position in stride(from: 0, to: 20_000, by: 7) as StrideTo<Int32> {
      let tag = UInt32(position) &* 2_654_435_761
      #expect(index.find(hash: hash(tag: tag)) { $0 == position } == position)
    }
  }

  /// Random inserts and removes, with few distinct tags so that runs are long and removals
  /// shift entries, checked against a dictionary.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func staysCorrectThroughRandomInsertsAndRemoves(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var index = NameIndex()
    var live: [Int32: UInt32] = [:]
    var tags: [UInt32] = []  // by position, live or removed
    for step in 0..<4000 {
      if live.isEmpty || Int.random(in: 0..<5, using: &random) < 3 {
        let position = Int32(tags.count)
        let tag = UInt32.random(in: 0..<40, using: &random) &* 0x9E37_79B1
        index.insert(position, hash: hash(tag: tag))
        live[position] = tag
        tags.append(tag)
      } else if let (position, tag) = live.randomElement(using: &random) {
        index.remove(position, hash: hash(tag: tag))
        live[position] = nil
      }
      #expect(index.count == live.count)
      if step % 50 == 0 {
        let wrong = tags.indices.filter { position in
          let position = Int32(position)
          let found = index.find(hash: hash(tag: tags[Int(position)])) { $0 == position }
          return found != (live[position] == nil ? nil : position)
        }
        #expect(wrong.isEmpty, "step \(step)")
      }
    }
  }
}
