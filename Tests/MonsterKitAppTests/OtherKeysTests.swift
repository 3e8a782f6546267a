import Foundation
import MonsterKit
import Testing

// The keys an app puts in `otherFields` itself, which no parser has read: an edit refuses
// those the roster file could not hold, so that no edit writes a roster no reader takes.

@Suite struct OtherKeysTests {
  @Test(arguments: [
    (
      [JSONMember("weapon", .string("fire"))],
      "Invalid value 'fire' for 'weapon': it is a monster's own key, not one of its other keys."
    ),
    (
      [JSONMember("x", .number("1")), JSONMember("x", .number("2"))],
      "Invalid value '2' for 'x': the key is there twice, and a monster holds a key once."
    ),
    ([JSONMember("x", .number("NaN"))], "Invalid value 'NaN' for 'x': it is not a JSON number."),
    ([JSONMember("x", .number("007"))], "Invalid value '007' for 'x': it is not a JSON number."),
    (
      [JSONMember("x", .array([.number("1 2")]))],
      "Invalid value '[1 2]' for 'x': expected ',' or ']' after an array element."
    ),
    (
      [JSONMember("x", .object([JSONMember("a", .null), JSONMember("a", .null)]))],
      "Invalid value '{\"a\":null,\"a\":null}' for 'x': duplicate key 'a' in one object."
    ),
  ])
  func aMonstersKeysTheFileCannotHoldAreRefusedAndNothingIsWritten(
    _ members: [JSONMember], _ message: String
  ) throws {
    try withRosterFile { path in
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let file = RosterFile(path: path)
      #expect(throws: RosterError.self) {
        try file.update { roster in
          try roster.update(named: "Cat-Bot") { $0.otherFields += members }
        }
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      var roster = Roster.seeded
      do throws(RosterError) {
        try roster.apply(
          .add(Monster(name: "Odd-Bot", description: "", weapon: .fire, otherFields: members)))
        Issue.record("added")
      } catch {
        #expect(error.description == message)
      }
      #expect(roster == Roster.seeded)
    }
  }

  /// Every way a monster enters a roster or changes in one checks its other keys, so that
  /// a roster value always writes bytes that read back as it.
  @Test func everyWayIntoARosterRefusesKeysTheFileCannotHold() throws {
    let bad = [JSONMember("x", .number("NaN"))]
    let odd = Monster(name: "Odd-Bot", description: "", weapon: .fire, otherFields: bad)
    let ways: [(String, (inout Roster) throws -> Void)] = [
      ("add", { try $0.add(odd) }),
      ("insert", { try $0.insert(odd, at: 1) }),
      ("update(at:)", { try $0.update(at: 0) { $0.otherFields = bad } }),
      ("update(named:)", { try $0.update(named: "Dog-Bot") { $0.otherFields = bad } }),
      ("addIfMissing", { try $0.apply(.addIfMissing(odd)) }),
      ("addOrSet", { try $0.apply(.addOrSet(odd, .init())) }),
      (
        "addOrSet of a taken name",
        {
          try $0.apply(.addOrSet(Monster.seeded[0], .init(otherFields: bad)))
        }
      ),
      (
        "addNamed",
        {
          try $0.apply(.addNamed("New-Bot", .init(weapon: .fire, otherFields: bad), ifTaken: .fail))
        }
      ),
      ("setEach", { try $0.apply(.setEach(.matching([]), .init(otherFields: bad))) }),
      ("setOtherFields", { try $0.setOtherFields(bad) }),
    ]
    for (name, way) in ways {
      var roster = Roster.seeded
      #expect(throws: RosterError.self, "\(name)") { try way(&roster) }
      #expect(roster == Roster.seeded, "\(name)")
      #expect(try Roster(jsonBytes: roster.canonicalJSON()) == roster, "\(name)")
    }
    #expect(throws: RosterError.self) { try Roster([odd]) }
  }

