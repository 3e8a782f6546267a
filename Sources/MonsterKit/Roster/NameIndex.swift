import MonstersSystem
/// A hash table from names to positions on a roster, for finding a monster by name and for
/// refusing a second monster of the same name, both in constant time.
///
/// The table does not hold the names: it holds each name's hash and position, and asks its
/// owner to compare names on a hash match. How names are hashed and compared (ignoring
/// case) is up to the owner, which keeps the table free of strings.
struct NameIndex: Sendable {
  /// Linear probing. A bucket holds the upper 32 bits of the name's hash and the position
  /// plus one; zero is an empty bucket.
  private var buckets: [UInt64] = []
  private(set) var count = 0
  /// What ``prefetch(hash:)`` read, kept so that the reads are not optimized away.
  private var prefetched: UInt64 = 0

  init(capacity: Int = 0) {
    reserve(capacity)
  }

  private var mask: Int { buckets.count - 1 }

  @inline(__always)
  private static func tag(_ hash: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
  }

  /// The bucket a search for `tag` starts at: derived from the tag alone, so that a bucket's
  /// entry says where it belongs.
  @inline(__always)
  private func home(tag: UInt64) -> Int {
    Int(truncatingIfNeeded: tag >> 32) & mask
  }

  /// The position whose name has `hash` and passes `isMatch`, if any.
  @inline(__always)
  func find(hash: Int, where isMatch: (Int32) -> Bool) -> Int32? {
    guard count > 0 else { return nil }
    let tag = Self.tag(hash)
    return buckets.withUnsafeBufferPointer { buckets in
      var bucket = home(tag: Self.tag(hash))
      while true {
        let entry = buckets[bucket]
        if entry == 0 { return nil }
        if entry & 0xFFFF_FFFF_0000_0000 == tag {
          let position = Int32(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
          if isMatch(position) { return position }
        }
        bucket = (bucket + 1) & mask
      }
    }
  }

  /// Reads the buckets searches for `hashes` start at, so that it is in cache when the search
  /// comes: reads of several buckets can be under way at once, and a search waits for one.
  @inline(__always)
  mutating func prefetch(hashes: [Int]) {
    guard !buckets.isEmpty else { return }
    var sum: UInt64 = 0
    buckets.withUnsafeBufferPointer { buckets in
      for hash in hashes {
        sum &+= buckets[home(tag: Self.tag(hash))]
      }
    }
    prefetched ^= sum
  }

  /// Adds a position under `hash`. The caller has made sure the name is not there yet.
  @inline(__always)
  mutating func insert(_ position: Int32, hash: Int) {
    if (count + 1) * 2 > buckets.count { reserve(count + 1) }
    let entry = Self.tag(hash) | UInt64(UInt32(bitPattern: position + 1))
    let mask = self.mask
    var bucket = home(tag: Self.tag(hash))
    buckets.withUnsafeMutableBufferPointer { buckets in
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = entry
    }
    count += 1
  }

  /// Removes a position that was added under `hash`.
  mutating func remove(_ position: Int32, hash: Int) {
    let entry = Self.tag(hash) | UInt64(UInt32(bitPattern: position + 1))
    var bucket = home(tag: Self.tag(hash))
    while buckets[bucket] != entry {
      if buckets[bucket] == 0 { return }
      bucket = (bucket + 1) & mask
    }
    // Shift later members of the run back, so that no search stops early at the hole.
    var hole = bucket
    var next = (hole + 1) & mask
    while buckets[next] != 0 {
      let wanted = home(tag: buckets[next])
      let distanceToNext = (next - wanted) & mask
      let distanceToHole = (hole - wanted) & mask
      if distanceToHole < distanceToNext {
        buckets[hole] = buckets[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    buckets[hole] = 0
    count -= 1
  }

  /// How many buckets an index with room for `capacity` names has: a power of two, at
  /// least twice as many.
  static func bucketCount(capacity: Int) -> Int {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    return size
  }

  /// Makes room for `capacity` names without growing again.
  mutating func reserve(_ capacity: Int) {
    let size = Self.bucketCount(capacity: capacity)
    guard size > buckets.count else { return }
    let old = buckets
    buckets = [UInt64](unsafeUninitializedCapacity: size) { buffer, count in
      Platform.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      buffer.initialize(repeating: 0)
      count = size
    }
    let mask = self.mask
    buckets.withUnsafeMutableBufferPointer { buckets in
      for entry in old where entry != 0 {
        var bucket = Int(truncatingIfNeeded: entry >> 32) & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = entry
      }
    }
  }
}
