import MonsterKit

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
  struct Truth {
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

extension MergeScenario {
  /// Whether two versions of a monster are the same, the name spelled the same byte for
  /// byte.
  static func same(_ a: Monster, _ b: Monster) -> Bool {
    a == b && a.name.utf8.elementsEqual(b.name.utf8)
  }
}