  @Test func anEditsJSONValueTheFileCannotHoldIsRefused() throws {
    for value in [JSONValue.number("NaN"), .number(""), .array([.number("01")])] {
      var roster = Roster.seeded
      #expect(throws: RosterError.self) {
        try roster.apply(.set("Cat-Bot", RosterEdit.Changes(otherFields: [JSONMember("x", value)])))
      }
      #expect(roster == Roster.seeded)
    }
  }

  @Test func aDeeplyNestedValueIsRefused() throws {
    var value = JSONValue.null
    for _ in 0..<600 { value = .array([value]) }
    var roster = Roster.seeded
    #expect(throws: RosterError.self) {
      try roster.update(named: "Cat-Bot") { $0.otherFields = [JSONMember("deep", value)] }
    }
    #expect(roster == Roster.seeded)
  }

  @Test func aRostersOwnKeysAreRefusedAmongItsOtherKeys() throws {
    try withRosterFile { path in
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      for members in [
        [JSONMember("version", .number("2"))], [JSONMember("monsters", .array([]))],
        [JSONMember("fields", .array([]))], [JSONMember("x", .number("+1"))],
        [JSONMember("x", .null), JSONMember("x", .null)],
      ] {
        #expect(throws: RosterError.self) {
          try RosterFile(path: path).update { roster in try roster.setOtherFields(members) }
        }
        #expect(throws: RosterError.self) { try Roster([], otherFields: members) }
        var roster = Roster.seeded
        #expect(throws: RosterError.self) { try roster.setOtherFields(members) }
        #expect(roster == Roster.seeded)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      // Keys the file can hold are written, and read back as they were.
      let kept = [JSONMember("title", .string("Team")), JSONMember("n", .number("-0.5e3"))]
      try RosterFile(path: path).update { roster in try roster.setOtherFields(kept) }
      #expect(try RosterFile(path: path).read().otherFields == kept)
    }
  }

  @Test func anIntegerFieldsDefaultMustBeAJSONNumber() throws {
    #expect(throws: RosterError.self) {
      try MonsterField(
        declaring: "level", kind: .integer(minimum: nil, maximum: nil), isRequired: true,
        defaultValue: .number("NaN"))
    }
    let level = try MonsterField(declaring: "level", kind: .integer(minimum: nil, maximum: nil))
    #expect(level.problem(with: .number("12abc")) != nil)
    #expect(level.problem(with: .number("1.0e2")) == nil)
  }
}

@Suite struct OtherKeysCodableTests {
  /// What the issue's app wrote: a roster whose own keys break the file, then its bytes.
  /// The keys are refused when set, so the bytes always read back.
  @Test(arguments: [
    [JSONMember("version", .number("2"))], [JSONMember("monsters", .array([]))],
    [JSONMember("x", .number("NaN"))], [JSONMember("x", .number("abc"))],
  ])
  func keysTheFileCannotHoldAreRefusedWhenSetSoItsBytesAlwaysRead(_ members: [JSONMember])
    throws
  {
    var roster = Roster.seeded
    #expect(throws: RosterError.self) { try roster.setOtherFields(members) }
    #expect(try Roster(jsonBytes: roster.canonicalJSON()) == roster)
  }

