// What a merge makes of what each side declares: the weapons merged weapon by weapon (by
// name), the fields field by field (by key), as the keys of an object are merged.

extension RosterDeclarations {
  /// The declarations of a merge: each side's version, the same when nothing conflicts.
  struct Merged {
    var ours: RosterDeclarations
    var theirs: RosterDeclarations
    /// The lists in conflict: each side's whole list, `nil` where it declares none.
    var conflicts: [(key: Key, ours: JSONValue?, theirs: JSONValue?)]

    /// Whether `check` would refuse a version's weapons (or its fields): two of one name
    /// as it compares names, one from each side, or more weapons than a roster holds.
    ///
    /// - Parameter weapons: Whether to look at the weapons, else the fields.
    func refuses(weapons: Bool) -> Bool {
      (ours.problems() + theirs.problems()).contains { $0.isWeapon == weapons }
    }
  }

  /// Merges what the sides of a merge declare: a weapon or field one side added, removed
  /// or changed is added, removed or changed; one both changed differently is a conflict.
  /// A list whose merge breaks a rule of ``problems()``, as `check` reads it (one weapon or
  /// field declared on each side under names it calls the same, such as `laser` and
  /// `Laser`), is a conflict too.
  ///
  /// - Parameters:
  ///   - base: What the common ancestor declares.
  ///   - ours: What ours declares.
  ///   - theirs: What theirs declares.
  /// - Returns: The merged declarations, resolved ours' way and theirs' way.
  static func merge(base: Self, ours: Self, theirs: Self) -> Merged {
    var merged = Merged(ours: ours, theirs: ours, conflicts: [])
    // The weapons: a roster that lists none has the five built-in ones.
    func members(_ weapons: [Weapon]) -> [JSONMember] {
      weapons.map { JSONMember($0.name, json(of: $0)) }
    }
    let weapons = mergeMembers(
      base: members(base.weaponList), ours: members(ours.weaponList),
      theirs: members(theirs.weaponList))
    let declares = threeWay(base.weapons != nil, ours.weapons != nil, theirs.weapons != nil)
    func weaponList(_ members: [JSONMember], declared: Bool) -> [Weapon]? {
      let list = members.enumerated().compactMap { weapon($1.value, number: $0 + 1).value }
      return declared || list != Weapon.builtIn ? list : nil
    }
    switch declares {
    case .agreed(let declared):
      merged.ours.weapons = weaponList(weapons.ours, declared: declared)
      merged.theirs.weapons = weaponList(weapons.theirs, declared: declared)
    case .conflict:
      merged.ours.weapons = weaponList(weapons.ours, declared: true)
      merged.theirs.weapons = weaponList(weapons.theirs, declared: true)
    }
    if !weapons.conflicts.isEmpty || merged.refuses(weapons: true) {
      merged.conflicts.append(
        (
          .weapons, ours.weapons.map { .array($0.map(json(of:))) },
          theirs.weapons.map { .array($0.map(json(of:))) }
        ))
    }
    // The fields.
    func members(_ fields: [MonsterField]) -> [JSONMember] {
      fields.map { JSONMember($0.key, json(of: $0)) }
    }
    let fields = mergeMembers(
      base: members(base.fields), ours: members(ours.fields), theirs: members(theirs.fields))
    func fieldList(_ members: [JSONMember]) -> [MonsterField] {
      members.enumerated().compactMap { field($1.value, number: $0 + 1).value }
    }
    merged.ours.fields = fieldList(fields.ours)
    merged.theirs.fields = fieldList(fields.theirs)
    if !fields.conflicts.isEmpty || merged.refuses(weapons: false) {
      merged.conflicts.append(
        (
          .fields, ours.fields.isEmpty ? nil : .array(ours.fields.map(json(of:))),
          theirs.fields.isEmpty ? nil : .array(theirs.fields.map(json(of:)))
        ))
    }
    return merged
  }
}

extension RosterDeclarations {
  /// The first rule of ``problems()`` the declarations break, as `check` reads them: the
  /// weapon or field and why, such as `weapon 'Laser': it is the same name as 'laser',
  /// ignoring case, '-' and '_'`; `nil` when they break none.
  func firstProblem() -> String? {
    problems().first.map { problem in
      "\(problem.isWeapon ? "weapon" : "field") '\(escapedForMessage(problem.name))': "
        + problem.reason
    }
  }
}

extension Roster {
  /// Why a roster's monsters do not all fit what it declares, or `nil` when they do: a key
  /// no field declares, where the roster refuses them; the first monster whose weapon it
  /// does not have, or whose declared field it does not take (or lacks, where the field is
  /// required).
  ///
  /// - Complexity: O(n) in the monsters: each one's weapon and fields are checked, the
  ///   fields only where the roster declares some.
  func firstUndeclaredValue() -> String? {
    if let stray = firstUndeclaredKey() { return stray }
    let weapons = Set(self.weapons.names.map(CodePointKey.init))
    for index in indices {
      let weapon = weapon(at: index).name
      if !weapons.contains(CodePointKey(weapon)) {
        return "\(escapedForMessage(name(at: index)))'s weapon '\(escapedForMessage(weapon))' "
          + "is not one of the weapons"
      }
      guard !declaredFields.isEmpty else { continue }
      let values = otherFields(at: index).valuesByKey
      for field in declaredFields {
        guard let value = values[CodePointKey(field.key)] else {
          if field.isRequired {
            return
              "\(escapedForMessage(name(at: index))) has no '\(escapedForMessage(field.key))', "
              + "a required field"
          }
          continue
        }
        if let problem = field.problem(with: value, weapons: self.weapons) {
          return "\(escapedForMessage(name(at: index)))'s '\(escapedForMessage(field.key))' "
            + problem
        }
      }
    }
    return nil
  }
}
