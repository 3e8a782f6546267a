// Whether a file's bytes are its roster's canonical form, and where they first differ:
// what `check` reports for a valid file that is not canonical.

extension Roster {
  /// The offset of the first byte where `bytes` differ from the roster's canonical form,
  /// or `nil` when they are the same.
  func firstDifference(fromCanonical bytes: RosterBytes) -> Int? {
    var offset = 0
    var difference: Int?
    bytes.withUnsafeBytes { file in
      writeCanonical(chunkSize: RosterFile.chunkSize) { chunk in
        guard difference == nil else { return }
        let count = Swift.min(chunk.count, file.count - offset)
        if let index = firstMismatch(
          UnsafeRawBufferPointer(rebasing: file[offset..<offset + count]), chunk)
        {
          difference = offset + index
        } else if count < chunk.count {
          difference = offset + count
        }
        offset += chunk.count
      }
    }
    if difference == nil && offset < bytes.count { difference = offset }
    return difference
  }
}

extension Roster {
  /// For a roster as read from bytes, before any edit, whether those bytes are its
  /// canonical form; `nil` for a roster that was not read from bytes (the seeded roster
  /// of a missing file, or one made in code).
  ///
  /// An edit whose change returns this negated rewrites a file in canonical form only
  /// when it is not in it already.
  package var isReadFromCanonicalBytes: Bool? {
    guard source.bytes.count > 0 else { return nil }
    return source.isKnownCanonical || firstDifference(fromCanonical: source.bytes) == nil
  }
}
