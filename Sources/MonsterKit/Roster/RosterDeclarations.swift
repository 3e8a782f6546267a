/// What a roster declares beside its monsters: the weapons it lists, the fields it adds,
/// and what it makes of keys no field declares. A roster that declares nothing has the five
/// built-in weapons and the built-in fields, and keeps every other key.
///
/// Each entry is a key of the roster's object (``Key``), which a merge merges on its own:
/// the weapons weapon by weapon, the fields field by field, `otherKeys` as one value.
struct RosterDeclarations: Hashable, Sendable {
  /// The weapons the roster lists, in order, or `nil` when it lists none.
  var weapons: [Weapon]?
  /// The fields the roster declares, in order.
  var fields: [MonsterField]
  /// What the roster says of keys no field declares (`"otherKeys"`), or `nil` when it says
  /// nothing: then ``OtherKeys/implied(declaresFields:)`` holds.
  var otherKeys: OtherKeys? = nil

  /// Nothing declared.
  static let none = RosterDeclarations(weapons: nil, fields: [])

  /// The roster's weapons: those it lists, or the five built-in ones.
  var weaponList: [Weapon] {
    weapons ?? Weapon.builtIn
  }

  /// What the roster makes of keys no field declares: what it says, or what that implies.
  var otherKeysRule: OtherKeys {
    otherKeys ?? .implied(declaresFields: !fields.isEmpty)
  }

  /// Whether the roster declares anything.
  var isEmpty: Bool {
    weapons == nil && fields.isEmpty && otherKeys == nil
  }

  /// Whether two rosters declare the same: weapons with their images (a weapon's `==`
  /// compares its name alone), fields, and what they make of other keys.
  static func == (lhs: RosterDeclarations, rhs: RosterDeclarations) -> Bool {
    let sameWeapons =
      switch (lhs.weapons, rhs.weapons) {
      case (nil, nil): true
      case (let mine?, let theirs?): mine.haveSameImages(as: theirs)
      default: false
      }
    return sameWeapons && lhs.fields == rhs.fields && lhs.otherKeys == rhs.otherKeys
  }

  /// Hashes what ``==(_:_:)`` compares.
  func hash(into hasher: inout Hasher) {
    hasher.combine(weapons?.map(\.name))
    hasher.combine(weapons?.map(\.imageName))
    hasher.combine(fields)
    hasher.combine(otherKeys)
  }
}

extension RosterDeclarations {
  /// Checks the declarations: weapons with names of letters and digits, no two the same
  /// ignoring case, `-` and `_`, at most 256 of them; declared fields that may be declared,
  /// no two of the same key ignoring case and normal form (``MonsterField/foldedKey(_:)``).
  ///
  /// - Throws: ``RosterError/invalidDeclaration(_:reason:)`` for the first that breaks a
  ///   rule.
  func check() throws(RosterError) {
    if let problem = problems().first {
      throw .invalidDeclaration(problem.name, reason: problem.problem)
    }
  }

  /// Every declaration that breaks a rule: the weapon's or field's name, its place in its
  /// list, and why.
  func problems() -> [(name: String, isWeapon: Bool, position: Int, problem: DeclarationProblem)] {
    var problems: [(name: String, isWeapon: Bool, position: Int, problem: DeclarationProblem)] =
      []
    if let weapons {
      var seen: [String: String] = [:]
      for (position, weapon) in weapons.enumerated() {
        func refuse(_ problem: DeclarationProblem) {
          problems.append((weapon.name, true, position, problem))
        }
        if !Weapon.isValidName(weapon.name) {
          refuse(.invalidWeaponName)
        } else if let earlier = seen.updateValue(
          weapon.name, forKey: Weapon.foldedName(weapon.name))
        {
          refuse(.sameWeaponName(as: earlier))
        } else if position >= WeaponTable.capacity {
          refuse(.tooManyWeapons(most: WeaponTable.capacity))
        } else if WeaponType(rawValue: weapon.name) != nil && weapon.type == nil {
          refuse(.builtInWeaponImage(Weapon.defaultImageName(forName: weapon.name)))
        }
      }
    }
    var keys: [String: String] = [:]
    for (position, field) in fields.enumerated() {
      if let problem = field.declarationProblem() {
        problems.append((field.key, false, position, problem))
      } else if let earlier = keys.updateValue(field.key, forKey: MonsterField.foldedKey(field.key))
      {
        problems.append(
          (
            field.key, false, position,
            earlier == field.key && !earlier.hasSameCodePoints(as: field.key)
              ? .sameFieldNameInAnotherForm(as: earlier) : .sameFieldName(as: earlier)
          ))
      }
    }
    return problems
  }
}
