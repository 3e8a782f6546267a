import MonstersSystem

// Changes to what a roster declares, made across its monsters in the same edit: a field's
// values, range, requirement or default changed, a field or a weapon renamed in every
// monster, a weapon given another image, keys no field declares kept or refused. Each
// checks every monster before it changes anything, so that a refusal leaves the roster as
// it was.

extension Roster {
  /// Says what the roster makes of keys no field declares.
  ///
  /// - Throws: ``RosterError/undeclaredKey(_:monsters:count:)`` when the roster would refuse
  ///   a key that monsters have.
  mutating func setOtherKeys(_ rule: OtherKeys) throws(RosterError) -> [RosterChange] {
    guard declarations.otherKeys != rule else { return [] }
    var declared = declarations
    declared.otherKeys = rule
    try checkOtherKeys(under: declared)
    declarations = declared
    return [.otherKeysChanged(rule)]
  }

  /// Refuses declarations under which a monster would have a key that no field declares,
  /// and that they refuse.
  ///
  /// - Throws: ``RosterError/undeclaredKey(_:monsters:count:)``, naming the first such key
  ///   and the monsters that have it.
  func checkOtherKeys(under declared: RosterDeclarations) throws(RosterError) {
    if let (key, holders) = firstUndeclaredKey(under: declared) {
      throw .undeclaredKey(key, monsters: names(at: holders), count: holders.count)
    }
  }

  /// The first key that no field declares that a monster has, under declarations that
  /// refuse such keys, and the monsters that have it; `nil` when there is none.
  private func firstUndeclaredKey(under declared: RosterDeclarations)
    -> (key: String, holders: [Index])?
  {
    guard declared.otherKeysRule == .refuse else { return nil }
    let keys = Set(declared.fields.map { CodePointKey($0.key) })
    var stray: String?
    var holders: [Index] = []
    for index in indices {
      let members = otherFields(at: index)
      guard !members.isEmpty else { continue }
      if let stray {
        if members.contains(where: { $0.key.hasSameCodePoints(as: stray) }) {
          holders.append(index)
        }
      } else if let member = members.first(where: { !keys.contains(CodePointKey($0.key)) }) {
        stray = member.key
        holders.append(index)
      }
    }
    return stray.map { ($0, holders) }
  }

  /// The declared field a name names, exactly or else in any case and normal form, and its
  /// place among the declared fields.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)``, naming the declared fields.
  private func declaredField(named name: String) throws(RosterError)
    -> (position: Int, field: MonsterField)
  {
    let fields = declarations.fields
    guard let position = fields.firstIndex(named: name) else {
      throw .unknownField(name, fields: fields.map(\.key))
    }
    return (position, fields[position])
  }

  // MARK: - A field's declaration

  /// Changes a declared field's declaration, named exactly or else in any case: its values,
  /// its range, whether it is required and its default. A field made required is given its
  /// default by every monster that lacks it.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)`` for a name the roster declares no
  ///   field of; ``RosterError/invalidDeclaration(_:reason:)`` for a change the field's kind
  ///   does not have (values of an integer field, a range of a text field), a value to
  ///   remove that it does not list, or a declaration that breaks a rule;
  ///   ``RosterError/valueInUse(field:takes:monsters:count:)`` while a monster holds a
  ///   value the field would no longer take; ``RosterError/missingValue(field:monster:)``
  ///   for a monster without a field made required that has no default.
  mutating func changeField(named name: String, _ redeclaration: FieldRedeclaration)
    throws(RosterError) -> [RosterChange]
  {
    let (position, old) = try declaredField(named: name)
    let new = try redeclared(old, redeclaration)
    guard new != old else { return [] }
    // Every monster is checked before any changes.
    var outside: [Index] = []
    var lacking: [Index] = []
    for index in indices {
      guard let value = value(of: new, at: index) else {
        if new.isRequired { lacking.append(index) }
        continue
      }
      if new.problem(with: value, weapons: weapons) != nil { outside.append(index) }
    }
    if !outside.isEmpty {
      throw .valueInUse(
        field: new.key, takes: new.allowedValues(weapons: weapons), monsters: names(at: outside),
        count: outside.count)
    }
    if let first = lacking.first, new.defaultValue == nil {
      throw .missingValue(field: new.key, monster: names(at: [first])[0])
    }
    declarations.fields[position] = new
    var given: [RosterChange] = []
    if let value = new.defaultValue {
      change(at: lacking, ResolvedChanges(values: [(new, value)]), into: &given)
    }
    return [.fieldChanged(from: old, to: new, monsters: given.count)]
  }

