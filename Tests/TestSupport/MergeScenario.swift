import MonsterKit

/// A three-way merge of rosters whose right outcome is known, to hold `RosterMerge`,
/// `RosterDiff` and the resolving of conflicts to it.
///
/// A scenario is made at random: an ancestor, then edits on each side, as a team makes them:
/// renames (to a new name, or of the case only), edits of one or two fields, renames with an
/// edit, removals, monsters added anywhere, keys `monsters` does not know, on monsters and on
/// the roster, one name added on both sides alike or not, a rename onto a name the other
/// side adds; and on a quarter of the sides, names handed to other monsters: swapped,
/// renamed in a chain or a rotation, a monster renamed away or removed while a new one or
/// another takes its name, on one side or alike on both, often the very monsters the other
/// side renamed or edited. Every monster carries an identity that the scenario tracks
/// through the edits, and that the rosters do not hold: the merge has to find each monster
/// by what the files say, while the scenario knows which monster is which.
///
/// Most scenarios give every monster a description and an icon of its own, so the files do
/// tell who is who, and nothing else is accepted there: a clean merge must be exactly the
/// truth, a diff must name exactly the changes made. The others are *bland*: descriptions
/// empty or shared, some icons shared. There a new monster under the name of one that left
/// can be one the files cannot tell from that monster edited (all its fields but one the
/// same, or the same description and icon); such a scenario names the reading by name
/// (``truthsByName``), which a clean merge may give instead.
///
/// From the identities, the right merge is worked out monster by monster and field by
/// field (``truth``). Where the merge marks conflicts, keeping ours, and keeping theirs, of
/// every conflict is held to what `monsters resolve` promises: every monster there once,
/// none mixed from two versions, and every change of the kept side kept.
public struct MergeScenario: Sendable {
  /// The common ancestor.
  public let base: Roster
  /// Our side.
  public let ours: Roster
  /// Their side.
  public let theirs: Roster
  /// The right merge, or `nil` where the sides truly conflict (a field changed two ways, a
  /// monster changed on one side and removed on the other, one name added twice
  /// differently, names that would be the same name).
  public let truth: Roster?
  /// The merges by name, where a side removed a monster (or renamed it away) and added a
  /// new one under its name that the files cannot tell from the old one edited: the
  /// merges with the new one taken for the old one, on one side that did so or on each;
  /// none where no side did so, or where they conflict.
  public let truthsByName: [Roster]
  /// Whether a reading of the files the merge cannot rule out (see ``truthsByName``)
  /// merges otherwise than the truth, or conflicts: a merge that marks a conflict there is
  /// right to.
  let readingsDisagree: Bool
  /// Whether a side gave a name of the ancestor to another monster: swapped names, renamed
  /// one onto a name another freed by a rename or a removal, or added a new monster under a
  /// freed name.
  public let reusesNames: Bool
  /// Whether every monster has a description and an icon of its own.
  public let isDistinct: Bool
  /// What each side did, one line an edit, for a failure's message.
  public var story: [String] { steps.map(\.description) }

  private let steps: [Step]
  private let baseVersion: Version
  private let sideVersions: [Version]
  /// The sides whose diff may pair monsters otherwise than the scenario did: a new monster
  /// under a freed name that the files cannot tell apart, or a monster known there only by
  /// its name (``keepsOnlyAName(_:_:)``).
  private let blurredSides: Set<Int>
  /// The replacements the files cannot tell apart (see ``truthsByName``).
  private let replacements: [(side: Int, old: Int, new: Int)]

  /// What a check found, when it found nothing wrong.
  public enum Outcome: Sendable {
    /// The merge was clean, and exactly the truth.
    case exact
    /// The sides truly conflict, and the merge said so; keeping either side was right.
    case conflict
    /// The truth is clean, but the merge marked a conflict: allowed, and counted; keeping
    /// either side was right.
    case spuriousConflict
    /// The truth is clean, but another reading of the files (a new monster under a freed
    /// name, read as the old one edited) merges otherwise or conflicts, and the merge marked
    /// a conflict: right, as the files do not say which reading is true; keeping either
    /// side was right.
    case ambiguousConflict
    /// The merge was clean, and exactly one of ``truthsByName``: a side added a new monster
    /// under a freed name that the files cannot tell from the old one edited. Allowed, and
    /// counted.
    case byName
    /// The merge was clean, with exactly the monsters and keys of the truth, in another
    /// order: a side has a monster under a name of the ancestor that holds neither the
    /// description nor the icon the ancestor's had, while no monster of the side holds
    /// them (where one does, the files tell, and nothing but the truth is accepted), or, in
    /// a bland scenario, a new monster with stock values like one that left, which the
    /// files cannot tell from a new monster (placed as one a side added) or the old one
    /// edited (placed where it was). Allowed, and counted.
    case reordered
  }

