import MonstersSystem

// The roster file's canonical form: keys in a fixed order, two-space indent, one key a
// line, strings with only the escapes JSON needs, and a final newline. Writing the same
// roster twice gives the same bytes, and changing one field changes one line. The fixed
// bytes are ``CanonicalLayout``'s.

extension Roster {
  /// Writes the roster file's bytes in canonical form, a chunk at a time.
  ///
  /// Monsters as read from a file known to be in canonical form are that file's bytes: a
  /// run of them that stood together in the file is copied as it is. Every other monster,
  /// a record whose weapon or colour was changed too, is written in
  /// ``MonsterObjectFrame/Pieces/canonical``.
  ///
  /// - Parameters:
  ///   - chunkSize: About how many bytes to hand over at once.
  ///   - sink: Takes each chunk, in order.
  /// - Throws: Whatever `sink` throws.
  func writeCanonical<Failure: Error>(
    chunkSize: Int, to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var output: [UInt8] = []
    output.reserveCapacity(chunkSize + 64 * 1024)
    func handOver() throws(Failure) {
      try output.withUnsafeBytes(typed: sink)
      output.removeAll(keepingCapacity: true)
    }
    // The records of the run being gathered, to copy from the file when it ends.
    var run: ClosedRange<Int>?
    func copyRun() throws(Failure) {
      guard let records = run else { return }
      run = nil
      let bytes = storage.source.objectBytes(records)
      try storage.source.bytes.withUnsafeBytes { (file) throws(Failure) in
        let slice = UnsafeRawBufferPointer(rebasing: file[bytes])
        if slice.count < chunkSize {
          output.append(contentsOf: slice)
        } else {
          try handOver()
          try sink(slice)
        }
      }
    }

    output.append(CanonicalLayout.versionLine)
    for member in declarations.jsonMembers {
      output += CanonicalLayout.declaration(member)
    }
    output.append(CanonicalLayout.monstersKey)
    var isFirst = true
    let frame = MonsterObjectFrame.Pieces.canonical
    for index in indices {
      let copiedRecord = copiableRecord(at: index)
      if let record = copiedRecord, let records = run, records.upperBound + 1 == record {
        run = records.lowerBound...record
        continue
      }
      try copyRun()
      output.append(
        isFirst ? CanonicalLayout.beforeFirstMonster : CanonicalLayout.betweenMonsters)
      isFirst = false
      if let record = copiedRecord {
        run = record...record
      } else {
        appendJSON(ofMonsterAt: index, in: frame, forTerminal: false, to: &output)
      }
      if output.count >= chunkSize { try handOver() }
    }
    try copyRun()
    output.append(isFirst ? CanonicalLayout.afterNoMonsters : CanonicalLayout.afterMonsters)
    output.appendMembers(otherFields, isFirst: false, indent: CanonicalLayout.rosterMemberLevel)
    output.append(CanonicalLayout.tail)
    try handOver()
  }

  /// How many bytes the canonical form is handed over in at a time, as a file is written.
  static let chunkSize = 1 << 20

  /// The record of the monster at a position, when its object in canonical form is the
  /// file's bytes as they stand: a record, not rewritten, of a file known to be in
  /// canonical form.
  func copiableRecord(at index: Index) -> Int? {
    guard storage.source.isKnownCanonical,
      let (number, record) = storage.record(atSlot: index.slot),
      !record.flags.contains(.rewritten)
    else { return nil }
    return number
  }

  /// The roster file's bytes in canonical form.
  ///
  /// ```swift
  /// String(decoding: Roster().canonicalJSON(), as: UTF8.self)
  /// // "{\n  \"version\": 1,\n  \"monsters\": []\n}\n"
  /// ```
  public func canonicalJSON() -> [UInt8] {
    var result: [UInt8] = []
    writeCanonical(chunkSize: Self.chunkSize) { result.append(contentsOf: $0) }
    return result
  }
}
