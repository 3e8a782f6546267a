/// For each of a number of monsters, by offset, an offset (where the same monster stands in
/// another roster), or `nil` where it has none.
///
/// A diff or a merge of a million monsters keeps several tables of a million entries, so
/// each entry is an `Int32`, with ``absent`` kept inside for `nil`.
///
/// ```swift
/// var newOffset = OffsetTable(absent: 3)
/// newOffset[0] = 2
/// newOffset[0]  // 2
/// newOffset[1]  // nil
/// ```
struct OffsetTable: RandomAccessCollection, Equatable, Sendable {
  /// How an entry is stored.
  typealias Entry = Int32

  private var entries: [Entry]

  /// Stands for no offset.
  private static let absent: Entry = -1

  /// A table of `count` entries, none with an offset.
  init(absent count: Int) {
    entries = [Entry](repeating: Self.absent, count: count)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { entries.count }

  /// The offset at an entry, or `nil` for none.
  @inline(__always)
  subscript(position: Int) -> Int? {
    get {
      let entry = entries[position]
      return entry == Self.absent ? nil : Int(entry)
    }
    set {
      entries[position] = Self.stored(newValue)
    }
  }

  @inline(__always)
  private static func stored(_ offset: Int?) -> Entry {
    offset.map { Entry(truncatingIfNeeded: $0) } ?? absent
  }

  /// Adds an entry at the end.
  mutating func append(_ offset: Int?) {
    entries.append(Self.stored(offset))
  }

  /// Gives a run of entries consecutive offsets: `first + n` to the entry `positions.lowerBound
  /// + n`.
  mutating func setRun(_ positions: Range<Int>, from first: Int) {
    entries.withUnsafeMutableBufferPointer { entries in
      for (step, position) in positions.enumerated() {
        entries[position] = Entry(truncatingIfNeeded: first + step)
      }
    }
  }

  /// The offsets, each entry with none given the one `fill` returns for its position,
  /// called for those positions in order.
  func filled(by fill: (Int) -> Int) -> [Int32] {
    var filled = entries
    for position in filled.indices where filled[position] == Self.absent {
      filled[position] = Entry(truncatingIfNeeded: fill(position))
    }
    return filled
  }
}
