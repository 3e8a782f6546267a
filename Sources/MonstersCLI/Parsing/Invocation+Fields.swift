import MonsterKit

// Reading the values that name monster fields: `--where FIELD=VALUE`, `--fields F,...` and
// `--field F`. The roster reads the names and values, by its fields (``Roster/field(named:)``).

extension Roster {
  /// The fields in the order listings show them: the built-in ones, then those the roster
  /// declares.
  var listedFields: [MonsterField] {
    MonsterField.listed + declaredFields
  }
}

extension Invocation {
  /// The words an option lists, separated by commas, spaces around each taken off
  /// (`--fields 'name, weapon'`, `--values 'red, blue'`), or `nil` when it is not given.
  func commaSeparated(_ option: OptionSpec) -> [String]? {
    value(option).map { text in
      text.split(atEach: ",").map { name in
        String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      }
    }
  }

  /// The conditions of an option given as `FIELD=VALUE`, or with another comparison
  /// (`FIELD!=VALUE`, `FIELD<VALUE`, `FIELD<=VALUE`, `FIELD>VALUE`, `FIELD>=VALUE`), as
  /// often as it is given.
  ///
  /// The roster reads each value by its field: a weapon forgivingly (`ninja-star`), a
  /// colour in any case, and `none` (or nothing) is no value, which `F=` asks for and
  /// `F!=` asks to be without; `""` is the empty text; a name, description or icon is the
  /// text as given.
  ///
  /// - Throws: A usage error for a value without a comparison, or without a field.
  func conditions(_ option: OptionSpec) throws(CommandFailure) -> [MonsterCondition] {
    var conditions: [MonsterCondition] = []
    for text in values(option) {
      guard let (key, comparison, value) = Self.condition(text), !key.isEmpty else {
        throw usageError(
          .invalidValue(
            "Invalid value for '--\(option.name) <\(option.valueName)>': "
              + "'\(escapedForMessage(text))'; write FIELD=VALUE, or FIELD!=VALUE, FIELD<VALUE, "
              + "FIELD<=VALUE, FIELD>VALUE or FIELD>=VALUE, such as weapon=fire or level<10, "
              + "with a field among \(MonsterField.listed.map(\.key).joined(separator: ", ")) "
              + "or the roster's own ('monsters fields' lists them)."))
      }
      let builtIn = MonsterField.builtIn.first { $0.key.lowercased() == key.lowercased() }
      let input: FieldInput =
        if builtIn?.kind == .color && value.lowercased() == ValueKind.noColorWord {
          .typed("")
        } else if value == Self.emptyTextWord, !comparison.isOrdering {
          // `F=""`, which a shell passes as it is quoted: the empty text, not no value.
          .quotedEmpty
        } else {
          .typed(value)
        }
      conditions.append(MonsterCondition(key, comparison, input))
    }
    return conditions
  }

  /// What `--where F=""` gives for the empty text, as a listing writes it.
  static let emptyTextWord = "\"\""

  /// A condition as the command line writes it, split at its comparison: the first `=`,
  /// `!=`, `<`, `<=`, `>` or `>=` (a declared field's name holds none of them); `nil`
  /// without one.
  static func condition(_ text: String) -> (String, MonsterCondition.Comparison, String)? {
    let scalars = Array(text.unicodeScalars)
    for (place, scalar) in scalars.enumerated() {
      let next = place + 1 < scalars.count ? scalars[place + 1] : nil
      let comparison: MonsterCondition.Comparison
      switch (scalar, next) {
      case ("=", _): comparison = .equal
      case ("!", "="?): comparison = .notEqual
      case ("<", "="?): comparison = .lessOrEqual
      case ("<", _): comparison = .less
      case (">", "="?): comparison = .greaterOrEqual
      case (">", _): comparison = .greater
      default: continue
      }
      var key = String.UnicodeScalarView()
      key.append(contentsOf: scalars[..<place])
      var value = String.UnicodeScalarView()
      value.append(contentsOf: scalars[(place + comparison.rawValue.unicodeScalars.count)...])
      return (String(key), comparison, String(value))
    }
    return nil
  }

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

extension CommandContext {
  /// The fields some names name on the roster, in order.
  ///
  /// - Parameters:
  ///   - names: The names, as given.
  ///   - roster: The roster.
  ///   - option: The option that lists them, for a message.
  /// - Throws: A usage error for a name that is no field of the roster, or a field named
  ///   twice.
  func fields(named names: [String], in roster: Roster, option: OptionSpec) throws(CommandFailure)
    -> [MonsterField]
  {
    var fields: [MonsterField] = []
    for name in names {
      let field: MonsterField
      do throws(RosterError) {
        field = try roster.existingField(named: name)
      } catch {
        throw CommandFailure(refusedEdit: error, command: invocation.command)
      }
      guard !fields.contains(field) else {
        throw usageError(
          .invalidValue(
            "Invalid value for '\(option.synopsis)': '\(escapedForMessage(invocation.value(option) ?? ""))' "
              + "names '\(escapedForMessage(field.key))' twice."))
      }
      fields.append(field)
    }
    return fields
  }
}

/// A condition as the command line writes it: `weapon=ninjaStar`, `level<10`; `none` for
/// no value.
func conditionText(_ condition: MonsterCondition) -> String {
  let value: String =
    switch condition.value {
    case .typed(let text)?, .text(let text)?: text
    case .json(.string(let text))?: text
    case .quotedEmpty?: "\"\""
    case .json(let value)?: DiffReport.json(value)
    case nil: ValueKind.noColorWord
    }
  return condition.key + condition.comparison.rawValue + value
}
