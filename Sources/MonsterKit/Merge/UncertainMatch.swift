/// A monster of the common ancestor that a side may have given another monster's place:
/// under its name, that side has every other field exactly as another monster of the
/// ancestor had it, a monster that left that side or changed there.
///
/// Names are matched first, so a side that renamed Cat-Bot to Kitty-Bot and then Dog-Bot to
/// Cat-Bot (or swapped two names) reads as one that changed every other field of Cat-Bot:
/// the monster that side calls Cat-Bot may be the ancestor's Dog-Bot. A merge that gave it
/// the other side's changes to Cat-Bot, or kept it where the other side removed Dog-Bot,
/// would guess which monster is which; the merge marks it a conflict instead.
struct UncertainMatch {
  /// The monster, by its identity: its offset in the ancestor.
  let identity: Int
  /// The side whose version of it has another monster's fields.
  let side: MergeSide
  /// That other monster, by its offset in the ancestor.
  let lookalike: Int

  /// The monsters whose merge would rest on a match either side casts in doubt: merged from
  /// both sides, or taken from the side that has another's fields where the other side
  /// removed that other monster.
  ///
  /// - Complexity: A comparison of bytes for each monster of the ancestor, and a monster
  ///   built for each that a side changed, only where some monster merged from both sides
  ///   or some side removed one.
  static func find(
    _ identities: MergeIdentities, _ outcomes: [MergedMonster], _ rosters: MonsterMerge.Rosters
  ) -> [UncertainMatch] {
    [MergeSide.ours, .theirs].flatMap { find(on: $0, identities, outcomes, rosters) }
  }

  private static func find(
    on side: MergeSide, _ identities: MergeIdentities, _ outcomes: [MergedMonster],
    _ rosters: MonsterMerge.Rosters
  ) -> [UncertainMatch] {
    let (matching, view, others, taken): (RosterMatching, RosterView, OffsetTable, MergedMonster) =
      side == .ours
      ? (identities.toOurs, rosters.ours, identities.theirs, .ours)
      : (identities.toTheirs, rosters.theirs, identities.ours, .theirs)
    let base = rosters.base
    let ancestors = 0..<identities.baseCount
    let anyMerged = outcomes[ancestors].contains { if case .merged = $0 { true } else { false } }
    guard anyMerged || ancestors.contains(where: { others[$0] == nil }) else { return [] }

    // This side's version of an ancestor's monster, when it differs in more than the name.
    func changed(_ identity: Int) -> Roster.Index? {
      guard let offset = matching.newOffset[identity], !matching.unchanged[offset] else {
        return nil
      }
      let index = matching.new[offset]
      let same = view.sameFieldsButName(at: index, as: base, at: matching.old[identity])
      return same ? nil : index
    }
    // The ancestor's monsters that left this side or changed there, by their other fields.
    var lookalikes: [MonsterFields: [Int]] = [:]
    var anyRemovedByOther = false
    for identity in ancestors where matching.newOffset[identity] == nil || changed(identity) != nil
    {
      let fields = MonsterFields(base.roster[matching.old[identity]])
      lookalikes[fields, default: []].append(identity)
      anyRemovedByOther = anyRemovedByOther || others[identity] == nil
    }
    guard !lookalikes.isEmpty else { return [] }

    var found: [UncertainMatch] = []
    for identity in ancestors {
      let isMerged = if case .merged = outcomes[identity] { true } else { false }
      guard isMerged || (anyRemovedByOther && outcomes[identity] == taken),
        let index = changed(identity)
      else { continue }
      let fields = MonsterFields(view.roster[index])
      guard fields != MonsterFields(base.roster[matching.old[identity]]),
        let lookalike = lookalikes[fields]?.first(where: { other in
          other != identity && (isMerged || others[other] == nil)
        })
      else { continue }
      found.append(UncertainMatch(identity: identity, side: side, lookalike: lookalike))
    }
    return found
  }
}
