// Reading a roster file that is mostly an earlier one: a side of a merge, or the new file of
// a diff, where a change of a few monsters leaves the rest of a million byte for byte where
// they were (or shifted by what the change added or removed). The monsters in the bytes the
// two files have in common at their start and at their end are the earlier file's records,
// moved; only the bytes between are read.

/// A run of monsters whose objects a roster file holds byte for byte as an earlier file in
/// canonical form holds them, found by comparing the two files' bytes before reading.
struct SharedRun: Sendable {
  /// Where the run's bytes start in the file: the `{` of its first monster's object.
  let start: Int
  /// Where they end: after the `}` of its last monster's object.
  let end: Int
  /// The run's records in the earlier file.
  let earlierRecords: Range<Int>
  /// How far the run's bytes are from where the earlier file has them.
  let shift: Int
}

/// Monsters a roster read from its file has from an earlier roster's records, and so are the
/// same as those, byte for byte, names and all.
struct SharedMonsters: Sendable {
  /// The monsters' offsets in the roster.
  let offsets: Range<Int>
  /// The offset of the first in the earlier roster.
  let earlierStart: Int
}

extension RosterSource {
  /// Whether the source's records are the monsters of a roster in canonical form, in order,
  /// each one's object the file's bytes: what ``sharedRuns(in:)`` needs of an earlier file.
  var isCanonicalAsRead: Bool {
    isKnownCanonical && !hasRewrittenRecords && !records.isEmpty
  }

  /// The runs of this source's monsters that another file has byte for byte: the monsters
  /// in the bytes the two files have in common from their start, and those in the bytes
  /// they have in common at their end. None unless this source ``isCanonicalAsRead``.
  ///
  /// A run is only a place to look: the reader takes it when a monster of the other file
  /// starts exactly at ``SharedRun/start``, where the bytes from there on are this file's
  /// from the run's first object on, and read the same.
  ///
  /// - Parameter other: The other file's bytes.
  /// - Returns: At most two runs, in file order, apart.
  func sharedRuns(in other: UnsafeRawBufferPointer) -> [SharedRun] {
    guard isCanonicalAsRead else { return [] }
    return bytes.withUnsafeBytes { earlier in
      let prefix = firstMismatch(earlier, other) ?? Swift.min(earlier.count, other.count)
      let suffix = commonSuffixCount(
        earlier, other, limit: Swift.min(earlier.count, other.count) - prefix)
      var runs: [SharedRun] = []
      // The monsters whose objects end within the common start.
      let leading = partitionPoint(0..<records.count) { objectBytes($0...$0).upperBound <= prefix }
      if leading > 0 {
        runs.append(
          SharedRun(
            start: objectBytes(0...0).lowerBound,
            end: objectBytes(leading - 1...leading - 1).upperBound,
            earlierRecords: 0..<leading, shift: 0))
      }
      // The monsters whose objects start within the common end.
      let trailing = partitionPoint(leading..<records.count) {
        objectBytes($0...$0).lowerBound < earlier.count - suffix
      }
      if trailing < records.count {
        let shift = other.count - earlier.count
        runs.append(
          SharedRun(
            start: objectBytes(trailing...trailing).lowerBound + shift, end: monstersEnd + shift,
            earlierRecords: trailing..<records.count, shift: shift))
      }
      return runs
    }
  }
}

extension Roster {
  /// Whether the roster is its file as read: its monsters are its source's records, in
  /// order, none edited, removed or rewritten, so that monster `k` is record `k`.
  var isFileAsRead: Bool {
    storage.isFileAsRead
  }
}

extension MonsterRecord {
  /// The record of the same monster's object, its bytes moved by an offset.
  func shifted(by shift: Int) -> MonsterRecord {
    func moved(_ span: ByteSpan) -> ByteSpan {
      ByteSpan(Int(span.start) + shift..<Int(span.end) + shift)
    }
    var record = self
    for field in MonsterTextField.allCases { record.setSpan(field, moved(span(field))) }
    return record
  }
}

/// The first position of a range at which a condition, true for a first part of the range
/// and false for the rest, is false: a binary search.
///
/// - Parameters:
///   - range: The positions.
///   - isBefore: The condition.
/// - Returns: The position, or the range's end when the condition holds throughout.
func partitionPoint(_ range: Range<Int>, where isBefore: (Int) -> Bool) -> Int {
  var low = range.lowerBound
  var high = range.upperBound
  while low < high {
    let middle = low + (high - low) / 2
    if isBefore(middle) { low = middle + 1 } else { high = middle }
  }
  return low
}
