import MonstersSystem

/// A field of a monster: a key of its object in the roster file, what its value may be, and
/// whether every monster has it.
///
/// This is the one description of fields. The five built-in ones and those a roster
/// declares (``Roster/declaredFields``) are values of this one type, and everything that
/// reads or writes a field goes by it: the reader and `check`, edits, diffs and merges,
/// imports, and every listing of the command line. A key that is neither (one the roster
/// neither builds in nor declares) is ``other(_:)``: any JSON value, kept as it is.
///
/// ```swift
/// MonsterField.weapon.key                      // "weapon"
/// MonsterField.builtIn.map(\.key)              // name, description, icon, weapon, nameColor
/// let health = try MonsterField(
///   declaring: "health", kind: .integer(minimum: 1, maximum: 100))
/// health.problem(with: .number("500"))         // "is 500; it takes an integer from 1 to 100"
/// Monster.seeded[0][.weapon]                   // .string("sword")
/// ```
public struct MonsterField: Hashable, Sendable {
  /// The key of the monster's object, as the file spells it, such as `nameColor` or `team`.
  public let key: String
  /// What values the field takes.
  public let kind: Kind
  /// Whether every monster has a value; an optional field may be left out.
  public let isRequired: Bool
  /// For a declared required field, the value a monster without one is given, if any.
  public let defaultValue: JSONValue?
  /// Where the field comes from.
  package let origin: Origin

  /// What values a field takes.
  public enum Kind: Hashable, Sendable {
    /// A monster's name: text that follows the rules of names (``Roster``).
    case name
    /// Any text.
    case text
    /// One of the roster's weapons, by name (``Roster/weapons``).
    case weapon
    /// A ``NameColor``, as the file spells it.
    case color
    /// A whole number, at least `minimum` and at most `maximum` where they are given.
    case integer(minimum: Int?, maximum: Int?)
    /// One of these texts, exactly.
    case values([String])
    /// Any JSON value: a key the roster neither builds in nor declares.
    case any
  }

  /// Where a field comes from.
  package enum Origin: Hashable, Sendable {
    /// One of the five fields every roster has.
    case builtIn(BuiltIn)
    /// A field the roster declares.
    case declared
    /// A key the roster neither builds in nor declares.
    case undeclared
  }

  /// A field as it is: the built-in table and the initializers below make every one.
  init(
    key: String, kind: Kind, isRequired: Bool, defaultValue: JSONValue? = nil, origin: Origin
  ) {
    self.key = key
    self.kind = kind
    self.isRequired = isRequired
    self.defaultValue = defaultValue
    self.origin = origin
  }

  /// Whether the field is one of the five every roster has.
  public var isBuiltIn: Bool {
    builtIn != nil
  }

  /// Whether the roster declares the field.
  public var isDeclared: Bool {
    origin == .declared
  }

  /// The built-in field this is, if it is one.
  package var builtIn: BuiltIn? {
    guard case .builtIn(let field) = origin else { return nil }
    return field
  }

  /// How messages name the field: `name colour`, `weapon`, or a declared field's key.
  public var label: String {
    builtIn?.label ?? key
  }
}

// MARK: - Equality

extension MonsterField {
  /// Whether two fields are the same, with keys and values compared code point by code
  /// point, as the roster file holds them.
  public static func == (lhs: MonsterField, rhs: MonsterField) -> Bool {
    lhs.key.hasSameCodePoints(as: rhs.key) && lhs.kind == rhs.kind
      && lhs.isRequired == rhs.isRequired && lhs.defaultValue == rhs.defaultValue
      && lhs.origin == rhs.origin
  }
}

extension MonsterField.Kind {
  /// Whether two kinds are the same, a list of values compared code point by code point.
  public static func == (lhs: MonsterField.Kind, rhs: MonsterField.Kind) -> Bool {
    switch (lhs, rhs) {
    case (.name, .name), (.text, .text), (.weapon, .weapon), (.color, .color), (.any, .any):
      true
    case (.integer(let lowest, let highest), .integer(let otherLowest, let otherHighest)):
      lowest == otherLowest && highest == otherHighest
    case (.values(let values), .values(let others)):
      values.elementsEqual(others) { $0.hasSameCodePoints(as: $1) }
    default: false
    }
  }
}

// MARK: - Finding a field by name

extension [MonsterField] {
  /// The place of the field a person names: by its key exactly, code point by code point,
  /// or, where no key is that, in any case and normal form.
  func firstIndex(named name: String) -> Int? {
    if let exact = firstIndex(where: { $0.key.hasSameCodePoints(as: name) }) { return exact }
    let folded = MonsterField.foldedKey(name)
    return firstIndex { MonsterField.foldedKey($0.key) == folded }
  }
}

