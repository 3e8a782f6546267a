/// Some monsters of a roster, taken out to be edited as a roster of their own, and put
/// back into the roster as it is by then: what `monsters edit` opens when it is given
/// monsters.
///
/// The excerpt is a roster of those monsters with the roster's weapons and fields, so that
/// it reads and validates as the roster does. Put back, it merges with what changed in the
/// roster meanwhile, by the merge's rules: the changes from the excerpt to the edited one,
/// and those from the roster as it was to the roster now, each to the monsters they are of.
///
/// ```swift
/// let excerpt = try RosterExcerpt(of: roster, offsets: [0, 3])
/// var edited = excerpt.roster
/// try edited.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
/// switch try excerpt.merge(edited, from: roster, into: rosterNow) {
/// case .merged(let result): ...   // the whole roster, to save
/// case .conflicts(let merge, let now): ...
/// }
/// ```
package struct RosterExcerpt: Sendable {
  /// The monsters' offsets in the roster they were taken from, in order; `nil` for the
  /// whole roster, its declarations and other keys included.
  package let offsets: [Int]?
  /// The excerpt as a roster: the monsters, with the roster's weapons and fields but not
  /// its other keys; the whole roster when ``offsets`` is `nil`.
  package let roster: Roster

  /// Takes monsters out of a roster.
  ///
  /// - Parameters:
  ///   - roster: The roster.
  ///   - offsets: The monsters' offsets, or `nil` for the whole roster.
  /// - Throws: What building a roster of them throws, which a valid roster's monsters never
  ///   do.
  package init(of roster: Roster, offsets: [Int]?) throws(RosterError) {
    guard let offsets else {
      self.offsets = nil
      self.roster = roster
      return
    }
    let sorted = Array(Set(offsets)).sorted()
    self.offsets = sorted
    self.roster = try Roster(
      sorted.map { roster[$0] }, weapons: roster.declaresWeapons ? roster.weapons : nil,
      fields: roster.declaredFields)
  }

  /// Whether the excerpt is the whole roster.
  package var isWhole: Bool {
    offsets == nil
  }

  /// The same monsters in a later version of the roster, followed through renames; those
  /// the later one removed are left out.
  ///
  /// - Parameters:
  ///   - earlier: The roster the excerpt was taken from.
  ///   - later: A later version of it.
  package func following(from earlier: Roster, to later: Roster) throws(RosterError)
    -> RosterExcerpt
  {
    guard let offsets else { return try RosterExcerpt(of: later, offsets: nil) }
    var renamed: [String: String] = [:]
    var removed: Set<String> = []
    for change in RosterDiff(from: earlier, to: later).changes {
      switch change {
      case .renamed(let old, let new): renamed[Monster.foldedName(old)] = new
      case .removed(let monster): removed.insert(monster.foldedName)
      default: break
      }
    }
    var laterOffsets: [Int] = []
    for offset in offsets {
      let name = earlier[offset].name
      let key = Monster.foldedName(name)
      let now: String
      if let new = renamed[key] {
        now = new
      } else if removed.contains(key) {
        continue
      } else {
        now = name
      }
      if let index = later.index(named: now) {
        laterOffsets.append(later.distance(from: later.startIndex, to: index))
      }
    }
    return try RosterExcerpt(of: later, offsets: laterOffsets)
  }

  /// How ``merge(_:from:into:)`` ended.
  package enum Merged: Sendable {
    /// The whole roster with the edited excerpt put back.
    case merged(Roster)
    /// The edit and the changes made to the roster meanwhile conflict: the merge of the
    /// excerpts, whose file shows the conflicts, and the excerpt of the roster now, which
    /// the merge's file is an edit of.
    case conflicts(RosterMerge, now: RosterExcerpt)
  }

  /// Puts an edited excerpt back into the roster as it is now, merged three-way with what
  /// changed in it since the excerpt was taken: the excerpt is the common ancestor, the
  /// roster's excerpt now is ours (its additions first), the edited excerpt theirs.
  ///
  /// - Parameters:
  ///   - edited: The excerpt, edited: its monsters renamed, added, removed or changed; for
  ///     the whole roster, its declarations and keys too.
  ///   - earlier: The roster the excerpt was taken from.
  ///   - current: The roster now.
  /// - Returns: The roster to save, or the conflicts.
  /// - Throws: What putting the monsters back throws: a name another monster of the roster
  ///   has (``RosterError/nameTaken(_:by:)``), a weapon or field the roster no longer
  ///   declares.
  package func merge(_ edited: Roster, from earlier: Roster, into current: Roster)
    throws(RosterError) -> Merged
  {
    let now = try following(from: earlier, to: current)
    let result: Roster
    if now.roster.hasSameMonsters(as: roster) {
      result = edited
    } else {
      let merge = RosterMerge(base: roster, ours: now.roster, theirs: edited)
      guard let merged = merge.result else { return .conflicts(merge, now: now) }
      result = merged
    }
    return .merged(try now.replacing(in: current, with: result))
  }

  /// The roster with the excerpt's monsters replaced by those of an edited excerpt: each
  /// monster kept (by its name, or the name it was renamed from) takes a place one of them
  /// had, in the edited order; a monster added comes after the one before it in the
  /// edited excerpt; a monster removed leaves its place.
  ///
  /// - Parameters:
  ///   - roster: The roster the excerpt was taken from.
  ///   - edited: The excerpt, edited.
  package func replacing(in roster: Roster, with edited: Roster) throws(RosterError) -> Roster {
    guard let offsets else { return edited }
    var renamedFrom: [String: String] = [:]
    var added: Set<String> = []
    for change in RosterDiff(from: self.roster, to: edited).changes {
      switch change {
      case .renamed(let old, let new): renamedFrom[Monster.foldedName(new)] = old
      case .added(let monster): added.insert(monster.foldedName)
      default: break
      }
    }
    // Which of the edited monsters were the excerpt's, and the places those had: the
    // kept ones take them in the edited order, so that a move among them is made, and a
    // removal leaves the others where they were.
    let editedMonsters = edited.monsters
    let origins = editedMonsters.map { (monster) -> Int? in
      let key = monster.foldedName
      guard !added.contains(key),
        let index = self.roster.index(named: renamedFrom[key] ?? monster.name)
      else { return nil }
      return offsets[self.roster.distance(from: self.roster.startIndex, to: index)]
    }
    var places = origins.compactMap { $0 }.sorted()[...]
    var taken: [Int: Monster] = [:]
    var following: [Int: [Monster]] = [:]
    var leading: [Monster] = []
    var anchor: Int?
    for (monster, origin) in zip(editedMonsters, origins) {
      if origin != nil, let place = places.popFirst() {
        taken[place] = monster
        anchor = place
      } else if let anchor {
        following[anchor, default: []].append(monster)
      } else {
        leading.append(monster)
      }
    }
    let leadingPlace = taken.keys.min() ?? offsets.first
    let chosen = Set(offsets)
    var monsters: [Monster] = []
    monsters.reserveCapacity(roster.count - offsets.count + editedMonsters.count)
    for offset in 0..<roster.count {
      if offset == leadingPlace { monsters += leading }
      guard chosen.contains(offset) else {
        monsters.append(roster[offset])
        continue
      }
      if let monster = taken[offset] {
        monsters.append(monster)
        monsters += following[offset] ?? []
      }
    }
    if leadingPlace == nil { monsters += leading }
    return try Roster(
      monsters, weapons: roster.declaresWeapons ? roster.weapons : nil,
      fields: roster.declaredFields, otherFields: roster.otherFields)
  }
}
