/// Builds the two versions of a merged roster, one with each conflict resolved as ours has
/// it and one as theirs has it; for a clean merge they are the same, the result.
///
/// A monster that ours has as it is keeps its record of ours' bytes, so that a clean
/// result of a million monsters is written as runs of ours' file.
struct MergeAssembly {
  let identities: MergeIdentities
  let outcomes: [Outcome]
  /// The monsters with fields from both sides, by the index their outcome gives.
  let merged: [Monster]
  let ours: Roster
  let theirs: Roster

  /// One version of the merged roster.
  struct Side {
    var roster: Roster
    /// For each offset of the roster, its identity.
    var identities: [Int]
    /// For each identity, its offset in the roster, or -1.
    var offsets: [Int32]
    /// Names equal to an earlier one, as ``Roster`` compares names: both offsets.
    var duplicates: [(offset: Int, earlier: Int)]
  }

  /// One version of the merged roster.
  ///
  /// - Parameters:
  ///   - order: The identities in the result, in order.
  ///   - side: How conflicts are resolved.
  ///   - conflicted: The two versions of each monster in conflict.
  ///   - otherFields: The roster's keys that `monsters` does not know.
  func version(
    of order: [Int32], side: MergeSide, conflicted: [Int: ConflictedMonster],
    otherFields: [JSONMember]
  ) -> Side {
    var pieces: [AssemblyPiece] = []
    pieces.reserveCapacity(order.count)
    var pieceIdentities: [Int] = []
    pieceIdentities.reserveCapacity(order.count)
    var offsets = [Int32](repeating: -1, count: identities.count)
    for identity in order.lazy.map(Int.init) {
      let piece: AssemblyPiece?
      if let versions = conflicted[identity] {
        piece = (side == .ours ? versions.ours : versions.theirs).map(AssemblyPiece.monster)
      } else {
        switch outcomes[identity] {
        case .ours: piece = .position(identities.toOurs.new[Int(identities.ours[identity])])
        case .theirs: piece = .monster(theirsMonster(identity))
        case .merged(let index): piece = .monster(merged[Int(index)])
        case .removed, .conflicted: piece = nil
        }
      }
      guard let piece else { continue }
      offsets[identity] = Int32(truncatingIfNeeded: pieces.count)
      pieces.append(piece)
      pieceIdentities.append(identity)
    }
    let (roster, duplicates) = ours.assembling(pieces, otherFields: otherFields)
    return Side(
      roster: roster, identities: pieceIdentities, offsets: offsets, duplicates: duplicates)
  }

  /// The monster an identity has in the result, when the merge decides it: ours', theirs'
  /// or merged; `nil` for one removed or in conflict.
  func decided(_ identity: Int) -> Monster? {
    switch outcomes[identity] {
    case .ours: ours[identities.toOurs.new[Int(identities.ours[identity])]]
    case .theirs: theirsMonster(identity)
    case .merged(let index): merged[Int(index)]
    case .removed, .conflicted: nil
    }
  }

  private func theirsMonster(_ identity: Int) -> Monster {
    theirs[identities.toTheirs.new[Int(identities.theirs[identity])]]
  }

  /// The name each side gives a monster, `nil` where a side does not have it.
  func names(of identity: Int) -> (ours: String?, theirs: String?) {
    let mine = identities.ours[identity]
    let other = identities.theirs[identity]
    return (
      mine < 0 ? nil : ours.name(at: identities.toOurs.new[Int(mine)]),
      other < 0 ? nil : theirs.name(at: identities.toTheirs.new[Int(other)])
    )
  }

  /// The versions of a monster whose name would be another's: on each side it has, the
  /// monster as merged (or as that side's version, for one already in conflict), with the
  /// name that side gives it, so that taking either side throughout names no two monsters
  /// the same.
  func ownNamedVersions(of identity: Int, _ current: ConflictedMonster?) -> ConflictedMonster {
    let (mine, other) = names(of: identity)
    let decided = self.decided(identity)
    func named(_ monster: Monster?, _ name: String?) -> Monster? {
      guard var monster, let name else { return nil }
      monster.name = name
      return monster
    }
    return ConflictedMonster(
      ours: named(current?.ours ?? decided, mine),
      theirs: named(current?.theirs ?? decided, other))
  }
}