extension MonsterField {
  /// A field's name as names of fields are compared where a person types them: case-folded
  /// as monsters' names are (``Monster/foldedName(_:)``: full case folding, any normal
  /// form), so that `Team`, `TEAM` and `team` are one field, and `deſcription` is
  /// `description`. Two declared fields never fold alike.
  ///
  /// - Parameter key: A field's key, or a name typed for one.
  /// - Returns: The folded name.
  package static func foldedKey(_ key: String) -> String {
    Monster.foldedName(key)
  }

  /// The field a key that is none was likely meant to name, for "did you mean": one that is
  /// the same ignoring case, normal form, white space, `-` and `_` (`Faction`, `Level `,
  /// `Name Color`, `name_color`), else the closest by a few typed letters (`levl`).
  ///
  /// - Parameters:
  ///   - key: The key, as given.
  ///   - candidates: The fields' keys.
  /// - Returns: The key meant, or `nil` when none is close.
  package static func fieldMeant(by key: String, among candidates: [String]) -> String? {
    func loose(_ text: String) -> String {
      var kept = String.UnicodeScalarView()
      kept.append(
        contentsOf: foldedKey(text).unicodeScalars.filter {
          !$0.properties.isWhitespace && $0 != "-" && $0 != "_"
        })
      return String(kept)
    }
    let wanted = loose(key)
    if let same = candidates.first(where: { loose($0) == wanted }) { return same }
    return closestMatch(to: key, among: candidates)
  }
}

// MARK: - Declared fields

extension MonsterField {
  /// A declared field as the reader found it, checked with ``declarationProblem()``: its
  /// default, when the field takes it, in the canonical form (an integer's `5.0` is `5`).
  init(
    uncheckedDeclaring key: String, kind: Kind, isRequired: Bool, defaultValue: JSONValue?
  ) {
    self.init(
      key: key, kind: kind, isRequired: isRequired, defaultValue: defaultValue,
      origin: .declared)
    if let value = defaultValue, problem(with: value) == nil {
      self = MonsterField(
        key: key, kind: kind, isRequired: isRequired, defaultValue: canonical(value),
        origin: .declared)
    }
  }

  /// What is wrong with the field as a declaration, or `nil` for none.
  func declarationProblem() -> DeclarationProblem? {
    if let problem = Self.keyProblem(key) { return problem }
    switch kind {
    case .text: break
    case .integer(let minimum?, let maximum?) where minimum > maximum:
      return .minimumAboveMaximum(minimum: minimum, maximum: maximum)
    case .integer: break
    case .values(let values):
      if values.isEmpty { return .noValues }
      // An empty value reads as no value where a person types it: `--field team=` takes
      // the field away.
      if values.contains("") { return .emptyValue }
      // Two values that typed text matches alike (one text in two Unicode forms, or in two
      // cases) are one: `--field`, `--where` and an import could pick neither.
      var seen: [String: String] = [:]
      for value in values {
        guard let earlier = seen.updateValue(value, forKey: Self.typedForm(of: value)) else {
          continue
        }
        if earlier != value { return .valuesAlike(earlier, value) }
        return earlier.hasSameCodePoints(as: value)
          ? .valueTwice(value) : .valueInTwoForms(earlier, value)
      }
    case .name, .weapon, .color, .any:
      return .kindNotDeclarable
    }
    if let value = defaultValue {
      guard isRequired else { return .defaultWithoutRequired }
      if problem(with: value) != nil { return .defaultNotTaken(value, field: self) }
    }
    return nil
  }

  /// The characters a declared field's name may not hold, as the command line reads them
  /// between a field and its value (`--where F=V`, `F!=V`, `F<V`, `F>=V`) or between fields
  /// (`--fields a,b`).
  static let reservedInNames: Set<Unicode.Scalar> = ["=", ",", "<", ">", "!"]

  /// Why a key cannot be a declared field's, or `nil` when it can.
  static func keyProblem(_ key: String) -> DeclarationProblem? {
    if let problem = Monster.problem(withName: key) { return .name(problem) }
    let folded = foldedKey(key)
    if let builtIn = BuiltIn.allCases.first(where: { foldedKey($0.spelling.description) == folded })
    {
      return builtIn.spelling.description == key
        ? .builtInField(key)
        : .builtInFieldInAnotherForm(key, builtIn: builtIn.spelling.description)
    }
    if let mark = key.unicodeScalars.first(where: { Self.reservedInNames.contains($0) }) {
      return .reservedCharacter(mark)
    }
    return nil
  }
}

