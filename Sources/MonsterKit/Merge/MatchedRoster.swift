/// A roster whose monsters are matched with those of an earlier one: a side of a merge with
/// the common ancestor, or the new roster of a diff with the old one.
///
/// Matching is most of the work of a merge or a diff apart from reading the rosters, and
/// can be done apart: the two sides of a merge at once, or one while another is read.
///
/// ```swift
/// let ours = MatchedRoster(oursRoster, with: base)
/// let theirs = MatchedRoster(theirsRoster, with: base)
/// let merge = RosterMerge(base: base, ours: ours, theirs: theirs)
/// ```
public struct MatchedRoster: Sendable {
  /// The roster; when it was read by ``RosterFile/readForMatching(allowingEmpty:)``, its
  /// names are not indexed.
  let roster: Roster
  /// How the earlier roster's monsters are found in it.
  let matching: RosterMatching

  /// Matches a roster's monsters with those of an earlier one.
  ///
  /// - Parameters:
  ///   - roster: The roster.
  ///   - earlier: The earlier roster: the common ancestor of a merge, the old roster of a
  ///     diff.
  public init(_ roster: Roster, with earlier: Roster) {
    self.init(roster, with: earlier, sharing: [])
  }

  /// Matches a roster's monsters with those of an earlier one, some of which it has from the
  /// earlier one's records.
  init(_ roster: Roster, with earlier: Roster, sharing shared: [SharedMonsters]) {
    self.roster = roster
    matching = RosterMatching(old: earlier, new: roster, sharing: shared)
  }
}

/// A roster read to be matched with an earlier one
/// (``RosterFile/readForMatching(allowingEmpty:)``), not yet matched: its names are not
/// indexed, nor yet known to be all different.
public struct UnmatchedRoster: Sendable {
  /// The roster, its names not indexed.
  let roster: Roster
  /// The file it was read from.
  let file: RosterFile
  /// The monsters it has from the records of the roster it was read against, and that
  /// roster: they are the same as those, and need not be compared again when the rosters
  /// are matched. Holding the roster keeps its bytes where they are, so that no other
  /// roster's bytes can be there while this one is matched.
  let shared: [SharedMonsters]
  let earlier: Roster?

  init(
    roster: Roster, file: RosterFile, shared: [SharedMonsters] = [], earlier: Roster? = nil
  ) {
    self.roster = roster
    self.file = file
    self.shared = shared
    self.earlier = earlier
  }

  /// The roster with its names indexed, as the reader gives it: for an earlier roster that
  /// others were read against while it was being indexed.
  ///
  /// - Returns: The roster.
  /// - Throws: ``RosterError/invalidRoster(path:problems:)``, as the reader says it, for two
  ///   monsters of the same name.
  public func indexed() throws(RosterError) -> Roster {
    var indexed = roster
    guard !indexed.indexNames().isEmpty else { return indexed }
    return try file.roster(from: roster.storage.source.bytes)
  }

  /// Matches the roster's monsters with those of an earlier one, which also finds whether
  /// two of its names are the same name.
  ///
  /// - Parameter earlier: The earlier roster: the common ancestor of a merge, the old roster
  ///   of a diff.
  /// - Returns: The matched roster.
  /// - Throws: ``RosterError/invalidRoster(path:problems:)``, as the reader says it, for two
  ///   monsters of the same name.
  public func matched(with earlier: Roster) throws(RosterError) -> MatchedRoster {
    let matched = MatchedRoster(
      roster, with: earlier,
      sharing: self.earlier?.isSameFileAsRead(as: earlier) == true ? shared : [])
    guard matched.matching.sameNames != nil else { return matched }
    // The reader says which names, and where, as it does for every command.
    return MatchedRoster(try file.roster(from: roster.storage.source.bytes), with: earlier)
  }
}

extension Roster {
  /// Whether another roster is this one as read from its file: the same bytes, in the same
  /// place, and both their file as read, so that their monsters are the same records.
  func isSameFileAsRead(as other: Roster) -> Bool {
    let (mine, theirs) = (storage.source, other.storage.source)
    return isFileAsRead && other.isFileAsRead && mine.records.count == theirs.records.count
      && mine.bytes.count == theirs.bytes.count
      && mine.bytes.withUnsafeBytes { mine in
        theirs.bytes.withUnsafeBytes { $0.baseAddress == mine.baseAddress }
      }
  }
}
