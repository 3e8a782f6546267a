// What a merge makes of what each side declares: the weapons merged weapon by weapon (by
// name), the fields field by field (by key), and each field what it takes, part by part: its
// values as a set, its range bound by bound, whether it is required and its default; and
// what it makes of keys no field declares (`otherKeys`), as one value.

extension RosterDeclarations {
  /// The declarations of a merge: each side's version, the same when nothing conflicts,
  /// and the entries the sides declare two ways, which each version has as its side does.
  struct Merged {
    var ours: RosterDeclarations
    var theirs: RosterDeclarations
    /// The entries in conflict, each with each side's declaration of it (`nil` where the
    /// side declares none).
    private(set) var conflicts:
      [MergeConflict.Declaration: (ours: JSONValue?, theirs: JSONValue?)] = [:]
    /// The entries in conflict, in the order they were found.
    private(set) var conflictOrder: [MergeConflict.Declaration] = []
    /// Each side's own declarations, which an entry in conflict takes.
    private let sides: (ours: RosterDeclarations, theirs: RosterDeclarations)

    init(ours: RosterDeclarations, theirs: RosterDeclarations) {
      self.ours = ours
      self.theirs = ours
      sides = (ours, theirs)
    }

    /// Puts an entry in conflict: each version takes that side's declaration of it. An
    /// entry neither side declares is none to mark.
    ///
    /// - Returns: Whether it was not in conflict already.
    @discardableResult
    mutating func markConflict(_ entry: MergeConflict.Declaration) -> Bool {
      guard conflicts[entry] == nil,
        sides.ours.json(of: entry) != nil || sides.theirs.json(of: entry) != nil
      else { return false }
      conflicts[entry] = (sides.ours.json(of: entry), sides.theirs.json(of: entry))
      conflictOrder.append(entry)
      ours.replace(entry, from: sides.ours)
      theirs.replace(entry, from: sides.theirs)
      return true
    }

    /// Puts in conflict each entry that breaks a rule of ``RosterDeclarations/problems()``
    /// once merged (two weapons named alike, one from each side), until neither version
    /// breaks one. A weapon or a field is an entry by its name as the rules fold it (`Ray`
    /// and `RAY`, `squad` and `Squad`, `café` in two Unicode forms are one), each version
    /// taking its own side's.
    mutating func markBrokenRules() {
      while true {
        let broken = (ours.problems() + theirs.problems()).map {
          $0.isWeapon
            ? MergeConflict.Declaration.weapon($0.name) : MergeConflict.Declaration.field($0.name)
        }
        guard broken.contains(where: { markConflict($0) }) else { break }
      }
    }
  }

  /// Merges what the sides of a merge declare: a weapon or field one side added, removed or
  /// changed is added, removed or changed; a field both changed is merged part by part (its
  /// values as a set, so that both sides' additions are kept; each bound of its range;
  /// whether it is required; its default); one both changed the same part of differently,
  /// or changed where the other removed it, is a conflict. An entry whose merge breaks a
  /// rule of ``problems()``, as `check` reads the declarations (one weapon declared on each
  /// side under names it calls the same, such as `laser` and `Laser`), is a conflict too.
  ///
  /// - Parameters:
  ///   - base: What the common ancestor declares.
  ///   - ours: What ours declares.
  ///   - theirs: What theirs declares.
  /// - Returns: The merged declarations, each conflict resolved ours' way and theirs' way.
  static func merge(base: Self, ours: Self, theirs: Self) -> Merged {
    var merged = Merged(ours: ours, theirs: theirs)
    if ours == theirs || theirs == base { return merged }
    if ours == base {
      (merged.ours, merged.theirs) = (theirs, theirs)
      return merged
    }
    let weapons = mergeWeapons(base: base, ours: ours, theirs: theirs)
    merged.ours.weapons = weapons.ours
    merged.theirs.weapons = weapons.theirs
    // What each says of keys no field declares, as one value. Two rules set differently
    // refuse such keys, which no monster's key can then slip past: one that holds one is
    // a misfit of the merge, marked.
    var otherKeysConflict = false
    switch threeWay(base.otherKeys, ours.otherKeys, theirs.otherKeys) {
    case .agreed(let rule):
      merged.ours.otherKeys = rule
      merged.theirs.otherKeys = rule
    case .conflict:
      otherKeysConflict = true
    }
    let fields = mergeFields(base: base, ours: ours, theirs: theirs)
    merged.ours.fields = fields.ours
    merged.theirs.fields = fields.theirs
    for name in weapons.conflicts { merged.markConflict(.weapon(name)) }
    for key in fields.conflicts { merged.markConflict(.field(key)) }
    if otherKeysConflict { merged.markConflict(.otherKeys) }
    merged.markBrokenRules()
    return merged
  }