  /// A field's declaration with changes made: checked as a declaration, not yet against
  /// the monsters.
  private func redeclared(_ field: MonsterField, _ change: FieldRedeclaration)
    throws(RosterError) -> MonsterField
  {
    func refuse(_ problem: DeclarationProblem) -> RosterError {
      .invalidDeclaration(field.key, reason: problem)
    }
    var kind = field.kind
    if !change.addedValues.isEmpty || !change.removedValues.isEmpty {
      guard case .values(var values) = kind else {
        throw refuse(.notAListOfValues(takes: field.allowedValues(weapons: weapons)))
      }
      for removed in change.removedValues {
        // As a value is typed: exactly, else the one value alike in case and normal form.
        let typed = MonsterField.typedForm(of: removed)
        let place =
          values.firstIndex { $0.hasSameCodePoints(as: removed) }
          ?? values.firstIndex { MonsterField.typedForm(of: $0) == typed }
        guard let place else {
          throw refuse(.noSuchValue(removed))
        }
        values.remove(at: place)
      }
      for added in change.addedValues
      where !values.contains(where: { $0.hasSameCodePoints(as: added) }) {
        values.append(added)
      }
      kind = .values(values)
    }
    if change.minimum != .keep || change.maximum != .keep {
      guard case .integer(let minimum, let maximum) = kind else {
        throw refuse(.noRange(takes: field.allowedValues(weapons: weapons)))
      }
      kind = .integer(
        minimum: change.minimum.applied(to: minimum), maximum: change.maximum.applied(to: maximum))
    }
    var isRequired = field.isRequired
    var fallback = field.defaultValue
    switch change.requirement {
    case .keep: break
    case .required: isRequired = true
    case .optional:
      isRequired = false
      fallback = nil
    }
    switch change.defaultValue {
    case .keep: break
    case .remove: fallback = nil
    case .set(let input):
      guard isRequired else { throw refuse(.defaultWithoutRequired) }
      // Read as the changed field reads a value: an integer in canonical form, a value of
      // its list in any case.
      let reader = try MonsterField(declaring: field.key, kind: kind, isRequired: true)
      fallback = try value(of: input, for: reader)
      if fallback == nil { throw .missingValue(field: field.key, monster: nil) }
    }
    return try MonsterField(
      declaring: field.key, kind: kind, isRequired: isRequired, defaultValue: fallback)
  }

  // MARK: - Renaming a field

  /// Renames a declared field, named exactly or else in any case, and the key in every
  /// monster that has it, where it stands among the monster's keys.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)`` for a name the roster declares no
  ///   field of; ``RosterError/invalidDeclaration(_:reason:)`` for a new name a field cannot
  ///   have; ``RosterError/fieldTaken(_:by:)`` when another field, or a monster's key of its
  ///   own, has it.
  mutating func renameField(named name: String, to newName: String) throws(RosterError)
    -> [RosterChange]
  {
    let (position, old) = try declaredField(named: name)
    guard !old.key.hasSameCodePoints(as: newName) else { return [] }
    let new = try MonsterField(
      declaring: newName, kind: old.kind, isRequired: old.isRequired,
      defaultValue: old.defaultValue)
    let folded = MonsterField.foldedKey(newName)
    if let other = fields.first(where: {
      !$0.key.hasSameCodePoints(as: old.key) && MonsterField.foldedKey($0.key) == folded
    }) {
      throw .fieldTaken(newName, by: other.key)
    }
    // A key of a monster's own (where the roster keeps them) would stand twice.
    if heldKey(newName).map({ $0.hasSameCodePoints(as: newName) }) == true {
      throw .fieldTaken(newName, by: newName)
    }
    let holders = indices.filter { value(of: old, at: $0) != nil }
    declarations.fields[position] = new
    renameOtherKey(old.key, to: new.key, at: holders)
    return [.fieldChanged(from: old, to: new, monsters: holders.count)]
  }

