import MonsterKit

// What a scenario's rosters declare, and the right merge of it, worked out here apart from
// `RosterMerge`: weapons by name, fields by key, a field's values as a set (each side's
// additions kept, each side's removals gone), its range bound by bound; anything changed two
// ways is a conflict, and so is a merged monster that does not fit the merged declarations
// (a weapon or a value one side removed and the other gave it, a key of a field one side
// removed).

extension MergeScenario {
  /// What a roster declares: its weapons (`nil` for the five built-in ones), its fields,
  /// and what it makes of keys no field declares.
  struct Declared: Sendable, Equatable {
    var weapons: [Weapon]?
    var fields: [MonsterField] = []
    var otherKeys: OtherKeys?

    init(weapons: [Weapon]? = nil, fields: [MonsterField] = [], otherKeys: OtherKeys? = nil) {
      (self.weapons, self.fields, self.otherKeys) = (weapons, fields, otherKeys)
    }

    /// What a roster declares, as far as the scenario declares things: its weapons where
    /// they are not the built-in five, its fields.
    init(_ roster: Roster) {
      weapons =
        roster.weapons.map(Drawn.init) == Weapon.builtIn.map(Drawn.init) ? nil : roster.weapons
      fields = roster.declaredFields
    }

    /// A weapon as the file declares it: its name and its image (a weapon's `==` compares
    /// its name alone, and the model must see an image changed).
    struct Drawn: Equatable {
      var name: String
      var imageName: String

      init(_ weapon: Weapon) {
        (name, imageName) = (weapon.name, weapon.imageName)
      }
    }

    static func == (lhs: Declared, rhs: Declared) -> Bool {
      lhs.weapons?.map(Drawn.init) == rhs.weapons?.map(Drawn.init) && lhs.fields == rhs.fields
        && lhs.otherKeys == rhs.otherKeys
    }

    /// The weapons, the built-in five where none are declared.
    var weaponList: [Weapon] { weapons ?? Weapon.builtIn }

    func roster(_ monsters: [Monster], otherFields: [JSONMember]) -> Roster? {
      try? Roster(
        monsters, weapons: weapons, fields: fields, otherKeys: otherKeys, otherFields: otherFields)
    }

    /// The weapon of a name, with its image, as the model compares weapons.
    func weapon(_ name: String) -> Drawn? {
      weaponList.first { $0.name == name }.map(Drawn.init)
    }

    func field(_ key: String) -> MonsterField? {
      fields.first { $0.key == key }
    }

    /// The names of the weapons any of some declarations lists, each once, in order.
    static func weaponNames(_ all: Declared...) -> [String] {
      var names: [String] = []
      for name in all.flatMap({ $0.weaponList.map(\.name) }) where !names.contains(name) {
        names.append(name)
      }
      return names
    }

    /// The keys of the fields any of some declarations declares, each once, in order.
    static func fieldKeys(_ all: Declared...) -> [String] {
      var keys: [String] = []
      for key in all.flatMap({ $0.fields.map(\.key) }) where !keys.contains(key) {
        keys.append(key)
      }
      return keys
    }

    /// Whether a monster fits: its weapon is one of the weapons, each declared field's value
    /// is one the field takes, and it holds no key of a field the ancestor declared and these
    /// declarations no longer do.
    func fits(_ monster: Monster, removedFrom base: Declared) -> Bool {
      guard weapon(monster.weapon.name) != nil else { return false }
      for member in monster.otherFields {
        if let field = field(member.key) {
          guard Self.takes(field, member.value) else { return false }
        } else if base.field(member.key) != nil {
          return false
        }
      }
      return true
    }

    /// Whether a field takes a value, as the scenario's fields take them.
    static func takes(_ field: MonsterField, _ value: JSONValue) -> Bool {
      switch (field.kind, value) {
      case (.values(let values), .string(let text)): values.contains(text)
      case (.integer(let low, let high), .number(let digits)):
        Int(digits).map { number in
          low.map { number >= $0 } ?? true && high.map { number <= $0 } ?? true
        } ?? false
      case (.text, .string): true
      default: false
      }
    }

    // MARK: - The merge

    /// The merge of three declarations, or `nil` where they conflict.
    static func merge(_ base: Declared, _ ours: Declared, _ theirs: Declared) -> Declared? {
      var merged = Declared(otherKeys: ours.otherKeys)
      if ours.weapons != nil || theirs.weapons != nil || base.weapons != nil {
        var list: [Weapon] = []
        for name in weaponNames(ours, theirs) + weaponNames(base)
        where !list.contains(where: { $0.name == name }) {
          guard
            let kept = Self.merged(base.weapon(name), ours.weapon(name), theirs.weapon(name))
          else { return nil }
          if let kept { list.append(Weapon(name: kept.name, imageName: kept.imageName)) }
        }
        merged.weapons = list
      }
      for key in fieldKeys(ours, theirs) + fieldKeys(base) where merged.field(key) == nil {
        guard let kept = mergeField(base.field(key), ours.field(key), theirs.field(key)) else {
          return nil
        }
        if let kept { merged.fields.append(kept) }
      }
      return merged
    }

