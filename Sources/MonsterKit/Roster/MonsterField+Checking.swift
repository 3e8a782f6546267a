// A field's checks as an edit makes them: the errors they throw are RosterError's, made
// from the problems the field finds (DeclarationProblem, FieldProblem).

extension MonsterField {
  /// A field a roster declares.
  ///
  /// ```swift
  /// let team = try MonsterField(declaring: "team", kind: .values(["red", "blue"]))
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key: not a built-in one (in any case), not empty, without control or
  ///     format characters, white space at either end, `=` or `,` (which the command line
  ///     reads between a field and its value).
  ///   - kind: ``Kind/text``, ``Kind/integer(minimum:maximum:)`` or ``Kind/values(_:)``.
  ///   - isRequired: Whether every monster has a value.
  ///   - defaultValue: For a required field, the value a monster without one is given.
  /// - Throws: ``RosterError/invalidDeclaration(_:reason:)`` for a key, kind or default
  ///   that is not allowed.
  public init(
    declaring key: String, kind: Kind = .text, isRequired: Bool = false,
    defaultValue: JSONValue? = nil
  ) throws(RosterError) {
    self.init(
      uncheckedDeclaring: key, kind: kind, isRequired: isRequired, defaultValue: defaultValue)
    if let problem = declarationProblem() { throw .invalidDeclaration(key, reason: problem) }
  }

  /// Checks a value of the field, as an edit gives it.
  ///
  /// - Parameters:
  ///   - value: The value, as the file holds it.
  ///   - weapons: The roster's weapons, for a weapon.
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` for a weapon the roster does not
  ///   have, ``RosterError/invalidName(_:reason:)`` for a name that breaks a rule,
  ///   ``RosterError/invalidValue(_:field:reason:)`` for any other value the field does not
  ///   take.
  public func check(_ value: JSONValue, weapons: [Weapon] = Weapon.builtIn) throws(RosterError) {
    guard let problem = fieldProblem(with: value, weapons: weapons) else { return }
    throw problem.error(for: self, value: value, weapons: weapons)
  }

  /// The value a person means by some text, as a command line, a TSV or a CSV gives it: a
  /// weapon read forgivingly (`ninja-star`), a colour in any case, an integer in decimal
  /// digits or as any whole JSON number (`7.0`), one of a field's values in any case where
  /// only one matches; anything else as it is. Empty text is no value, for a field a
  /// monster may be without.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - weapons: The roster's weapons.
  /// - Returns: The value as the file holds it, or `nil` for none.
  /// - Throws: ``RosterError/unknownWeapon(_:weapons:)`` or
  ///   ``RosterError/invalidValue(_:field:reason:)`` for text that is no value of the field.
  public func value(typed text: String, weapons: [Weapon] = Weapon.builtIn) throws(RosterError)
    -> JSONValue?
  {
    do throws(FieldProblem) {
      return try typedValue(text, weapons: weapons)
    } catch {
      throw error.error(for: self, value: .string(text), weapons: weapons)
    }
  }
}
