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
    /// description nor the icon the ancestor's had, or, in a bland scenario, a new monster
    /// with stock values like one that left, which the files cannot tell from a new
    /// monster (placed as one a side added) or the old one edited (placed where it was).
    /// Allowed, and counted.
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
  /// name held: an edit of both, or a new monster that took the name, which a diff may
  /// read either way.
  private static func keepsOnlyAName(_ base: Version, _ side: Version) -> Bool {
    side.monsters.contains { tracked in
      base.monsters.contains { old in
        Monster.foldedName(old.monster.name) == Monster.foldedName(tracked.monster.name)
          && (old.monster.description != tracked.monster.description
            || old.monster.description.isEmpty)
          && old.monster.icon != tracked.monster.icon
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

  /// Whether two lists of changes hold the same changes, in any order.
  private static func sameChanges(_ a: [RosterDiff.Change], _ b: [RosterDiff.Change]) -> Bool {
    func counts(_ changes: [RosterDiff.Change]) -> [RosterDiff.Change: Int] {
      changes.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
    return a.count == b.count && counts(a) == counts(b)
  }

  /// Whether two versions of a monster are the same, the name spelled the same byte for
  /// byte.
  fileprivate static func same(_ a: Monster, _ b: Monster) -> Bool {
    a == b && a.name.utf8.elementsEqual(b.name.utf8)
  }

  /// The changes from the ancestor to a side, as `RosterDiff` names them.
  private static func changes(from base: Version, to side: Version) -> [RosterDiff.Change] {
    var changes: [RosterDiff.Change] = []
    for tracked in base.monsters {
      guard let now = side.monster(tracked.identity) else {
        changes.append(.removed(tracked.monster))
        continue
      }
      let before = tracked.monster
      if !before.name.utf8.elementsEqual(now.name.utf8) {
        changes.append(.renamed(from: before.name, to: now.name))
      }
      for field in [MonsterField.description, .icon, .weapon, .nameColor] {
        let (from, to) = (field.value(in: before), field.value(in: now))
        if from != to { changes.append(.changed(now.name, field, from: from, to: to)) }
      }
      changes += memberChanges(before.otherFields, now.otherFields).map {
        .changed(now.name, side.declared.field($0.key) ?? .other($0.key), from: $0.from, to: $0.to)
      }
    }
    let baseIdentities = Set(base.monsters.map(\.identity))
    for tracked in side.monsters where !baseIdentities.contains(tracked.identity) {
      changes.append(.added(tracked.monster))
    }
    // What the roster declares and its other keys, each a key of the roster's object: the
    // diff of two rosters that hold them and no monster.
    func keys(_ version: Version) -> Roster? {
      version.declared.roster([], otherFields: version.otherFields)
    }
    if let before = keys(base), let after = keys(side) {
      changes += RosterDiff(from: before, to: after).changes
    }
    return changes
  }

  private static func memberChanges(_ before: [JSONMember], _ after: [JSONMember])
    -> [(key: String, from: JSONValue?, to: JSONValue?)]
  {
    var keys: [String] = []
    for key in before.map(\.key) + after.map(\.key) where !keys.contains(key) {
      keys.append(key)
    }
    return keys.compactMap { key in
      let from = before.first { $0.key == key }?.value
      let to = after.first { $0.key == key }?.value
      return from == to ? nil : (key, from, to)
    }
  }
}

// MARK: - The truth

extension MergeScenario {
  /// A monster and the identity the scenario knows it by.
  struct Tracked: Sendable {
    var identity: Int
    var monster: Monster
  }

  /// A roster as the scenario sees it: its monsters, each with its identity.
  struct Version: Sendable {
    var monsters: [Tracked]
    var otherFields: [JSONMember]
    var declared = Declared()

    func roster() -> Roster? {
      declared.roster(monsters.map(\.monster), otherFields: otherFields)
    }

    func monster(_ identity: Int) -> Monster? {
      monsters.first { $0.identity == identity }?.monster
    }
  }

  /// The right merge of three versions, identity by identity and field by field.
  fileprivate struct Truth {
    let base: Version
    let sides: [Version]

    init(base: Version, ours: Version, theirs: Version) {
      self.base = base
      sides = [ours, theirs]
    }

    /// What becomes of one monster.
    enum Fate {
      case absent
      case monster(Monster)
      case conflict
    }

    /// Every identity of the three versions, each once.
    var identities: [Int] {
      var seen: Set<Int> = []
      return (base.monsters + sides[0].monsters + sides[1].monsters).map(\.identity).filter {
        seen.insert($0).inserted
      }
    }

    /// The merge of one monster: field by field where both sides have it (a field one side
    /// changed takes that side's value; both changing it differently is a conflict); removed
    /// where one side removed it and the other left it as it was; added where one side
    /// added it, or both alike.
    func fate(of identity: Int) -> Fate {
      let (o, t) = (sides[0].monster(identity), sides[1].monster(identity))
      guard let b = base.monster(identity) else {
        if let o, let t, !MergeScenario.same(o, t) { return .conflict }
        return (o ?? t).map(Fate.monster) ?? .absent
      }
      switch (o, t) {
      case (let o?, let t?): return Self.mergeFields(b, o, t).map(Fate.monster) ?? .conflict
      case (let o?, nil): return MergeScenario.same(o, b) ? .absent : .conflict
      case (nil, let t?): return MergeScenario.same(t, b) ? .absent : .conflict
      case (nil, nil): return .absent
      }
    }

    /// The right merge; `nil` where it conflicts.
    ///
    /// The result keeps ours' order of the monsters both sides have; a monster one side
    /// added follows the nearest of those before it on that side, after those ours added
    /// there when it is theirs. Keys `monsters` does not know are merged key by key in the
    /// same way: the ancestor's in its order, then those ours added, then those theirs
    /// added.
    func merged() -> Roster? {
      var merged: [Int: Monster] = [:]
      for identity in identities {
        switch fate(of: identity) {
        case .conflict: return nil
        case .monster(let monster): merged[identity] = monster
        case .absent: break
        }
      }
      guard
        let otherFields = Self.mergeMembers(
          base.otherFields, sides[0].otherFields, sides[1].otherFields),
        let declared = Declared.merge(base.declared, sides[0].declared, sides[1].declared),
        merged.values.allSatisfy({ declared.fits($0, removedFrom: base.declared) })
      else { return nil }
      let baseIdentities = Set(base.monsters.map(\.identity))
      let oursIdentities = Set(sides[0].monsters.map(\.identity))
      let theirsIdentities = Set(sides[1].monsters.map(\.identity))
      let common = sides[0].monsters.map(\.identity).filter { theirsIdentities.contains($0) }
      let commonSet = Set(common)
      func added(after anchor: Int, in side: Version, skipping skipped: Set<Int>) -> [Int] {
        var found: [Int] = []
        var current = -1
        for tracked in side.monsters {
          if commonSet.contains(tracked.identity) {
            current = tracked.identity
          } else if current == anchor && !skipped.contains(tracked.identity)
            && !baseIdentities.contains(tracked.identity)
          {
            found.append(tracked.identity)
          }
        }
        return found
      }
      var order: [Int] = []
      for anchor in [-1] + common {
        if anchor >= 0 { order.append(anchor) }
        order += added(after: anchor, in: sides[0], skipping: [])
        order += added(after: anchor, in: sides[1], skipping: oursIdentities)
      }
      return declared.roster(order.compactMap { merged[$0] }, otherFields: otherFields)
    }

    /// What is wrong with a roster made by keeping one side of every conflict, or `nil`:
    /// each monster must be one version of one monster (the kept side's, the other side's,
    /// or the merge of both), no monster there twice, and every change the kept side made
    /// kept: a monster it added or changed there with the fields it changed, one it
    /// removed gone, the roster's own keys it changed as it has them.
    func judge(_ roster: Roster, kept: Int) -> String? {
      if let problem = judge(Array(roster), otherFields: roster.otherFields, kept: kept) {
        return problem
      }
      // What the kept side declared anew: each entry it changed is as it has it, or as the
      // merge of the sides has it where they merge.
      let (before, mine, other) = (base.declared, sides[kept].declared, sides[1 - kept].declared)
      let (ours, theirs) = (sides[0].declared, sides[1].declared)
      let now = Declared(roster)
      for name in Declared.weaponNames(before, mine, other)
      where before.weapon(name) != mine.weapon(name) {
        let merged = Declared.merged(before.weapon(name), ours.weapon(name), theirs.weapon(name))
        guard
          now.weapon(name) == mine.weapon(name) || merged.map({ now.weapon(name) == $0 }) == true
        else { return "the weapon \(name) lost the kept side's change" }
      }
      for key in Declared.fieldKeys(before, mine, other) where before.field(key) != mine.field(key)
      {
        let merged = Declared.mergeField(before.field(key), ours.field(key), theirs.field(key))
        guard now.field(key) == mine.field(key) || merged.map({ now.field(key) == $0 }) == true
        else { return "the field \(key) lost the kept side's change" }
      }
      return nil
    }

    func judge(_ monsters: [Monster], otherFields: [JSONMember], kept: Int) -> String? {
      var versions: [(identity: Int, monster: Monster)] = []
      for identity in identities {
        for side in [kept, 1 - kept] {
          if let monster = sides[side].monster(identity) { versions.append((identity, monster)) }
        }
        if case .monster(let monster) = fate(of: identity) {
          versions.append((identity, monster))
        }
      }
      // Each monster placed as a version of one identity, no identity twice: a matching
      // of monsters with the identities they are versions of, found by augmenting paths
      // (a monster may be a version of two, as a new monster made like an old one).
      let holders = monsters.map { monster in
        versions.filter { MergeScenario.same($0.monster, monster) }.map(\.identity)
      }
      var holderOf: [Int: Int] = [:]
      func place(_ k: Int, _ seen: inout Set<Int>) -> Bool {
        for identity in holders[k] where seen.insert(identity).inserted {
          if let other = holderOf[identity] {
            guard place(other, &seen) else { continue }
          }
          holderOf[identity] = k
          return true
        }
        return false
      }
      for (k, monster) in monsters.enumerated() {
        var seen: Set<Int> = []
        guard place(k, &seen) else {
          return holders[k].isEmpty
            ? "'\(monster.name)' is no version of any monster"
            : "'\(monster.name)' is there twice"
        }
      }
      let placed = holderOf.mapValues { monsters[$0] }
      let side = sides[kept]
      for identity in identities {
        let before = base.monster(identity)
        let after = side.monster(identity)
        switch (before, after) {
        case (nil, let added?):
          guard let now = placed[identity], MergeScenario.same(now, added) else {
            return "'\(added.name)', which the kept side added, is not there as it has it"
          }
        case (let old?, nil):
          if placed[identity] != nil { return "'\(old.name)', which the kept side removed, stays" }
        case (let old?, let new?):
          guard !MergeScenario.same(old, new) else { continue }
          guard let now = placed[identity] else {
            return "'\(new.name)', which the kept side changed, is gone"
          }
          if !old.name.utf8.elementsEqual(new.name.utf8)
            && !now.name.utf8.elementsEqual(new.name.utf8)
          {
            return "'\(new.name)' lost the kept side's rename"
          }
          for field in [MonsterField.description, .icon, .weapon, .nameColor]
          where field.value(in: old) != field.value(in: new)
            && field.value(in: now) != field.value(in: new)
          {
            return "'\(new.name)' lost the kept side's \(field)"
          }
          for member in new.otherFields where !old.otherFields.contains(member) {
            if !now.otherFields.contains(member) { return "'\(new.name)' lost \(member.key)" }
          }
          for member in old.otherFields
          where !new.otherFields.contains(where: { $0.key == member.key }) {
            if now.otherFields.contains(where: { $0.key == member.key }) {
              return "'\(new.name)' keeps \(member.key), which the kept side removed"
            }
          }
        case (nil, nil): continue
        }
      }
      for member in side.otherFields where !base.otherFields.contains(member) {
        if !otherFields.contains(member) { return "the roster lost its key \(member.key)" }
      }
      return nil
    }

    /// The sides changed one value two ways.
    private struct Conflict: Error {}

    /// Merges one value: a side that left it takes the other side's.
    private static func threeWay<Value: Equatable>(
      _ base: Value, _ ours: Value, _ theirs: Value
    ) throws(Conflict) -> Value {
      if ours == theirs { return ours }
      if ours == base { return theirs }
      if theirs == base { return ours }
      throw Conflict()
    }

    private static func mergeFields(_ b: Monster, _ o: Monster, _ t: Monster) -> Monster? {
      var monster = o
      do throws(Conflict) {
        monster.name = try threeWay(b.name, o.name, t.name)
        monster.description = try threeWay(b.description, o.description, t.description)
        monster.icon = try threeWay(b.icon, o.icon, t.icon)
        // A weapon by its name: its image is the roster's, by the declarations.
        monster.weapon = Weapon(name: try threeWay(b.weapon.name, o.weapon.name, t.weapon.name))
        monster.nameColor = try threeWay(b.nameColor, o.nameColor, t.nameColor)
        guard let otherFields = mergeMembers(b.otherFields, o.otherFields, t.otherFields) else {
          return nil
        }
        monster.otherFields = otherFields
        return monster
      } catch {
        return nil
      }
    }

    /// Merges keys key by key: the ancestor's in its order, then ours' new ones, then
    /// theirs'.
    static func mergeMembers(_ b: [JSONMember], _ o: [JSONMember], _ t: [JSONMember])
      -> [JSONMember]?
    {
      func value(_ key: String, _ members: [JSONMember]) -> JSONValue? {
        members.first { $0.key == key }?.value
      }
      var keys: [String] = []
      for key in b.map(\.key) + o.map(\.key) + t.map(\.key) where !keys.contains(key) {
        keys.append(key)
      }
      var merged: [JSONMember] = []
      for key in keys {
        let kept: JSONValue?
        do throws(Conflict) {
          kept = try threeWay(value(key, b), value(key, o), value(key, t))
        } catch {
          return nil
        }
        if let kept { merged.append(JSONMember(key, kept)) }
      }
      return merged
    }
  }
}

// MARK: - Making a scenario

extension MergeScenario {
  /// What one side does to one of the ancestor's monsters.
  fileprivate enum Action: Sendable {
    case remove
    case rename(String)
    case edit([Edit])
    case renameAndEdit(String, Edit)
  }

  /// One change of a field.
  fileprivate enum Edit: Sendable {
    case description(String)
    case icon(String)
    case weapon(Weapon)
    case nameColor(NameColor?)
    /// A key `monsters` does not know, set (added) or removed.
    case key(String, JSONValue?)

    /// Whether it changes a field that tells a monster from another.
    var changesContent: (description: Bool, icon: Bool) {
      switch self {
      case .description: (true, false)
      case .icon: (false, true)
      default: (false, false)
      }
    }
  }

  /// One line of the story, told only when a check fails.
  fileprivate enum Step: Sendable, CustomStringConvertible {
    case act(String, Action, String)
    case rosterKey(String, String, JSONValue?)
    case note(String)

    var description: String {
      switch self {
      case .act(let who, .remove, let name): "\(who): remove \(name)"
      case .act(let who, .rename(let new), let name): "\(who): rename \(name) -> \(new)"
      case .act(let who, .edit(let edits), let name): "\(who): edit \(name): \(edits)"
      case .act(let who, .renameAndEdit(let new, let edit), let name):
        "\(who): rename \(name) -> \(new) and edit: \(edit)"
      case .rosterKey(let who, let key, let value):
        "\(who): roster key \(key) = \(String(describing: value))"
      case .note(let text): text
      }
    }
  }

  /// Makes the ancestor and the sides, and tells what it did.
  fileprivate struct Builder {
    var steps: [Step] = []
    /// Whether a side gave a name of the ancestor to another monster.
    var reused = false
    /// Whether every monster gets a description and an icon of its own.
    let distinct: Bool
    /// The monsters a side replaced by a new one under their name that the files cannot
    /// tell from them edited: the side, and the identities of the old and the new.
    var replacements: [(side: Int, old: Int, new: Int)] = []
    /// The monsters removed from a side and the new ones under their names, however
    /// unlike, which a reading may take for the old ones edited.
    var replacementsOfRemoved: [(side: Int, old: Int, new: Int)] = []
    private var nextIdentity = 0
    private var nextName = 0
    private var nextText = 0

    /// Name stems, some with letters that case folding and normalisation treat specially.
    private static let stems = ["Bot", "Zed", "\u{C9}clair", "Stra\u{DF}e", "Ra\u{1F916}"]
    private static let monsterKeys = ["tags", "level", "x"]
    private static let rosterKeys = ["owner", "team", "notes"]
    private static let colors: [NameColor?] = [nil, .red, .blue, .rgb(red: 1, green: 2, blue: 3)]

    init(using generator: inout some RandomNumberGenerator) {
      distinct = Int.random(in: 0..<10, using: &generator) < 7
    }

    /// One of some items, at random.
    static func pick<Item>(_ items: [Item], _ generator: inout some RandomNumberGenerator) -> Item {
      items[Int.random(in: 0..<items.count, using: &generator)]
    }

    private static func chance(
      _ one: Int, in all: Int, _ generator: inout some RandomNumberGenerator
    )
      -> Bool
    {
      Int.random(in: 0..<all, using: &generator) < one
    }

    private mutating func identity() -> Int {
      nextIdentity += 1
      return nextIdentity
    }

    /// A name no monster of the scenario has had.
    private mutating func freshName(using generator: inout some RandomNumberGenerator) -> String {
      nextName += 1
      return Self.pick(Self.stems, &generator) + "-\(nextName)"
    }

    /// A text no field of the scenario has held.
    private mutating func freshText(_ prefix: String) -> String {
      nextText += 1
      return "\(prefix)\(nextText)"
    }

    /// A description: one of its own; in a bland scenario, often empty or shared.
    private mutating func description(using generator: inout some RandomNumberGenerator)
      -> String
    {
      guard !distinct else { return freshText("says ") }
      switch Int.random(in: 0..<4, using: &generator) {
      case 0, 1: return ""
      case 2: return "Beeps"
      default: return freshText("says ")
      }
    }

    /// An icon: one of its own; in a bland scenario, now and then one others share.
    private mutating func icon(using generator: inout some RandomNumberGenerator) -> String {
      !distinct && Self.chance(1, in: 4, &generator) ? "bot.png" : freshText("icon-") + ".png"
    }

    private func value(using generator: inout some RandomNumberGenerator) -> JSONValue {
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: .string(Self.pick(["a", "b", ""], &generator))
      case 1: .number(String(Int.random(in: 0..<3, using: &generator)))
      case 2: .bool(Bool.random(using: &generator))
      case 3: .null
      default: .array([.number("1"), .string("x")])
      }
    }

    /// A new monster, with a description and an icon of its own, or, in a bland scenario,
    /// often an empty description, or a stock line or image; but never a description or an
    /// icon a monster of the ancestor has, where it could be taken for that monster, which
    /// the files could not tell.
    private mutating func newMonster(
      unlike base: Version? = nil, declared: Declared = Declared(),
      using generator: inout some RandomNumberGenerator
    ) -> Tracked {
      let identity = identity()
      var description = description(using: &generator)
      var icon = icon(using: &generator)
      if let base {
        if !description.isEmpty,
          base.monsters.contains(where: { $0.monster.description == description })
        {
          description = freshText("says ")
        }
        if base.monsters.contains(where: { $0.monster.icon == icon }) {
          icon = freshText("icon-") + ".png"
        }
      }
      var monster = Monster(
        name: freshName(using: &generator), description: description,
        icon: icon, weapon: Self.pick(declared.weaponList, &generator),
        nameColor: Self.pick(Self.colors, &generator))
      for key in Self.monsterKeys where Self.chance(1, in: 4, &generator) {
        monster.otherFields.append(JSONMember(key, value(using: &generator)))
      }
      for field in declared.fields where Bool.random(using: &generator) {
        if let value = declaredValue(of: field, using: &generator) {
          monster.otherFields.append(JSONMember(field.key, value))
        }
      }
      return Tracked(identity: identity, monster: monster)
    }

    /// A value a declared field takes.
    private mutating func declaredValue(
      of field: MonsterField, using generator: inout some RandomNumberGenerator
    ) -> JSONValue? {
      switch field.kind {
      case .values(let values): return values.isEmpty ? nil : .string(Self.pick(values, &generator))
      case .integer(let low, let high):
        let (from, to) = (low ?? -5, high ?? 20)
        return from <= to ? .number(String(Int.random(in: from...to, using: &generator))) : nil
      default: return .string(freshText("note "))
      }
    }

    mutating func makeBase(using generator: inout some RandomNumberGenerator) -> Version {
      var base = Version(monsters: [], otherFields: [])
      // Mostly a few monsters, where edits meet; now and then more, where the merge walks
      // runs of monsters that stand the same, and looks ahead past insertions.
      let count =
        Self.chance(1, in: 10, &generator)
        ? Int.random(in: 8...40, using: &generator) : Int.random(in: 0...7, using: &generator)
      // A quarter of the ancestors declare their own weapons and fields, which the sides
      // change too.
      if Self.chance(1, in: 4, &generator),
        let team = try? MonsterField(declaring: "team", kind: .values(["red", "blue"])),
        let rank = try? MonsterField(declaring: "rank", kind: .integer(minimum: 1, maximum: 10)),
        let notes = try? MonsterField(declaring: "notes")
      {
        base.declared = Declared(
          weapons: [.sword, .fire, .smoke, Weapon(name: "laser", imageName: "laser.png")],
          fields: [team, rank, notes], otherKeys: .keep)
      }
      for _ in 0..<count {
        base.monsters.append(newMonster(declared: base.declared, using: &generator))
      }
      for key in Self.rosterKeys where Bool.random(using: &generator) {
        base.otherFields.append(JSONMember(key, value(using: &generator)))
      }
      steps.append(.note(distinct ? "(each monster its own description and icon)" : "(bland)"))
      return base
    }

    private mutating func randomEdit(
      of monster: Monster, keys: inout Set<String>, declared: Declared,
      using generator: inout some RandomNumberGenerator
    ) -> Edit? {
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: return .description(description(using: &generator))
      case 1: return .icon(icon(using: &generator))
      case 2: return .weapon(Self.pick(declared.weaponList, &generator))
      case 3: return .nameColor(Self.pick(Self.colors, &generator))
      case 4 where !declared.fields.isEmpty && Bool.random(using: &generator):
        let field = Self.pick(declared.fields, &generator)
        guard keys.insert(field.key).inserted else { return nil }
        let has = monster.otherFields.contains { $0.key == field.key }
        return .key(
          field.key,
          has && Self.chance(1, in: 4, &generator)
            ? nil : declaredValue(of: field, using: &generator))
      default:
        // One edit a key, so that a key removed is not added again at the end.
        let key = Self.pick(Self.monsterKeys, &generator)
        guard keys.insert(key).inserted else { return nil }
        let has = monster.otherFields.contains { $0.key == key }
        return .key(key, has && Bool.random(using: &generator) ? nil : value(using: &generator))
      }
    }

    private mutating func newName(
      for monster: Monster, using generator: inout some RandomNumberGenerator
    ) -> String {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: monster.name.uppercased()
      case 1: monster.name.lowercased()
      default: freshName(using: &generator)
      }
    }

    private mutating func randomAction(
      on monster: Monster, declared: Declared, using generator: inout some RandomNumberGenerator
    ) -> Action {
      var keys: Set<String> = []
      switch Int.random(in: 0..<20, using: &generator) {
      case 0..<3: return .remove
      case 3..<7:
        let name = newName(for: monster, using: &generator)
        return keepsIdentity(monster, monster) ? .rename(name) : .edit([])
      case 7..<10:
        let name = newName(for: monster, using: &generator)
        guard let edit = randomEdit(of: monster, keys: &keys, declared: declared, using: &generator)
        else {
          return keepsIdentity(monster, monster) ? .rename(name) : .edit([])
        }
        var edited = monster
        Self.apply(edit, to: &edited)
        // A monster renamed must keep something else that tells who it is, or the files
        // cannot tell it from a monster removed and another added.
        return keepsIdentity(monster, edited) ? .renameAndEdit(name, edit) : .edit([edit])
      default:
        var edits: [Edit] = []
        for _ in 0..<Int.random(in: 1...2, using: &generator) {
          if let edit = randomEdit(of: monster, keys: &keys, declared: declared, using: &generator)
          {
            edits.append(edit)
          }
        }
        return .edit(edits)
      }
    }

    private static func apply(_ edit: Edit, to monster: inout Monster) {
      switch edit {
      case .description(let text): monster.description = text
      case .icon(let icon): monster.icon = icon
      case .weapon(let weapon): monster.weapon = weapon
      case .nameColor(let color): monster.nameColor = color
      case .key(let key, let value): setting(key, value, in: &monster.otherFields)
      }
    }

    private static func apply(_ action: Action, to monster: inout Monster) {
      switch action {
      case .remove: break
      case .rename(let name): monster.name = name
      case .edit(let edits): for edit in edits { apply(edit, to: &monster) }
      case .renameAndEdit(let name, let edit):
        monster.name = name
        apply(edit, to: &monster)
      }
    }

    private static func setting(_ key: String, _ value: JSONValue?, in members: inout [JSONMember])
    {
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let value { members[index].value = value } else { members.remove(at: index) }
      } else if let value {
        members.append(JSONMember(key, value))
      }
    }

    private mutating func tell(_ side: Int?, _ action: Action, _ monster: Monster) {
      steps.append(.act(side.map { $0 == 0 ? "ours" : "theirs" } ?? "both", action, monster.name))
    }

    mutating func makeSides(from base: Version, using generator: inout some RandomNumberGenerator)
      -> (Version, Version)
    {
      var sides = [base, base]
      // What the roster declares, changed first: on a side, or on both alike.
      if base.declared != Declared() {
        if Self.chance(1, in: 6, &generator) {
          let change = declarationChange(of: sides[0], using: &generator)
          for side in 0..<2 { declare(change, on: &sides[side], side: side, alike: true) }
        }
        for side in 0..<2 where Self.chance(1, in: 3, &generator) {
          for _ in 0..<Int.random(in: 1...2, using: &generator) {
            declare(
              declarationChange(of: sides[side], using: &generator), on: &sides[side], side: side)
          }
        }
      }
      // The ancestor's monsters: each side acts on some, alone or both the same way, as
      // what the side declares allows.
      for tracked in base.monsters {
        var actions: [Action?] = [nil, nil]
        let roll = Int.random(in: 0..<10, using: &generator)
        switch roll {
        case 0:
          let action = randomAction(
            on: tracked.monster, declared: sides[0].declared, using: &generator)
          actions = [action, action]
        case 1..<7:
          for side in 0..<2 where Bool.random(using: &generator) {
            actions[side] = randomAction(
              on: tracked.monster, declared: sides[side].declared, using: &generator)
          }
        default:
          break
        }
        var made: [Action?] = [nil, nil]
        for side in 0..<2 {
          guard let action = actions[side],
            let index = sides[side].monsters.firstIndex(where: { $0.identity == tracked.identity })
          else { continue }
          var changed = sides[side]
          if case .remove = action {
            changed.monsters.remove(at: index)
          } else {
            Self.apply(action, to: &changed.monsters[index].monster)
          }
          guard changed.roster() != nil else { continue }
          sides[side] = changed
          made[side] = action
        }
        if roll == 0, let action = made[0], made[1] != nil {
          tell(nil, action, tracked.monster)
        } else {
          for side in 0..<2 { if let action = made[side] { tell(side, action, tracked.monster) } }
        }
      }
      // Names handed to other monsters, on a quarter of the sides: one side, or both alike.
      if Self.chance(1, in: 8, &generator) {
        if let reuse = reuse(on: sides[0], of: base, using: &generator),
          reuse.renames.allSatisfy({ renamed in
            sides[1].monsters.first { $0.identity == renamed.identity }.map {
              keepsIdentity(base.monster(renamed.identity), $0.monster)
            } ?? true
          })
        {
          for side in 0..<2 { apply(reuse, to: &sides[side], of: base, side: side, alike: true) }
        }
      } else {
        for side in 0..<2 where Self.chance(1, in: 4, &generator) {
          guard let reuse = reuse(on: sides[side], of: base, using: &generator) else {
            continue
          }
          apply(reuse, to: &sides[side], of: base, side: side, alike: false)
        }
      }
      // Monsters added on each side, appended (as `add` does) or put anywhere.
      for side in 0..<2 {
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
          let added = newMonster(unlike: base, declared: sides[side].declared, using: &generator)
          guard tryInsert(added, into: &sides[side], using: &generator) else { continue }
          steps.append(.note("\(side == 0 ? "ours" : "theirs"): add \(added.monster.name)"))
        }
      }
      // One name added on both sides: alike, or not (another field, or the name in another
      // case).
      if Self.chance(1, in: 4, &generator) {
        let added = newMonster(unlike: base, declared: sides[0].declared, using: &generator)
        var other = added
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: other.monster.weapon = Weapon(other.monster.weapon.type == .fire ? .smoke : .fire)
        case 1: other.monster.name = other.monster.name.uppercased()
        case 2: other.monster.description = freshText("other ")
        default: break
        }
        if tryInsert(added, into: &sides[0], using: &generator) {
          if !tryInsert(other, into: &sides[1], using: &generator) {
            sides[0].monsters.removeAll { $0.identity == added.identity }
          } else {
            steps.append(.note("both: add \(added.monster.name) / \(other.monster.name)"))
          }
        }
      }
      // A name one side gives by renaming and the other by adding.
      if Self.chance(1, in: 8, &generator), !base.monsters.isEmpty {
        let renamer = Int.random(in: 0..<2, using: &generator)
        let target = Self.pick(base.monsters, &generator).identity
        // Only a monster this side left as it was: a rename changes only the name.
        if let index = sides[renamer].monsters.firstIndex(where: { $0.identity == target }),
          case let original = sides[renamer].monsters[index].monster,
          let before = base.monster(target), MergeScenario.same(original, before)
        {
          var added = newMonster(
            unlike: base, declared: sides[1 - renamer].declared, using: &generator)
          var renamed = sides[renamer]
          renamed.monsters[index].monster.name = added.monster.name
          added.monster.name = added.monster.name.lowercased()
          if renamed.roster() != nil, tryInsert(added, into: &sides[1 - renamer], using: &generator)
          {
            sides[renamer] = renamed
            steps.append(
              .note(
                "\(renamer == 0 ? "ours" : "theirs"): rename \(original.name) -> "
                  + "\(renamed.monsters[index].monster.name); the other side adds "
                  + added.monster.name))
          }
        }
      }
      // The roster's own keys.
      for side in 0..<2 where Self.chance(1, in: 3, &generator) {
        let key = Self.pick(Self.rosterKeys, &generator)
        let has = sides[side].otherFields.contains { $0.key == key }
        let value = has && Bool.random(using: &generator) ? nil : value(using: &generator)
        Self.setting(key, value, in: &sides[side].otherFields)
        steps.append(.rosterKey(side == 0 ? "ours" : "theirs", key, value))
      }
      return (sides[0], sides[1])
    }

    /// A change of what a side declares, at random.
    private mutating func declarationChange(
      of side: Version, using generator: inout some RandomNumberGenerator
    ) -> DeclarationChange {
      let declared = side.declared
      let values: [String]
      if case .values(let list)? = declared.field("team")?.kind {
        values = list
      } else {
        values = []
      }
      var range: (Int?, Int?) = (nil, nil)
      if case .integer(let low, let high)? = declared.field("rank")?.kind { range = (low, high) }
      let own = declared.weaponList.filter { $0.type == nil }
      switch Int.random(in: 0..<8, using: &generator) {
      case 0: return .addValue(freshText("t"))
      case 1 where !values.isEmpty: return .removeValue(Self.pick(values, &generator))
      case 2:
        let (low, high) = range
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return .range(minimum: low.map { $0 - 1 }, maximum: high)
        case 1: return .range(minimum: low.map { $0 + 1 }, maximum: high)
        case 2: return .range(minimum: low, maximum: high.map { $0 + 5 })
        default: return .range(minimum: low, maximum: high.map { $0 - 1 })
        }
      case 3:
        let name = freshText("w")
        return .addWeapon(Weapon(name: name, imageName: name + ".png"))
      case 4: return .removeWeapon(Self.pick(declared.weaponList, &generator).name)
      case 5 where !own.isEmpty:
        return .image(Self.pick(own, &generator).name, freshText("image") + ".png")
      case 6: return .addField(freshText("extra"))
      default:
        let removable = declared.fields.filter { $0.key != "team" && $0.key != "rank" }
        guard !removable.isEmpty else { return .addValue(freshText("t")) }
        return .removeField(Self.pick(removable, &generator).key)
      }
    }

    /// Makes a change to what a side declares, where its monsters still fit.
    private mutating func declare(
      _ change: DeclarationChange, on side: inout Version, side index: Int, alike: Bool = false
    ) {
      guard let changed = side.changing(change) else { return }
      side = changed
      steps.append(
        .note("\(index == 0 ? "ours" : "theirs"): \(change)" + (alike ? " (both sides alike)" : ""))
      )
    }

    /// Names that a side frees and gives again: renames onto names that other renames
    /// free, and a new monster under the name of one renamed away or removed.
    fileprivate struct Reuse {
      /// The new names, by identity.
      var renames: [(identity: Int, name: String)] = []
      /// The monsters removed, by identity.
      var removals: [Int] = []
      /// A new monster under a freed name, and the offset it takes: the freed one's, or
      /// any.
      var added: (monster: Tracked, at: Int)?
      /// A monster removed or renamed away and a new one under its name that the files
      /// cannot tell from it edited: the identities of both.
      var replaced: (old: Int, new: Int)?
      var story: String
    }

    /// What a side does to free names and give them again, or `nil` when it has too few
    /// monsters for it.
    ///
    /// Any monster the side has from the ancestor is renamed, edited or not, as long as it
    /// keeps something that tells who it is besides its name (``keepsIdentity(_:_:)``).
    private mutating func reuse(
      on side: Version, of base: Version, using generator: inout some RandomNumberGenerator
    ) -> Reuse? {
      let renamable = side.monsters.filter { tracked in
        base.monster(tracked.identity).map { keepsIdentity($0, tracked.monster) } ?? false
      }.shuffled(using: &generator)
      let kind = Int.random(in: 0..<6, using: &generator)
      let needed = [2, 2, 3, 1, 0, 1][kind]
      let present = side.monsters.filter { base.monster($0.identity) != nil }
      guard renamable.count >= needed, !present.isEmpty else { return nil }
      // The monsters renamed, by their order here.
      func renamed(_ k: Int) -> Tracked { renamable[k] }
      func name(_ k: Int) -> String { renamable[k].monster.name }
      switch kind {
      case 0:
        return Reuse(
          renames: [(renamed(0).identity, name(1)), (renamed(1).identity, name(0))],
          story: "swap \(name(0)) <-> \(name(1))")
      case 1:
        let away = freshName(using: &generator)
        return Reuse(
          renames: [(renamed(0).identity, away), (renamed(1).identity, name(0))],
          story: "rename \(name(0)) -> \(away), then \(name(1)) -> \(name(0))")
      case 2:
        return Reuse(
          renames: [
            (renamed(0).identity, name(1)), (renamed(1).identity, name(2)),
            (renamed(2).identity, name(0)),
          ],
          story: "rename \(name(0)) -> \(name(1)) -> \(name(2)) -> \(name(0))")
      case 3:
        let away = freshName(using: &generator)
        let (added, blurred) = replacement(for: renamed(0), on: side, of: base, using: &generator)
        return Reuse(
          renames: [(renamed(0).identity, away)], added: added,
          replaced: blurred ? (renamed(0).identity, added.monster.identity) : nil,
          story: "rename \(name(0)) -> \(away), add a new \(added.monster.monster.name)")
      case 4:
        let gone = Self.pick(present, &generator)
        let (added, blurred) = replacement(for: gone, on: side, of: base, using: &generator)
        return Reuse(
          removals: [gone.identity], added: added,
          replaced: blurred ? (gone.identity, added.monster.identity) : nil,
          story: "remove \(gone.monster.name), add a new \(added.monster.monster.name)")
      default:
        let others = present.filter { $0.identity != renamed(0).identity }
        guard !others.isEmpty else { return nil }
        let gone = Self.pick(others, &generator)
        return Reuse(
          renames: [(renamed(0).identity, gone.monster.name)], removals: [gone.identity],
          story: "remove \(gone.monster.name), rename \(name(0)) -> \(gone.monster.name)")
      }
    }

    /// Whether a monster, as a side has it, keeps besides its name something that tells
    /// the files who it is: the description or the icon it had, where no other monster has
    /// it (a text the scenario made for it alone; in a bland scenario descriptions can be
    /// empty or shared, and icons shared).
    private func keepsIdentity(_ before: Monster?, _ after: Monster) -> Bool {
      guard let before else { return false }
      let ownDescription =
        !before.description.isEmpty && before.description != "Beeps"
        && before.description == after.description
      let ownIcon = before.icon != "bot.png" && before.icon == after.icon
      return ownDescription || ownIcon
    }

    /// A new monster under the name of one that leaves a side, in the place that one
    /// leaves or anywhere, and whether the files cannot tell it from the one that leaves,
    /// edited: a new monster of its own, or, in a bland scenario, now and then one with all
    /// the fields the one that leaves had but one.
    private mutating func replacement(
      for leaving: Tracked, on side: Version, of base: Version,
      using generator: inout some RandomNumberGenerator
    ) -> (added: (monster: Tracked, at: Int), blurred: Bool) {
      var added = newMonster(unlike: base, declared: side.declared, using: &generator)
      let before = base.monster(leaving.identity) ?? leaving.monster
      if !distinct, Bool.random(using: &generator) {
        added.monster = before
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: added.monster.icon = icon(using: &generator)
        case 1: added.monster.description = description(using: &generator)
        default:
          added.monster.weapon = Weapon(before.weapon.type == .fire ? .smoke : .fire)
        }
      }
      added.monster.name =
        Self.chance(1, in: 4, &generator)
        ? leaving.monster.name.uppercased() : leaving.monster.name
      let place =
        Bool.random(using: &generator)
        ? side.monsters.firstIndex { $0.identity == leaving.identity }
        : Int.random(in: 0...side.monsters.count, using: &generator)
      let new = added.monster
      let differences = [
        new.description != before.description, new.icon != before.icon,
        new.weapon != before.weapon, new.nameColor != before.nameColor,
        new.otherFields != before.otherFields,
      ].count { $0 }
      let blurred =
        differences <= 1 || (new.description == before.description && new.icon == before.icon)
      return ((added, place ?? side.monsters.count), blurred)
    }

    /// Does what a ``Reuse`` says to a side, all at once, unless it would leave the side
    /// with two monsters of one name (the side changed since the reuse was made).
    private mutating func apply(
      _ reuse: Reuse, to side: inout Version, of base: Version, side index: Int, alike: Bool
    ) {
      var changed = side
      for (identity, name) in reuse.renames {
        guard let index = changed.monsters.firstIndex(where: { $0.identity == identity }) else {
          return
        }
        changed.monsters[index].monster.name = name
      }
      for identity in reuse.removals {
        guard let index = changed.monsters.firstIndex(where: { $0.identity == identity }) else {
          return
        }
        changed.monsters.remove(at: index)
      }
      if let (tracked, at) = reuse.added {
        changed.monsters.insert(tracked, at: min(at, changed.monsters.count))
      }
      guard changed.roster() != nil else { return }
      side = changed
      reused = true
      if let (old, new) = reuse.replaced {
        replacements.append((index, old, new))
      } else if let added = reuse.added, let old = reuse.removals.first {
        replacementsOfRemoved.append((index, old, added.monster.identity))
      }
      steps.append(
        .note(
          "\(index == 0 ? "ours" : "theirs"): \(reuse.story)" + (alike ? " (both sides alike)" : "")
        ))
    }

    /// Puts a monster in a side, at the end or anywhere, unless its name is taken there.
    @discardableResult
    private func tryInsert(
      _ tracked: Tracked, into side: inout Version,
      using generator: inout some RandomNumberGenerator
    ) -> Bool {
      var changed = side
      insert(tracked, into: &changed, using: &generator)
      guard changed.roster() != nil else { return false }
      side = changed
      return true
    }

    private func insert(
      _ tracked: Tracked, into side: inout Version,
      using generator: inout some RandomNumberGenerator
    ) {
      if Bool.random(using: &generator) {
        side.monsters.append(tracked)
      } else {
        side.monsters.insert(
          tracked, at: Int.random(in: 0...side.monsters.count, using: &generator))
      }
    }
  }
}
