// What a roster declares as the file holds it: the `weapons` and `fields` keys of its
// object, read one entry at a time with a problem for each that breaks a rule, and written
// back in canonical form.

extension RosterDeclarations {
  /// The keys of the roster's object that hold the declarations, in the order the canonical
  /// form writes them: between `version` and `monsters`.
  enum Key: String, CaseIterable {
    case weapons, fields, otherKeys

    /// The key's place among the declarations.
    var position: Int {
      Self.allCases.firstIndex(of: self) ?? 0
    }
  }

  /// The declarations as the file holds them: a member for each key declared, in canonical
  /// order. A built-in weapon is its name; another weapon an object of its name and image;
  /// a field an object of its name, then what it takes; `otherKeys` its word.
  var jsonMembers: [JSONMember] {
    var members: [JSONMember] = []
    if let weapons {
      members.append(JSONMember(Key.weapons.rawValue, .array(weapons.map(Self.json(of:)))))
    }
    if !fields.isEmpty {
      members.append(JSONMember(Key.fields.rawValue, .array(fields.map(Self.json(of:)))))
    }
    if let otherKeys {
      members.append(JSONMember(Key.otherKeys.rawValue, .string(otherKeys.rawValue)))
    }
    return members
  }

  /// A weapon as the roster's `weapons` list holds it.
  static func json(of weapon: Weapon) -> JSONValue {
    guard weapon.type == nil else { return .string(weapon.name) }
    return .object([
      JSONMember(WeaponKey.name.rawValue, .string(weapon.name)),
      JSONMember(WeaponKey.image.rawValue, .string(weapon.imageName)),
    ])
  }

  /// A declared field as the roster's `fields` list holds it.
  static func json(of field: MonsterField) -> JSONValue {
    var members = [JSONMember(FieldKey.name.rawValue, .string(field.key))]
    switch field.kind {
    case .integer(let minimum, let maximum):
      members.append(JSONMember(FieldKey.type.rawValue, .string(FieldType.integer.rawValue)))
      if let minimum {
        members.append(JSONMember(FieldKey.minimum.rawValue, .number("\(minimum)")))
      }
      if let maximum {
        members.append(JSONMember(FieldKey.maximum.rawValue, .number("\(maximum)")))
      }
    case .values(let values):
      members.append(JSONMember(FieldKey.values.rawValue, .array(values.map(JSONValue.string))))
    case .name, .text, .weapon, .color, .any:
      break
    }
    if field.isRequired { members.append(JSONMember(FieldKey.required.rawValue, .bool(true))) }
    if let value = field.defaultValue {
      members.append(JSONMember(FieldKey.default.rawValue, value))
    }
    return .object(members)
  }

  /// The keys of a weapon's object.
  enum WeaponKey: String, CaseIterable {
    case name, image
  }

  /// The keys of a field's object, in canonical order.
  enum FieldKey: String, CaseIterable {
    case name, type, minimum, maximum, values, required, `default`
  }

  /// The values of a field's `type`.
  enum FieldType: String, CaseIterable {
    case text, integer
  }
}

// MARK: - Reading

extension RosterDeclarations {
  /// Reads the value of `otherKeys`.
  ///
  /// - Returns: The rule, or why the value is none.
  static func otherKeys(_ value: JSONValue) -> Entry<OtherKeys> {
    guard case .string(let word) = value, let rule = OtherKeys(rawValue: word) else {
      return Entry(
        problems: [
          "'\(Key.otherKeys.rawValue)' must be "
            + OtherKeys.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        ])
    }
    return Entry(value: rule)
  }

  /// What reading one entry of a declaration list gives: the weapon or field, when the
  /// entry is one, and what is wrong with it.
  struct Entry<Value> {
    var value: Value?
    var problems: [String] = []
  }

  /// Reads one entry of the `weapons` list.
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - number: Its place in the list, from 1, for messages.
  static func weapon(_ value: JSONValue, number: Int) -> Entry<Weapon> {
    switch value {
    case .string(let name):
      guard let type = WeaponType(rawValue: name) else {
        return Entry(
          problems: [
            "weapon \(number): '\(escapedForMessage(name))' is not a built-in weapon; declare "
              + "a weapon of the roster's own as an object with its name and image, "
              + "{\"name\": \"\(escapedForMessage(name))\", \"image\": \"...\"}"
          ])
      }
      return Entry(value: Weapon(type))
    case .object(let members):
      var entry = Entry<Weapon>()
      var name: String?
      var image: String?
      for member in members {
        switch WeaponKey(rawValue: member.key) {
        case .name?:
          guard case .string(let text) = member.value else {
            entry.problems.append("weapon \(number): 'name' must be a string")
            continue
          }
          name = text
        case .image?:
          guard case .string(let text) = member.value else {
            entry.problems.append("weapon \(number): 'image' must be a string")
            continue
          }
          image = text
        case nil:
          entry.problems.append(
            "weapon \(number): unknown key '\(escapedForMessage(member.key))'; a weapon has a "
              + "name and an image")
        }
      }
      guard let name else {
        if entry.problems.isEmpty { entry.problems.append("weapon \(number) has no 'name'") }
        return entry
      }
      if entry.problems.isEmpty { entry.value = Weapon(name: name, imageName: image) }
      return entry
    default:
      return Entry(
        problems: [
          "weapon \(number) must be a built-in weapon's name or an object with a weapon's name "
            + "and image"
        ])
    }
  }

