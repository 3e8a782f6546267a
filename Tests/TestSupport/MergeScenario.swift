import MonsterKit

/// A three-way merge of rosters whose right outcome is known, to hold `RosterMerge` and
/// `RosterDiff` to it.
///
/// A scenario is made at random: an ancestor, then edits on each side, as a team makes them
/// (renames that change only the name, monsters added with empty or other descriptions and
/// icons of their own, removals, field edits, keys `monsters` does not know, on monsters
/// and on the roster, one name added on both sides alike or not, a rename onto a name the
/// other side adds; now and then names freed and given again: swapped, renamed in a chain or
/// a cycle, a monster renamed away or removed while a new one takes its name, on one side or
/// on both). Every monster carries an identity that the scenario tracks through
/// the edits, and that the rosters do not hold: the merge has to find each monster by what
/// the files say, while the scenario knows which monster is which.
///
/// From the identities, the right merge is worked out monster by monster and field by
/// field (``truth``), and so is what each side changed (``changes(of:)``). ``check()`` merges
/// and compares the rosters as `monsters merge` and `monsters diff` do, and holds them to
/// it: a clean merge must be exactly the truth, a diff must name exactly the changes made;
/// a merge may mark a conflict where the truth is clean, which is counted, never wrong.
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
  /// The right merge had the files no identity to tell: where a side removed a monster and
  /// added a new one under its name, which the files cannot tell from the monster changed
  /// (monsters are matched by name), the merge of the new one taken for the old one; `nil`
  /// where no side did so, or where it conflicts.
  public let truthByName: Roster?
  /// Whether a side gave a name of the ancestor to another monster: swapped names, renamed
  /// one onto a name another freed by a rename or a removal, or added a new monster under a
  /// freed name.
  public let reusesNames: Bool
  /// What each side did, one line an edit, for a failure's message.
  public var story: [String] { steps.map(\.description) }

  private let steps: [Step]

  private let expectedChanges: [MergeSide: [RosterDiff.Change]]

  private let baseVersion: Version
  private let sideVersions: [Version]

  /// What a check found, when it found nothing wrong.
  public enum Outcome: Sendable {
    /// The merge was clean, and exactly the truth.
    case exact
    /// The sides truly conflict, and the merge said so.
    case conflict
    /// The truth is clean, but the merge marked a conflict: allowed, and counted.
    case spuriousConflict
    /// The merge was clean, and exactly ``truthByName``, not ``truth``: a side removed a
    /// monster and added another under its name, which the files cannot tell from the
    /// monster changed. Allowed, and counted.
    case byName
    /// The merge was clean, with exactly the monsters and keys of ``truth`` (or of
    /// ``truthByName``), each as it is there, in another order: a side gave a name of the
    /// ancestor to another monster, and the merge, which matches monsters by name, read it
    /// as moved. Allowed, and counted.
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
    var builder = Builder()
    let base = builder.makeBase(using: &generator)
    let (ours, theirs) = builder.makeSides(from: base, using: &generator)
    // The names a scenario gives never clash on one side.
    guard let baseRoster = base.roster(), let oursRoster = ours.roster(),
      let theirsRoster = theirs.roster()
    else { preconditionFailure("a scenario's side is no roster:\n\(builder.steps)") }
    (self.base, self.ours, self.theirs) = (baseRoster, oursRoster, theirsRoster)
    truth = Self.merge(base: base, ours: ours, theirs: theirs)
    if builder.replacements.isEmpty {
      truthByName = nil
    } else {
      // The new monsters, taken for those whose names they took.
      var byName = [ours, theirs]
      for (side, old, new) in builder.replacements {
        for k in byName[side].monsters.indices where byName[side].monsters[k].identity == new {
          byName[side].monsters[k].identity = old
        }
      }
      truthByName = Self.merge(base: base, ours: byName[0], theirs: byName[1])
    }
    reusesNames = builder.reused
    (baseVersion, sideVersions) = (base, [ours, theirs])
    expectedChanges = [
      .ours: Self.changes(from: base, to: ours), .theirs: Self.changes(from: base, to: theirs),
    ]
    steps = builder.steps
  }

  /// What `RosterDiff` should find from the ancestor to a side.
  public func changes(of side: MergeSide) -> [RosterDiff.Change] {
    expectedChanges[side] ?? []
  }

  // MARK: - Checking

  /// Merges the rosters as they are and as `monsters merge` reads their files, compares
  /// each side with the ancestor as `monsters diff` does, and holds all of it to the truth.
  ///
  /// - Returns: What the merge gave, when it is right.
  /// - Throws: ``Violation`` when a clean merge is not the truth, when it is not the same
  ///   read from files, or when a diff does not name exactly the changes made.
  public func check() throws(Violation) -> Outcome {
    let merge = RosterMerge(base: base, ours: ours, theirs: theirs)
    let fromFiles = try mergeOfFiles()
    let bytes = Self.file(of: merge)
    guard Self.file(of: fromFiles) == bytes, fromFiles.conflicts == merge.conflicts else {
      throw violation("the merge of the files differs from the merge of the rosters")
    }
    for side in [MergeSide.ours, .theirs] {
      let roster = side == .ours ? ours : theirs
      let found = RosterDiff(from: base, to: roster).changes
      if reusesNames {
        // Which monster is which the files may not tell: the diff must tell a story that
        // makes the side from the ancestor.
        guard Self.explains(found, baseVersion, sideVersions[side == .ours ? 0 : 1]) else {
          throw violation("the diff of \(side) does not make it from the ancestor:\n  \(found)")
        }
        continue
      }
      guard Self.sameChanges(found, changes(of: side)) else {
        throw violation(
          "the diff of \(side) is not what it did:\n  found \(found)\n  made  \(changes(of: side))"
        )
      }
    }
    guard let truth else {
      guard !merge.isClean else {
        if let outcome = allowedByName(merge, bytes) { return outcome }
        throw violation("a clean merge where the sides conflict: \(text(bytes))")
      }
      return .conflict
    }
    guard merge.isClean else { return .spuriousConflict }
    let expected = Self.canonical(truth)
    guard bytes == expected else {
      if reusesNames, Self.sameButOrder(merge, truth) { return .reordered }
      if let outcome = allowedByName(merge, bytes) { return outcome }
      throw violation("the clean merge is wrong:\n\(text(bytes))\nthe truth:\n\(text(expected))")
    }
    return .exact
  }

  /// What a clean merge that is not ``truth`` is, when it is ``truthByName``, exactly or in
  /// another order.
  private func allowedByName(_ merge: RosterMerge, _ bytes: [UInt8]) -> Outcome? {
    guard let truthByName else { return nil }
    if bytes == Self.canonical(truthByName) { return .byName }
    return Self.sameButOrder(merge, truthByName) ? .reordered : nil
  }

  /// Whether a clean merge has exactly the monsters and keys of a roster, in any order, and
  /// each monster's keys `monsters` does not know in any order.
  private static func sameButOrder(_ merge: RosterMerge, _ truth: Roster) -> Bool {
    func keysInOrder(_ monster: Monster) -> Monster {
      var monster = monster
      monster.otherFields.sort { $0.key < $1.key }
      return monster
    }
    guard let result = merge.result, result.count == truth.count,
      result.otherFields == truth.otherFields
    else { return false }
    var left = result.map(keysInOrder)
    for monster in truth.map(keysInOrder) {
      guard let index = left.firstIndex(where: { same($0, monster) }) else { return false }
      left.remove(at: index)
    }
    return true
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

  /// A roster's canonical bytes, written a few kilobytes at a time: the writer's default
  /// buffer of a megabyte, made for every small roster, would cost more than the rest of a
  /// scenario.
  private static func canonical(_ roster: Roster) -> [UInt8] {
    roster.canonicalJSON()
  }

  /// A merge's file, written as ``canonical(_:)`` writes.
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

  // MARK: - The truth

  /// A monster and the identity the scenario knows it by.
  fileprivate struct Tracked: Sendable {
    var identity: Int
    var monster: Monster
  }

  /// A roster as the scenario sees it: its monsters, each with its identity.
  fileprivate struct Version: Sendable {
    var monsters: [Tracked]
    var otherFields: [JSONMember]

    func roster() -> Roster? {
      try? Roster(monsters.map(\.monster), otherFields: otherFields)
    }

    func monster(_ identity: Int) -> Monster? {
      monsters.first { $0.identity == identity }?.monster
    }
  }

  /// The right merge, identity by identity and field by field; `nil` where it conflicts.
  ///
  /// Each monster of the ancestor is merged field by field (a field one side changed takes
  /// that side's value; both changing it differently is a conflict), or removed when one
  /// side removed it and the other left it as it was. A monster added on one side is
  /// added; one added on both, under one name, is added once when both added it alike.
  /// The result keeps ours' order of the monsters both sides have; a monster one side added
  /// follows the nearest of those before it on that side, after those ours added there
  /// when it is theirs. Keys `monsters` does not know are merged key by key in the same way: the
  /// ancestor's in its order, then those ours added, then those theirs added.
  private static func merge(base: Version, ours: Version, theirs: Version) -> Roster? {
    var merged: [Int: Monster] = [:]
    for tracked in base.monsters {
      let b = tracked.monster
      switch (ours.monster(tracked.identity), theirs.monster(tracked.identity)) {
      case (let o?, let t?):
        guard let monster = mergeFields(b, o, t) else { return nil }
        merged[tracked.identity] = monster
      case (let o?, nil):
        guard same(o, b) else { return nil }
      case (nil, let t?):
        guard same(t, b) else { return nil }
      case (nil, nil):
        break
      }
    }
    let baseIdentities = Set(base.monsters.map(\.identity))
    for tracked in ours.monsters + theirs.monsters where !baseIdentities.contains(tracked.identity)
    {
      let (o, t) = (ours.monster(tracked.identity), theirs.monster(tracked.identity))
      if let o, let t, !same(o, t) { return nil }
      merged[tracked.identity] = o ?? t
    }
    guard let otherFields = mergeMembers(base.otherFields, ours.otherFields, theirs.otherFields)
    else { return nil }
    // The order: the monsters both sides have, in ours' order, each followed by those ours
    // added after it, then those theirs added after it (on each side, after the nearest
    // monster before them that both sides have).
    let oursIdentities = Set(ours.monsters.map(\.identity))
    let theirsIdentities = Set(theirs.monsters.map(\.identity))
    let common = ours.monsters.map(\.identity).filter { theirsIdentities.contains($0) }
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
      order += added(after: anchor, in: ours, skipping: [])
      order += added(after: anchor, in: theirs, skipping: oursIdentities)
    }
    return try? Roster(order.compactMap { merged[$0] }, otherFields: otherFields)
  }

  /// Whether two versions of a monster are the same, the name spelled the same byte for
  /// byte.
  private static func same(_ a: Monster, _ b: Monster) -> Bool {
    a == b && a.name.utf8.elementsEqual(b.name.utf8)
  }

  /// The sides changed one value two ways.
  private struct Conflict: Error {}

  /// Merges one value: a side that left it takes the other side's.
  private static func threeWay<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value)
    throws(Conflict) -> Value
  {
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
      monster.weapon = try threeWay(b.weapon, o.weapon, t.weapon)
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

  /// Merges keys key by key: the ancestor's in its order, then ours' new ones, then theirs'.
  private static func mergeMembers(_ b: [JSONMember], _ o: [JSONMember], _ t: [JSONMember])
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
        .changed(now.name, .other($0.key), from: $0.from, to: $0.to)
      }
    }
    let baseIdentities = Set(base.monsters.map(\.identity))
    for tracked in side.monsters where !baseIdentities.contains(tracked.identity) {
      changes.append(.added(tracked.monster))
    }
    changes += memberChanges(base.otherFields, side.otherFields).map {
      .rosterField($0.key, from: $0.from, to: $0.to)
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

  // MARK: - Making a scenario

  /// What one side does to one of the ancestor's monsters.
  fileprivate enum Action: Sendable {
    case remove
    case rename(String)
    case edit([Edit])
  }

  /// One change of a field.
  fileprivate enum Edit: Sendable {
    case description(String)
    case icon(String)
    case weapon(Weapon)
    case nameColor(NameColor?)
    /// A key `monsters` does not know, set (added) or removed.
    case key(String, JSONValue?)
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
      case .rosterKey(let who, let key, let value):
        "\(who): roster key \(key) = \(String(describing: value))"
      case .note(let text): text
      }
    }
  }

  /// Makes the ancestor and the sides, and tells what it did.
  private struct Builder {
    var steps: [Step] = []
    /// Whether a side gave a name of the ancestor to another monster.
    var reused = false
    /// The monsters a side removed and added a new one under the name of: the side, and the
    /// identities of the old and the new.
    var replacements: [(side: Int, old: Int, new: Int)] = []
    private var nextIdentity = 0
    private var nextName = 0
    private var nextText = 0

    /// Name stems, some with letters that case folding and normalisation treat specially.
    private static let stems = ["Bot", "Zed", "\u{C9}clair", "Stra\u{DF}e", "Ra\u{1F916}"]
    private static let monsterKeys = ["tags", "level", "x"]
    private static let rosterKeys = ["owner", "team", "notes"]
    private static let colors: [NameColor?] = [nil, .red, .blue, .rgb(red: 1, green: 2, blue: 3)]

    /// One of some items, at random.
    static func pick<Item>(_ items: [Item], _ generator: inout some RandomNumberGenerator) -> Item {
      items[Int.random(in: 0..<items.count, using: &generator)]
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

    /// A description: often empty, sometimes one that others share.
    private mutating func description(using generator: inout some RandomNumberGenerator)
      -> String
    {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0, 1: ""
      case 2: "Beeps"
      default: freshText("says ")
      }
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

    /// A new monster, with an icon of its own.
    private mutating func newMonster(using generator: inout some RandomNumberGenerator)
      -> Tracked
    {
      let identity = identity()
      var monster = Monster(
        name: freshName(using: &generator), description: description(using: &generator),
        icon: "icon\(identity).png",
        weapon: Self.pick(Weapon.builtIn, &generator),
        nameColor: Self.pick(Self.colors, &generator))
      for key in Self.monsterKeys where Int.random(in: 0..<4, using: &generator) == 0 {
        monster.otherFields.append(JSONMember(key, value(using: &generator)))
      }
      return Tracked(identity: identity, monster: monster)
    }

    mutating func makeBase(using generator: inout some RandomNumberGenerator) -> Version {
      var base = Version(monsters: [], otherFields: [])
      // Mostly a few monsters, where edits meet; now and then more, where the merge walks
      // runs of monsters that stand the same, and looks ahead past insertions.
      let count =
        Int.random(in: 0..<10, using: &generator) == 0
        ? Int.random(in: 8...40, using: &generator) : Int.random(in: 0...7, using: &generator)
      for _ in 0..<count {
        base.monsters.append(newMonster(using: &generator))
      }
      for key in Self.rosterKeys where Bool.random(using: &generator) {
        base.otherFields.append(JSONMember(key, value(using: &generator)))
      }
      return base
    }

    private mutating func randomEdits(
      of monster: Monster, using generator: inout some RandomNumberGenerator
    ) -> [Edit] {
      var edits: [Edit] = []
      var keys: Set<String> = []
      for _ in 0..<Int.random(in: 1...2, using: &generator) {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: edits.append(.description(description(using: &generator)))
        case 1: edits.append(.icon(freshText("icon-") + ".png"))
        case 2: edits.append(.weapon(Self.pick(Weapon.builtIn, &generator)))
        case 3: edits.append(.nameColor(Self.pick(Self.colors, &generator)))
        default:
          // One edit a key, so that a key removed is not added again at the end.
          let key = Self.pick(Self.monsterKeys, &generator)
          guard keys.insert(key).inserted else { continue }
          let has = monster.otherFields.contains { $0.key == key }
          edits.append(
            .key(key, has && Bool.random(using: &generator) ? nil : value(using: &generator)))
        }
      }
      return edits
    }

    private mutating func randomAction(
      on monster: Monster, using generator: inout some RandomNumberGenerator
    ) -> Action {
      switch Int.random(in: 0..<20, using: &generator) {
      case 0..<3: return .remove
      case 3..<6: return .rename(freshName(using: &generator))
      case 6: return .rename(monster.name.uppercased())
      default: return .edit(randomEdits(of: monster, using: &generator))
      }
    }

    private static func apply(_ action: Action, to monster: inout Monster) {
      switch action {
      case .remove: break
      case .rename(let name): monster.name = name
      case .edit(let edits):
        for edit in edits {
          switch edit {
          case .description(let text): monster.description = text
          case .icon(let icon): monster.icon = icon
          case .weapon(let weapon): monster.weapon = weapon
          case .nameColor(let color): monster.nameColor = color
          case .key(let key, let value): setting(key, value, in: &monster.otherFields)
          }
        }
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

    private mutating func tell(_ side: MergeSide?, _ action: Action, _ monster: Monster) {
      steps.append(.act(side.map { "\($0)" } ?? "both", action, monster.name))
    }

    mutating func makeSides(from base: Version, using generator: inout some RandomNumberGenerator)
      -> (Version, Version)
    {
      var sides = [base, base]
      // The ancestor's monsters: each side acts on some, alone or both the same way.
      for tracked in base.monsters {
        var actions: [Action?] = [nil, nil]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
          let action = randomAction(on: tracked.monster, using: &generator)
          actions = [action, action]
          tell(nil, action, tracked.monster)
        case 1..<7:
          for side in 0..<2 where Int.random(in: 0..<2, using: &generator) == 0 {
            let action = randomAction(on: tracked.monster, using: &generator)
            actions[side] = action
            tell(side == 0 ? .ours : .theirs, action, tracked.monster)
          }
        default:
          break
        }
        for side in 0..<2 {
          guard let action = actions[side],
            let index = sides[side].monsters.firstIndex(where: { $0.identity == tracked.identity })
          else { continue }
          if case .remove = action {
            sides[side].monsters.remove(at: index)
          } else {
            Self.apply(action, to: &sides[side].monsters[index].monster)
          }
        }
      }
      // Names freed and taken again: on one side, on each side its own way, or on both
      // the same way.
      if Int.random(in: 0..<16, using: &generator) == 0 {
        let who = Int.random(in: 0..<4, using: &generator)
        if who < 3, let reuse = reuse(on: sides[who == 1 ? 1 : 0], of: base, using: &generator) {
          for side in 0..<2 where who == 2 || side == who {
            apply(reuse, to: &sides[side], of: base, side: side, alike: who == 2)
          }
        } else if who == 3 {
          for side in 0..<2 {
            guard let reuse = reuse(on: sides[side], of: base, using: &generator) else { continue }
            apply(reuse, to: &sides[side], of: base, side: side, alike: false)
          }
        }
      }
      // Monsters added on each side, appended (as `add` does) or put anywhere.
      for side in 0..<2 {
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
          let added = newMonster(using: &generator)
          insert(added, into: &sides[side], using: &generator)
          steps.append(.note("\(side == 0 ? "ours" : "theirs"): add \(added.monster.name)"))
        }
      }
      // One name added on both sides: alike, or not (another field, or the name in another
      // case).
      if Int.random(in: 0..<4, using: &generator) == 0 {
        let added = newMonster(using: &generator)
        var other = added
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: other.monster.weapon = Weapon(other.monster.weapon.type == .fire ? .smoke : .fire)
        case 1: other.monster.name = other.monster.name.uppercased()
        case 2: other.monster.description = freshText("other ")
        default: break
        }
        insert(added, into: &sides[0], using: &generator)
        insert(other, into: &sides[1], using: &generator)
        steps.append(.note("both: add \(added.monster.name) / \(other.monster.name)"))
      }
      // A name one side gives by renaming and the other by adding.
      if Int.random(in: 0..<8, using: &generator) == 0, !base.monsters.isEmpty {
        let renamer = Int.random(in: 0..<2, using: &generator)
        let target = Self.pick(base.monsters, &generator).identity
        // Only a monster this side left as it was: a rename changes only the name.
        if let index = sides[renamer].monsters.firstIndex(where: { $0.identity == target }),
          case let original = sides[renamer].monsters[index].monster,
          let before = base.monster(target), MergeScenario.same(original, before)
        {
          var added = newMonster(using: &generator)
          sides[renamer].monsters[index].monster.name = added.monster.name
          added.monster.name = added.monster.name.lowercased()
          insert(added, into: &sides[1 - renamer], using: &generator)
          steps.append(
            .note(
              "\(renamer == 0 ? "ours" : "theirs"): rename \(original.name) -> "
                + "\(sides[renamer].monsters[index].monster.name); the other side adds "
                + added.monster.name))
        }
      }
      // The roster's own keys.
      for side in 0..<2 where Int.random(in: 0..<3, using: &generator) == 0 {
        let key = Self.pick(Self.rosterKeys, &generator)
        let has = sides[side].otherFields.contains { $0.key == key }
        let value = has && Bool.random(using: &generator) ? nil : value(using: &generator)
        Self.setting(key, value, in: &sides[side].otherFields)
        steps.append(.rosterKey(side == 0 ? "ours" : "theirs", key, value))
      }
      return (sides[0], sides[1])
    }

    /// Names that a side frees and gives again: renames onto names that other renames
    /// free, and a new monster under the name of one renamed away or removed.
    fileprivate struct Reuse {
      /// The new names, by identity: each changes only the monster's name.
      var renames: [(identity: Int, name: String)] = []
      /// The monsters removed, by identity.
      var removals: [Int] = []
      /// A new monster under a freed name, and the offset it takes: the freed one's, or
      /// any.
      var added: (monster: Tracked, at: Int)?
      /// A monster removed and the new one under its name: the identities of both.
      var replaced: (old: Int, new: Int)?
      var story: String
    }

    /// What a side does to free names and give them again, or `nil` when it has too few
    /// monsters for it.
    ///
    /// Only a monster the side left as it was, or renamed, is renamed again: a monster
    /// renamed and changed otherwise in one step reads as removed, and another added. A new
    /// monster under a freed name never has all the other fields the monster that freed it
    /// had: files could not tell the two apart, nor a merge.
    private mutating func reuse(
      on side: Version, of base: Version, using generator: inout some RandomNumberGenerator
    ) -> Reuse? {
      let renamable = side.monsters.filter { tracked in
        guard var before = base.monster(tracked.identity) else { return false }
        before.name = tracked.monster.name
        return MergeScenario.same(before, tracked.monster)
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
        let added = replacement(for: renamed(0), on: side, of: base, using: &generator)
        return Reuse(
          renames: [(renamed(0).identity, away)], added: added,
          story: "rename \(name(0)) -> \(away), add a new \(added.monster.monster.name)")
      case 4:
        let gone = Self.pick(present, &generator)
        let added = replacement(for: gone, on: side, of: base, using: &generator)
        return Reuse(
          removals: [gone.identity], added: added,
          replaced: (gone.identity, added.monster.identity),
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

    /// A new monster under the name of one that leaves a side: one of its own, or one with
    /// all of the other fields the one that leaves had in the ancestor but one; in the
    /// place that one leaves, or anywhere.
    private mutating func replacement(
      for leaving: Tracked, on side: Version, of base: Version,
      using generator: inout some RandomNumberGenerator
    ) -> (monster: Tracked, at: Int) {
      var added = newMonster(using: &generator)
      if Bool.random(using: &generator), let before = base.monster(leaving.identity) {
        added.monster = before
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: added.monster.icon = freshText("icon-") + ".png"
        case 1: added.monster.description = freshText("new ")
        default:
          added.monster.weapon = Weapon(before.weapon.type == .fire ? .smoke : .fire)
        }
      }
      added.monster.name =
        Int.random(in: 0..<4, using: &generator) == 0
        ? leaving.monster.name.uppercased() : leaving.monster.name
      let place =
        Bool.random(using: &generator)
        ? side.monsters.firstIndex { $0.identity == leaving.identity }
        : Int.random(in: 0...side.monsters.count, using: &generator)
      return (added, place ?? side.monsters.count)
    }

    /// Does what a ``Reuse`` says to a side, all at once, unless it would leave the side
    /// with two monsters of one name (the side changed since the reuse was made).
    private mutating func apply(
      _ reuse: Reuse, to side: inout Version, of base: Version, side index: Int, alike: Bool
    ) {
      var changed = side
      for (identity, name) in reuse.renames {
        guard let index = changed.monsters.firstIndex(where: { $0.identity == identity }),
          var before = base.monster(identity)
        else { return }
        // Only the name changes.
        before.name = changed.monsters[index].monster.name
        guard MergeScenario.same(before, changed.monsters[index].monster) else { return }
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
      if let (old, new) = reuse.replaced { replacements.append((index, old, new)) }
      steps.append(
        .note(
          "\(index == 0 ? "ours" : "theirs"): \(reuse.story)" + (alike ? " (both sides alike)" : "")
        ))
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
