// Edits of what a roster declares: a weapon or a field added or removed, with the monsters
// kept valid: a weapon goes only when no monster carries it, and a field only when no
// monster has it, or with its values.

extension Roster {
  /// Adds a weapon at the end of the roster's weapons. A roster with the five built-in ones
  /// lists them from then on, the new one after them.
  ///
  /// - Throws: ``RosterError/weaponTaken(_:by:)`` when the roster has a weapon of that name,
  ///   ignoring case, `-` and `_`; ``RosterError/invalidDeclaration(_:reason:)`` for a name
  ///   or image that cannot be declared.
  mutating func addWeapon(_ weapon: Weapon) throws(RosterError) -> [RosterChange] {
    let folded = Weapon.foldedName(weapon.name)
    if let holder = weapons.first(where: { Weapon.foldedName($0.name) == folded }) {
      throw .weaponTaken(weapon.name, by: holder.name)
    }
    var declared = declarations
    declared.weapons = weapons + [weapon]
    try declared.check()
    declarations = declared
    return [.weaponAdded(weapon)]
  }

  /// Removes a weapon, named forgivingly, that no monster carries.
  ///
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` when the roster has none of that
  ///   name; ``RosterError/weaponInUse(_:monsters:count:)`` while a monster carries it;
  ///   ``RosterError/invalidDeclaration(_:reason:)`` for the last one.
  mutating func removeWeapon(named name: String) throws(RosterError) -> [RosterChange] {
    let weapons = self.weapons
    guard let weapon = weapons.weapon(parsing: name) else {
      throw .unknownWeapon(name, weapons: weapons.names)
    }
    let carriers = indices(where: [(.weapon, .string(weapon.name))])
    guard carriers.isEmpty else {
      throw .weaponInUse(weapon.name, monsters: names(at: carriers), count: carriers.count)
    }
    guard weapons.count > 1 else {
      throw .invalidDeclaration(weapon.name, reason: .lastWeapon)
    }
    declarations.weapons = weapons.filter { $0 != weapon }
    return [.weaponRemoved(weapon)]
  }

  /// Declares a field, after the roster's others. A monster that has the key already must
  /// hold a value the field takes; a required field is given, by its default, to every
  /// monster without it.
  ///
  /// - Throws: ``RosterError/fieldTaken(_:by:)`` when a built-in or declared field has the
  ///   key, ignoring case; ``RosterError/invalidDeclaration(_:reason:)`` for a field that
  ///   cannot be declared; ``RosterError/invalidValue(_:field:reason:)`` for a monster's
  ///   value that the field does not take; ``RosterError/missingValue(field:monster:)`` for
  ///   a monster without a required field that has no default;
  ///   ``RosterError/undeclaredKey(_:monsters:count:)`` for a key of monsters' own that the
  ///   roster would then refuse.
  mutating func addField(_ field: MonsterField) throws(RosterError) -> [RosterChange] {
    if let holder = knownField(named: field.key) {
      throw .fieldTaken(field.key, by: holder.key)
    }
    var declared = declarations
    declared.fields.append(field)
    try declared.check()
    // The monsters are checked before any changes, so that a refusal leaves the roster as
    // it was: a roster's first field makes it refuse keys no field declares.
    try checkOtherKeys(under: declared)
    var lacking: [Index] = []
    for index in indices {
      guard let value = value(of: field, at: index) else {
        if field.isRequired { lacking.append(index) }
        continue
      }
      if field.problem(with: value, weapons: weapons) != nil {
        throw .invalidValue(
          MonsterField.text(of: value), field: field.key,
          reason: "it takes \(field.allowedValues(weapons: weapons)), and "
            + "\(names(at: [index])[0]) has it")
      }
    }
    if let first = lacking.first, field.defaultValue == nil {
      throw .missingValue(field: field.key, monster: names(at: [first])[0])
    }
    declarations = declared
    var given: [RosterChange] = []
    if let value = field.defaultValue {
      change(at: lacking, ResolvedChanges(values: [(field, value)]), into: &given)
    }
    return [.fieldAdded(field, givenTo: given.count)]
  }

  /// Takes a declared field away, named exactly or else in any case: refused while a
  /// monster has it, unless `ifHeld` says to take it from them too.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)`` for a name the roster declares no
  ///   field of; ``RosterError/fieldInUse(_:monsters:count:)`` while a monster has it and
  ///   `ifHeld` is ``RosterEdit/IfHeld/fail``.
  mutating func removeField(named name: String, ifHeld: RosterEdit.IfHeld) throws(RosterError)
    -> [RosterChange]
  {
    let fields = declarations.fields
    guard let position = fields.firstIndex(named: name) else {
      throw .unknownField(name, fields: fields.map(\.key))
    }
    let field = fields[position]
    let holders = indices.filter { value(of: field, at: $0) != nil }
    if !holders.isEmpty, ifHeld == .fail {
      throw .fieldInUse(field.key, monsters: names(at: holders), count: holders.count)
    }
    declarations.fields.remove(at: position)
    var taken: [RosterChange] = []
    change(at: holders, ResolvedChanges(values: [(.other(field.key), nil)]), into: &taken)
    return [.fieldRemoved(field, takenFrom: taken.count)]
  }

  /// The names of the first monsters at some positions, as many as a message names.
  func names(at indices: [Index]) -> [String] {
    indices.prefix(RosterError.namesShown).map { index in
      withUTF8(.name, at: index) { String(decoding: $0, as: UTF8.self) }
    }
  }
}
