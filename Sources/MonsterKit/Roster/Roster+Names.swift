// Finding monsters by name, ignoring case: the name index, with names compared as folded
// text (`Monster.foldedName`), and ASCII names, nearly all of them, as bytes.

extension Roster {
  /// The memory a roster read from a file takes besides its records, in bytes: its slots,
  /// their positions and its index of names, for a caller that asks for it first
  /// (``Platform/requireMemory(_:)``).
  ///
  /// - Parameter count: How many monsters the file holds.
  static func indexBytes(monsterCount count: Int) -> Int {
    count * MemoryLayout<Slot>.stride + (count + 1) * MemoryLayout<Int32>.stride
      + NameIndex.bucketCount(capacity: count) * MemoryLayout<UInt64>.stride
  }

  /// Room for an edit to change every monster of a roster once, in bytes, for a caller that
  /// asks for it first: a monster changed is a ``Monster`` of its own, its text no longer
  /// the file's bytes (some 290 bytes each when all of a million change).
  ///
  /// - Parameter count: How many monsters the roster holds.
  static func editingBytes(monsterCount count: Int) -> Int {
    count * 400
  }

  /// Indexes every name, and reports the names that are taken.
  ///
  /// - Returns: For each name equal to an earlier one, its position and the earlier one's.
  mutating func indexNames() -> [(position: Int, earlier: Int)] {
    var duplicates: [(position: Int, earlier: Int)] = []
    var index = NameIndex(capacity: count)
    let slotCount = storage.slotCount
    if storage.source.namesAreASCII && !storage.hasEditedMonsters {
      // A roster as read, with ASCII names: work on the file's bytes directly.
      storage.withFile { view in
        func name(_ position: Int32) -> UnsafeRawBufferPointer {
          guard let record = view.record(atSlot: Int(position)) else {
            preconditionFailure("a roster with no edited monster holds only records")
          }
          return UnsafeRawBufferPointer(rebasing: view.file[record.name.range])
        }
        // In batches: first every name's hash and a read of its bucket, which the
        // processor can overlap, so that the inserts then find their buckets in cache.
        let batchSize = 512
        var hashes = [Int](repeating: 0, count: batchSize)
        var batchStart = 0
        while batchStart < slotCount {
          let batch = batchStart..<Swift.min(batchStart + batchSize, slotCount)
          for position in batch where !view.slots[position].isRemoved {
            hashes[position - batchStart] = hashASCIILowercased(
              name(Int32(truncatingIfNeeded: position)))
          }
          index.prefetch(hashes: hashes)
          for position in batch where !view.slots[position].isRemoved {
            let slot = Int32(truncatingIfNeeded: position)
            let bytes = name(slot)
            let hash = hashes[position - batchStart]
            if let earlier = index.find(
              hash: hash, where: { asciiEqualIgnoringCase(name($0), bytes) })
            {
              duplicates.append((position, Int(earlier)))
            } else {
              index.insert(slot, hash: hash)
            }
          }
          batchStart = batch.upperBound
        }
      }
    } else {
      for position in 0..<slotCount where !storage.isRemoved(position) {
        let slot = Int32(truncatingIfNeeded: position)
        let hash = nameHash(at: slot)
        if let earlier = index.find(hash: hash, where: { namesMatch($0, slot) }) {
          duplicates.append((position, Int(earlier)))
        } else {
          index.insert(slot, hash: hash)
        }
      }
    }
    names = index
    return duplicates
  }

  /// Indexes the name at a slot.
  mutating func indexName(at slot: Int32) {
    names.insert(slot, hash: nameHash(at: slot))
  }

  /// Takes the name at a slot out of the index.
  mutating func unindexName(at slot: Int32) {
    names.remove(slot, hash: nameHash(at: slot))
  }

  /// The slot of the monster with a name, ignoring case.
  func slot(named name: String) -> Int32? {
    var name = name
    return name.withUTF8 { query in
      let query = UnsafeRawBufferPointer(query)
      return names.find(hash: hashName(query)) { slot in
        withUTF8(.name, atSlot: slot) { namesEqual($0, query) }
      }
    }
  }

  /// The name closest to `name`, ignoring case, if any is close enough to be what was meant.
  ///
  /// Names are compared folded, as lookup compares them: `strasse-bott` is one edit from
  /// `Straße-Bot`.
  func closestName(to name: String) -> String? {
    var best: (distance: Int, slot: Int32)?
    var folded = Monster.foldedName(name)
    let typed = folded.withUTF8 { TypedWord(UnsafeRawBufferPointer($0)) }
    func distance(to candidate: UnsafeRawBufferPointer) -> Int? {
      let limit = best.map { $0.distance - 1 } ?? typed.suggestionLimit
      // ASCII is compared ignoring case as it is; anything else folded first.
      if isAllASCII(candidate) { return typed.distance(to: candidate, limit: limit) }
      var folded = Monster.foldedName(utf8: candidate)
      return folded.withUTF8 { typed.distance(to: UnsafeRawBufferPointer($0), limit: limit) }
    }
    for index in indices {
      let slot = Int32(truncatingIfNeeded: index.slot)
      let distance = withUTF8(.name, atSlot: slot, distance(to:))
      if let distance { best = (distance, slot) }
      if distance == 0 { break }
    }
    return best.map { withUTF8(.name, atSlot: $0.slot) { String(decoding: $0, as: UTF8.self) } }
  }

  // MARK: - Hashing and comparing

  private func nameHash(at slot: Int32) -> Int {
    withUTF8(.name, atSlot: slot) { hashName($0) }
  }

  private func namesMatch(_ first: Int32, _ second: Int32) -> Bool {
    withUTF8(.name, atSlot: first) { a in
      withUTF8(.name, atSlot: second) { b in namesEqual(a, b) }
    }
  }
}

/// The hash of a name's folded form: an ASCII name's bytes are hashed as they are, lower
/// cased, and so is any name whose folded form is ASCII (`\u{212A}at` is `kat`), so that
/// the two find each other.
@inline(__always)
func hashName(_ utf8: UnsafeRawBufferPointer) -> Int {
  if isAllASCII(utf8) { return hashASCIILowercased(utf8) }
  var folded = Monster.foldedName(utf8: utf8)
  return folded.withUTF8 { folded in
    let folded = UnsafeRawBufferPointer(folded)
    if isAllASCII(folded) { return hashASCIILowercased(folded) }
    // Hashing a string hashes its canonical form, as `==` compares it.
    var hasher = Hasher()
    hasher.combine(String(decoding: folded, as: UTF8.self))
    return hasher.finalize()
  }
}

/// Whether two names are the same name: equal ignoring case as Unicode folds it.
@inline(__always)
func namesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  if isAllASCII(a) && isAllASCII(b) { return asciiEqualIgnoringCase(a, b) }
  return Monster.foldedName(utf8: a) == Monster.foldedName(utf8: b)
}
