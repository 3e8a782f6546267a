// Resolving the changed set: the best reading of each group of monsters linked by
// evidence, what each pair's evidence weighs, and whether the reading is certain.

extension IdentityEvidence.Reading {
  /// The best reading: for each old node its new node, or `nil`; and the groups in doubt,
  /// by nodes.
  func resolve() -> (matches: [Int?], groups: [IdentityEvidence.Group]) {
    var matches = [Int?](repeating: nil, count: oldMonsters.count)
    var groups: [IdentityEvidence.Group] = []
    for component in components() {
      let solved = component.bestMatching(weight)
      for (old, new) in solved.pairs { matches[old] = new }
      // The monsters of the component the reading has gone, found once for its pairs.
      let goneOld = component.old.filter { matches[$0] == nil }
      let certain =
        solved.isClear
        && solved.pairs.allSatisfy { old, new in
          let gone = goneOld.compactMap { evidence[Pair(old: $0, new: new)] }
          // A value that identifies a monster the reading has gone: the new one may be
          // that monster, whatever else it holds.
          guard !gone.contains(where: { $0.description || $0.icon }) else { return false }
          return isCertain(
            Pair(old: old, new: new), takingTheNameOfOneGone: gone.contains(where: \.name))
        }
      if !certain { groups.append(IdentityEvidence.Group(old: component.old, new: component.new)) }
    }
    return (matches, groups)
  }

  /// How much a pair's evidence weighs: what identifies a monster most (all the fields
  /// but the name at once, a description no other monster has), then the name and an
  /// icon of its own, which a side gives a new monster more readily (the icon a name is
  /// given by default), then each field held alike that says little alone (the weapon, a
  /// colour, the other keys, a description or icon others hold too). A name given to a
  /// new monster carries nothing of the one that had it, while the values that went with
  /// a rename do: so the name weighs nothing where it is all the two share of description
  /// and icon while another new monster holds the old one's own. 0 for a pair with no
  /// evidence.
  func weight(_ pair: Pair) -> Int {
    guard let evidence = evidence[pair] else { return 0 }
    let (before, after) = (oldMonsters[pair.old], newMonsters[pair.new])
    let sameDescription =
      !before.description.isEmpty && before.description.hasSameCodePoints(as: after.description)
    let sameIcon = !before.icon.isEmpty && before.icon.hasSameCodePoints(as: after.icon)
    var weight = evidence.fields ? 4 : 0
    if evidence.name && (sameDescription || sameIcon || !identified.contains(pair.old)) {
      weight += 2
    }
    if sameDescription { weight += evidence.description ? 3 : 1 }
    if sameIcon { weight += evidence.icon ? 2 : 1 }
    weight += Self.heldAlike(before, after).count { $0 }
    return weight
  }

  /// The built-in fields that, held alike, say a little of who a monster is: all but the
  /// name, the description and the icon.
  static let lesserFields = MonsterField.builtIn.filter { field in
    ![.name, .description, .icon].contains(field.builtIn)
  }

  /// For each field that, held alike, says a little (``lesserFields``, then the other
  /// keys together), whether two monsters hold it alike, and not empty.
  static func heldAlike(_ before: Monster, _ after: Monster) -> [Bool] {
    lesserFields.map { field in
      let value = field.value(in: before)
      return value != nil && value == field.value(in: after)
    } + [!before.otherFields.isEmpty && before.otherFields == after.otherFields]
  }

