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
  /// The roster; when it was read by ``RosterFile/readForMatching()``, its names are not
  /// indexed.
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
    self.roster = roster
    matching = RosterMatching(old: earlier, new: roster)
  }
}

/// A roster read to be matched with an earlier one (``RosterFile/readForMatching()``), not
/// yet matched: its names are not indexed, nor yet known to be all different.
public struct UnmatchedRoster: Sendable {
  /// The roster, its names not indexed.
  let roster: Roster
  /// The file it was read from.
  let file: RosterFile

  /// Matches the roster's monsters with those of an earlier one, which also finds whether
  /// two of its names are the same name.
  ///
  /// - Parameter earlier: The earlier roster: the common ancestor of a merge, the old roster
  ///   of a diff.
  /// - Returns: The matched roster.
  /// - Throws: ``RosterError/invalidRoster(path:problems:)``, as the reader says it, for two
  ///   monsters of the same name.
  public func matched(with earlier: Roster) throws(RosterError) -> MatchedRoster {
    let matched = MatchedRoster(roster, with: earlier)
    guard matched.matching.sameNames != nil else { return matched }
    // The reader says which names, and where, as it does for every command.
    return MatchedRoster(try file.roster(from: roster.source.bytes), with: earlier)
  }
}