  /// Gives a key of the monsters at some positions another name, where it stands.
  private mutating func renameOtherKey(_ key: String, to newKey: String, at indices: [Index]) {
    for index in indices {
      let inRecord = storage.rewriteRecord(atSlot: index.slot) { record, source in
        guard let entry = record.otherFieldsIndex.map(Int.init),
          let place = source.otherFields[entry].firstIndex(ofKey: key)
        else { return false }
        source.otherFields[entry][place].key = newKey
        return true
      }
      guard inRecord == nil else { continue }
      storage.updateEdited(atSlot: index.slot) { monster in
        if let place = monster.otherFields.firstIndex(ofKey: key) {
          monster.otherFields[place].key = newKey
        }
      }
    }
  }

  // MARK: - Renaming a weapon, or giving it another image

  /// Renames a weapon, read forgivingly, in the roster's weapons and in every monster that
  /// carries it. The weapon keeps its image unless it is given another; a built-in weapon's
  /// name gives that weapon, with its image. A roster with the five built-in weapons lists
  /// them from then on.
  ///
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` for a name the roster has no weapon
  ///   of; ``RosterError/weaponTaken(_:by:)`` when another weapon has the new name, ignoring
  ///   case, `-` and `_`; ``RosterError/invalidDeclaration(_:reason:)`` for a name or image
  ///   a weapon cannot have.
  mutating func renameWeapon(named name: String, to newName: String, image: String?)
    throws(RosterError) -> [RosterChange]
  {
    let weapons = self.weapons
    guard let old = weapons.weapon(parsing: name) else {
      throw .unknownWeapon(name, weapons: weapons.names)
    }
    let folded = Weapon.foldedName(newName)
    if let holder = weapons.first(where: { $0 != old && Weapon.foldedName($0.name) == folded }) {
      throw .weaponTaken(newName, by: holder.name)
    }
    let new: Weapon =
      if image == nil, let builtIn = Weapon.builtIn.first(where: { $0.name == newName }) {
        builtIn
      } else {
        Weapon(name: newName, imageName: image ?? old.imageName)
      }
    return try replaceWeapon(old, with: new)
  }

  /// Gives a weapon of the roster's own, read forgivingly, another image.
  ///
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` for a name the roster has no weapon
  ///   of; ``RosterError/invalidDeclaration(_:reason:)`` for a built-in weapon, whose image
  ///   is its own, or an image a weapon cannot have.
  mutating func changeWeaponImage(named name: String, to image: String) throws(RosterError)
    -> [RosterChange]
  {
    let weapons = self.weapons
    guard let old = weapons.weapon(parsing: name) else {
      throw .unknownWeapon(name, weapons: weapons.names)
    }
    if let type = old.type {
      throw .invalidDeclaration(old.name, reason: .builtInWeaponImageChange(type.imageName))
    }
    return try replaceWeapon(old, with: Weapon(name: old.name, imageName: image))
  }

  /// Puts a weapon in the place of one of the roster's, in its declarations and in every
  /// monster that carries it.
  private mutating func replaceWeapon(_ old: Weapon, with new: Weapon) throws(RosterError)
    -> [RosterChange]
  {
    guard !new.hasSameImage(as: old) else { return [] }
    var declared = declarations
    declared.weapons = weapons.map { $0 == old ? new : $0 }
    try declared.check()
    let carriers = indices(where: [(.weapon, .string(old.name))])
    declarations = declared
    // Records number their weapon in the file's table: the weapon's entry there is renamed,
    // and each record that carries it is written anew.
    if let number = storage.source.weapons.number(of: old.name) {
      var table = storage.source.weapons.weapons
      table[Int(number)] = new
      storage.setWeapons(WeaponTable(table))
    }
    for index in carriers where storage.rewriteRecord(atSlot: index.slot, { _, _ in true }) == nil {
      storage.updateEdited(atSlot: index.slot) { $0.weapon = new }
    }
    return [.weaponChanged(from: old, to: new, monsters: carriers.count)]
  }
}