  /// A monster encoded on its own, outside a roster: an encoder would let the later of two
  /// values of one key win, which would give the monster another name or drop a value.
  @Test(arguments: [
    [JSONMember("name", .string("Evil-Bot"))],
    [JSONMember("mood", .string("calm")), JSONMember("mood", .string("grumpy"))],
    [JSONMember("n", .number("1.5.0"))],
  ])
  func encodingAMonsterWhoseKeysTheFileCannotHoldThrowsAnEncodingError(_ members: [JSONMember])
    throws
  {
    var monster = Monster.seeded[0]
    monster.otherFields = members
    #expect {
      try JSONEncoder().encode(monster)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.underlyingError is RosterError
    }
    monster.otherFields = [JSONMember("mood", .string("calm")), JSONMember("n", .number("1.50"))]
    #expect(try JSONDecoder().decode(Monster.self, from: JSONEncoder().encode(monster)) == monster)
  }

  /// `Café` in NFC and in NFD are two keys in a roster file, code point by code point, and
  /// a roster and a monster, encoded as their text, keep them apart.
  @Test func keysThatDifferOnlyInNormalFormStayApartThroughCodable() throws {
    let keys = [
      JSONMember("Caf\u{E9}", .string("NFC")), JSONMember("Cafe\u{301}", .string("NFD")),
    ]
    var roster = try Roster([
      Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .sword, otherFields: keys)
    ])
    #expect(roster[0].otherFields == keys)
    #expect(
      try JSONDecoder().decode(Monster.self, from: JSONEncoder().encode(roster[0])).otherFields
        == keys)
    try roster.setOtherFields(keys)
    let decoded = try JSONDecoder().decode(Roster.self, from: JSONEncoder().encode(roster))
    #expect(decoded == roster)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.object(keys)) }
  }

  @Test func aRosterThatFailsToDecodeSaysWhatIsWrongAndWhere() throws {
    let text =
      #"{"version": 1, "monsters": [{"name": "A", "description": "", "#
      + #""icon": "a.png", "weapon": "axe"}]}"#
    let json = try JSONEncoder().encode(["roster": text])
    #expect {
      try JSONDecoder().decode([String: Roster].self, from: json)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription
        == "roster:1:89: monster 1 ('A'): unknown weapon 'axe'; the weapons are blowgun, "
        + "ninjaStar, fire, sword, smoke"
        && context.codingPath.map(\.stringValue) == ["roster"]
    }
  }
}

@Suite struct OtherKeysEditTests {
  /// A change's other fields are JSON members: a key that differs from a built-in or
  /// declared field's only in case is a key of its own.
  @Test func aChangesOtherFieldIsTheKeyAsSpelled() throws {
    var roster = try Roster([
      Monster(
        name: "Cat-Bot", description: "MEE-OW", weapon: .sword,
        otherFields: [JSONMember("Weapon", .string("axe"))])
    ])
    try roster.apply(
      .set(
        "Cat-Bot",
        .init(otherFields: [
          JSONMember("Weapon", .string("claws")), JSONMember("Description", .string("Purr")),
        ])))
    #expect(roster[0].weapon == .sword)
    #expect(roster[0].description == "MEE-OW")
    #expect(
      roster[0].otherFields == [
        JSONMember("Weapon", .string("claws")), JSONMember("Description", .string("Purr")),
      ])
    try roster.apply(.set("Cat-Bot", .init(otherFields: [JSONMember("weapon", .string("fire"))])))
    #expect(roster[0].weapon == .fire)
  }
}

@Suite struct JSONValueNumberCodingTests {
  @Test func aNumberUpToUInt64sLargestKeepsItsDigitsThroughJSONCoding() throws {
    let big = JSONValue.number("18446744073709551615")
    let data = try JSONEncoder().encode([big])
    #expect(String(decoding: data, as: UTF8.self) == "[18446744073709551615]")
    #expect(try JSONDecoder().decode([JSONValue].self, from: data) == [big])
  }

  @Test func aNumberBeyondADoubleSaysSoWhenItCannotBeEncoded() throws {
    #expect {
      try JSONEncoder().encode([JSONValue.number("1e400")])
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription == "'1e400' is beyond what a Double holds"
    }
  }
}

/// A monster's other keys through `Codable` one by one, as an app that keeps them apart
/// from the monster stores them: each member is an object of its one key, and the array
/// keeps their order.
@Suite struct JSONMemberCodingTests {
  @Test func aMemberIsAnObjectOfItsOneKey() throws {
    let members = [
      JSONMember("mood", .string("grumpy")),
      JSONMember("stats", .object([JSONMember("hp", .array([.number("7"), .null]))])),
    ]
    let json = try JSONEncoder().encode(members)
    #expect(
      String(decoding: json, as: UTF8.self)
        == #"[{"mood":"grumpy"},{"stats":{"hp":[7,null]}}]"#)
    #expect(try JSONDecoder().decode([JSONMember].self, from: json) == members)
    for object in [#"{}"#, #"{"a": 1, "b": 2}"#] {
      #expect(throws: DecodingError.self, "\(object)") {
        try JSONDecoder().decode(JSONMember.self, from: Data(object.utf8))
      }
    }
  }
}
