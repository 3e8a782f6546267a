import MonsterKit

// MARK: - Making a scenario

extension MergeScenario {
  /// What one side does to one of the ancestor's monsters.
  enum Action: Sendable {
    case remove
    case rename(String)
    case edit([Edit])
    case renameAndEdit(String, Edit)
  }

  /// One change of a field.
  enum Edit: Sendable {
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
  enum Step: Sendable, CustomStringConvertible {
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
  struct Builder {
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
    var nextIdentity = 0
    var nextName = 0
    var nextText = 0

    /// Name stems, some with letters that case folding and normalisation treat specially.
    static let stems = ["Bot", "Zed", "\u{C9}clair", "Stra\u{DF}e", "Ra\u{1F916}"]
    static let monsterKeys = ["tags", "level", "x"]
    static let rosterKeys = ["owner", "team", "notes"]
    static let colors: [NameColor?] = [nil, .red, .blue, .rgb(red: 1, green: 2, blue: 3)]

    init(using generator: inout some RandomNumberGenerator) {
      distinct = Int.random(in: 0..<10, using: &generator) < 7
    }

    /// One of some items, at random.
    static func pick<Item>(_ items: [Item], _ generator: inout some RandomNumberGenerator) -> Item {
      items[Int.random(in: 0..<items.count, using: &generator)]
    }

    static func chance(
      _ one: Int, in all: Int, _ generator: inout some RandomNumberGenerator
    )
      -> Bool
    {
      Int.random(in: 0..<all, using: &generator) < one
    }

    mutating func identity() -> Int {
      nextIdentity += 1
      return nextIdentity
    }

    /// A name no monster of the scenario has had.
    mutating func freshName(using generator: inout some RandomNumberGenerator) -> String {
      nextName += 1
      return Self.pick(Self.stems, &generator) + "-\(nextName)"
    }

    /// A text no field of the scenario has held.
    mutating func freshText(_ prefix: String) -> String {
      nextText += 1
      return "\(prefix)\(nextText)"
    }

    /// A description: one of its own; in a bland scenario, often empty or shared.
    mutating func description(using generator: inout some RandomNumberGenerator)
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
    mutating func icon(using generator: inout some RandomNumberGenerator) -> String {
      !distinct && Self.chance(1, in: 4, &generator) ? "bot.png" : freshText("icon-") + ".png"
    }

    func value(using generator: inout some RandomNumberGenerator) -> JSONValue {
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
    mutating func newMonster(
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
    mutating func declaredValue(
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

    mutating func randomEdit(
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

    mutating func newName(
      for monster: Monster, using generator: inout some RandomNumberGenerator
    ) -> String {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: monster.name.uppercased()
      case 1: monster.name.lowercased()
      default: freshName(using: &generator)
      }
    }

    mutating func randomAction(
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

    static func apply(_ edit: Edit, to monster: inout Monster) {
      switch edit {
      case .description(let text): monster.description = text
      case .icon(let icon): monster.icon = icon
      case .weapon(let weapon): monster.weapon = weapon
      case .nameColor(let color): monster.nameColor = color
      case .key(let key, let value): setting(key, value, in: &monster.otherFields)
      }
    }

    static func apply(_ action: Action, to monster: inout Monster) {
      switch action {
      case .remove: break
      case .rename(let name): monster.name = name
      case .edit(let edits): for edit in edits { apply(edit, to: &monster) }
      case .renameAndEdit(let name, let edit):
        monster.name = name
        apply(edit, to: &monster)
      }
    }

    static func setting(_ key: String, _ value: JSONValue?, in members: inout [JSONMember]) {
      if let index = members.firstIndex(where: { $0.key == key }) {
        if let value { members[index].value = value } else { members.remove(at: index) }
      } else if let value {
        members.append(JSONMember(key, value))
      }
    }
  }
}
