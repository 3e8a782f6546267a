/// Which monster of an old roster is which of a new one, among the monsters that matching by
/// name leaves in doubt, read from what the monsters hold.
///
/// Matching by name pairs every monster whose name stayed. A monster the same as its match
/// in every field but perhaps the spelling of its name is *settled*: no reading of the files
/// could make it another. The rest, the *changed set*, is what this reads: old monsters with
/// no match or a changed one, new monsters likewise.
///
/// Between an old and a new monster of the changed set, the evidence is what they share
/// that identifies a monster: the name (a link matching by name made), and values no other
/// monster holds in either roster: the description, the icon, or all the fields but the
/// name at once. A name moves between monsters (a swap, a chain of renames), so the reading
/// that explains the most evidence is taken: the matching of greatest weight (see
/// `Reading.weight`: what identifies a monster weighs most, the name less, each field held
/// alike a little). A reading is
/// *certain* when no other matching is as heavy and each pair it makes is one monster beyond
/// doubt (see `isCertain`): it shares the fields but the name, or a description of its own
/// and something more, or its name and an icon of its own; or it kept its name and changed
/// one field, or none of those that identify it; one that took the name of a monster the
/// reading has gone holds both a description and an icon of its own (else it may be that
/// monster, edited). Otherwise the monsters that the doubt reaches, the whole group
/// linked by evidence, are an ``Group``: the matching is still the best reading (a diff
/// shows it), but a merge must not give the other side's changes to one of them by it.
///
/// ```
/// old:  Bob-Bot "Bob" bob.png     Cy-Bot "Cy" cy.png
/// new:  Bobby-Bot "Bob" bob.png   Bob-Bot "Cy" cy.png
/// ```
///
/// By name Bob-Bot is Bob-Bot; by what they hold Bob-Bot was renamed Bobby-Bot and Cy-Bot
/// renamed Bob-Bot, which explains more: that is the reading, and it is certain.
///
/// - Complexity: Linear in the rosters when every monster of the changed set kept its name,
///   description and icon (a pass that compares them); otherwise a monster built for each
///   monster of the changed set, and a pass over both rosters for the descriptions and
///   icons two of its monsters share, unless each pair they would weigh is a clear and
///   certain reading on its own already; each group linked by evidence is worked out by the
///   Hungarian method, once for each of its pairs, so a group is kept to
///   ``largestExactGroup`` monsters.
struct IdentityEvidence {
  /// Monsters whose identities the files do not settle: the old ones, by offset, and the
  /// new ones, by offset.
  struct Group: Equatable, Sendable {
    var old: [Int]
    var new: [Int]
  }

  /// For each old monster of the changed set, by offset, its match in the best reading.
  private(set) var links: [(old: Int, new: Int?)] = []
  /// The groups whose reading is not certain.
  private(set) var groups: [Group] = []

  /// The most monsters of a group linked by evidence whose reading is worked out exactly;
  /// a larger group (a rotation of hundreds of names) is left as matching by name made it,
  /// and in doubt.
  static let largestExactGroup = 40

  /// How much more than any other the best reading of a group must weigh to be taken for
  /// certain: more than a field or two held alike by chance (two readings that each
  /// explain a stock description, or an icon and a weapon, are about as likely).
  static let clearMargin = 3

  /// What an old and a new monster share that identifies a monster.
  struct Evidence: Equatable {
    /// Whether the two hold something alike: a link, weighed by ``Reading/weight(_:)``.
    var linked = false
    var name = false
    var fields = false
    var description = false
    var icon = false
  }

