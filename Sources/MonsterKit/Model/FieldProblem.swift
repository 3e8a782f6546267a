/// What is wrong with a value of a field, kept as a value until a message is made: in the
/// words after the field's name, as `check` reports a value of the file
/// (``words(for:weapons:)``), or after the value, as an edit's error says it
/// (``reason(for:weapons:)``, and the error made of it, `error(for:value:weapons:)`). The
/// reading of typed text throws it (`MonsterField.typedValue(_:weapons:)`).
///
/// ```swift
/// let health = try MonsterField(
///   declaring: "health", kind: .integer(minimum: 1, maximum: 100))
/// health.fieldProblem(with: .number("500"))  // .notTaken(.number("500"))
/// health.problem(with: .number("500"))       // "is 500; it takes an integer from 1 to 100"
/// ```
enum FieldProblem: Error, Equatable, Sendable {
  /// A name that breaks a rule of names: the rule.
  case notAName(NameProblem)
  /// A value that is no JSON number, for an integer field.
  case notANumber
  /// A value that is no JSON string, for a field of strings.
  case notAString
  /// A number with a fraction, as the file writes it, for an integer field.
  case notWhole(String)
  /// A whole number beyond what an `Int` holds, as the file writes it, which no field holds.
  case beyond(String)
  /// A value of the right type that the field does not take: a weapon the roster does not
  /// have, a colour or a word that is none of the field's, a number outside its range.
  case notTaken(JSONValue)

  /// The problem in words after the field's name: `is 500; it takes an integer from 1 to
  /// 100`.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - weapons: The roster's weapons, for a weapon.
  func words(for field: MonsterField, weapons: [Weapon]) -> String {
    let allowed = field.allowedValues(weapons: weapons)
    return switch self {
    case .notAName(let problem): "is not a name: \(problem)"
    case .notANumber: "must be a number: " + allowed
    case .notAString: "must be a string: " + allowed
    case .notWhole(let text):
      "is \(escapedForMessage(text)), not a whole number; it takes " + allowed
    case .beyond(let text):
      "is \(escapedForMessage(text)), " + Self.beyondWords
    case .notTaken(let value): "is \(MonsterField.quoted(value)); it takes " + allowed
    }
  }

  /// The problem in words after the value, as an error that quotes it says them: `it takes
  /// an integer from 1 to 100`.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - weapons: The roster's weapons, for a weapon.
  func reason(for field: MonsterField, weapons: [Weapon]) -> String {
    let allowed = field.allowedValues(weapons: weapons)
    return switch self {
    case .notAName(let problem): problem.description
    case .notWhole: "it is not a whole number; it takes " + allowed
    case .beyond: "it is " + Self.beyondWords
    case .notANumber, .notAString, .notTaken: "it takes " + allowed
    }
  }

  /// What a number beyond `Int` is, after "is" and the number.
  static let beyondWords =
    "beyond the whole numbers a field holds, \(Int.min) to \(Int.max)"
}
