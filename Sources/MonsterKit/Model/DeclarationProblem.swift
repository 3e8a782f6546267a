/// Why a weapon or a field cannot be declared so, kept as a value until a message is made
/// (see ``RosterError/invalidDeclaration(_:reason:)``): in words after the weapon's or
/// field's name, as its ``description``.
///
/// ```swift
/// let error = RosterError.invalidDeclaration("laser", reason: .lastWeapon)
/// error.description  // "'laser' cannot be declared: it is the roster's last weapon."
/// ```
public enum DeclarationProblem: Hashable, Sendable, CustomStringConvertible {
  // MARK: Weapons

  /// A weapon's name that is not one or more letters and digits.
  case invalidWeaponName
  /// A weapon named as an earlier one, ignoring case, `-` and `_`: the earlier one's name.
  case sameWeaponName(as: String)
  /// A weapon beyond the most a roster has: that most.
  case tooManyWeapons(most: Int)
  /// A built-in weapon declared with another image than its own: its own image.
  case builtInWeaponImage(String)
  /// A built-in weapon's image asked to change: its own image. A weapon of the roster's
  /// own, renamed, can have another.
  case builtInWeaponImageChange(String)
  /// The roster's last weapon, asked to be removed.
  case lastWeapon

  // MARK: A field's name

  /// A field's name that breaks a rule of names: the rule.
  case name(NameProblem)
  /// A field's name that is a built-in field's: the name.
  case builtInField(String)
  /// A field's name that is a built-in field's in another case or form: the name, and the
  /// built-in field's.
  case builtInFieldInAnotherForm(String, builtIn: String)
  /// A field's name that holds a character the command line reads between a field and its
  /// value, or between fields: the character.
  case reservedCharacter(Unicode.Scalar)
  /// A field named as an earlier one, ignoring case: the earlier one's name.
  case sameFieldName(as: String)
  /// A field named as an earlier one, in another Unicode form: the earlier one's name.
  case sameFieldNameInAnotherForm(as: String)

  // MARK: A field's kind and default

  /// An integer field whose minimum is more than its maximum.
  case minimumAboveMaximum(minimum: Int, maximum: Int)
  /// A field of a list of values that lists none.
  case noValues
  /// A field of a list of values that lists an empty one.
  case emptyValue
  /// A field of a list of values that lists two that are the same ignoring case, as a value
  /// is typed: the earlier, and the later.
  case valuesAlike(String, String)
  /// A field of a list of values that lists one twice: the value.
  case valueTwice(String)
  /// A field of a list of values that lists one text in two Unicode forms: the earlier,
  /// and the later.
  case valueInTwoForms(String, String)
  /// A field of a kind that only a built-in field has: a name, a weapon, a colour, any
  /// value.
  case kindNotDeclarable
  /// A default given to a field that is not required.
  case defaultWithoutRequired
  /// A default the field does not take: the default, and the field as declared.
  case defaultNotTaken(JSONValue, field: MonsterField)

  // MARK: Changing a field

  /// Values added to or removed from a field that is not one of a list of values: what the
  /// field takes, in words (``MonsterField/allowedValues(weapons:)``).
  case notAListOfValues(takes: String)
  /// A value to remove that the field does not list: the value.
  case noSuchValue(String)
  /// A range given to a field that is not an integer field: what the field takes, in words
  /// (``MonsterField/allowedValues(weapons:)``).
  case noRange(takes: String)

  /// Why, in words after the weapon's or field's name: `it is the roster's last weapon`.
  public var description: String {
    switch self {
    case .invalidWeaponName:
      "a weapon's name is one or more letters and digits (A-Z, a-z, 0-9)"
    case .sameWeaponName(let earlier):
      "it is the same name as '\(earlier)', ignoring case, '-' and '_'"
    case .tooManyWeapons(let most):
      "a roster has at most \(most) weapons"
    case .builtInWeaponImage(let image):
      "it is a built-in weapon, whose image is \(image)"
    case .builtInWeaponImageChange(let image):
      "it is a built-in weapon, whose image is \(image); rename it to give a weapon of the "
        + "roster's own another image"
    case .lastWeapon:
      "it is the roster's last weapon"
    case .name(let problem):
      "the name " + problem.rule
    case .builtInField(let key):
      "'\(escapedForMessage(key))' is a built-in field"
    case .builtInFieldInAnotherForm(let key, let builtIn):
      "'\(escapedForMessage(key))' is the built-in field '\(builtIn)' in another case or form"
    case .reservedCharacter(let mark):
      "the name holds '\(mark)', which the command line reads between a field and its "
        + "value (FIELD=VALUE, FIELD<VALUE, a,b)"
    case .sameFieldName(let earlier):
      "it is the same name as '\(escapedForMessage(earlier))', ignoring case"
    case .sameFieldNameInAnotherForm(let earlier):
      "it is the same name as '\(escapedForMessage(earlier))', in another Unicode form"
    case .minimumAboveMaximum(let minimum, let maximum):
      "its minimum, \(minimum), is more than its maximum, \(maximum)"
    case .noValues: "it lists no values"
    case .emptyValue: "it lists an empty value"
    case .valuesAlike(let earlier, let value):
      "it lists '\(escapedForMessage(earlier))' and '\(escapedForMessage(value))', "
        + "the same value ignoring case, as a value is typed"
    case .valueTwice(let value):
      "it lists the value '\(escapedForMessage(value))' twice"
    case .valueInTwoForms(let earlier, let value):
      "it lists the value '\(escapedForMessage(value))' twice (as '\(Self.spelled(earlier))' "
        + "and '\(Self.spelled(value))', one text in two Unicode forms)"
    case .kindNotDeclarable:
      "a declared field is text, an integer or one of a list of values"
    case .defaultWithoutRequired:
      "a default goes with a required field"
    case .defaultNotTaken(let value, let field):
      "its default "
        + (field.problem(with: value) ?? "is \(MonsterField.quoted(value)), which it takes")
    case .notAListOfValues(let allowed):
      "it takes \(allowed), not one of a list of values"
    case .noSuchValue(let value):
      "it lists no value '\(escapedForMessage(value))'"
    case .noRange(let allowed):
      "it takes \(allowed), which has no range: a range goes with an integer field"
    }
  }

  /// A value of a list spelled for a message, each scalar beyond ASCII by its code point,
  /// so that two Unicode forms of one text differ.
  private static func spelled(_ text: String) -> String {
    escaping(escapedForMessage(text)) { $0.isASCII ? nil : unicodeEscape($0) }
  }
}
