import Foundation
import TestSupport
import Testing

@testable import MonsterKit

/// A roster's keys and values are compared code point by code point, as JSON, a JSON Schema
/// validator and git compare them, though Swift's `==` takes canonically equivalent strings
/// as one: `é` composed (U+00E9) and decomposed (`e` and U+0301) are two keys and two
/// values, as are `K` and KELVIN SIGN. Only a monster's name is compared as a person reads
/// it.
@Suite struct CodePointEqualityTests {
  private static let composed = "\u{E9}"
  private static let decomposed = "e\u{301}"

  @Test func theSameTextInAnotherNormalFormIsAnotherValue() throws {
    let (composed, decomposed) = (Self.composed, Self.decomposed)
    #expect(composed == decomposed, "Swift's strings take them as one")
    #expect(JSONValue.string(composed) != .string(decomposed))
    #expect(JSONValue.string(composed) == .string("\u{E9}"))
    #expect(JSONValue.string("K") != .string("\u{212A}"))
    #expect(
      JSONValue.object([JSONMember(composed, .null)])
        != .object([JSONMember(decomposed, .null)]))
    #expect(Set([JSONValue.string(composed), .string(decomposed)]).count == 2)
    let monster = Monster(name: "Caf\(composed)-Bot", description: composed, weapon: .fire)
    var other = monster
    other.description = decomposed
    #expect(monster != other)
    other = monster
    other.name = "Caf\(decomposed)-Bot"
    #expect(monster != other && monster.id == other.id)
    #expect(
      Weapon(name: "Katana", imageName: "k.png")
        != Weapon(name: "\u{212A}atana", imageName: "k.png"))
    #expect(try MonsterField(declaring: composed) != MonsterField(declaring: decomposed))
    #expect(
      try MonsterField(declaring: "team", kind: .values([composed]))
        != MonsterField(declaring: "team", kind: .values([decomposed])))
  }

  /// The quick comparison with ASCII text takes `==` and the same length for the same code
  /// points, because no code point beyond ASCII decomposes to ASCII but to one character,
  /// in fewer bytes: true of every code point there is.
  @Test func textOfOtherCodePointsEquivalentToASCIIIsLonger() {
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      let decomposed = text.decomposedStringWithCanonicalMapping
      guard decomposed.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
      #expect(decomposed.unicodeScalars.count == 1, "U+\(String(value, radix: 16))")
      #expect(!text.hasSameCodePoints(as: decomposed, otherIsASCII: true))
      #expect(text == decomposed && text.utf8.count > decomposed.utf8.count)
    }
    for (text, ascii) in [("\u{212A}", "K"), ("\u{37E}", ";"), ("\u{1FEF}", "`"), ("K", "K")] {
      #expect(
        text.hasSameCodePoints(as: ascii, otherIsASCII: true)
          == text.hasSameCodePoints(as: ascii))
    }
  }

  /// A roster declaring `declarations` (JSON members), with one monster with more keys,
  /// which it keeps where no field declares them.
  private static func roster(_ declarations: String, monster keys: String) -> String {
    """
    { "version": 1, \(declarations), "otherKeys": "keep",
      "monsters": [{ "name": "A", "description": "", "icon": "a.png", "weapon": "fire"\(keys) }] }
    """
  }

  @Test func aMonstersKeyIsADeclaredFieldOnlyInTheSameCodePoints() throws {
    let required = #""fields": [{ "name": "\u00e9", "type": "integer", "required": true }]"#
    let optional = #""fields": [{ "name": "\u00e9", "type": "integer" }]"#
    // The key in another normal form is not the required field, and its value is not checked.
    #expect {
      try readRoster(Self.roster(required, monster: #", "e\u0301": 5"#))
    } throws: { "\($0)".contains("no '\(Self.composed)', a required field") }
    let roster = try readRoster(Self.roster(optional, monster: #", "e\u0301": "text""#))
    // A roster that refuses keys no field declares refuses it, naming the field meant.
    #expect {
      try readRoster(
        Self.roster(optional, monster: #", "e\u0301": "text""#).replacing(
          #""otherKeys": "keep","#, with: ""))
    } throws: { "\($0)".contains("(the key is in another Unicode form)") }
    let field = try #require(roster.declaredFields.first)
    #expect(roster.value(of: field, at: roster.startIndex) == nil)
    #expect(roster.first?.otherFields == [JSONMember(Self.decomposed, .string("text"))])
    // Both keys, in either order: the field is the one of its own code points.
    for keys in [#", "e\u0301": "x", "\u00e9": 3"#, #", "\u00e9": 3, "e\u0301": "x""#] {
      let roster = try readRoster(Self.roster(required, monster: keys))
      #expect(roster.value(of: field, at: roster.startIndex) == .number("3"))
      #expect(try #require(roster.first).otherFields.count == 2)
    }
  }

  @Test func aValueIsOneOfAFieldsValuesOnlyInTheSameCodePoints() throws {
    let declared = #""fields": [{ "name": "team", "values": ["\u00e9"] }]"#
    #expect {
      try readRoster(Self.roster(declared, monster: #", "team": "e\u0301""#))
    } throws: { "\($0)".contains("it takes one of \(Self.composed)") }
    // Typed in another normal form, the value is the field's own spelling.
    var roster = try readRoster(Self.roster(declared, monster: ""))
    var changes = RosterEdit.Changes()
    changes.set("team", to: .typed(Self.decomposed))
    #expect(try roster.apply(.set("A", changes)))
    #expect(roster.first?.otherFields == [JSONMember("team", .string(Self.composed))])
    #expect(throws: RosterError.self) {
      var changes = RosterEdit.Changes()
      changes.set("team", to: .json(.string(Self.decomposed)))
      try roster.apply(.set("A", changes))
    }
  }

  @Test(arguments: [#"\u212Aatana"#, "\u{212A}atana"])
  func aWeaponIsNamedInItsOwnCodePoints(spelling: String) throws {
    let declared = #""weapons": ["fire", {"name": "Katana", "image": "katana.png"}]"#
    let text = Self.roster(declared, monster: "").replacing(
      #""weapon": "fire""#, with: #""weapon": "\#(spelling)""#)
    #expect {
      try readRoster(text)
    } throws: { "\($0)".contains("unknown weapon") }
    #expect([Weapon(name: "Katana")].weapon(named: "\u{212A}atana") == nil)
  }

  @Test func anEditToAnotherNormalFormIsAChange() throws {
    let text = Self.roster(
      #""fields": [{ "name": "team" }]"#, monster: #", "team": "\u00e9", "x": "\u00e9""#
    ).replacing(#""description": """#, with: #""description": "\u00e9""#)
    var roster = try readRoster(text)
    var changes = RosterEdit.Changes(description: Self.decomposed)
    changes.set("team", to: .typed(Self.decomposed))
    changes.set("x", to: .json(.string(Self.decomposed)))
    #expect(try roster.apply(.set("A", changes)))
    let monster = try #require(roster.first)
    #expect(Array(monster.description.utf8) == Array(Self.decomposed.utf8))
    #expect(
      monster.otherFields == [
        JSONMember("team", .string(Self.decomposed)), JSONMember("x", .string(Self.decomposed)),
      ])
    let written = String(decoding: roster.canonicalJSON(), as: UTF8.self)
    #expect(!written.unicodeScalars.contains("\u{E9}"))
    #expect(try !roster.apply(.set("A", changes)), "the same code points again change nothing")
  }

  @Test func aConditionOrAFieldTypedInAnotherNormalFormFindsTheKeyTheMonstersHold() throws {
    let roster = try readRoster(Self.roster(#""weapons": ["fire"]"#, monster: #", "\u00e9": "x""#))
    let field = try #require(roster.field(named: Self.decomposed))
    #expect(Array(field.key.utf8) == Array(Self.composed.utf8))
    #expect(try roster.indices(matching: [.field(field, .string("x"))]) == [roster.startIndex])
    #expect(try roster.indices(matching: [.field(field, .string("y"))]).isEmpty)
  }

  @Test func keysOfTwoNormalFormsStayTwoThroughADiffAndAMerge() throws {
    let base = try readRoster(Self.roster(#""weapons": ["fire"]"#, monster: #", "\u00e9": 1"#))
    var ours = base
    var changes = RosterEdit.Changes()
    changes.set(Self.decomposed, to: .json(.number("2")))
    #expect(try ours.apply(.set("A", changes)))
    #expect(try #require(ours.first).otherFields.count == 2)
    let diff = RosterDiff(from: base, to: ours)
    #expect(diff.changes.count == 1)
    // Theirs changes the composed key, ours adds the decomposed one: both, cleanly.
    var theirs = base
    changes = RosterEdit.Changes()
    changes.set(Self.composed, to: .json(.number("5")))
    #expect(try theirs.apply(.set("A", changes)))
    let merge = RosterMerge(base: base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(
      try #require(merge.result).first?.otherFields == [
        JSONMember(Self.composed, .number("5")), JSONMember(Self.decomposed, .number("2")),
      ])
  }
}
