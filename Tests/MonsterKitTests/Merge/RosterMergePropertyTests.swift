import TestSupport
import Testing

@testable import MonsterKit

/// Random edits on two sides that do not collide (different monsters, or different fields of
/// one) merge to what making both sets of edits, one after the other, gives.
@Suite struct RosterMergePropertyTests {
  /// One edit of a monster, by its number in the ancestor.
  private enum Edit {
    case rename(Int, String)
    case set(Int, WritableKeyPath<Monster, String>, String)
    case weapon(Int, Weapon)
    case color(Int, NameColor?)
    case key(Int, String, JSONValue?)
    case remove(Int)
    case add(Monster)
    case rosterKey(String, JSONValue?)
  }

  /// A roster of monsters tagged with their number in the ancestor, to make edits by.
  private struct Tagged {
    var monsters: [(number: Int?, monster: Monster)]
    var otherFields: [JSONMember]

    mutating func apply(_ edit: Edit) {
      func update(_ number: Int, _ change: (inout Monster) -> Void) {
        guard let index = monsters.firstIndex(where: { $0.number == number }) else { return }
        change(&monsters[index].monster)
      }
      switch edit {
      case .rename(let number, let name): update(number) { $0.name = name }
      case .set(let number, let path, let text): update(number) { $0[keyPath: path] = text }
      case .weapon(let number, let weapon): update(number) { $0.weapon = weapon }
      case .color(let number, let color): update(number) { $0.nameColor = color }
      case .key(let number, let key, let value):
        update(number) { $0.otherFields = Self.setting(key, value, in: $0.otherFields) }
      case .remove(let number): monsters.removeAll { $0.number == number }
      case .add(let monster): monsters.append((nil, monster))
      case .rosterKey(let key, let value): otherFields = Self.setting(key, value, in: otherFields)
      }
    }

    static func setting(_ key: String, _ value: JSONValue?, in members: [JSONMember])
      -> [JSONMember]
    {
      var members = members
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let value { members[index].value = value } else { members.remove(at: index) }
      } else if let value {
        members.append(JSONMember(key, value))
      }
      return members
    }

