import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct DeclarationChangeTextTests {
  private func weapons(_ entries: JSONValue...) -> JSONValue {
    .array(entries)
  }

  private func field(_ name: String, _ members: JSONMember...) -> JSONValue {
    .object([JSONMember("name", .string(name))] + members)
  }

  private let builtIn = Weapon.builtIn.map { JSONValue.string($0.name) }

  @Test func weaponsAddedRemovedAndGivenAnotherImage() {
    let laser = JSONValue.object([
      JSONMember("name", .string("laser")), JSONMember("image", .string("laser.png")),
    ])
    let beam = JSONValue.object([
      JSONMember("name", .string("laser")), JSONMember("image", .string("beam.png")),
    ])
    #expect(
      DeclarationChangeText.line(
        key: "weapons", from: nil, to: .array(builtIn + [.string("plasma")]))
        == "weapons: added plasma")
    #expect(
      DeclarationChangeText.line(
        key: "weapons", from: weapons(.string("sword"), .string("smoke")),
        to: weapons(.string("sword"), laser))
        == "weapons: added laser, removed smoke")
    #expect(
      DeclarationChangeText.line(key: "weapons", from: weapons(laser), to: weapons(beam))
        == "weapons: laser's image laser.png -> beam.png")
    #expect(
      DeclarationChangeText.line(
        key: "weapons", from: weapons(.string("sword"), .string("fire")),
        to: weapons(.string("fire"), .string("sword")))
        == "weapons: reordered")
  }

  @Test func fieldsAddedRemovedAndChangedKeyByKey() {
    let team = field("team", JSONMember("values", .array([.string("red"), .string("blue")])))
    let teams = field(
      "team", JSONMember("values", .array([.string("red"), .string("green")])),
      JSONMember("required", .bool(true)), JSONMember("default", .string("red")))
    let health = field(
      "health", JSONMember("type", .string("integer")), JSONMember("maximum", .number("100")))
    #expect(
      DeclarationChangeText.line(key: "fields", from: nil, to: .array([team]))
        == "fields: added team (values red, blue)")
    #expect(
      DeclarationChangeText.line(key: "fields", from: .array([team, health]), to: .array([team]))
        == "fields: removed health")
    #expect(
      DeclarationChangeText.line(key: "fields", from: .array([team]), to: .array([teams]))
        == "fields: team: added value green, team: removed value blue, team: required none -> "
        + "true, team: default none -> red")
  }

  @Test func otherKeysAndValuesThatAreNoDeclarationsAreLeftToTheDiff() {
    #expect(DeclarationChangeText.line(key: "owner", from: nil, to: .string("ann")) == nil)
    #expect(DeclarationChangeText.line(key: "weapons", from: nil, to: .number("1")) == nil)
    #expect(
      DiffReport.line(for: .rosterField("weapons", from: nil, to: .number("1")))
        == "roster key 'weapons': none -> 1")
    #expect(
      DiffReport.line(
        for: .rosterField("weapons", from: nil, to: .array(builtIn + [.string("bow")])))
        == "weapons: added bow")
  }
}
