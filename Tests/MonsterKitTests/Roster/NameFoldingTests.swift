import Testing

@testable import MonsterKit

/// When two names are the same name: Unicode's full case folding and canonical
/// equivalence, the same for lookup, add, rename and a file's duplicate names.
@Suite struct NameFoldingTests {
  /// Pairs of names that are one name, in the ways Unicode's folding differs from
  /// lower-casing, upper-casing, or both in turn.
  static let sameNames: [(String, String)] = [
    ("Cat-Bot", "CAT-BOT"),
    ("Straße", "STRASSE"),
    ("Straße", "STRAẞE"),
    ("STRASSE", "strAẞe"),
    ("Café", "Cafe\u{301}"),
    ("CAFÉ", "cafe\u{301}"),
    ("ΣΊΣΥΦΟΣ", "σίσυφος"),
    ("ς", "Σ"),
    ("ſam", "SAM"),
    ("\u{212A}at", "kat"),
    ("\u{212B}ngstrom", "ångstrom"),
    ("ﬀ-Bot", "FF-BOT"),
    ("ﬁsh", "FISH"),
    ("\u{13A0}-Bot", "\u{AB70}-bot"),
    ("ǅemal", "ǆemal"),
    ("ǅemal", "ǄEMAL"),
    ("İstanbul", "i\u{307}stanbul"),
    ("\u{B5}-Bot", "\u{3BC}-bot"),
    ("ᾳ", "ΑΙ"),
    ("ᾀ\u{316}", "α\u{316}\u{313}\u{345}"),
    ("ŉ", "ʼN"),
    ("Ω-Bot", "\u{2126}-bot"),
    ("a;b", "a\u{37E}b"),
  ]

  /// Pairs of names that are two names.
  static let differentNames: [(String, String)] = [
    ("ı-Bot", "i-Bot"),
    ("ı-Bot", "I-Bot"),
    ("İ-Bot", "i-Bot"),
    ("İ-Bot", "I-Bot"),
    ("Émile", "Emile"),
    ("Straße", "Strase"),
    ("ss", "s"),
    ("ﬀ", "f"),
    ("Ａ-Bot", "A-Bot"),
    ("Kat", "Kát"),
    ("Cat-Bot", "Cat-Bot2"),
  ]

  @Test(arguments: sameNames)
  func namesThatFoldAlikeAreOneName(_ first: String, _ second: String) throws {
    #expect(ReferenceCaseFolding.sameName(first, second), "the reference disagrees")
    #expect(Monster.foldedName(first) == Monster.foldedName(second))
    var roster = try Roster([Monster(name: first, description: "", icon: "a.png", weapon: .fire)])
    #expect(roster.monster(named: second)?.name == first)
    #expect(throws: RosterError.nameTaken(second, by: first)) {
      try roster.add(Monster(name: second, description: "", icon: "b.png", weapon: .fire))
    }
    try roster.add(Monster(name: "Other", description: "", icon: "o.png", weapon: .fire))
    #expect(throws: RosterError.nameTaken(second, by: first)) {
      try roster.apply(.rename("other", to: second))
    }
    // A monster may take another spelling of its own name.
    try roster.apply(.rename(second, to: second))
    #expect(roster.monster(named: first)?.name == second)
  }

  @Test(arguments: differentNames)
  func namesThatFoldApartAreTwoNames(_ first: String, _ second: String) throws {
    #expect(!ReferenceCaseFolding.sameName(first, second), "the reference disagrees")
    #expect(Monster.foldedName(first) != Monster.foldedName(second))
    var roster = try Roster([Monster(name: first, description: "", icon: "a.png", weapon: .fire)])
    #expect(roster.monster(named: second) == nil)
    try roster.add(Monster(name: second, description: "", icon: "b.png", weapon: .fire))
    #expect(roster.monster(named: first)?.icon == "a.png")
    #expect(roster.monster(named: second)?.icon == "b.png")
  }

  @Test(arguments: sameNames)
  func aFileWithTwoSpellingsOfOneNameIsInvalid(_ first: String, _ second: String) {
    let text = rosterText(
      #"{"name": "\#(first)", "description": "", "icon": "a.png", "weapon": "fire"}"#,
      #"{"name": "\#(second)", "description": "", "icon": "b.png", "weapon": "fire"}"#)
    #expect(throws: RosterError.self) { try readRoster(text) }
  }

  @Test func aFileOfASCIINamesIsFoundByNamesThatFoldToThem() throws {
    let roster = try readRoster(
      rosterText(
        #"{"name": "Sam", "description": "", "icon": "s.png", "weapon": "fire"}"#,
        #"{"name": "Kat", "description": "", "icon": "k.png", "weapon": "fire"}"#,
        #"{"name": "FF-Bot", "description": "", "icon": "f.png", "weapon": "fire"}"#))
    #expect(roster.monster(named: "ſAM")?.icon == "s.png")
    #expect(roster.monster(named: "\u{212A}AT")?.icon == "k.png")
    #expect(roster.monster(named: "ﬀ-bot")?.icon == "f.png")
    #expect(roster.monster(named: "ﬀ-bott") == nil)
    #expect(roster.monster(named: "Émile") == nil)
  }

  @Test func foldingIsUnicodesFullCaseFoldingForEveryScalar() throws {
    try #require(ReferenceCaseFolding.table.count > 1000, "Fixtures/unicode/CaseFolding.txt")
    var checked = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
        // The fixture is Unicode 15.0's; a newer standard library knows newer scalars.
        age.major < 15 || (age.major == 15 && age.minor == 0),
        scalar.properties.changesWhenCaseFolded || ReferenceCaseFolding.table[value] != nil
      else { continue }
      let text = String(scalar)
      let folded = Monster.foldedName(text)
      #expect(folded == ReferenceCaseFolding.folded(text), "U+\(String(value, radix: 16))")
      #expect(Monster.foldedName(folded) == folded, "U+\(String(value, radix: 16)) twice")
      checked += 1
    }
    #expect(checked > 1400)
  }

  @Test func aMonstersFoldedNameIsItsIdentity() {
    let monster = Monster(name: "STRAẞE-Bot", description: "", weapon: .fire)
    #expect(monster.foldedName == "strasse-bot")
    #expect(Monster.foldedName("Cat-Bot") == "cat-bot")
    #expect(Monster.foldedName("") == "")
  }

  @Test func aCloseNameIsSuggestedAsLookupComparesNames() throws {
    let roster = try Roster([Monster(name: "Straße-Bot", description: "", weapon: .fire)])
    #expect(throws: RosterError.noSuchMonster("STRASSE-BOTT", suggestion: "Straße-Bot")) {
      _ = try roster.existingIndex(named: "STRASSE-BOTT")
    }
  }
}