  /// Reads the changed set.
  ///
  /// - Parameters:
  ///   - oldRoster: The old roster.
  ///   - newRoster: The new roster.
  ///   - old: The old roster's monsters by offset.
  ///   - new: The new roster's monsters by offset.
  ///   - newOffset: For each old offset, its match by name.
  ///   - oldOffset: For each new offset, its match by name.
  ///   - settled: Whether a new monster, by offset, is known to be the same as its match
  ///     by name in every field but the spelling of its name.
  init(
    _ oldRoster: Roster, _ newRoster: Roster, old: RosterOffsets, new: RosterOffsets,
    newOffset: OffsetTable, oldOffset: OffsetTable, settled: (Int) -> Bool
  ) {
    // A monster that kept its name, description and icon is that monster: another could
    // take it only by holding all three, where the name already decides.
    func isSettled(_ j: Int) -> Bool {
      guard let i = oldOffset[j] else { return false }
      return settled(j)
        || newRoster.sameText(.description, at: new[j], as: oldRoster, at: old[i])
          && newRoster.sameText(.icon, at: new[j], as: oldRoster, at: old[i])
    }
    var changedOld: [Int] = []
    var changedNew: [Int] = []
    for j in 0..<new.count where !isSettled(j) {
      changedNew.append(j)
      if let i = oldOffset[j] { changedOld.append(i) }
    }
    for i in 0..<old.count where newOffset[i] == nil { changedOld.append(i) }
    changedOld.sort()
    guard !changedOld.isEmpty, !changedNew.isEmpty else {
      links = changedOld.map { ($0, newOffset[$0]) }
      return
    }
    var reading = Reading(
      oldMonsters: changedOld.map { oldRoster[old[$0]] },
      newMonsters: changedNew.map { newRoster[new[$0]] })
    var newNode: [Int: Int] = [:]
    for (node, j) in changedNew.enumerated() { newNode[j] = node }
    for (node, i) in changedOld.enumerated() {
      if let j = newOffset[i], let other = newNode[j] { reading.linkNames(node, other) }
    }
    reading.findShared { values, field in
      Self.counts(of: values, in: field, oldRoster, newRoster)
    }
    let result = reading.resolve()
    links = zip(changedOld, result.matches).map { i, match in (i, match.map { changedNew[$0] }) }
    groups = result.groups.map { group in
      Group(old: group.old.map { changedOld[$0] }, new: group.new.map { changedNew[$0] })
    }
  }

  /// How many monsters of each roster hold each of some texts in a field, byte for byte:
  /// a pass over both rosters, over the file's bytes where it can, that compares a field's
  /// bytes only where their length is one of the texts'.
  private static func counts(
    of values: [String], in field: MonsterTextField, _ oldRoster: Roster, _ newRoster: Roster
  ) -> [(old: Int, new: Int)] {
    // The texts one after another in one buffer, and for each length the texts that have
    // it, so that a monster's bytes meet only texts of their length, and nothing is
    // retained or hashed for each monster.
    let joined = values.flatMap(\.utf8)
    var spans: [Range<Int>] = []
    for value in values {
      let start = spans.last?.upperBound ?? 0
      spans.append(start..<start + value.utf8.count)
    }
    var hasLength = [Bool](repeating: false, count: (spans.map(\.count).max() ?? 0) + 1)
    for span in spans { hasLength[span.count] = true }
    var counts = [(old: Int, new: Int)](repeating: (0, 0), count: values.count)
    joined.withUnsafeBytes { joined in
      func count(_ roster: Roster, _ add: (Int) -> Void) {
        roster.forEachUTF8(field, at: roster.indices) { bytes in
          guard bytes.count < hasLength.count, hasLength[bytes.count] else { return }
          for (k, span) in spans.enumerated()
          where span.count == bytes.count
            && bytesEqual(UnsafeRawBufferPointer(rebasing: joined[span]), bytes)
          {
            add(k)
          }
        }
      }
      count(oldRoster) { counts[$0].old += 1 }
      count(newRoster) { counts[$0].new += 1 }
    }
    return counts
  }
}

// MARK: - The reading of the changed set

extension IdentityEvidence {
  /// The changed set as monsters, the evidence between them, and the best reading.
  struct Reading {
    let oldMonsters: [Monster]
    let newMonsters: [Monster]
    /// The evidence between an old node and a new one, by both.
    private(set) var evidence: [Pair: Evidence] = [:]
    /// The old nodes whose description or icon of their own a new node holds.
    private(set) var identified: Set<Int> = []

    struct Pair: Hashable {
      var old: Int
      var new: Int
    }

    init(oldMonsters: [Monster], newMonsters: [Monster]) {
      self.oldMonsters = oldMonsters
      self.newMonsters = newMonsters
    }

    /// Links two nodes that matching by name paired.
    mutating func linkNames(_ old: Int, _ new: Int) {
      evidence[Pair(old: old, new: new), default: Evidence()].name = true
    }