  /// What a check found wrong: the property broken, and the scenario.
  public struct Violation: Error, CustomStringConvertible {
    /// The property broken, the edits and the three rosters.
    public let description: String
  }

  /// Makes a random scenario.
  ///
  /// - Parameter generator: Where the randomness comes from: a seeded generator, or a
  ///   fuzzer's bytes.
  public init(using generator: inout some RandomNumberGenerator) {
    var builder = Builder(using: &generator)
    let base = builder.makeBase(using: &generator)
    let (ours, theirs) = builder.makeSides(from: base, using: &generator)
    // The names a scenario gives never clash on one side.
    guard let baseRoster = base.roster(), let oursRoster = ours.roster(),
      let theirsRoster = theirs.roster()
    else { preconditionFailure("a scenario's side is no roster:\n\(builder.steps)") }
    (self.base, self.ours, self.theirs) = (baseRoster, oursRoster, theirsRoster)
    truth = Truth(base: base, ours: ours, theirs: theirs).merged()
    replacements = builder.replacements
    truthsByName = Self.readingsByName(base, [ours, theirs], builder.replacements).compactMap {
      $0.merged()
    }
    // A monster removed and a new one under its name, however unlike, may be read as the
    // old one with every field but the name edited: a reading a conflict may rest on.
    let truthBytes = truth.map(Self.canonical)
    readingsDisagree = Self.readingsByName(
      base, [ours, theirs], builder.replacements + builder.replacementsOfRemoved
    ).contains { $0.merged().map(Self.canonical) != truthBytes }
    reusesNames = builder.reused
    isDistinct = builder.distinct
    blurredSides = Set(builder.replacements.map(\.side)).union(
      [ours, theirs].indices.filter { Self.keepsOnlyAName(base, [ours, theirs][$0]) })
    (baseVersion, sideVersions) = (base, [ours, theirs])
    steps = builder.steps
  }

  /// The merges of the sides as a merge by name may read them, on one side that replaced a
  /// monster or on each: each new monster that took a freed name taken for the old one,
  /// and the old one, where the side renamed it away, for a new one.
  private static func readingsByName(
    _ base: Version, _ sides: [Version], _ replacements: [(side: Int, old: Int, new: Int)]
  ) -> [Truth] {
    let replacing = Set(replacements.map(\.side)).sorted()
    guard !replacing.isEmpty else { return [] }
    var readings: [Truth] = []
    for chosen in 1..<(1 << replacing.count) {
      var read = sides
      for (bit, side) in replacing.enumerated() where chosen & (1 << bit) != 0 {
        for (which, old, new) in replacements where which == side {
          for k in read[side].monsters.indices {
            switch read[side].monsters[k].identity {
            case new: read[side].monsters[k].identity = old
            case old: read[side].monsters[k].identity = new
            default: break
            }
          }
        }
      }
      readings.append(Truth(base: base, ours: read[0], theirs: read[1]))
    }
    return readings
  }

  /// Whether a side has a monster under a name of the ancestor that holds neither the
  /// description (an empty one tells nothing) nor the icon the ancestor's monster of that
  /// name held, while no monster of the side holds them: an edit of both, or a new monster
  /// that took the name of one gone, which a diff may read either way. Where another
  /// monster holds them (renamed away with them), the files tell who is who.
  private static func keepsOnlyAName(_ base: Version, _ side: Version) -> Bool {
    side.monsters.contains { tracked in
      base.monsters.contains { old in
        Monster.foldedName(old.monster.name) == Monster.foldedName(tracked.monster.name)
          && (old.monster.description != tracked.monster.description
            || old.monster.description.isEmpty)
          && old.monster.icon != tracked.monster.icon
          && !side.monsters.contains { other in
            !old.monster.description.isEmpty && other.monster.description == old.monster.description
              || other.monster.icon == old.monster.icon
          }
      }
    }
  }

  /// What `RosterDiff` should find from the ancestor to a side.
  public func changes(of side: MergeSide) -> [RosterDiff.Change] {
    Self.changes(from: baseVersion, to: sideVersions[side == .ours ? 0 : 1])
  }