// MARK: - Bounds

extension MonsterField {
  /// What a bound of an integer field (its `minimum` or `maximum`) reads as.
  package enum BoundReading: Equatable {
    /// A whole number an `Int` holds.
    case bound(Int)
    /// No whole number.
    case notWhole
    /// A whole number beyond what an `Int` holds.
    case beyond

    /// What is wrong, in words after the bound's name (`must be a whole number`), or `nil`.
    package var problem: String? {
      switch self {
      case .bound: nil
      case .notWhole: "must be a whole number"
      case .beyond: "must be a whole number from \(Int.min) to \(Int.max)"
      }
    }
  }

  /// A bound as the file holds it: a JSON number whose value is whole, as an integer
  /// field's values are read (`7`, `7.0`, `0.7e1`).
  package static func bound(json value: JSONValue) -> BoundReading {
    guard case .number(let text) = value else { return .notWhole }
    switch IntegerReading(json: text) {
    case .integer(let whole)?: return .bound(whole)
    case .beyond?: return .beyond
    case .fraction?, nil: return .notWhole
    }
  }

  /// A bound as a person types it, read as an integer field's typed values are read
  /// (`7`, `7.0`, `0.7e1`, `007`).
  package static func bound(typed text: String) -> BoundReading {
    let field = MonsterField(
      uncheckedDeclaring: "bound", kind: .integer(minimum: nil, maximum: nil), isRequired: true,
      defaultValue: nil)
    let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
    if !isJSONNumber(text), text.utf8.count - digits.count <= 1, !digits.isEmpty,
      digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
    {
      // Digits with leading zeros, however many.
      guard let value = try? field.typedValue(text, weapons: Weapon.builtIn) else {
        return .beyond
      }
      return bound(json: value)
    }
    return bound(json: .number(text))
  }
}

// MARK: - Conditions

extension MonsterField {
  /// Whether a monster's value of the field is the value a condition asks for: the same
  /// JSON; for an integer field, the same whole number however the file writes it (`7`,
  /// `7.0`, `0.7e1`; `-0` is `0`), as the field reads it; for a key the roster neither
  /// builds in nor declares, the text `list --fields` shows.
  ///
  /// - Parameters:
  ///   - held: The monster's value, or `nil` for none.
  ///   - wanted: The value asked for, or `nil` for none.
  func holds(_ held: JSONValue?, asked wanted: JSONValue?) -> Bool {
    if held == wanted { return true }
    switch (kind, held, wanted) {
    case (.integer, .number(let heldText)?, .number(let wantedText)?):
      guard let heldNumber = IntegerReading(json: heldText)?.value,
        let wantedNumber = IntegerReading(json: wantedText)?.value
      else { return false }
      return heldNumber == wantedNumber
    case (.any, let held?, .string(let text)?):
      // A key the roster neither builds in nor declares is asked for as text: a value
      // that is no string holds it by its compact JSON, as `list --fields` shows it
      // (`1.0`, `true`, `null`).
      if case .string = held { return false }
      return Self.text(of: held).hasSameCodePoints(as: text)
    default:
      return false
    }
  }
}

// MARK: - Whole numbers

extension MonsterField {
  /// What is wrong with a JSON number as a value of the field, an integer one, read
  /// exactly: a fraction, a whole number beyond `Int`, or one outside the field's range;
  /// `nil` when the field takes it.
  func integerProblem(with text: String) -> FieldProblem? {
    guard case .integer(let minimum, let maximum) = kind else { return nil }
    switch IntegerReading(json: text) {
    case .integer(let number)?:
      return number >= (minimum ?? .min) && number <= (maximum ?? .max)
        ? nil : .notTaken(.number(text))
    case .beyond?: return .beyond(text)
    case .fraction?, nil: return .notWhole(text)
    }
  }
}

// MARK: - A monster's fields

extension Monster {
  /// The value of a field, as the file holds it; `nil` when the monster has none.
  ///
  /// ```swift
  /// Monster.seeded[0][.weapon]  // .string("sword")
  /// ```
  public subscript(field: MonsterField) -> JSONValue? {
    field.value(in: self)
  }

  /// The monster's object as the file holds it: the built-in keys in order, then the others.
  package var jsonMembers: [JSONMember] {
    MonsterField.builtIn.compactMap { field in
      field.value(in: self).map { JSONMember(field.key, $0) }
    } + otherFields
  }
}
