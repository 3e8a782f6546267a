// Reading a file with conflict markers: where each side's lines are, and the pieces of
// each.

extension MarkedRoster {
  /// What a file's markers split it into.
  struct Split {
    var ours: [UInt8] = []
    var theirs: [UInt8] = []
    var pieces: [Piece] = []
    var conflictLines: [Int] = []
    var markers = ConflictMarkers()
  }

  /// Splits a file at its markers into ours and theirs, and the pieces of each.
  static func split(_ bytes: [UInt8], path: String) throws(RosterError) -> Split {
    var split = Split()
    // Where a part of the file goes while it is read: both sides, ours, theirs, or none
    // (the common ancestor's part of a conflict, which git writes with `|||||||`).
    enum Part { case both, ours, ancestor, theirs }
    var part = Part.both
    var opening: (line: Int, size: Int, ours: Int, theirs: Int)?
    var sharedStart = (ours: 0, theirs: 0)
    var line = 1
    var start = 0
    func fail(_ line: Int) -> RosterError { .unresolvedConflict(path: path, lines: [line]) }
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let next = min(end + 1, bytes.count)
      let marker = bytes.withUnsafeBytes {
        ConflictMarkers.marker(in: UnsafeRawBufferPointer(rebasing: $0[start..<end]))
      }
      let label = {
        String(
          decoding: bytes[start..<end].drop { $0 != UInt8(ascii: " ") }.dropFirst(), as: UTF8.self)
      }
      let size = marker?.1 ?? 0
      let fitsOpening = size == opening?.size
      switch (marker?.0, part) {
      case (ConflictMarkers.opening, .both):
        if sharedStart != (split.ours.count, split.theirs.count) {
          split.pieces.append(
            .shared(
              ours: sharedStart.ours..<split.ours.count,
              theirs: sharedStart.theirs..<split.theirs.count))
        }
        if split.conflictLines.isEmpty {
          split.markers = ConflictMarkers(size: size, oursLabel: label(), theirsLabel: "")
        }
        opening = (line, size, split.ours.count, split.theirs.count)
        part = .ours
      case (ConflictMarkers.ancestor, .ours) where fitsOpening:
        part = .ancestor
      case (ConflictMarkers.separator, .ours) where fitsOpening,
        (ConflictMarkers.separator, .ancestor) where fitsOpening:
        part = .theirs
      case (ConflictMarkers.closing, .theirs) where fitsOpening:
        guard let open = opening else { throw fail(line) }
        if split.conflictLines.isEmpty { split.markers.theirsLabel = label() }
        split.pieces.append(
          .conflict(
            split.conflictLines.count, ours: open.ours..<split.ours.count,
            theirs: open.theirs..<split.theirs.count))
        split.conflictLines.append(open.line)
        sharedStart = (split.ours.count, split.theirs.count)
        opening = nil
        part = .both
      case (.some, _) where size >= ConflictMarkers.standardSize:
        // A marker out of its place: a conflict resolved by half.
        throw fail(line)
      default:
        switch part {
        case .both:
          split.ours += bytes[start..<next]
          split.theirs += bytes[start..<next]
        case .ours: split.ours += bytes[start..<next]
        case .theirs: split.theirs += bytes[start..<next]
        case .ancestor: break
        }
      }
      line += 1
      start = next
    }
    if let opening { throw fail(opening.line) }
    if sharedStart != (split.ours.count, split.theirs.count) {
      split.pieces.append(
        .shared(
          ours: sharedStart.ours..<split.ours.count, theirs: sharedStart.theirs..<split.theirs.count
        ))
    }
    return split
  }
}