  /// Merges the weapons the sides declare, weapon by weapon, by name. A roster that lists
  /// none has the five built-in ones; a merged list of those as they are built in is none,
  /// unless a side lists weapons.
  ///
  /// - Returns: The merged weapons with every conflict resolved ours' way and theirs' way,
  ///   and the names of the weapons in conflict.
  private static func mergeWeapons(base: Self, ours: Self, theirs: Self) -> (
    ours: [Weapon]?, theirs: [Weapon]?, conflicts: [String]
  ) {
    func members(_ weapons: [Weapon]) -> [JSONMember] {
      weapons.map { JSONMember($0.name, json(of: $0)) }
    }
    let weapons = mergeMembers(
      base: members(base.weaponList), ours: members(ours.weaponList),
      theirs: members(theirs.weaponList))
    let declared: Bool
    switch threeWay(base.weapons != nil, ours.weapons != nil, theirs.weapons != nil) {
    case .agreed(let value): declared = value
    case .conflict: declared = true
    }
    func weaponList(_ members: [JSONMember]) -> [Weapon]? {
      let list = members.enumerated().compactMap { weapon($1.value, number: $0 + 1).value }
      return declared || !list.haveSameImages(as: Weapon.builtIn) ? list : nil
    }
    return (weaponList(weapons.ours), weaponList(weapons.theirs), weapons.conflicts.map(\.key))
  }

  /// Merges the fields the sides declare, field by field, by key: each field both sides
  /// changed merged part by part (``mergeField(base:ours:theirs:)``), and in conflict where
  /// its parts cannot be.
  ///
  /// - Returns: The merged fields with every conflict resolved ours' way and theirs' way,
  ///   and the keys of the fields in conflict.
  private static func mergeFields(base: Self, ours: Self, theirs: Self) -> (
    ours: [MonsterField], theirs: [MonsterField], conflicts: [String]
  ) {
    func fieldMembers(_ fields: [MonsterField]) -> [JSONMember] {
      fields.map { JSONMember($0.key, json(of: $0)) }
    }
    var fields = mergeMembers(
      base: fieldMembers(base.fields), ours: fieldMembers(ours.fields),
      theirs: fieldMembers(theirs.fields))
    let bases = base.fields.byKey
    let (oursFields, theirsFields) = (ours.fields.byKey, theirs.fields.byKey)
    var conflicted: [String] = []
    for conflict in fields.conflicts {
      let key = CodePointKey(conflict.key)
      guard
        let partly = mergeField(base: bases[key], ours: oursFields[key], theirs: theirsFields[key])
      else {
        conflicted.append(conflict.key)
        continue
      }
      let member = JSONMember(conflict.key, json(of: partly))
      for index in fields.ours.indices where fields.ours[index].key == conflict.key {
        fields.ours[index] = member
      }
      for index in fields.theirs.indices where fields.theirs[index].key == conflict.key {
        fields.theirs[index] = member
      }
    }
    func fieldList(_ members: [JSONMember]) -> [MonsterField] {
      members.enumerated().compactMap { field($1.value, number: $0 + 1).value }
    }
    return (fieldList(fields.ours), fieldList(fields.theirs), conflicted)
  }