  // MARK: - Checking

  /// Merges the rosters as they are and as `monsters merge` reads their files, compares
  /// each side with the ancestor as `monsters diff` does, keeps each side of the conflicts
  /// as `monsters resolve` does, and holds all of it to the truth.
  ///
  /// - Returns: What the merge gave, when it is right.
  /// - Throws: ``Violation`` when a clean merge is not the truth, when it is not the same
  ///   read from files, when a diff does not name exactly the changes made, or when keeping
  ///   one side of the conflicts breaks a promise of `resolve`.
  public func check() throws(Violation) -> Outcome {
    let merge = RosterMerge(base: base, ours: ours, theirs: theirs)
    let fromFiles = try mergeOfFiles()
    let bytes = Self.file(of: merge)
    guard Self.file(of: fromFiles) == bytes, fromFiles.conflicts == merge.conflicts else {
      throw violation("the merge of the files differs from the merge of the rosters")
    }
    try checkDiffs()
    if !merge.isClean {
      for side in [MergeSide.ours, .theirs] { try checkResolved(bytes, keeping: side) }
    }
    guard let truth else {
      guard !merge.isClean else {
        if let outcome = readByName(merge, bytes) { return outcome }
        throw violation("a clean merge where the sides conflict: \(text(bytes))")
      }
      return .conflict
    }
    guard merge.isClean else { return readingsDisagree ? .ambiguousConflict : .spuriousConflict }
    let expected = Self.canonical(truth)
    guard bytes == expected else {
      if let outcome = readByName(merge, bytes) { return outcome }
      if !blurredSides.isEmpty || !isDistinct, let result = merge.result,
        Self.sameButOrder(result, truth)
      {
        return .reordered
      }
      throw violation("the clean merge is wrong:\n\(text(bytes))\nthe truth:\n\(text(expected))")
    }
    return .exact
  }

  /// What a clean merge that is not the truth is, when it is one of ``truthsByName``:
  /// exactly, or in another order (a new monster placed where the side put it, or as the
  /// old one stood).
  private func readByName(_ merge: RosterMerge, _ bytes: [UInt8]) -> Outcome? {
    for reading in truthsByName {
      if bytes == Self.canonical(reading) { return .byName }
      if let result = merge.result, Self.sameButOrder(result, reading) { return .reordered }
    }
    return nil
  }

  /// Whether two rosters hold the same monsters, each byte for byte, and the same keys of
  /// their own, in any order.
  private static func sameButOrder(_ a: Roster, _ b: Roster) -> Bool {
    guard a.count == b.count, a.otherFields == b.otherFields else { return false }
    var left = Array(b)
    for monster in a {
      guard let index = left.firstIndex(where: { same($0, monster) }) else { return false }
      left.remove(at: index)
    }
    return true
  }

  /// Holds each side's diff to what that side did: exactly, where the files tell who is
  /// who; where they cannot, to a story that makes the side from the ancestor.
  private func checkDiffs() throws(Violation) {
    for side in [MergeSide.ours, .theirs] {
      let index = side == .ours ? 0 : 1
      let found = RosterDiff(from: base, to: side == .ours ? ours : theirs).changes
      if isDistinct && !blurredSides.contains(index) {
        guard Self.sameChanges(found, changes(of: side)) else {
          throw violation(
            "the diff of \(side) is not what it did:\n  found \(found)\n  made  \(changes(of: side))"
          )
        }
      } else if !Self.explains(found, baseVersion, sideVersions[index]) {
        throw violation("the diff of \(side) does not make it from the ancestor:\n  \(found)")
      }
    }
  }

  /// Keeps one side of every conflict of a marked file, and holds the roster it gives to
  /// what `resolve` promises: every monster there once, each exactly one version of it
  /// (the kept side's, the other side's, or the merge of both), and every change the kept
  /// side made to a monster or to the roster's own keys kept.
  private func checkResolved(_ bytes: [UInt8], keeping side: MergeSide) throws(Violation) {
    let resolution: MarkedRoster.Resolution
    do {
      guard let marked = try MarkedRoster(bytes: bytes, path: "m.json") else {
        throw violation("a merge with conflicts wrote no markers")
      }
      resolution = try marked.resolving(nil, keeping: side)
    } catch let error as Violation {
      throw error
    } catch {
      throw violation("keeping \(side) failed: \(error)")
    }
    guard let roster = resolution.roster else {
      throw violation("keeping \(side) of every conflict left markers")
    }
    let index = side == .ours ? 0 : 1
    let truth = Truth(base: baseVersion, ours: sideVersions[0], theirs: sideVersions[1])
    guard let problem = truth.judge(roster, kept: index) else { return }
    // Where the files cannot tell a new monster from the one whose name it took, the
    // reading by name may be the one kept.
    for reading in Self.readingsByName(baseVersion, sideVersions, replacements)
    where reading.judge(roster, kept: index) == nil {
      return
    }
    throw violation("keeping \(side): \(problem)\n\(text(roster.canonicalJSON()))")
  }

