/// A monster of the common ancestor that a side may have given another monster's place, or
/// renamed to another name while a new monster took its name: under its name, that side has
/// every other field exactly as another monster of the ancestor had it (one that left that
/// side or changed there), or that side added a monster with every other field it had.
///
/// Names are matched first, so a side that renamed Cat-Bot to Kitty-Bot and then Dog-Bot to
/// Cat-Bot (or swapped two names), or that renamed Fire-Bot and added a new Fire-Bot, reads
/// as one that changed every other field of the monster of that name: the monster that side
/// calls Cat-Bot may be the ancestor's Dog-Bot, and the one it calls Fire-Bot a new one. A
/// merge that gave it the other side's changes, or kept it where the other side removed
/// Dog-Bot, would guess which monster is which; the merge marks it a conflict instead.
struct UncertainMatch {
  /// Another monster that may be the one matched by name.
  enum Lookalike {
    /// A monster of the ancestor, by offset, whose other fields the side's version has.
    case ancestor(Int)
    /// A monster the side added, by its offset on that side, which has the other fields
    /// the ancestor's monster had.
    case added(Int)
  }

  /// The monster, by its identity: its offset in the ancestor, or a monster a side added.
  let identity: Int
  /// The monster of the ancestor, by offset, that the conflict is named by: the identity's
  /// own, or, for a monster a side added, the one it may be.
  let named: Int
  /// The side that casts its match in doubt.
  let side: MergeSide
  /// The monster it may be, or that may be it.
  let lookalike: Lookalike

  /// The monsters whose merge would rest on a match either side casts in doubt: merged from
  /// both sides, or taken from the side that has another's fields where the other side
  /// removed that other monster.
  ///
  /// - Complexity: A comparison of bytes for each monster of the ancestor that a side
  ///   matched, and a monster built for each that a side changed or lost; each side's
  ///   changes are found once, for both sides' doubts.
  static func find(
    _ identities: MergeIdentities, _ outcomes: [MergedMonster], _ rosters: MonsterMerge.Rosters
  ) -> [UncertainMatch] {
    let ours = SideChanges(on: .ours, identities, rosters)
    let theirs = SideChanges(on: .theirs, identities, rosters)
    return find(on: .ours, ours, identities, outcomes, rosters, doubtedOnOther: theirs.doubted)
      + find(on: .theirs, theirs, identities, outcomes, rosters, doubtedOnOther: ours.doubted)
  }

  /// What a side did to the ancestor's monsters, as far as a doubt goes: which it changed in
  /// more than the name, the monsters that left it or changed there by the other fields the
  /// ancestor gave them, and which it matched by name in doubt.
  private struct SideChanges {
    /// For each monster of the ancestor, its version on the side when that differs in more
    /// than the name.
    var changed: [Roster.Index?]
    /// The monsters of the ancestor that left the side or changed there, by their other
    /// fields in the ancestor.
    var lookalikes: [MonsterFields: [Int]] = [:]
    /// The monsters the side matched by name but that may not be the monster it has by that
    /// name: its version there has every other field of another of ``lookalikes``, as where
    /// the side swapped names or renamed one monster onto another's name. To the other side,
    /// such a monster is as good as gone: it may have been removed.
    var doubted: Set<Int> = []

    /// - Complexity: A comparison of bytes for each monster of the ancestor that the side
    ///   matched, and a monster built for each that it changed or lost.
    init(on side: MergeSide, _ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters) {
      let (matching, view) =
        side == .ours ? (identities.toOurs, rosters.ours) : (identities.toTheirs, rosters.theirs)
      let base = rosters.base
      changed = Array(repeating: nil, count: identities.baseCount)
      for identity in 0..<identities.baseCount {
        if let offset = matching.newOffset[identity] {
          let index = matching.new[offset]
          guard !matching.unchanged[offset],
            !view.sameFieldsButName(at: index, as: base, at: matching.old[identity])
          else { continue }
          changed[identity] = index
        }
        lookalikes[MonsterFields(base.roster[matching.old[identity]]), default: []].append(
          identity)
      }
      for (identity, index) in changed.enumerated() {
        guard let index,
          lookalikes[MonsterFields(view.roster[index])]?.contains(where: { $0 != identity })
            == true
        else { continue }
        doubted.insert(identity)
      }
    }
  }

