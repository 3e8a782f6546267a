/// A save that met changes of the file it could not merge with the roster saved
/// (``RosterFile/save(_:basedOn:)-69iv0``): the merge, and the file as it is now. Nothing was
/// written.
///
/// The merge's ours is the roster the app saved, its theirs the file as another program
/// left it, and its common ancestor the snapshot the save was based on. An app shows the
/// ``conflicts``, then saves again based on ``current``: a roster that keeps one side of
/// each conflict (``resolved(keeping:)``), or one the user put together.
///
/// ```swift
/// do {
///   snapshot = try file.save(roster, basedOn: snapshot)
/// } catch .saveConflict(let conflict) {
///   // Ask the user; here, keep the app's side of each conflict, and the file's other changes.
///   snapshot = try file.save(conflict.resolved(keeping: .ours), basedOn: conflict.current)
/// }
/// ```
public struct SaveConflict: Sendable {
  /// The file, as messages name it.
  public var path: String
  /// The three-way merge of the snapshot the save was based on (the ancestor), the roster
  /// saved (ours) and the file as read under the lock (theirs).
  public let merge: RosterMerge
  /// The file as it is now, as read under the lock: what to base the next save on. Its
  /// monsters have the ids of the roster saved, where they are its monsters.
  public let current: RosterFile.Snapshot
  /// The roster saved, whose ids a resolved roster keeps.
  let saved: Roster

  /// What the roster saved and the file's changes did that cannot both be had.
  public var conflicts: [MergeConflict] {
    merge.conflicts
  }

  /// The merge with each conflict resolved as one side has it, and everything else
  /// merged: a valid roster, whose names are all different.
  ///
  /// - Parameter side: ``MergeSide/ours`` to keep the app's side of each conflict,
  ///   ``MergeSide/theirs`` to keep the file's.
  /// - Returns: The roster, to save based on ``current``, its monsters with the ids of the
  ///   roster saved where they are its monsters.
  public func resolved(keeping side: MergeSide) -> Roster {
    var roster = side == .ours ? merge.oursVersion : merge.theirsVersion
    _ = roster.indexNames()
    return roster.keepingIdentities(of: saved)
  }
}

// MARK: - Equatable

extension SaveConflict: Hashable {
  /// Whether two conflicts are of the same file, with the same conflicts, met in the same
  /// version of it.
  public static func == (lhs: SaveConflict, rhs: SaveConflict) -> Bool {
    lhs.path == rhs.path && lhs.conflicts == rhs.conflicts
      && lhs.current.version == rhs.current.version
  }

  /// Hashes the file and the conflicts.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(conflicts)
  }
}
