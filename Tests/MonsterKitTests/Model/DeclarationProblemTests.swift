import Testing

@testable import MonsterKit

/// A declaration that breaks a rule is a `DeclarationProblem` until a message is made: the
/// words after the weapon's or field's name, made from the problem alone.
@Suite struct DeclarationProblemTests {
  @Test func aFieldsDeclarationGivesItsProblem() {
    func problem(
      _ key: String, _ kind: MonsterField.Kind, required: Bool = false, _ value: JSONValue? = nil
    )
      -> DeclarationProblem?
    {
      MonsterField(
        uncheckedDeclaring: key, kind: kind, isRequired: required, defaultValue: value
      ).declarationProblem()
    }
    #expect(problem("", .text) == .name(.empty))
    #expect(problem("weapon", .text) == .builtInField("weapon"))
    #expect(problem("Weapon", .text) == .builtInFieldInAnotherForm("Weapon", builtIn: "weapon"))
    #expect(problem("a=b", .text) == .reservedCharacter("="))
    #expect(
      problem("n", .integer(minimum: 5, maximum: 1)) == .minimumAboveMaximum(minimum: 5, maximum: 1)
    )
    #expect(problem("n", .values([])) == .noValues)
    #expect(problem("n", .values(["a", ""])) == .emptyValue)
    #expect(problem("n", .values(["a", "A"])) == .valuesAlike("a", "A"))
    #expect(problem("n", .values(["a", "a"])) == .valueTwice("a"))
    #expect(
      problem("n", .values(["\u{E9}", "e\u{301}"])) == .valueInTwoForms("\u{E9}", "e\u{301}"))
    #expect(problem("n", .weapon) == .kindNotDeclarable)
    #expect(problem("n", .text, .string("x")) == .defaultWithoutRequired)
    let rank = MonsterField(
      uncheckedDeclaring: "rank", kind: .integer(minimum: 1, maximum: 3), isRequired: true,
      defaultValue: .number("9"))
    #expect(rank.declarationProblem() == .defaultNotTaken(.number("9"), field: rank))
  }

  @Test(arguments: [
    (DeclarationProblem.lastWeapon, "it is the roster's last weapon"),
    (.invalidWeaponName, "a weapon's name is one or more letters and digits (A-Z, a-z, 0-9)"),
    (.sameWeaponName(as: "laser"), "it is the same name as 'laser', ignoring case, '-' and '_'"),
    (.tooManyWeapons(most: 256), "a roster has at most 256 weapons"),
    (.name(.empty), "the name is empty"),
    (.sameFieldName(as: "team"), "it is the same name as 'team', ignoring case"),
    (.minimumAboveMaximum(minimum: 5, maximum: 1), "its minimum, 5, is more than its maximum, 1"),
    (.noSuchValue("red"), "it lists no value 'red'"),
    (
      .noRange(takes: "any text"),
      "it takes any text, which has no range: a range goes with an integer field"
    ),
  ])
  func aProblemIsSaidAfterTheName(_ problem: DeclarationProblem, _ words: String) {
    #expect(problem.description == words)
    #expect(
      RosterError.invalidDeclaration("x", reason: problem).description
        == "'x' cannot be declared: \(words).")
  }
}