  /// Whether a diff's changes, which may pair monsters otherwise than the scenario did,
  /// make a side from the ancestor: each monster of the side is one it added, or the
  /// ancestor's of its name, or of the name it was renamed from, with exactly the changes
  /// named; every other monster of the ancestor is one it removed.
  private static func explains(_ found: [RosterDiff.Change], _ base: Version, _ side: Version)
    -> Bool
  {
    var renamedFrom: [[UInt8]: String] = [:]
    var removed: [Monster] = []
    var added: [Monster] = []
    for change in found {
      switch change {
      case .renamed(let from, let to): renamedFrom[Array(to.utf8)] = from
      case .removed(let monster): removed.append(monster)
      case .added(let monster): added.append(monster)
      default: break
      }
    }
    var baseIdentity: [[UInt8]: Int] = [:]
    for tracked in base.monsters {
      baseIdentity[Array(tracked.monster.name.utf8)] = tracked.identity
    }
    // The side, its monsters paired with the ancestor's as the diff pairs them.
    var paired = side
    var used: Set<Int> = []
    var newIdentity = -1
    for k in paired.monsters.indices {
      let monster = paired.monsters[k].monster
      if let index = added.firstIndex(where: { same($0, monster) }) {
        added.remove(at: index)
        paired.monsters[k].identity = newIdentity
        newIdentity -= 1
        continue
      }
      let origin = renamedFrom[Array(monster.name.utf8)] ?? monster.name
      guard let identity = baseIdentity[Array(origin.utf8)], used.insert(identity).inserted else {
        return false
      }
      paired.monsters[k].identity = identity
    }
    for tracked in base.monsters where !used.contains(tracked.identity) {
      guard let index = removed.firstIndex(where: { same($0, tracked.monster) }) else {
        return false
      }
      removed.remove(at: index)
    }
    let unmoved = found.filter { if case .moved = $0 { false } else { true } }
    return added.isEmpty && removed.isEmpty
      && sameChanges(unmoved, changes(from: base, to: paired))
  }

  /// The merge as `monsters merge` makes it from three files: the ancestor read first,
  /// then each side read against it (the monsters it shares byte for byte are the
  /// ancestor's records), then matched with it.
  private func mergeOfFiles() throws(Violation) -> RosterMerge {
    func file(_ roster: Roster, _ name: String) -> RosterFile {
      var file = RosterFile(path: name)
      file.stream = .bytes(Self.canonical(roster))
      return file
    }
    do throws(RosterError) {
      let unindexed = try file(base, "base.json").readForMatching(allowingEmpty: true)
      let readOurs = try file(ours, "ours.json").readForMatching(against: unindexed)
      let readTheirs = try file(theirs, "theirs.json").readForMatching(against: unindexed)
      let ancestor = try unindexed.indexed()
      return RosterMerge(
        base: ancestor, ours: try readOurs.matched(with: ancestor),
        theirs: try readTheirs.matched(with: ancestor))
    } catch {
      throw violation("a side does not read back: \(error)")
    }
  }

  /// A roster's canonical bytes.
  private static func canonical(_ roster: Roster) -> [UInt8] {
    roster.canonicalJSON()
  }

  /// A merge's file, written a few kilobytes at a time: the writer's default buffer of a
  /// megabyte, made for every small roster, would cost more than the rest of a scenario.
  private static func file(of merge: RosterMerge) -> [UInt8] {
    var bytes: [UInt8] = []
    merge.write(markers: ConflictMarkers(), chunkSize: 4096) { bytes.append(contentsOf: $0) }
    return bytes
  }

  private func violation(_ property: String) -> Violation {
    Violation(
      description: property + "\nthe edits:\n" + story.map { "  " + $0 }.joined(separator: "\n")
        + "\nbase:\n" + text(base.canonicalJSON()) + "ours:\n" + text(ours.canonicalJSON())
        + "theirs:\n" + text(theirs.canonicalJSON()))
  }

  private func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
