// What the command-line harnesses share: the truth a selection is checked against.

@testable import MonsterKit
@testable import MonstersCLI

/// Whether a condition of `--where` holds for a monster, read as a person means it and
/// checked on the monster's fields, not as the roster picks monsters: equal to a name as the
/// roster finds it, a weapon forgivingly, a colour in any case (nothing for none), any other
/// key by its text (nothing for none); not equal where it is not equal; and an ordering as
/// ``order(of:_:to:in:)`` reads it.
func holds(
  _ condition: MonsterCondition, _ monster: Monster, at index: Roster.Index, in roster: Roster
) -> Bool {
  guard case .typed(let text)? = condition.value else { return false }
  switch condition.comparison {
  case .equal: return isEqual(condition.key, text, monster, at: index, in: roster)
  case .notEqual: return !isEqual(condition.key, text, monster, at: index, in: roster)
  case .less, .lessOrEqual, .greater, .greaterOrEqual:
    guard let order = order(of: monster, condition.key, to: text, in: roster) else {
      return false
    }
    return switch condition.comparison {
    case .less: order == .before
    case .lessOrEqual: order != .after
    case .greater: order == .after
    default: order != .before
    }
  }
}

/// Whether a monster's value of a field is the one typed.
private func isEqual(
  _ key: String, _ text: String, _ monster: Monster, at index: Roster.Index, in roster: Roster
) -> Bool {
  switch key.lowercased() {
  case "name": return roster.index(named: text) == index
  case "weapon": return Weapon.builtIn.weapon(parsing: text) == monster.weapon
  case "description": return Array(monster.description.utf8) == Array(text.utf8)
  case "icon": return Array(monster.icon.utf8) == Array(text.utf8)
  case "namecolor":
    return text.isEmpty ? monster.nameColor == nil : NameColor(parsing: text) == monster.nameColor
  default:
    let value = monster.otherFields.first { $0.key == key }?.value
    return text.isEmpty ? value == nil : value == .string(text)
  }
}

/// How a monster's value of a field stands to the text typed for an ordering, as the
/// documentation of `MonsterCondition.Comparison` says: by number where the field is a
/// declared integer one, or a key of the monster's own holds a number and the text is one;
/// otherwise as text (a value that is not a string as its JSON), code point by code point.
/// `nil` where the monster has no value, or an integer field holds no number.
private func order(of monster: Monster, _ key: String, to text: String, in roster: Roster)
  -> MonsterCondition.Comparison.Order?
{
  let held: JSONValue?
  switch key.lowercased() {
  case "name": held = .string(monster.name)
  case "weapon": held = .string(monster.weapon.name)
  case "description": held = .string(monster.description)
  case "icon": held = .string(monster.icon)
  case "namecolor": held = monster.nameColor.map { .string($0.description) }
  default: held = monster.otherFields.first { $0.key == key }?.value
  }
  guard let held else { return nil }
  // A field no one declared takes any value: a number held is compared with a number typed
  // as a number. A declared integer field takes typed digits too.
  let kind = roster.declaredFields.first { $0.key == key }?.kind ?? .any
  let isInteger = if case .integer = kind { true } else { false }
  let asked = DecimalNumber(json: text) ?? (isInteger ? typedInteger(text) : nil)
  if isInteger || kind == .any, case .number(let heldText) = held,
    let heldNumber = DecimalNumber(json: heldText), let asked
  {
    return heldNumber < asked ? .before : heldNumber == asked ? .same : .after
  }
  if isInteger { return nil }
  let heldText = MonsterField.text(of: held)
  if heldText.utf8.elementsEqual(text.utf8) { return .same }
  return heldText.utf8.lexicographicallyPrecedes(text.utf8) ? .before : .after
}

/// Digits as a person types them for an integer field, perhaps after a `-`, leading zeros
/// and all (`007`, `-0012`), as a number; `nil` for any other text.
private func typedInteger(_ text: String) -> DecimalNumber? {
  let negative = text.hasPrefix("-")
  let digits = negative ? text.dropFirst() : Substring(text)
  guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
  let significant = digits.drop { $0 == "0" }
  return DecimalNumber(json: (negative ? "-" : "") + (significant.isEmpty ? "0" : significant))
}
