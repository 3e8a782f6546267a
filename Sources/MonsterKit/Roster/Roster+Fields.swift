import MonstersSystem

// A roster's weapons and fields, and values read by them: what edits and selections give
// as typed or as the file holds them, checked and made exact before any monster changes.

extension Roster {
  /// The roster's weapons, in order: those it declares, or the five built-in ones.
  ///
  /// ```swift
  /// Roster.seeded.weapons.map(\.name)  // ["blowgun", "ninjaStar", "fire", "sword", "smoke"]
  /// ```
  public var weapons: [Weapon] {
    declarations.weaponList
  }

  /// Whether the roster lists its weapons, rather than having the five built-in ones.
  public var declaresWeapons: Bool {
    declarations.weapons != nil
  }

  /// The fields the roster declares, in order, beyond the five built-in ones.
  public var declaredFields: [MonsterField] {
    declarations.fields
  }

  /// Every field of the roster: the built-in ones, then those it declares.
  public var fields: [MonsterField] {
    MonsterField.builtIn + declarations.fields
  }

  /// What the roster makes of a monster's key that no field declares: it keeps it, or
  /// refuses it. What it declares (`"otherKeys"`), else ``OtherKeys/refuse`` once it
  /// declares a field and ``OtherKeys/keep`` before.
  public var otherKeys: OtherKeys {
    declarations.otherKeysRule
  }

  /// Whether the roster says what it makes of keys no field declares, rather than leaving
  /// it to whether it declares fields.
  public var declaresOtherKeys: Bool {
    declarations.otherKeys != nil
  }

  /// The error for a key that no field declares, in a roster that refuses such keys: it
  /// names the fields that may be given.
  private func undeclared(_ key: String) -> RosterError {
    .unknownField(key, fields: declaredFields.map(\.key))
  }

  /// The field a name names: a built-in or declared field, by its key exactly (code point
  /// by code point); else a key some monster has, exactly as spelled; else a built-in or
  /// declared field in any case and normal form; else a key some monster has in another
  /// normal form (the field then has the key as the monsters spell it). So a key of its
  /// own that a monster spells `Team`, beside a declared `team`, is read as itself.
  ///
  /// ```swift
  /// Roster.seeded.field(named: "WEAPON")?.key  // "weapon"
  /// ```
  ///
  /// - Parameter name: The name.
  /// - Returns: The field, or `nil` when the roster has none of that name.
  public func field(named name: String) -> MonsterField? {
    let known = knownField(named: name)
    if let known, known.key.hasSameCodePoints(as: name) { return known }
    let held = heldKey(name)
    if let held, held.hasSameCodePoints(as: name) { return .other(held) }
    return known ?? held.map(MonsterField.other)
  }

  /// A built-in or declared field by its key, exactly or else as a person reads it: in any
  /// case, in any normal form.
  func knownField(named name: String) -> MonsterField? {
    let fields = self.fields
    return fields.firstIndex(named: name).map { fields[$0] }
  }

  /// The field a name names, as ``field(named:)`` finds it.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)`` when there is none.
  package func existingField(named name: String) throws(RosterError) -> MonsterField {
    guard let field = field(named: name) else { throw unknownField(name) }
    return field
  }

  /// The error for a name that is no field: it offers every built-in and declared field,
  /// and a key of a monster's own that the name spells in another case (`x` for `X`).
  private func unknownField(_ name: String) -> RosterError {
    let folded = MonsterField.foldedKey(name)
    func inAnyCase(_ members: [JSONMember]) -> String? {
      members.first { MonsterField.foldedKey($0.key) == folded }?.key
    }
    let held = storage.otherFieldsOfEachMonster.lazy.compactMap(inAnyCase).first
    return .unknownField(name, fields: fields.map(\.key) + (held.map { [$0] } ?? []))
  }

  /// A key beyond the built-in ones as the monsters hold it: `key` itself when some monster
  /// has it, else one that is the same text in another normal form (`é` typed as `e` and a
  /// combining accent), or `nil` when no monster has such a key.
  func heldKey(_ key: String) -> String? {
    var equivalent: String?
    func holdsKey(_ members: [JSONMember]) -> Bool {
      // Swift's `==` finds the key in any normal form.
      for member in members where member.key == key {
        if member.key.hasSameCodePoints(as: key) { return true }
        if equivalent == nil { equivalent = member.key }
      }
      return false
    }
    if storage.otherFieldsOfEachMonster.contains(where: holdsKey) {
      return key
    }
    return equivalent
  }

  // MARK: - Reading values