  /// Whether a pair of the best reading is one monster beyond doubt: it holds all the
  /// fields but the name as they were, among them a description or an icon no other
  /// monster has; or such a description and anything else alike (the name, the icon, the
  /// weapon, a colour, other keys); or such an icon and its name, or every other field
  /// but the description (a rename with one edit); or it kept its name and changed in one
  /// field only, or in neither of those that identify a monster (the
  /// description and the icon). A lone icon, a description others could share, or a
  /// monster of stock values is no proof: a new monster is given an image, a stock line,
  /// or both, readily.
  ///
  /// A monster that took the name of one the reading has gone (`Zed-2` removed, `Bot-1`
  /// renamed to `Zed-2`) may be that one, edited: the reading is certain only when the
  /// monster holds both the description and the icon no other monster has, which an edit
  /// would have to copy from the one it replaced.
  func isCertain(_ pair: Pair, takingTheNameOfOneGone tookAName: Bool) -> Bool {
    guard let evidence = evidence[pair] else { return false }
    if tookAName { return evidence.description && evidence.icon }
    // All the fields but the name, with something no other monster has among them: a
    // clone of a monster of stock values is no proof.
    if evidence.fields && (evidence.description || evidence.icon) { return true }
    let (before, after) = (oldMonsters[pair.old], newMonsters[pair.new])
    let sameDescription = before.description.hasSameCodePoints(as: after.description)
    let sameIcon = before.icon.hasSameCodePoints(as: after.icon)
    // The other fields, each the same (empty or not) or not.
    let others =
      Self.lesserFields.map { $0.value(in: before) == $0.value(in: after) }
      + [before.otherFields == after.otherFields]
    if evidence.description
      && (evidence.name || sameIcon || Self.heldAlike(before, after).contains(true))
    {
      return true
    }
    // Such an icon, with the name, or with every other field but the description: a
    // rename with one edit.
    if evidence.icon && (evidence.name || !others.contains(false)) { return true }
    guard evidence.name else { return false }
    if sameDescription && sameIcon { return true }
    return ([sameDescription, sameIcon] + others).count(where: { !$0 }) <= 1
  }

  /// The nodes linked by evidence, each group of them.
  private func components() -> [IdentityEvidence.Component] {
    let oldCount = oldMonsters.count
    var sets = DisjointSets(count: oldCount + newMonsters.count)
    for pair in evidence.keys { sets.join(pair.old, oldCount + pair.new) }

    var byRoot: [Int: IdentityEvidence.Component] = [:]
    for node in 0..<oldCount {
      byRoot[sets.root(node), default: IdentityEvidence.Component()].old.append(node)
    }
    for (pair, found) in evidence where found.name {
      byRoot[sets.root(pair.old)]?.nameLinks.append(pair)
    }

    for node in 0..<newMonsters.count {
      byRoot[sets.root(oldCount + node), default: IdentityEvidence.Component()].new.append(node)
    }
    return byRoot.values.sorted { ($0.old.first ?? .max) < ($1.old.first ?? .max) }
  }
}

extension IdentityEvidence {
  /// Old and new nodes linked by evidence.
  struct Component {
    var old: [Int] = []
    var new: [Int] = []
    /// The pairs matching by name made among them.
    var nameLinks: [Reading.Pair] = []

    /// The matching of greatest weight, and whether it outweighs every other reading by
    /// ``IdentityEvidence/clearMargin``; where another weighs as much, the links matching by
    /// name made, and `false`.
    func bestMatching(_ weight: (Reading.Pair) -> Int) -> (
      pairs: [(old: Int, new: Int)], isClear: Bool
    ) {
      if old.isEmpty || new.isEmpty { return ([], true) }
      if old.count == 1 && new.count == 1 {
        let pair = Reading.Pair(old: old[0], new: new[0])
        return ([(old[0], new[0])], weight(pair) >= IdentityEvidence.clearMargin)
      }
      guard old.count + new.count <= IdentityEvidence.largestExactGroup else {
        // Too large to work out: the links matching by name made, in doubt.
        return (nameLinks.map { ($0.old, $0.new) }, false)
      }
      var weights = [[Int]](repeating: [Int](repeating: 0, count: new.count), count: old.count)
      for (a, i) in old.enumerated() {
        for (b, j) in new.enumerated() {
          weights[a][b] = weight(Reading.Pair(old: i, new: j))
        }
      }
      let (best, total) = Assignment.heaviest(weights)
      // The heaviest reading without each of its pairs: every other reading drops one.
      var runnerUp = 0
      for (a, b) in best.enumerated() {
        guard let b else { continue }
        var without = weights
        without[a][b] = 0
        runnerUp = max(runnerUp, Assignment.heaviest(without).total)
      }
      // Where two readings weigh the same, neither is better: the links matching by name
      // made stand, as a diff shows them.
      guard runnerUp < total else { return (nameLinks.map { ($0.old, $0.new) }, false) }
      let pairs = best.enumerated().compactMap { a, b in b.map { (old[a], new[$0]) } }
      return (pairs, total - runnerUp >= IdentityEvidence.clearMargin)
    }
  }
}