  /// - Parameters:
  ///   - changes: What this side did (``SideChanges``).
  ///   - doubtedOnOther: The monsters the other side matched by name in doubt, which count
  ///     as gone from it.
  private static func find(
    on side: MergeSide, _ changes: SideChanges, _ identities: MergeIdentities,
    _ outcomes: [MergedMonster], _ rosters: MonsterMerge.Rosters, doubtedOnOther: Set<Int>
  ) -> [UncertainMatch] {
    let (matching, view, others, taken): (RosterMatching, RosterView, OffsetTable, MergedMonster) =
      side == .ours
      ? (identities.toOurs, rosters.ours, identities.theirs, .ours)
      : (identities.toTheirs, rosters.theirs, identities.ours, .theirs)
    let (otherMatching, otherView) =
      side == .ours ? (identities.toTheirs, rosters.theirs) : (identities.toOurs, rosters.ours)
    let base = rosters.base
    let ancestors = 0..<identities.baseCount
    let anyMerged = outcomes[ancestors].contains { if case .merged = $0 { true } else { false } }

    // This side's version of an ancestor's monster, when it differs in more than the name.
    func changed(_ identity: Int) -> Roster.Index? { changes.changed[identity] }
    // The other fields of the monsters a side added, each with whether every monster added
    // with them was added alike on both sides; made when first asked for.
    var addedFields: [MonsterFields: Bool]?
    // Whether both sides did the same to a monster: the other side has it just as this side
    // has it, and a monster added with every other field it had (that it may have been
    // renamed to) was added alike on both. Whichever monster it is, it merges the same.
    func alikeOnBoth(_ identity: Int, _ index: Roster.Index) -> Bool {
      guard let offset = others[identity],
        view.sameMonster(at: index, as: otherView, at: otherMatching.new[offset])
      else { return false }
      if addedFields == nil { addedFields = Self.addedFields(identities, rosters) }
      return addedFields?[MonsterFields(base.roster[matching.old[identity]])] ?? true
    }
    // Whether a monster this side changed (its version at an index) is one the other side
    // changed too, to another version or to the same but not all alike.
    func changedOnBoth(_ identity: Int, _ index: Roster.Index) -> Bool {
      switch outcomes[identity] {
      case .merged: return true
      case .ours, .theirs:
        guard let offset = others[identity], !otherMatching.unchanged[offset] else { return false }
        let otherIndex = otherMatching.new[offset]
        return !otherView.sameMonster(at: otherIndex, as: base, at: matching.old[identity])
          && !alikeOnBoth(identity, index)
      case .removed, .conflicted: return false
      }
    }
    // A monster the other side removed, or matched only in doubt.
    func goneFromOther(_ identity: Int) -> Bool {
      others[identity] == nil || doubtedOnOther.contains(identity)
    }
    guard anyMerged || ancestors.contains(where: goneFromOther) else {
      return renamedAway(on: side, identities, rosters, changed: changed, doubted: changedOnBoth)
    }
    let lookalikes = changes.lookalikes
    let anyGoneFromOther = lookalikes.values.contains { $0.contains(where: goneFromOther) }
    guard !lookalikes.isEmpty else {
      return renamedAway(on: side, identities, rosters, changed: changed, doubted: changedOnBoth)
    }

    var found: [UncertainMatch] = []
    for identity in ancestors {
      let isMerged = if case .merged = outcomes[identity] { true } else { false }
      guard isMerged || (anyGoneFromOther && outcomes[identity] == taken),
        let index = changed(identity), isMerged || !alikeOnBoth(identity, index)
      else { continue }
      let fields = MonsterFields(view.roster[index])
      guard fields != MonsterFields(base.roster[matching.old[identity]]),
        let lookalike = lookalikes[fields]?.first(where: { other in
          other != identity && (isMerged || goneFromOther(other))
        })
      else { continue }
      found.append(
        UncertainMatch(
          identity: identity, named: identity, side: side, lookalike: .ancestor(lookalike)))
    }
    return found
      + renamedAway(on: side, identities, rosters, changed: changed, doubted: changedOnBoth)
      + renamedAndRemoved(on: side, identities, rosters) { fields in
        if addedFields == nil { addedFields = Self.addedFields(identities, rosters) }
        return addedFields?[fields] ?? true
      }
  }

