import Testing

@testable import MonsterKit

/// A value a field does not take is a `FieldProblem` until a message is made: the words
/// after the field's name (`check`), or after the value (an edit's error).
@Suite struct FieldProblemTests {
  /// An integer field from 1 to 100.
  static let health = MonsterField(
    uncheckedDeclaring: "health", kind: .integer(minimum: 1, maximum: 100), isRequired: false,
    defaultValue: nil)

  @Test(arguments: [
    (
      JSONValue.number("500"), FieldProblem.notTaken(.number("500")),
      "is 500; it takes an integer from 1 to 100", "it takes an integer from 1 to 100"
    ),
    (
      .number("5.5"), .notWhole("5.5"),
      "is 5.5, not a whole number; it takes an integer from 1 to 100",
      "it is not a whole number; it takes an integer from 1 to 100"
    ),
    (
      .number("1e30"), .beyond("1e30"),
      "is 1e30, beyond the whole numbers a field holds, \(Int.min) to \(Int.max)",
      "it is beyond the whole numbers a field holds, \(Int.min) to \(Int.max)"
    ),
    (
      .string("ten"), .notANumber, "must be a number: an integer from 1 to 100",
      "it takes an integer from 1 to 100"
    ),
  ])
  func anIntegerFieldsProblemsAreValuesUntilTheirWords(
    value: JSONValue, problem: FieldProblem, words: String, reason: String
  ) {
    let field = Self.health
    #expect(field.fieldProblem(with: value) == problem)
    #expect(field.problem(with: value) == words)
    #expect(problem.words(for: field, weapons: Weapon.builtIn) == words)
    #expect(problem.reason(for: field, weapons: Weapon.builtIn) == reason)
    #expect(
      throws: RosterError.invalidValue(
        MonsterField.text(of: value), field: "health", reason: reason)
    ) {
      try field.check(value)
    }
    #expect(field.fieldProblem(with: .number("7.0")) == nil)
  }

  @Test func eachBuiltInFieldsProblemMakesItsOwnError() {
    #expect(MonsterField.weapon.fieldProblem(with: .string("laser")) == .notTaken(.string("laser")))
    #expect(throws: RosterError.unknownWeapon("laser", weapons: Weapon.builtIn.names)) {
      try MonsterField.weapon.check(.string("laser"))
    }
    #expect(MonsterField.name.fieldProblem(with: .string("")) == .notAName(.empty))
    #expect(throws: RosterError.invalidName("", reason: .empty)) {
      try MonsterField.name.check(.string(""))
    }
    #expect(MonsterField.description.fieldProblem(with: .number("1")) == .notAString)
    #expect(MonsterField.description.problem(with: .number("1")) == "must be a string: text")
    #expect(
      MonsterField.nameColor.fieldProblem(with: .string("mauve")) == .notTaken(.string("mauve")))
    #expect(MonsterField.other("x").fieldProblem(with: .null) == nil)
  }
}
