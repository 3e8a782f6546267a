/// Builds the two versions of a merged roster, one with each conflict resolved as ours has
/// it and one as theirs has it; for a clean merge they are the same, the result.
///
/// A monster that ours has as it is keeps its record of ours' bytes, so that a clean
/// result of a million monsters is written as runs of ours' file.
struct MergeAssembly {
  let identities: MergeIdentities
  let outcomes: [MergedMonster]
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
  ///   - declarations: The weapons and fields the roster declares.
  func version(
    of order: [Int32], side: MergeSide, conflicted: [Int: ConflictedMonster],
    otherFields: [JSONMember], declarations: RosterDeclarations
  ) -> Side {
    var assembly = RosterAssembly(from: ours, capacity: order.count)
    var pieceIdentities: [Int] = []
    pieceIdentities.reserveCapacity(order.count)
    var offsets = [Int32](repeating: -1, count: identities.count)
    // The monsters not named as ours names them: only these can have another's name.
    var renamed: [(identity: Int, name: String)] = []
    for identity in order.lazy.map(Int.init) {
      let count = assembly.count
      var monster: Monster?
      if let versions = conflicted[identity] {
        monster = side == .ours ? versions.ours : versions.theirs
      } else {
        switch outcomes[identity] {
        case .ours:
          assembly.append(positionOf: identities.toOurs.new[Int(identities.ours[identity])])
        case .theirs: monster = theirsMonster(identity)
        case .merged(let index): monster = merged[Int(index)]
        case .removed, .conflicted: break
        }
      }
      if let monster {
        assembly.append(monster)
        renamed.append((identity, monster.name))
      }
      guard assembly.count > count else { continue }
      offsets[identity] = Int32(truncatingIfNeeded: count)
      pieceIdentities.append(identity)
    }
    return Side(
      roster: assembly.roster(otherFields: otherFields, declarations: declarations),
      identities: pieceIdentities,
      offsets: offsets,
      duplicates: duplicates(among: renamed, offsets: offsets, conflicted: conflicted))
  }

  /// The names of a version that are the same name as an earlier one, as ``Roster``
  /// compares names, by the offsets of both.
  ///
  /// Ours' names are all different, so a name can only be another's when one of the two is
  /// not ours' name for its monster: each such name is looked up among ours' names, and
  /// among the others like it. A million monsters that keep ours' names cost nothing.
  private func duplicates(
    among renamed: [(identity: Int, name: String)], offsets: [Int32],
    conflicted: [Int: ConflictedMonster]
  ) -> [(offset: Int, earlier: Int)] {
    var duplicates: [(offset: Int, earlier: Int)] = []
    func pair(_ a: Int, _ b: Int) {
      duplicates.append((max(a, b), min(a, b)))
    }
    var names = Roster()
    var nameIdentities: [Int] = []
    for (identity, name) in renamed {
      let offset = Int(offsets[identity])
      if let found = identities.toOurs.newOffset(named: name) {
        let holder = Int(identities.ofOurs[found])
        if holder != identity, conflicted[holder] == nil, outcomes[holder] == .ours {
          pair(offset, Int(offsets[holder]))
        }
      }
      if let earlier = names.index(named: name) {
        pair(offset, Int(offsets[nameIdentities[earlier.slot]]))
      } else if (try? names.add(Monster(name: name, description: "", weapon: .blowgun))) != nil {
        nameIdentities.append(identity)
      }
    }
    return duplicates
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
