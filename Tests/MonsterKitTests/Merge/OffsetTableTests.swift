import TestSupport
import Testing

@testable import MonsterKit

/// The tables of offsets that a diff and a merge keep, a million entries long.
@Suite struct OffsetTableTests {
  @Test func anEntryHoldsAnOffsetOrNoneInFourBytes() {
    var table = OffsetTable(absent: 3)
    #expect(Array(table) == [nil, nil, nil])
    table[0] = 0
    table[2] = Int(Int32.max)
    #expect(Array(table) == [0, nil, Int(Int32.max)])
    table[0] = nil
    #expect(table[0] == nil)
    table.append(7)
    table.append(nil)
    #expect(Array(table) == [nil, nil, Int(Int32.max), 7, nil])
    #expect(MemoryLayout<OffsetTable.Entry>.stride == MemoryLayout<Int32>.size)
    #expect(MemoryLayout<OffsetTable>.size == MemoryLayout<[Int32]>.size)
  }

  @Test func aRunOfEntriesTakesConsecutiveOffsets() {
    var table = OffsetTable(absent: 6)
    table.setRun(1..<4, from: 10)
    table.setRun(5..<5, from: 0)
    #expect(Array(table) == [nil, 10, 11, 12, nil, nil])
  }

  @Test func fillingGivesEachEntryWithoutAnOffsetOneInOrder() {
    var table = OffsetTable(absent: 5)
    table[1] = 4
    table[3] = 0
    var asked: [Int] = []
    let filled = table.filled { position in
      asked.append(position)
      return 100 + asked.count
    }
    #expect(asked == [0, 2, 4])
    #expect(filled == [101, 4, 102, 0, 103])
  }

  /// The monsters a matching calls moved are those off one longest run of matched
  /// monsters whose old offsets increase: as many as a brute-force longest run leaves, and
  /// the rest in order.
  @Test func movedMonstersAreThoseOffALongestIncreasingRun() {
    var generator = SeededGenerator(seed: 0x6f66_6673_6574)
    for _ in 0..<2000 {
      let count = Int.random(in: 0...12, using: &generator)
      var oldOffsets = Array(0..<count).shuffled(using: &generator)
      // Sometimes nearly in order, as most rosters are.
      if Bool.random(using: &generator) { oldOffsets.sort() }
      if count > 1 && Bool.random(using: &generator) {
        oldOffsets.swapAt(
          Int.random(in: 0..<count, using: &generator), Int.random(in: 0..<count, using: &generator)
        )
      }
      var table = OffsetTable(absent: count)
      for (newOffset, oldOffset) in oldOffsets.enumerated()
      where Int.random(in: 0..<4, using: &generator) > 0 {
        table[newOffset] = oldOffset
      }
      let moved = RosterMatching.outOfOrder(table)
      #expect(moved.count == count)
      let kept = table.indices.filter { table[$0] != nil && !moved[$0] }.compactMap { table[$0] }
      #expect(kept == kept.sorted(), "\(Array(table)) kept \(kept)")
      #expect(kept.count == Self.longestIncreasingRun(table.compactMap { $0 }))
      #expect(table.indices.allSatisfy { table[$0] != nil || !moved[$0] })
    }
  }

  private static func longestIncreasingRun(_ values: [Int]) -> Int {
    var longest = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for earlier in 0..<i where values[earlier] < values[i] {
        longest[i] = max(longest[i], longest[earlier] + 1)
      }
    }
    return longest.max() ?? 0
  }
}
