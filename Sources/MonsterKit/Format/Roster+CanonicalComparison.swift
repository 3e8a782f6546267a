// Whether a file's bytes are its roster's canonical form, and where they first differ:
// what `check` reports for a valid file that is not canonical.

extension Roster {
  /// The offset of the first byte where `bytes` differ from the roster's canonical form,
  /// or `nil` when they are the same.
  func firstDifference(fromCanonical bytes: RosterBytes) -> Int? {
    var offset = 0
    var difference: Int?
    bytes.withUnsafeBytes { file in
      writeCanonical(chunkSize: Self.chunkSize) { chunk in
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
  /// How the bytes a roster was read from stand to its canonical form.
  package enum ReadLayout: Sendable {
    /// The bytes are its canonical form.
    case canonical
    /// The bytes differ from its canonical form.
    case notCanonical
    /// The roster was not read from bytes: the seeded roster of a missing file, or one made
    /// in code.
    case notRead
  }

  /// For a roster as read from bytes, before any edit, whether those bytes are its
  /// canonical form: `monsters fmt` rewrites a file only when they are not.
  package var readLayout: ReadLayout {
    guard storage.source.bytes.count > 0 else { return .notRead }
    return storage.source.isKnownCanonical
      || firstDifference(fromCanonical: storage.source.bytes) == nil
      ? .canonical : .notCanonical
  }
}
