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
