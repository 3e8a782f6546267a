import MonsterKit

// Reading the values that name monster fields: `--where FIELD=VALUE`, `--fields F,...` and
// `--field F`, with a usage error that lists the fields for a name that is not one.

extension MonsterKey {
  /// The fields, in the order listings show them: name, weapon, description, icon,
  /// nameColor.
  static let listed: [MonsterKey] = [.name, .weapon, .description, .icon, .nameColor]

  /// The field's name on the command line and in a TSV header: the file's key.
  var fieldName: String {
    spelling.description
  }

  /// The field a name given on the command line names, in any case.
  init?(fieldName text: some StringProtocol) {
    let lowered = text.lowercased()
    guard let key = Self.listed.first(where: { $0.fieldName.lowercased() == lowered }) else {
      return nil
    }
    self = key
  }
}

extension Invocation {
  /// The field a value names, or a usage error that lists the fields.
  private func field(named text: some StringProtocol) throws(CommandFailure) -> MonsterKey {
    guard let key = MonsterKey(fieldName: text) else {
      throw usageError(
        .unknownWord(String(text), kind: "field", choices: MonsterKey.listed.map(\.fieldName)))
    }
    return key
  }

  /// The one field an option names, or `nil` when it is not given.
  func field(_ option: OptionSpec) throws(CommandFailure) -> MonsterKey? {
    guard let text = value(option) else { return nil }
    return try field(named: text)
  }

  /// The fields an option lists, separated by commas, or `nil` when it is not given.
  ///
  /// - Throws: A usage error for a name that is not a field, a field named twice, or no
  ///   field at all.
  func fieldList(_ option: OptionSpec) throws(CommandFailure) -> [MonsterKey]? {
    guard let text = value(option) else { return nil }
    var fields: [MonsterKey] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
      let key = try field(named: String(trimmed))
      guard !fields.contains(key) else {
        throw usageError(
          .invalidValue(
            "Invalid value for '\(option.synopsis)': '\(escapedForMessage(text))' names "
              + "'\(key.fieldName)' twice."))
      }
      fields.append(key)
    }
    return fields
  }

  /// The conditions of an option given as `FIELD=VALUE`, as often as it is given.
  ///
  /// A weapon is read forgivingly (`ninja-star`), a colour in any case, and `none` (or
  /// nothing) is no colour; a name, description or icon is the text as given.
  ///
  /// - Throws: A usage error for a value without `=`, a name that is not a field, or a
  ///   weapon or colour that is not one.
  func conditions(_ option: OptionSpec) throws(CommandFailure) -> [MonsterCondition] {
    var conditions: [MonsterCondition] = []
    for text in values(option) {
      guard let equals = text.firstIndex(of: "=") else {
        throw usageError(
          .invalidValue(
            "Invalid value for '--\(option.name) <\(option.valueName)>': "
              + "'\(escapedForMessage(text))'; write FIELD=VALUE, such as weapon=fire, with "
              + "a field among \(MonsterKey.listed.map(\.fieldName).joined(separator: ", "))."))
      }
      let value = String(text[text.index(after: equals)...])
      switch try field(named: text[..<equals]) {
      case .name: conditions.append(.name(value))
      case .description: conditions.append(.description(value))
      case .icon: conditions.append(.icon(value))
      case .weapon:
        guard let weapon = WeaponType(parsing: value) else {
          throw usageError(
            .unknownWord(value, kind: "weapon", choices: WeaponType.allCases.map(\.rawValue)))
        }
        conditions.append(.weapon(weapon))
      case .nameColor:
        if value.isEmpty || value.lowercased() == ValueKind.noColorWord {
          conditions.append(.nameColor(nil))
        } else if let color = NameColor(parsing: value) {
          conditions.append(.nameColor(color))
        } else {
          throw unknownColor(value, allowsNone: true)
        }
      }
    }
    return conditions
  }
}

extension Invocation {
  /// The monsters the arguments name, or, instead, those the conditions of `--where` pick.
  ///
  /// - Throws: A usage error for neither or both.
  func selection(where option: OptionSpec) throws(CommandFailure) -> MonsterSelection {
    let conditions = try conditions(option)
    guard !conditions.isEmpty else {
      guard !arguments.isEmpty else {
        throw usageError(
          command?.arguments.first.map { .missingArgument($0) } ?? .missingCommand)
      }
      return .names(arguments)
    }
    guard arguments.isEmpty else {
      throw usageError(
        .invalidValue(
          "Name the monsters or pick them with --\(option.name), not both: "
            + "'\(escapedForMessage(arguments[0]))' is named."))
    }
    return .matching(conditions)
  }
}

/// A condition as the command line writes it: `weapon=ninjaStar`.
func conditionText(_ condition: MonsterCondition) -> String {
  let (key, value): (MonsterKey, String) =
    switch condition {
    case .name(let name): (.name, name)
    case .weapon(let weapon): (.weapon, weapon.rawValue)
    case .description(let text): (.description, text)
    case .icon(let text): (.icon, text)
    case .nameColor(let color): (.nameColor, color?.description ?? ValueKind.noColorWord)
    }
  return key.fieldName + "=" + value
}