  /// Merges one field both sides changed, part by part; `nil` where a part was changed two
  /// ways, where one side removed the field, or where the parts merged make no field.
  static func mergeField(base: MonsterField?, ours: MonsterField?, theirs: MonsterField?)
    -> MonsterField?
  {
    guard let ours, let theirs else { return nil }
    // A field both sides added differently has no common part to merge from.
    guard let base else { return ours == theirs ? ours : nil }
    let kind: MonsterField.Kind
    switch (base.kind, ours.kind, theirs.kind) {
    case (
      .integer(let low, let high), .integer(let oursLow, let oursHigh),
      .integer(let theirsLow, let theirsHigh)
    ):
      guard case .agreed(let minimum) = threeWay(low, oursLow, theirsLow),
        case .agreed(let maximum) = threeWay(high, oursHigh, theirsHigh)
      else { return nil }
      kind = .integer(minimum: minimum, maximum: maximum)
    case (.values(let values), .values(let oursValues), .values(let theirsValues)):
      kind = .values(mergeSets(base: values, ours: oursValues, theirs: theirsValues))
    default:
      guard case .agreed(let agreed) = threeWay(base.kind, ours.kind, theirs.kind) else {
        return nil
      }
      kind = agreed
    }
    guard
      case .agreed(let isRequired) = threeWay(base.isRequired, ours.isRequired, theirs.isRequired),
      case .agreed(let defaultValue) = threeWay(
        base.defaultValue, ours.defaultValue, theirs.defaultValue)
    else { return nil }
    return try? MonsterField(
      declaring: ours.key, kind: kind, isRequired: isRequired, defaultValue: defaultValue)
  }

  /// Merges two changes of a list as a set: ours' order, the values theirs added after;
  /// a value either side removed is gone.
  private static func mergeSets(base: [String], ours: [String], theirs: [String]) -> [String] {
    let (was, inOurs, inTheirs) = (
      Set(base.map(CodePointKey.init)), Set(ours.map(CodePointKey.init)),
      Set(theirs.map(CodePointKey.init))
    )
    var merged = ours.filter {
      !was.contains(CodePointKey($0)) || inTheirs.contains(CodePointKey($0))
    }
    merged += theirs.filter {
      !was.contains(CodePointKey($0)) && !inOurs.contains(CodePointKey($0))
    }
    return merged
  }

  /// An entry's declaration as the file holds it, or `nil` where there is none; what the
  /// roster makes of keys no field declares as the rule it follows, said or implied.
  func json(of entry: MergeConflict.Declaration) -> JSONValue? {
    switch entry {
    case .otherKeys:
      .string(otherKeysRule.rawValue)
    case .weapon(let name):
      weaponList.first { Weapon.foldedName($0.name) == Weapon.foldedName(name) }.map(
        Self.json(of:))
    case .field(let key):
      fields.first { MonsterField.foldedKey($0.key) == MonsterField.foldedKey(key) }.map(
        Self.json(of:))
    }
  }

  /// Takes an entry as another roster declares it: added, changed, or removed; what the
  /// other makes of keys no field declares as it says it, or as the rule it follows where
  /// the fields here would imply another.
  mutating func replace(_ entry: MergeConflict.Declaration, from other: RosterDeclarations) {
    switch entry {
    case .otherKeys:
      // As the other says it; said outright where the fields here would imply another.
      otherKeys = other.otherKeys
      if otherKeysRule != other.otherKeysRule { otherKeys = other.otherKeysRule }
    case .weapon(let name):
      let folded = Weapon.foldedName(name)
      let theirs = other.weaponList.first { Weapon.foldedName($0.name) == folded }
      // Every weapon of a name the rule calls the same goes (`Ray` and `RAY`, one from
      // each side); the other's takes the first one's place.
      var list = weaponList
      let index = list.firstIndex { Weapon.foldedName($0.name) == folded }
      list.removeAll { Weapon.foldedName($0.name) == folded }
      if let theirs { list.insert(theirs, at: index ?? list.count) }
      weapons = list
    case .field(let key):
      // As a weapon: every field of a key the rule calls the same goes (`café` in two
      // Unicode forms, `squad` and `Squad`); the other's takes the first one's place.
      let folded = MonsterField.foldedKey(key)
      let theirs = other.fields.first { MonsterField.foldedKey($0.key) == folded }
      let index = fields.firstIndex { MonsterField.foldedKey($0.key) == folded }
      fields.removeAll { MonsterField.foldedKey($0.key) == folded }
      if let theirs { fields.insert(theirs, at: index ?? fields.count) }
    }
  }
}