    /// A value that may identify a monster.
    private enum Token: Hashable {
      case description(CodePointKey)
      case icon(CodePointKey)
      case fields(MonsterFields)
    }

    /// Finds what old and new monsters of the changed set hold alike: a value one old and
    /// one new monster hold, and no other monster of the set, is evidence (a description or
    /// icon only when no other monster of either roster holds it: `count` says how many
    /// do); a value a few hold links them all, as lookalikes; a value many hold is a stock
    /// one, which tells nothing.
    ///
    /// - Parameters:
    ///   - leavingOutSettledPairs: Whether the texts of a pair that is a clear and certain
    ///     reading on its own are left uncounted (``pairsSettledAlone()``), which changes
    ///     no reading; `false` counts every one.
    ///   - count: How many monsters of each roster hold each of some texts in a field.
    mutating func findShared(
      leavingOutSettledPairs: Bool = true,
      count: ([String], MonsterTextField) -> [(old: Int, new: Int)]
    ) {
      var holders: [Token: (old: [Int], new: [Int])] = [:]
      func tokens(_ monster: Monster) -> [Token] {
        var tokens = [Token.fields(MonsterFields(monster))]
        if !monster.description.isEmpty {
          tokens.append(.description(CodePointKey(monster.description)))
        }
        if !monster.icon.isEmpty { tokens.append(.icon(CodePointKey(monster.icon))) }
        return tokens
      }
      for (node, monster) in oldMonsters.enumerated() {
        for token in tokens(monster) { holders[token, default: ([], [])].old.append(node) }
      }
      for (node, monster) in newMonsters.enumerated() {
        for token in tokens(monster) {
          holders[token]?.new.append(node)
        }
      }
      var texts: [(pair: Pair, text: String, field: MonsterTextField)] = []
      for (token, nodes) in holders where !nodes.new.isEmpty {
        guard nodes.old.count == 1 && nodes.new.count == 1 else {
          link(nodes.old, nodes.new)
          continue
        }
        let pair = Pair(old: nodes.old[0], new: nodes.new[0])
        evidence[pair, default: Evidence()].linked = true
        switch token {
        case .fields: evidence[pair]?.fields = true
        case .description(let key): texts.append((pair, key.text, .description))
        case .icon(let key): texts.append((pair, key.text, .icon))
        }
      }
      if leavingOutSettledPairs {
        let settled = pairsSettledAlone()
        texts.removeAll { settled.contains($0.pair) }
      }
      for field in [MonsterTextField.description, .icon] {
        let asked = texts.filter { $0.field == field }
        guard !asked.isEmpty else { continue }
        for (item, found) in zip(asked, count(asked.map(\.text), field))
        where found.old == 1 && found.new == 1 {
          if field == .description {
            evidence[item.pair]?.description = true
          } else {
            evidence[item.pair]?.icon = true
          }
          identified.insert(item.pair.old)
        }
      }
    }

    /// The pairs that are a group of their own (neither node has evidence with another)
    /// and a clear and certain reading already: a description or an icon found to be of
    /// their own would only add to their weight and their certainty, so the pass over both
    /// rosters that would find it (the common case, a monster edited in place) is left out.
    func pairsSettledAlone() -> Set<Pair> {
      var oldLinks: [Int: Int] = [:]
      var newLinks: [Int: Int] = [:]
      for pair in evidence.keys {
        oldLinks[pair.old, default: 0] += 1
        newLinks[pair.new, default: 0] += 1
      }
      return Set(
        evidence.keys.filter { pair in
          oldLinks[pair.old] == 1 && newLinks[pair.new] == 1
            && weight(pair) >= IdentityEvidence.clearMargin
            && isCertain(pair, takingTheNameOfOneGone: false)
        })
    }

    /// Links every old node to every new node that hold a value alike, unless they are
    /// many: a stock value.
    private mutating func link(_ old: [Int], _ new: [Int]) {
      guard old.count * new.count <= Self.mostLookalikeLinks else { return }
      for i in old {
        for j in new { evidence[Pair(old: i, new: j), default: Evidence()].linked = true }
      }
    }

    /// The most links a value held alike makes between lookalikes; past it, the value is a
    /// stock one.
    static let mostLookalikeLinks = 16
  }
}
