import MonsterKit

// A scenario's two sides: the edits each makes to the ancestor, the declarations each
// changes, and the names each hands on.

extension MergeScenario.Builder {
  typealias Version = MergeScenario.Version
  typealias Tracked = MergeScenario.Tracked
  typealias Action = MergeScenario.Action
  typealias Declared = MergeScenario.Declared
  typealias DeclarationChange = MergeScenario.DeclarationChange

  mutating func tell(_ side: Int?, _ action: Action, _ monster: Monster) {
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
        if renamed.roster() != nil, tryInsert(added, into: &sides[1 - renamer], using: &generator) {
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
  mutating func declarationChange(
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
  mutating func declare(
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
  struct Reuse {
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
  mutating func reuse(
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
  func keepsIdentity(_ before: Monster?, _ after: Monster) -> Bool {
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
  mutating func replacement(
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
  mutating func apply(
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
  func tryInsert(
    _ tracked: Tracked, into side: inout Version,
    using generator: inout some RandomNumberGenerator
  ) -> Bool {
    var changed = side
    insert(tracked, into: &changed, using: &generator)
    guard changed.roster() != nil else { return false }
    side = changed
    return true
  }

  func insert(
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
