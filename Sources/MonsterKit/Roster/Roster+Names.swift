// Finding monsters by name, ignoring case: the name index, and comparing names as ASCII
// bytes while every name is ASCII, as Unicode text once one is not.

extension Roster {
  /// Indexes every name, and reports the names that are taken.
  ///
  /// - Returns: For each name equal to an earlier one, its position and the earlier one's.
  mutating func indexNames() -> [(position: Int, earlier: Int)] {
    var duplicates: [(position: Int, earlier: Int)] = []
    var index = NameIndex(capacity: count)
    if !foldsUnicode && edited.isEmpty {
      // A roster as read, with ASCII names: work on the file's bytes directly.
      source.bytes.withUnsafeBytes { bytes in
        source.records.withUnsafeBufferPointer { records in
          func name(_ position: Int32) -> UnsafeRawBufferPointer {
            guard case .record(let record) = slots[Int(position)].content else {
              preconditionFailure("a roster with no edited monster holds only records")
            }
            return UnsafeRawBufferPointer(rebasing: bytes[records[record].name.range])
          }
          // In batches: first every name's hash and a read of its bucket, which the
          // processor can overlap, so that the inserts then find their buckets in cache.
          let batchSize = 512
          var hashes = [Int](repeating: 0, count: batchSize)
          var batchStart = 0
          while batchStart < slots.count {
            let batch = batchStart..<Swift.min(batchStart + batchSize, slots.count)
            for position in batch where !slots[position].isRemoved {
              hashes[position - batchStart] = hashASCIILowercased(
                name(Int32(truncatingIfNeeded: position)))
            }
            index.prefetch(hashes: hashes)
            for position in batch where !slots[position].isRemoved {
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
      }
    } else {
      for position in slots.indices where !slots[position].isRemoved {
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

  /// Indexes the name at a slot, switching to comparing names as Unicode text first if the
  /// name is the first that is not ASCII (which indexes every name again).
  mutating func indexName(at slot: Int32) {
    let isASCII = withUTF8(.name, atSlot: slot) { $0.allSatisfy { $0 < 0x80 } }
    if foldsUnicode || isASCII {
      names.insert(slot, hash: nameHash(at: slot))
    } else {
      foldsUnicode = true
      _ = indexNames()
    }
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
      if !foldsUnicode && query.contains(where: { $0 >= 0x80 }) {
        // An ASCII index cannot hash this name, though it may equal an ASCII one
        // (KELVIN SIGN is K ignoring case), so compare it with every name as text.
        let folded = String(decoding: query, as: UTF8.self).lowercased()
        return slots.indices.lazy.map { Int32(truncatingIfNeeded: $0) }.first { slot in
          !slots[Int(slot)].isRemoved
            && withUTF8(.name, atSlot: slot) {
              String(decoding: $0, as: UTF8.self).lowercased() == folded
            }
        }
      }
      return names.find(hash: hashName(query)) { slot in
        withUTF8(.name, atSlot: slot) { namesEqual($0, query) }
      }
    }
  }

  /// The name closest to `name`, ignoring case, if any is close enough to be what was meant.
  func closestName(to name: String) -> String? {
    var best: (distance: Int, slot: Int32)?
    let query = Array(name.utf8)
    let limit = suggestionLimit(forLength: query.count)
    return query.withUnsafeBytes { query in
      for index in indices {
        let slot = Int32(truncatingIfNeeded: index.slot)
        let distance = withUTF8(.name, atSlot: slot) { candidate in
          editDistance(query, candidate, limit: best.map { $0.distance - 1 } ?? limit)
        }
        if let distance { best = (distance, slot) }
        if distance == 0 { break }
      }
      return best.map { withUTF8(.name, atSlot: $0.slot) { String(decoding: $0, as: UTF8.self) } }
    }
  }

  // MARK: - Hashing and comparing

  private func nameHash(at slot: Int32) -> Int {
    withUTF8(.name, atSlot: slot) { hashName($0) }
  }

  @inline(__always)
  private func hashName(_ utf8: UnsafeRawBufferPointer) -> Int {
    guard foldsUnicode else { return hashASCIILowercased(utf8) }
    var hasher = Hasher()
    hasher.combine(String(decoding: utf8, as: UTF8.self).lowercased())
    return hasher.finalize()
  }

  private func namesMatch(_ first: Int32, _ second: Int32) -> Bool {
    withUTF8(.name, atSlot: first) { a in
      withUTF8(.name, atSlot: second) { b in namesEqual(a, b) }
    }
  }

  @inline(__always)
  private func namesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    if foldsUnicode {
      return String(decoding: a, as: UTF8.self).lowercased()
        == String(decoding: b, as: UTF8.self).lowercased()
    }
    return asciiEqualIgnoringCase(a, b)
  }
}
