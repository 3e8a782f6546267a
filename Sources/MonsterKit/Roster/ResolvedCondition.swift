/// A ``MonsterCondition`` as a roster read it: the field it names, how it compares, and the
/// value exactly as the file holds it (for an ordering, the value to compare with).
struct ResolvedCondition {
  var field: MonsterField
  var comparison: MonsterCondition.Comparison
  var value: JSONValue?

  init(_ field: MonsterField, _ comparison: MonsterCondition.Comparison, _ value: JSONValue?) {
    self.field = field
    self.comparison = comparison
    self.value = value
  }

  /// Whether a monster whose value of the field is `held` (`nil` for none) meets the
  /// condition.
  func holds(_ held: JSONValue?) -> Bool {
    guard comparison.isOrdering else { return comparison.holds(isEqual(held) ? .same : .after) }
    guard let held, let value, let order = Self.order(of: held, to: value, as: field) else {
      return false
    }
    return comparison.holds(order)
  }

  /// Whether the held value is the one asked for, as equality reads it: a name ignoring
  /// case, anything else as the field reads it.
  private func isEqual(_ held: JSONValue?) -> Bool {
    if field.builtIn == .name, case .string(let name)? = held, case .string(let asked)? = value {
      return Monster.foldedName(name) == Monster.foldedName(asked)
    }
    return field.holds(held, asked: value)
  }

  /// How a held value stands to a value asked for: numbers as numbers where the field is
  /// an integer one, or a key of a monster's own holds a number and is given one; anything
  /// else as text, code point by code point. `nil` where they cannot be ordered (an integer
  /// field holding no number).
  static func order(of held: JSONValue, to asked: JSONValue, as field: MonsterField)
    -> MonsterCondition.Comparison.Order?
  {
    func ordered<Value: Comparable>(_ first: Value, _ second: Value)
      -> MonsterCondition.Comparison.Order
    {
      first < second ? .before : first == second ? .same : .after
    }
    let askedNumber: DecimalNumber? =
      switch asked {
      case .number(let text): DecimalNumber(json: text)
      case .string(let text) where field.kind == .any: DecimalNumber(json: text)
      default: nil
      }
    if case .number(let text) = held, let heldNumber = DecimalNumber(json: text),
      let askedNumber
    {
      return ordered(heldNumber, askedNumber)
    }
    if case .integer = field.kind { return nil }
    let heldText = MonsterField.text(of: held)
    let askedText = MonsterField.text(of: asked)
    // UTF-8 orders text as its code points do.
    if heldText.utf8.elementsEqual(askedText.utf8) { return .same }
    return heldText.utf8.lexicographicallyPrecedes(askedText.utf8) ? .before : .after
  }
}