  /// The monsters a side added with every other field of a monster of the ancestor that
  /// neither side has any more, unless both sides added them alike: it may be that monster,
  /// renamed where a rename is not followed (moved, or past monsters that swapped names), and
  /// the other side removed it.
  private static func renamedAndRemoved(
    on side: MergeSide, _ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters,
    addedAlike: (MonsterFields) -> Bool
  ) -> [UncertainMatch] {
    let (matching, view, ofSide) =
      side == .ours
      ? (identities.toOurs, rosters.ours, identities.ofOurs)
      : (identities.toTheirs, rosters.theirs, identities.ofTheirs)
    var gone: [MonsterFields: Int] = [:]
    for identity in 0..<identities.baseCount
    where identities.ours[identity] == nil && identities.theirs[identity] == nil {
      gone[MonsterFields(rosters.base.roster[matching.old[identity]])] = identity
    }
    guard !gone.isEmpty else { return [] }
    var found: [UncertainMatch] = []
    for offset in 0..<matching.new.count where matching.oldOffset[offset] == nil {
      let fields = MonsterFields(view.roster[matching.new[offset]])
      guard let identity = gone[fields], !addedAlike(fields) else { continue }
      found.append(
        UncertainMatch(
          identity: Int(ofSide[offset]), named: identity, side: side, lookalike: .added(offset)))
    }
    return found
  }

  /// The other fields of the monsters either side added, each with whether every monster
  /// added with them is on both sides, the same.
  private static func addedFields(
    _ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters
  ) -> [MonsterFields: Bool] {
    var found: [MonsterFields: Bool] = [:]
    func alike(_ identity: Int) -> Bool {
      guard let mine = identities.ours[identity], let other = identities.theirs[identity] else {
        return false
      }
      return rosters.ours.sameMonster(
        at: identities.toOurs.new[mine], as: rosters.theirs, at: identities.toTheirs.new[other])
    }
    for (matching, view, ofSide) in [
      (identities.toOurs, rosters.ours, identities.ofOurs),
      (identities.toTheirs, rosters.theirs, identities.ofTheirs),
    ] {
      for offset in 0..<matching.new.count where matching.oldOffset[offset] == nil {
        let fields = MonsterFields(view.roster[matching.new[offset]])
        found[fields] = (found[fields] ?? true) && alike(Int(ofSide[offset]))
      }
    }
    return found
  }

  /// The monsters changed on both sides (``doubted``: merged, or changed alike where the
  /// one it may be was not added alike) whose version on a side differs from the ancestor's
  /// in more than the name, where that side added a monster with every other field the
  /// ancestor's had: it may be the ancestor's, renamed, and the one under its name new.
  private static func renamedAway(
    on side: MergeSide, _ identities: MergeIdentities, _ rosters: MonsterMerge.Rosters,
    changed: (Int) -> Roster.Index?, doubted changedOnBoth: (Int, Roster.Index) -> Bool
  ) -> [UncertainMatch] {
    let (matching, view) =
      side == .ours ? (identities.toOurs, rosters.ours) : (identities.toTheirs, rosters.theirs)
    let doubted = (0..<identities.baseCount).filter { identity in
      guard let index = changed(identity) else { return false }
      return changedOnBoth(identity, index)
    }
    guard !doubted.isEmpty else { return [] }
    // The monsters this side added, by their other fields.
    var added: [MonsterFields: Int] = [:]
    for offset in 0..<matching.new.count where matching.oldOffset[offset] == nil {
      let fields = MonsterFields(view.roster[matching.new[offset]])
      if added[fields] == nil { added[fields] = offset }
    }
    guard !added.isEmpty else { return [] }
    return doubted.compactMap { identity in
      let fields = MonsterFields(rosters.base.roster[matching.old[identity]])
      return added[fields].map {
        UncertainMatch(identity: identity, named: identity, side: side, lookalike: .added($0))
      }
    }
  }
}