  /// The value an input gives a field, checked: exactly as the roster file holds it.
  ///
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` or
  ///   ``RosterError/invalidValue(_:field:reason:)`` for a value the field does not take,
  ///   or JSON the file cannot hold (a number that is no JSON number, a key twice).
  func value(of input: FieldInput?, for field: MonsterField) throws(RosterError) -> JSONValue? {
    switch input {
    case nil:
      return nil
    case .typed(let text), .text(let text):
      guard field.origin != .undeclared else { return text.isEmpty ? nil : .string(text) }
      // Nothing typed is no value: refused for a field every monster has.
      if case .typed = input, text.isEmpty, field.isRequired {
        throw .missingValue(field: field.key, monster: nil)
      }
      return try field.value(typed: text, weapons: weapons)
    case .json(let value):
      try value.checkWritableInMonster(as: field.key)
      try field.check(value, weapons: weapons)
      return field.canonical(value)
    case .quotedEmpty:
      let empty = JSONValue.string("")
      guard field.problem(with: empty, weapons: weapons) == nil else {
        return try value(of: .text(""), for: field)
      }
      return empty
    }
  }

  /// The field an assignment or a condition names.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)`` for a typed value of a field that is
  ///   neither built in nor declared, naming the declared fields (the built-in ones have
  ///   their own ways to be set), and for a condition on a key no monster has, naming every
  ///   field.
  private func field(
    named key: String, for input: FieldInput?, isCondition: Bool, exactly: Bool = false
  ) throws(RosterError) -> MonsterField {
    if exactly {
      if let field = fields.first(where: { $0.key.hasSameCodePoints(as: key) }) { return field }
      if otherKeys == .refuse { throw undeclared(key) }
      return .other(key)
    }
    if isCondition {
      guard let field = field(named: key) else { throw unknownField(key) }
      return field
    }
    if let field = knownField(named: key) { return field }
    if case .typed? = input { throw undeclared(key) }
    if otherKeys == .refuse { throw undeclared(key) }
    return .other(key)
  }

  // MARK: - Changes

  /// Changes read by the roster's fields: each field's new value, exactly as the file
  /// holds it, checked.
  ///
  /// - Throws: What ``value(of:for:)`` throws; ``RosterError/unknownField(_:fields:)`` for a
  ///   typed field the roster does not have; ``RosterError/missingValue(field:monster:)``
  ///   for a required field given no value; ``RosterError/invalidValue(_:field:reason:)``
  ///   for a name, which a rename changes.
  func resolved(_ changes: RosterEdit.Changes) throws(RosterError) -> ResolvedChanges {
    var resolved = ResolvedChanges()
    var places: [CodePointKey: Int] = [:]
    for assignment in changes.assignments {
      let field = try field(
        named: assignment.key, for: assignment.value, isCondition: false,
        exactly: assignment.keyIsExact)
      guard field.builtIn != .name else {
        throw .invalidValue(
          assignment.key, field: field.key, reason: "a monster is given a new name by renaming it")
      }
      let value = try value(of: assignment.value, for: field)
      if value == nil && field.isRequired { throw .missingValue(field: field.key, monster: nil) }
      if let place = places[CodePointKey(field.key)] {
        resolved.values[place].value = value
      } else {
        places[CodePointKey(field.key)] = resolved.values.count
        resolved.values.append((field, value))
      }
    }
    return resolved
  }

  /// The conditions read by the roster's fields, each value exactly as the file holds it;
  /// for an ordering, the value to compare with.
  ///
  /// - Throws: ``RosterError/unknownField(_:fields:)`` for a field the roster does not have
  ///   and no monster has; what ``value(of:for:)`` throws for a value the field does not
  ///   take, and ``RosterError/invalidValue(_:field:reason:)`` for an ordering without a
  ///   value, or of an integer field with no number.
  func resolved(_ conditions: [MonsterCondition]) throws(RosterError) -> [ResolvedCondition] {
    var resolved: [ResolvedCondition] = []
    for condition in conditions {
      let field = try field(named: condition.key, for: condition.value, isCondition: true)
      func add(_ value: JSONValue?) {
        resolved.append(ResolvedCondition(field, condition.comparison, value))
      }
      if condition.comparison.isOrdering {
        add(try orderingValue(of: condition.value, for: field))
        continue
      }
      if field.builtIn == .name, case .typed(let name)? = condition.value {
        add(.string(name))
        continue
      }
      // Nothing typed for a field every monster has is no value of it, which none has.
      if case .typed(let text)? = condition.value, text.isEmpty, field.isRequired,
        field.origin != .undeclared
      {
        add(try field.value(typed: text, weapons: weapons))
        continue
      }
      add(try value(of: condition.value, for: field))
    }
    return resolved
  }

  /// The value an ordering compares a field's values with: a number for an integer field,
  /// in any spelling and whatever the field's range; text as given for any other.
  private func orderingValue(of input: FieldInput?, for field: MonsterField) throws(RosterError)
    -> JSONValue
  {
    let text: String
    switch input {
    case .typed(let typed)?, .text(let typed)?: text = typed
    case .json(.string(let typed))?: text = typed
    case .json(let value)?: return value
    case .quotedEmpty?: return .string("")
    case nil: text = ""
    }
    guard case .integer = field.kind else {
      guard !text.isEmpty else {
        throw .invalidValue(text, field: field.key, reason: "an ordering takes a value to compare")
      }
      return .string(text)
    }
    // A JSON number, or digits as a person types them, leading zeros and all.
    if isJSONNumber(text) { return .number(text) }
    let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
    guard text.utf8.count - digits.count <= 1, !digits.isEmpty,
      digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
    else {
      throw .invalidValue(
        text, field: field.key, reason: "an integer field is compared with a number")
    }
    let significant = String(decoding: digits.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
    return .number(
      (digits.count < text.utf8.count ? "-" : "") + (significant.isEmpty ? "0" : significant))
  }

  // MARK: - New monsters

  /// A new monster of a name, with the fields changes give it, and the defaults of the
  /// rest, and a new id.
  ///
  /// - Throws: What ``resolved(_:)-(RosterEdit.Changes)`` throws;
  ///   ``RosterError/missingValue(field:monster:)`` without a weapon, or without a required
  ///   field that has no default.
  mutating func newMonster(named name: String, _ changes: RosterEdit.Changes)
    throws(RosterError) -> Monster
  {
    let resolved = try resolved(changes)
    guard resolved.values.contains(where: { $0.field.builtIn == .weapon }) else {
      throw .missingValue(field: MonsterField.weapon.key, monster: name)
    }
    // An id of the roster's own batch: no call to the system for each of a million.
    var monster = Monster(id: mint.mint(), name: name, description: "", weapon: weapons[0])
    resolved.apply(to: &monster, weapons: weapons)
    return try checked(monster)
  }

  /// A monster as the roster takes it: its weapon the roster's of that name, with the
  /// roster's image, and every required field given a value, its default where it has
  /// none.
  ///
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` for a weapon the roster does not
  ///   have, ``RosterError/invalidValue(_:field:reason:)`` for a declared field's value it
  ///   does not take or another key the file cannot hold so (a built-in key, a key twice,
  ///   a number that is no JSON number), ``RosterError/missingValue(field:monster:)`` for a
  ///   required field with no value and no default, ``RosterError/unknownField(_:fields:)``
  ///   for a key no field declares where the roster refuses such keys.
  func checked(_ monster: Monster) throws(RosterError) -> Monster {
    var monster = monster
    try monster.otherFields.checkWritableAsMonsters()
    guard let weapon = weapons.weapon(named: monster.weapon.name) else {
      throw .unknownWeapon(monster.weapon.name, weapons: weapons.names)
    }
    monster.weapon = weapon
    if otherKeys == .refuse {
      let declared = Set(declarations.fields.map { CodePointKey($0.key) })
      if let stray = monster.otherFields.first(where: { !declared.contains(CodePointKey($0.key)) })
      {
        throw undeclared(stray.key)
      }
    }
    guard !declarations.fields.isEmpty else { return monster }
    let values = monster.otherFields.valuesByKey
    for field in declarations.fields {
      guard let value = values[CodePointKey(field.key)] else {
        guard field.isRequired else { continue }
        guard let fallback = field.defaultValue else {
          throw .missingValue(field: field.key, monster: monster.name)
        }
        monster.otherFields.append(JSONMember(field.key, fallback))
        continue
      }
      let held = try self.value(of: .json(value), for: field)
      if held != value { monster.otherFields.setValue(held, forKey: field.key) }
    }
    return monster
  }
}

/// Changes as a roster read them: each field's new value, exactly as the file holds it, in
/// the order given (a field once, with its last value).
struct ResolvedChanges {
  var values: [(field: MonsterField, value: JSONValue?)] = []

  /// Whether a field is among those changed.
  func changes(_ key: MonsterField.BuiltIn) -> Bool {
    values.contains { $0.field.builtIn == key }
  }

  /// Makes the changes to a monster.
  func apply(to monster: inout Monster, weapons: [Weapon]) {
    for (field, value) in values {
      field.set(value, in: &monster, weapons: weapons)
    }
  }
}