extension [MonsterField] {
  /// The fields by key, code point by code point.
  fileprivate var byKey: [CodePointKey: MonsterField] {
    Dictionary(map { (CodePointKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
  }
}

extension RosterDeclarations {
  /// The first rule of ``problems()`` the declarations break, as `check` reads them: the
  /// weapon or field and why, such as `weapon 'Laser': it is the same name as 'laser',
  /// ignoring case, '-' and '_'`; `nil` when they break none.
  func firstProblem() -> String? {
    problems().first.map { problem in
      "\(problem.isWeapon ? "weapon" : "field") '\(escapedForMessage(problem.name))': "
        + problem.problem.description
    }
  }
}

extension Roster {
  /// The monsters that do not fit what the roster declares, each by offset with the
  /// declaration it breaks and why: a weapon the roster does not have, a value a declared
  /// field does not take, a required field missing, a key no field declares where the roster
  /// refuses them; and a key of a field that `removed` names (a field the common ancestor of
  /// a merge declared and the merge removed), which no monster may keep.
  ///
  /// - Complexity: O(n) in the monsters: each one's weapon and fields are checked, the
  ///   fields only where the roster declares some or some were removed.
  func misfits(removedFields removed: Set<CodePointKey> = []) -> [(
    offset: Int, entry: MergeConflict.Declaration, why: String
  )] {
    var found: [(offset: Int, entry: MergeConflict.Declaration, why: String)] = []
    let weapons = Set(self.weapons.names.map(CodePointKey.init))
    for (offset, index) in indices.enumerated() {
      let name = escapedForMessage(self.name(at: index))
      let weapon = weapon(at: index).name
      if !weapons.contains(CodePointKey(weapon)) {
        found.append(
          (
            offset, .weapon(weapon),
            "\(name)'s weapon '\(escapedForMessage(weapon))' is not one of the weapons"
          ))
      }
      let refuses = otherKeys == .refuse
      guard !declaredFields.isEmpty || !removed.isEmpty || refuses,
        hasOtherFields(at: index) || !declaredFields.isEmpty
      else { continue }
      let values = otherFields(at: index).valuesByKey
      for key in removed where values[key] != nil {
        found.append(
          (
            offset, .field(key.text),
            "\(name) has '\(escapedForMessage(key.text))', a field the merge removed"
          ))
      }
      if refuses {
        let declared = Set(declaredFields.map { CodePointKey($0.key) })
        for key in values.keys where !declared.contains(key) && !removed.contains(key) {
          found.append(
            (
              offset, .otherKeys,
              "\(name) has '\(escapedForMessage(key.text))', which no field declares"
            ))
        }
      }
      for field in declaredFields {
        guard let value = values[CodePointKey(field.key)] else {
          if field.isRequired {
            found.append(
              (
                offset, .field(field.key),
                "\(name) has no '\(escapedForMessage(field.key))', a required field"
              ))
          }
          continue
        }
        if let problem = field.problem(with: value, weapons: self.weapons) {
          found.append(
            (offset, .field(field.key), "\(name)'s '\(escapedForMessage(field.key))' \(problem)"))
        }
      }
    }
    return found
  }
}
