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
    /// For each identity, its offset in the roster, or `nil`.
    var offsets: OffsetTable
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
    var offsets = OffsetTable(absent: identities.count)
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
          assembly.append(positionOf: oursIndex(identity))
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
      offsets[identity] = count
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
    among renamed: [(identity: Int, name: String)], offsets: OffsetTable,
    conflicted: [Int: ConflictedMonster]
  ) -> [(offset: Int, earlier: Int)] {
    var duplicates: [(offset: Int, earlier: Int)] = []
    // Two identities in the version: one given a name here, or one kept as ours has it.
    func pair(_ a: Int, _ b: Int) {
      guard let a = offsets[a], let b = offsets[b] else {
        preconditionFailure("a monster with a name is in the version")
      }
      duplicates.append((max(a, b), min(a, b)))
    }
    var names = Roster()
    var nameIdentities: [Int] = []
    for (identity, name) in renamed {
      if let found = identities.toOurs.newOffset(named: name) {
        let holder = Int(identities.ofOurs[found])
        if holder != identity, conflicted[holder] == nil, outcomes[holder] == .ours {
          pair(identity, holder)
        }
      }
      if let earlier = names.index(named: name) {
        pair(identity, nameIdentities[earlier.slot])
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
    case .ours: ours[oursIndex(identity)]
    case .theirs: theirsMonster(identity)
    case .merged(let index): merged[Int(index)]
    case .removed, .conflicted: nil
    }
  }

  /// The position in ours of a monster that ours has.
  private func oursIndex(_ identity: Int) -> Roster.Index {
    guard let offset = identities.ours[identity] else { preconditionFailure("not in ours") }
    return identities.toOurs.new[offset]
  }

  /// Theirs' version of a monster that theirs has.
  private func theirsMonster(_ identity: Int) -> Monster {
    guard let offset = identities.theirs[identity] else { preconditionFailure("not in theirs") }
    return theirs[identities.toTheirs.new[offset]]
  }

  /// Each side's version of a monster, as that side has it, `nil` where a side does not
  /// have it: the versions of a monster in conflict.
  func sideVersions(of identity: Int) -> ConflictedMonster {
    ConflictedMonster(
      ours: identities.ours[identity].map { ours[identities.toOurs.new[$0]] },
      theirs: identities.theirs[identity].map { theirs[identities.toTheirs.new[$0]] })
  }
}