    /// Merges one value: a side that left it takes the other side's; `nil` where both
    /// changed it differently, else the value (`nil` inside for none).
    static func merged<Value: Equatable>(_ base: Value?, _ ours: Value?, _ theirs: Value?)
      -> Value??
    {
      if ours == theirs { return .some(ours) }
      if ours == base { return .some(theirs) }
      if theirs == base { return .some(ours) }
      return nil
    }

    /// Merges one field part by part: its values as a set, each bound of its range, whether
    /// it is required, its default; `nil` where a part changed two ways, or the field
    /// changed on one side and went on the other.
    static func mergeField(_ base: MonsterField?, _ ours: MonsterField?, _ theirs: MonsterField?)
      -> MonsterField??
    {
      if let whole = merged(base, ours, theirs) { return whole }
      guard let base, let ours, let theirs else { return nil }
      let kind: MonsterField.Kind
      switch (base.kind, ours.kind, theirs.kind) {
      case (.values(let was), .values(let mine), .values(let other)):
        kind = .values(
          mine.filter { !was.contains($0) || other.contains($0) }
            + other.filter { !was.contains($0) && !mine.contains($0) })
      case (
        .integer(let low, let high), .integer(let oursLow, let oursHigh),
        .integer(let theirsLow, let theirsHigh)
      ):
        guard let minimum = merged(low, oursLow, theirsLow),
          let maximum = merged(high, oursHigh, theirsHigh)
        else { return nil }
        kind = .integer(minimum: minimum, maximum: maximum)
      default:
        guard let agreed = merged(base.kind, ours.kind, theirs.kind), let agreed else { return nil }
        kind = agreed
      }
      guard let isRequired = merged(base.isRequired, ours.isRequired, theirs.isRequired),
        let defaultValue = merged(base.defaultValue, ours.defaultValue, theirs.defaultValue),
        let field = try? MonsterField(
          declaring: ours.key, kind: kind, isRequired: isRequired ?? false,
          defaultValue: defaultValue ?? nil)
      else { return nil }
      return .some(field)
    }
  }

  /// One change a side makes to what the roster declares.
  enum DeclarationChange: Sendable, CustomStringConvertible {
    case addValue(String)
    case removeValue(String)
    case range(minimum: Int?, maximum: Int?)
    case addWeapon(Weapon)
    case removeWeapon(String)
    case image(String, String)
    case addField(String)
    /// Removes a field, and its key from every monster, as `fields remove --force` does.
    case removeField(String)

    var description: String {
      switch self {
      case .addValue(let value): "team: add value \(value)"
      case .removeValue(let value): "team: remove value \(value)"
      case .range(let low, let high):
        "rank: range \(String(describing: low))...\(String(describing: high))"
      case .addWeapon(let weapon): "add weapon \(weapon.name)"
      case .removeWeapon(let name): "remove weapon \(name)"
      case .image(let name, let image): "weapon \(name): image \(image)"
      case .addField(let key): "add field \(key)"
      case .removeField(let key): "remove field \(key)"
      }
    }
  }
}

extension MergeScenario.Version {
  /// Makes a change to what the version declares: the version as it is after, or `nil`
  /// where its monsters would not fit.
  func changing(_ change: MergeScenario.DeclarationChange) -> Self? {
    var changed = self
    var declared = self.declared
    func setField(_ key: String, _ kind: MonsterField.Kind) -> Bool {
      guard let index = declared.fields.firstIndex(where: { $0.key == key }),
        let field = try? MonsterField(declaring: key, kind: kind)
      else { return false }
      declared.fields[index] = field
      return true
    }
    switch change {
    case .addValue(let value), .removeValue(let value):
      guard case .values(var values)? = declared.field("team")?.kind else { return nil }
      if case .addValue = change { values.append(value) } else { values.removeAll { $0 == value } }
      guard setField("team", .values(values)) else { return nil }
    case .range(let low, let high):
      guard setField("rank", .integer(minimum: low, maximum: high)) else { return nil }
    case .addWeapon(let weapon):
      declared.weapons = declared.weaponList + [weapon]
    case .removeWeapon(let name):
      declared.weapons = declared.weaponList.filter { $0.name != name }
    case .image(let name, let image):
      declared.weapons = declared.weaponList.map {
        $0.name == name ? Weapon(name: name, imageName: image) : $0
      }
    case .addField(let key):
      guard let field = try? MonsterField(declaring: key, kind: .text) else { return nil }
      declared.fields.append(field)
    case .removeField(let key):
      declared.fields.removeAll { $0.key == key }
      for index in changed.monsters.indices {
        changed.monsters[index].monster.otherFields.removeAll { $0.key == key }
      }
    }
    changed.declared = declared
    return changed.roster() == nil ? nil : changed
  }
}
