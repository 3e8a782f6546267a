// What a field takes: its values in a monster, what is wrong with a value, and the value
// typed text means. The errors an edit throws for them are made in MonsterField+Checking.

// MARK: - Values

extension MonsterField {
  /// The field's value in a monster, as the file holds it; `nil` when the monster has none.
  ///
  /// - Parameter monster: The monster.
  /// - Returns: A string for the built-in fields (the weapon's name, the colour as the file
  ///   spells it), the value of another key, or `nil` for no colour or a key the monster
  ///   lacks.
  public func value(in monster: Monster) -> JSONValue? {
    guard let builtIn else { return monster.otherFields.value(forKey: key) }
    return builtIn.value(in: monster)
  }

  /// Gives a monster a value of the field, or takes it away, once the value is known to be
  /// one the field takes.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it; `nil` for none.
  ///   - monster: The monster.
  ///   - weapons: The weapons a weapon's name is one of, for its image.
  func set(_ value: JSONValue?, in monster: inout Monster, weapons: [Weapon]) {
    guard let builtIn else { return monster.otherFields.setValue(value, forKey: key) }
    builtIn.set(value, in: &monster, weapons: weapons)
  }

  /// The values the field takes, when they are a closed list of words: a weapon's names, a
  /// colour's names (`#RRGGBB` aside), or a declared field's values; `nil` otherwise.
  ///
  /// - Parameter weapons: The roster's weapons, for a weapon.
  /// - Returns: The words, in order.
  public func words(weapons: [Weapon] = Weapon.builtIn) -> [String]? {
    switch kind {
    case .weapon: weapons.names
    case .color: NameColor.named.map(\.description)
    case .values(let values): values
    case .name, .text, .integer, .any: nil
    }
  }

  /// What the field takes, in a user's words, such as `an integer from 1 to 100`.
  ///
  /// - Parameter weapons: The roster's weapons, for a weapon.
  /// - Returns: The words, after "it takes".
  public func allowedValues(weapons: [Weapon] = Weapon.builtIn) -> String {
    switch kind {
    case .name: "a name"
    case .text: "text"
    case .weapon: "one of the weapons " + listedForMessage(weapons.names)
    case .color: "a colour: " + NameColor.spellings
    case .integer(nil, nil): "an integer"
    case .integer(let minimum?, nil): "an integer of at least \(minimum)"
    case .integer(nil, let maximum?): "an integer of at most \(maximum)"
    case .integer(let minimum?, let maximum?): "an integer from \(minimum) to \(maximum)"
    case .values(let values):
      "one of " + listedForMessage(values)
    case .any: "any JSON value"
    }
  }

  /// What is wrong with a value of the field, or `nil` when the field takes it.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it.
  ///   - weapons: The roster's weapons, for a weapon.
  /// - Returns: Words after the field's name, such as `is 500; it takes an integer from 1
  ///   to 100`, or `nil`.
  public func problem(with value: JSONValue, weapons: [Weapon] = Weapon.builtIn) -> String? {
    fieldProblem(with: value, weapons: weapons)?.words(for: self, weapons: weapons)
  }

  /// What is wrong with a value of the field, as a value, or `nil` when the field takes it.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it.
  ///   - weapons: The roster's weapons, for a weapon.
  func fieldProblem(with value: JSONValue, weapons: [Weapon] = Weapon.builtIn)
    -> FieldProblem?
  {
    let fits: Bool
    switch (kind, value) {
    case (.any, _): return nil
    case (.name, .string(let text)):
      return Monster.problem(withName: text).map { .notAName($0) }
    case (.text, .string): return nil
    case (.weapon, .string(let text)): fits = weapons.weapon(named: text) != nil
    case (.color, .string(let text)): fits = NameColor(spelling: text) != nil
    case (.values(let values), .string(let text)):
      fits = values.contains { $0.hasSameCodePoints(as: text) }
    case (.integer, .number(let text)): return integerProblem(with: text)
    case (.integer, _): return .notANumber
    case (.name, _), (.text, _), (.weapon, _), (.color, _), (.values, _): return .notAString
    }
    return fits ? nil : .notTaken(value)
  }

  /// A value as the roster holds it: for an integer field, a whole number in canonical
  /// integer form (`5.0` and `1E1` are `5` and `10`); any other value as it is.
  ///
  /// - Parameter value: A value the field takes.
  /// - Returns: The value as the file writes it.
  package func canonical(_ value: JSONValue) -> JSONValue {
    guard case .integer = kind, case .number(let text) = value,
      let canonical = IntegerReading(json: text)?.canonicalText, canonical != text
    else { return value }
    return .number(canonical)
  }

  /// A value as a message shows what was given: a string's text, anything else as JSON.
  static func text(of value: JSONValue) -> String {
    if case .string(let text) = value { return text }
    var bytes: [UInt8] = []
    bytes.appendJSON(value, indent: nil)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A value as a message quotes it: a string in quotes, anything else as compact JSON.
  static func quoted(_ value: JSONValue) -> String {
    if case .string(let text) = value { return "'\(escapedForMessage(text))'" }
    return escapedForMessage(text(of: value))
  }

  /// The value a person means by some text, as ``value(typed:weapons:)`` reads it; for text
  /// that is no value of the field, what is wrong with it, of which that makes an edit's
  /// error.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - weapons: The roster's weapons.
  /// - Returns: The value as the file holds it, or `nil` for none.
  /// - Throws: ``FieldProblem/notTaken(_:)``, with the text as a string, for a weapon, a
  ///   colour or a word that is none of the field's; for an integer field,
  ///   ``FieldProblem/notANumber`` for text that is no number, or what
  ///   `integerProblem(with:)` finds of the number.
  func typedValue(_ text: String, weapons: [Weapon]) throws(FieldProblem) -> JSONValue? {
    if text.isEmpty && !isRequired { return nil }
    switch kind {
    case .name, .text, .any:
      return .string(text)
    case .weapon:
      guard let weapon = weapons.weapon(parsing: text) else { throw .notTaken(.string(text)) }
      return .string(weapon.name)
    case .color:
      guard let color = NameColor(parsing: text) else { throw .notTaken(.string(text)) }
      return .string(color.description)
    case .integer:
      let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
      let isDecimal =
        text.utf8.count - digits.count <= 1 && !digits.isEmpty
        && digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
      let number: String
      if isJSONNumber(text) {
        // As JSON writes it (`7`, `7.0`, `0.7e1`).
        number = text
      } else if isDecimal {
        // Digits as a person may type them, leading zeros and all (`007` is 7), which JSON
        // does not allow, however long: without the zeros they are a JSON number.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        number =
          significant.isEmpty
          ? "0"
          : (digits.count < text.utf8.count ? "-" : "")
            + String(decoding: significant, as: UTF8.self)
      } else {
        throw .notANumber
      }
      if let problem = integerProblem(with: number) { throw problem }
      // In canonical integer form: `7.0` and `007` are stored as `7`, `-0` as `0`.
      return canonical(.number(number))
    case .values(let values):
      if values.contains(where: { $0.hasSameCodePoints(as: text) }) { return .string(text) }
      let typed = Self.typedForm(of: text)
      let matches = values.filter { Self.typedForm(of: $0) == typed }
      guard matches.count == 1 else { throw .notTaken(.string(text)) }
      return .string(matches[0])
    }
  }

  /// One of a field's values as typed text is matched with it: case-folded as names are, in
  /// any normal form. Two values of one form are one value to a person.
  static func typedForm(of text: String) -> String {
    foldedKey(text)
  }
}
