/// A range of a roster file's bytes, in eight bytes rather than sixteen: a roster file is
/// at most 4 GiB, and a million monsters keep three of these each.
struct ByteSpan: Hashable, Sendable {
  var start: UInt32
  var end: UInt32

  init(_ range: Range<Int>) {
    start = UInt32(truncatingIfNeeded: range.lowerBound)
    end = UInt32(truncatingIfNeeded: range.upperBound)
  }

  var range: Range<Int> { Int(start)..<Int(end) }

  var count: Int { Int(end - start) }
}
