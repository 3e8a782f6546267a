// Reading a version of a roster to be matched with an earlier one, from any file: as
// RosterFile+Versions reads one, its names left for the matching to index.

extension RosterFile {
  /// Reads a roster, as ``readVersion(allowingEmpty:)`` reads, to be matched with an
  /// earlier one (``UnmatchedRoster/matched(with:)``): a side of a merge, or the new roster
  /// of a diff.
  ///
  /// Its names are not indexed: they are looked up, and found to be all different, through
  /// the earlier roster's index and the matching, which for a roster that changed a few of a
  /// million monsters costs a few lookups rather than a million.
  ///
  /// A roster so read can also be indexed later (``UnmatchedRoster/indexed()``), to be the
  /// earlier roster others are read against while its names are indexed.
  ///
  /// - Parameter allowingEmpty: Whether an empty file is an empty roster, as for
  ///   ``readVersion(allowingEmpty:)``.
  /// - Returns: The roster, to match.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching(allowingEmpty: Bool = false) throws(RosterError)
    -> UnmatchedRoster
  {
    try named { () throws(RosterError) in
      try readForMatching(against: nil, allowingEmpty: allowingEmpty)
    }
  }

  /// Reads a roster, as ``readForMatching(allowingEmpty:)`` reads, that is mostly an
  /// earlier one: a side of a merge, read after the common ancestor, or the new roster of a
  /// diff.
  ///
  /// The file's bytes are first compared with those of the earlier roster's file. When that
  /// roster is its file as read, in canonical form, the monsters in the bytes the two files
  /// have in common at their start and at their end are that file's, moved, and are neither
  /// read again nor compared again when the roster is matched with it
  /// (``UnmatchedRoster/matched(with:)``): a change of a few monsters of a million costs
  /// reading those few, not the million. The roster is the same either way.
  ///
  /// - Parameter earlier: The roster it will be matched with.
  /// - Returns: The roster, to match with `earlier`.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching(against earlier: Roster) throws(RosterError) -> UnmatchedRoster {
    try named { () throws(RosterError) in
      try readForMatching(against: earlier, allowingEmpty: false)
    }
  }

  /// Reads a roster, as ``readForMatching(against:)-(Roster)`` reads, against an earlier
  /// roster whose names are not yet indexed: one read by ``readForMatching(allowingEmpty:)``,
  /// which can be indexed at the same time, and then matched with.
  ///
  /// - Parameter earlier: The roster it will be matched with, once indexed.
  /// - Returns: The roster, to match with `earlier` indexed.
  /// - Throws: What ``readVersion(allowingEmpty:)`` throws.
  public func readForMatching(against earlier: UnmatchedRoster) throws(RosterError)
    -> UnmatchedRoster
  {
    try named { () throws(RosterError) in
      try readForMatching(against: earlier.roster, allowingEmpty: false)
    }
  }

  private func readForMatching(against earlier: Roster?, allowingEmpty: Bool)
    throws(RosterError) -> UnmatchedRoster
  {
    let read = try unindexedVersion(allowingEmpty: allowingEmpty, sharingWith: earlier)
    return UnmatchedRoster(roster: read.roster, file: self, shared: read.shared, earlier: earlier)
  }
}