  /// Reads one entry of the `fields` list.
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - number: Its place in the list, from 1, for messages.
  static func field(_ value: JSONValue, number: Int) -> Entry<MonsterField> {
    guard case .object(let members) = value else {
      return Entry(
        problems: ["field \(number) must be an object with its name, such as {\"name\": \"team\"}"])
    }
    var entry = Entry<MonsterField>()
    var values: [FieldKey: JSONValue] = [:]
    for member in members {
      guard let key = FieldKey(rawValue: member.key) else {
        entry.problems.append(
          "field \(number): unknown key '\(escapedForMessage(member.key))'; a field has a "
            + FieldKey.allCases.map(\.rawValue).joined(separator: ", "))
        continue
      }
      values[key] = member.value
    }
    guard case .string(let name)? = values[.name] else {
      entry.problems.append(
        values[.name] == nil
          ? "field \(number) has no 'name'" : "field \(number): 'name' must be a string")
      return entry
    }
    let label = "field \(number) ('\(escapedForMessage(name))')"
    func fail(_ problem: String) -> Entry<MonsterField> {
      entry.problems.append("\(label): \(problem)")
      return entry
    }
    guard entry.problems.isEmpty else { return entry }
    let reading = Self.kind(declaredBy: values)
    guard let kind = reading.value else { return fail(reading.problems.first ?? "") }
    var isRequired = false
    switch values[.required] {
    case nil: break
    case .bool(let flag)?: isRequired = flag
    default: return fail("'required' must be true or false")
    }
    let field = MonsterField(
      uncheckedDeclaring: name, kind: kind, isRequired: isRequired,
      defaultValue: values[.default])
    if let problem = field.declarationProblem() { return fail(problem.description) }
    entry.value = field
    return entry
  }

  /// Reads the kind an entry of the `fields` list declares, from its `type` (or, without
  /// one, its range), its range and its values.
  ///
  /// - Parameter values: The entry's keys and their values.
  /// - Returns: The kind, or the problem that it is none, in words after the field's
  ///   label.
  private static func kind(declaredBy values: [FieldKey: JSONValue]) -> Entry<MonsterField.Kind> {
    func fail(_ problem: String) -> Entry<MonsterField.Kind> {
      Entry(problems: [problem])
    }
    let type: FieldType
    switch values[.type] {
    case nil: type = values[.minimum] == nil && values[.maximum] == nil ? .text : .integer
    case .string(let text)?:
      guard let known = FieldType(rawValue: text) else {
        return fail("'type' must be \"integer\" or \"text\"")
      }
      type = known
    default: return fail("'type' must be \"integer\" or \"text\"")
    }
    func bound(_ key: FieldKey) -> (Int?, String?) {
      guard let value = values[key] else { return (nil, nil) }
      let reading = MonsterField.bound(json: value)
      guard case .bound(let whole) = reading else {
        return (nil, "'\(key.rawValue)' " + (reading.problem ?? ""))
      }
      return (whole, nil)
    }
    switch type {
    case .integer:
      if values[.values] != nil { return fail("'values' are text; an integer field has none") }
      let (minimum, minimumProblem) = bound(.minimum)
      let (maximum, maximumProblem) = bound(.maximum)
      if let problem = minimumProblem ?? maximumProblem { return fail(problem) }
      return Entry(value: .integer(minimum: minimum, maximum: maximum))
    case .text:
      if values[.minimum] != nil || values[.maximum] != nil {
        return fail("'minimum' and 'maximum' go with \"type\": \"integer\"")
      }
      switch values[.values] {
      case nil: return Entry(value: .text)
      case .array(let list)?:
        var texts: [String] = []
        for item in list {
          guard case .string(let text) = item else { return fail("'values' must be strings") }
          texts.append(text)
        }
        return Entry(value: .values(texts))
      default: return fail("'values' must be an array of strings")
      }
    }
  }
}
