// The error an edit throws for a value its field does not take, made from the
// `FieldProblem` that says what is wrong.

extension FieldProblem {
  /// The error an edit that gives the value throws: ``RosterError/unknownWeapon(_:weapons:)``
  /// for a weapon the roster does not have, ``RosterError/invalidName(_:reason:)`` for a
  /// name that breaks a rule, ``RosterError/invalidValue(_:field:reason:)`` otherwise.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - value: The value, as the file holds it.
  ///   - weapons: The roster's weapons, for a weapon.
  func error(for field: MonsterField, value: JSONValue, weapons: [Weapon]) -> RosterError {
    switch (self, value) {
    case (.notTaken, .string(let text)) where field.kind == .weapon:
      .unknownWeapon(text, weapons: weapons.names)
    case (.notAName(let problem), .string(let text)):
      .invalidName(text, reason: problem)
    default:
      .invalidValue(
        MonsterField.text(of: value), field: field.key, reason: reason(for: field, weapons: weapons)
      )
    }
  }
}