    func roster() throws -> Roster {
      try Roster(monsters.map(\.monster), otherFields: otherFields)
    }
  }

  private struct Case {
    var base: Tagged
    var ours: [Edit] = []
    var theirs: [Edit] = []
  }

  private static func randomWeapon(_ generator: inout SeededGenerator) -> Weapon {
    Weapon.builtIn[Int.random(in: 0..<Weapon.builtIn.count, using: &generator)]
  }

  /// A random ancestor and two sets of edits that do not collide.
  private static func randomCase(_ generator: inout SeededGenerator) -> Case {
    var fresh = 0
    func freshName() -> String {
      fresh += 1
      let stems = ["Zed", "\u{C9}mile", "Ra\u{1F916}", "Bot"]
      return stems[Int.random(in: 0..<stems.count, using: &generator)] + "-\(fresh)"
    }
    let count = Int.random(in: 0...12, using: &generator)
    var base = Tagged(monsters: [], otherFields: [])
    for number in 0..<count {
      var monster = Monster(
        name: "M\(number)", description: "description \(number)", icon: "icon\(number).png",
        weapon: randomWeapon(&generator),
        nameColor: Bool.random(using: &generator) ? .red : nil)
      if Bool.random(using: &generator) { monster.otherFields = [JSONMember("k0", .number("0"))] }
      base.monsters.append((number, monster))
    }
    if Bool.random(using: &generator) { base.otherFields = [JSONMember("owner", .string("ann"))] }
    var result = Case(base: base)
    // Each field of each monster, and each roster key, goes to one side at most.
    var taken: Set<String> = []
    func claim(_ what: String) -> Bool { taken.insert(what).inserted }
    for side in 0..<2 {
      var edits: [Edit] = []
      for number in 0..<count where Int.random(in: 0..<3, using: &generator) == 0 {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0 where !taken.contains("\(number)") && claim("\(number)") && claim("\(number) any"):
          edits.append(.remove(number))
        case 1 where claim("\(number) name") && claim("\(number) any"):
          edits.append(.rename(number, freshName()))
          // The renamed monster keeps its icon on this side, so that it is found by it.
          _ = claim("\(number) icon")
        case 2 where claim("\(number) description") && claim("\(number) any"):
          edits.append(.set(number, \.description, "new description \(side) \(number)"))
        case 3 where claim("\(number) icon") && claim("\(number) any"):
          edits.append(.set(number, \.icon, "new icon \(side) \(number).png"))
        case 4 where claim("\(number) weapon") && claim("\(number) any"):
          edits.append(.weapon(number, randomWeapon(&generator)))
        case 5 where claim("\(number) color") && claim("\(number) any"):
          edits.append(.color(number, Bool.random(using: &generator) ? .blue : nil))
        case 6 where claim("\(number) k\(side)") && claim("\(number) any"):
          edits.append(.key(number, "k\(side)", .array([.number("\(side)")])))
        default:
          break
        }
        // A monster changed on this side may not be removed on the other.
        taken.insert("\(number)")
      }
      // Monsters touched by this side: the other side must not remove them.
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        edits.append(
          .add(
            Monster(
              name: freshName(), description: "added \(fresh)", icon: "added\(fresh).png",
              weapon: .smoke)))
      }
      if claim("roster \(side)") && Bool.random(using: &generator) {
        edits.append(.rosterKey(side == 0 ? "reviewed" : "owner", .bool(true)))
        _ = claim(side == 0 ? "roster owner" : "roster reviewed")
      }
      if side == 0 { result.ours = edits } else { result.theirs = edits }
    }
    return result
  }

  @Test func nonCollidingEditsMergeToBothMadeOneAfterTheOther() throws {
    var generator = SeededGenerator(seed: 0x6D65_7267_65)
    for round in 0..<300 {
      let random = Self.randomCase(&generator)
      var ours = random.base
      var theirs = random.base
      var both = random.base
      for edit in random.ours {
        ours.apply(edit)
        both.apply(edit)
      }
      for edit in random.theirs {
        theirs.apply(edit)
        both.apply(edit)
      }
      let merge = try merged(try random.base.roster(), try ours.roster(), try theirs.roster())
      #expect(merge.conflicts == [], "round \(round): \(random.ours) | \(random.theirs)")
      #expect(
        merge.result == (try both.roster()), "round \(round): \(random.ours) | \(random.theirs)")
    }
  }

  /// Names a side may declare: some the same name as others as `check` compares them (in
  /// another case; a field's with `_` for `-`, or in another Unicode form).
  private static let weaponNames = ["ray", "Ray", "RAY", "bolt", "Bolt", "ray2", "rAy2"]
  /// Keys a side may declare a field of, as ``weaponNames`` are for weapons.
  private static let fieldNames = [
    "squad", "Squad", "SQUAD", "caf\u{E9}", "cafe\u{301}", "CAF\u{C9}", "home_town",
    "home_Town", "home-town",
  ]

  /// One side of a merge of declarations: the ancestor with weapons and fields declared,
  /// some of them given to monsters, and some of the ancestor's taken away. An edit the
  /// roster refuses is skipped.
  private static func declaringSide(_ base: Roster, _ generator: inout SeededGenerator)
    -> Roster
  {
    var roster = base
    func pick<T>(_ list: [T]) -> T { list[Int.random(in: 0..<list.count, using: &generator)] }
    func someMonster() -> String { pick(["Cat-Bot", "Dog-Bot"]) }
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        let name = pick(weaponNames)
        let image = pick([nil, "a.png", "\(name).png"])
        _ = try? roster.apply(.addWeapon(Weapon(name: name, imageName: image)))
        _ = try? roster.apply(
          .set(someMonster(), .init(weapon: Weapon(name: name, imageName: image))))
      case 1:
        let key = pick(fieldNames)
        let kind = pick([MonsterField.Kind.text, .values(["red", "blue"])])
        if let field = try? MonsterField(declaring: key, kind: kind) {
          _ = try? roster.apply(.addField(field))
          let value = pick(["red", "blue"])
          _ = try? roster.apply(
            .set(someMonster(), RosterEdit.Changes([.init(key, .typed(value))])))
        }
      case 2:
        if let weapon = roster.weapons.last { _ = try? roster.apply(.removeWeapon(weapon.name)) }
      case 3:
        if let field = roster.declaredFields.last {
          _ = try? roster.apply(.removeField(field.key, ifHeld: .takeFromMonsters))
        }
      default:
        _ = try? roster.apply(.set(someMonster(), .init(weapon: pick(roster.weapons))))
      }
    }
    return roster
  }

  /// Declarations added, given and removed on both sides, under names `check` may call the
  /// same: every clean merge's file passes `check`, and every other merge's file is refused
  /// as a conflict.
  @Test func everyCleanMergeOfDeclarationsPassesCheck() throws {
    var generator = SeededGenerator(seed: 0x6465_636C_6172_65)
    var (clean, conflicts) = (0, 0)
    for round in 0..<300 {
      var base = try Roster([
        Monster(name: "Cat-Bot", description: "", weapon: .sword),
        Monster(name: "Dog-Bot", description: "", weapon: .fire),
      ])
      if Bool.random(using: &generator) {
        try base.apply(.addWeapon(Weapon(name: Self.weaponNames.randomElement(using: &generator)!)))
      }
      if Bool.random(using: &generator) {
        try base.apply(
          .addField(
            try MonsterField(
              declaring: Self.fieldNames.randomElement(using: &generator)!, kind: .text)))
      }
      let ours = Self.declaringSide(base, &generator)
      let theirs = Self.declaringSide(base, &generator)
      let merge = try merged(base, ours, theirs)
      let bytes = merge.fileBytes()
      let story = "round \(round): \(String(decoding: bytes, as: UTF8.self))"
      if merge.isClean {
        clean += 1
        let problems = try RosterFile(path: scratchPath).problems(in: RosterBytes(bytes))
        #expect(problems == [], "\(story)")
      } else {
        conflicts += 1
        var refusedAsConflict = false
        do throws(RosterError) {
          _ = try readRoster(bytes: bytes)
        } catch {
          if case .unresolvedConflict = error { refusedAsConflict = true }
        }
        #expect(refusedAsConflict, "\(story)")
      }
    }
    // The rounds reach both: clean merges, and conflicts.
    #expect(clean > 30 && conflicts > 30, "\(clean) clean, \(conflicts) conflicts")
  }
}
