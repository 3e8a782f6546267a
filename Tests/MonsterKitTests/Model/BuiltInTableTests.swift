import Foundation
import ProgramRunning
import Testing

@testable import MonsterKit

/// The built-in fields are one table, `MonsterField.BuiltIn` (Model/MonsterField+BuiltIn.swift):
/// each case declares its spelling, kind, whether it is required, its label, its lane (a
/// text span of the file's bytes, or a value the record holds itself) and its codec (its
/// value in a monster, set, compared and hashed). Every other place goes through the table
/// or switches over it exhaustively, so that the compiler names each place a new field needs.
///
/// The walk for a new built-in field, such as `health: Int`:
///
/// 1. Model/MonsterField+BuiltIn.swift: the case `health`, after `nameColor` (the order is
///    the canonical form's). The compiler then stops at each row of the table: `spelling`
///    (`"health"`), `kind` (`.integer(minimum: 0, maximum: nil)`), `isRequired`, `label`,
///    `lane`, and the codec: `value(in:)`, `set(_:in:weapons:)`, `isSame(in:as:)`,
///    `hash(of:into:)`.
/// 2. Model/Monster.swift: the property, `public var health: Int?` (with the initializer's
///    parameter), which the codec reads and sets.
/// 3. The lane. A value the record holds itself: the case `health` in `MonsterHeldField`
///    (Model/MonsterField+Lane.swift), and its storage in `MonsterRecord`
///    (Format/MonsterRecord.swift); the compiler then stops at
///    `MonsterHeldField.builtIn`, `MonsterRecord.withHeldValue` (its spelling, a number's
///    digits, unquoted since its kind takes no strings), `holdsSameValue`,
///    `RecordValues.init?` and the reader's `readHeld` and `readCanonicalMonster`
///    (Format/RosterParser+Monsters.swift), where its number is read. A text field instead
///    takes a case of `MonsterTextField` and a span in the record.
/// 4. Format/CanonicalLayout.swift: `prefix(_:)`, what stands before its value, and
///    Format/MonsterObjectFrame.swift: a slot of `Pieces.prefixes`; the compiler stops at
///    both `switch`es.
/// 5. Tests: its reading, writing, edits and merges, as the other fields' tests have them.
///
/// Nothing else changes: the reader finds the key by the table's spellings, the writer, the
/// record, `Codable` (``Monster/init(from:)``), the merge's comparison (``Roster``'s
/// `sameFieldsButName`) and `==` go through the table. The tests below fail when a place
/// that should follow the table names the keys by hand again.
@Suite struct BuiltInTableTests {
  typealias BuiltIn = MonsterField.BuiltIn

  @Test func eachFieldHasOneLaneAndEachLaneOneField() {
    for key in BuiltIn.allCases {
      switch key.lane {
      case .text(let field): #expect(field.builtIn == key)
      case .held(let field): #expect(field.builtIn == key)
      }
    }
    #expect(MonsterTextField.allCases.allSatisfy { $0.builtIn.lane == .text($0) })
    #expect(MonsterHeldField.allCases.allSatisfy { $0.builtIn.lane == .held($0) })
    #expect(
      MonsterTextField.allCases.count + MonsterHeldField.allCases.count == BuiltIn.allCases.count)
  }

  @Test func theKeysFollowOneAnotherInTheTablesOrder() throws {
    let first = try #require(BuiltIn.first)
    #expect(Array(sequence(first: first, next: \.next)) == BuiltIn.allCases)
    #expect(BuiltIn.ordered == BuiltIn.allCases)
  }

  @Test func aKeyIsFoundByItsWholeSpellingNotItsLength() {
    for key in BuiltIn.allCases {
      let spelling = key.spelling.description
      #expect(BuiltIn(spelling: spelling) == key)
      #expect(Array(spelling.utf8).withUnsafeBytes { BuiltIn($0) } == key)
    }
    // Words of a built-in key's length that are none: "health" is as long as "weapon".
    for word in ["health", "weapoN", "nam", "names", "icons", "nameColour", "", "Name"] {
      #expect(Array(word.utf8).withUnsafeBytes { BuiltIn($0) } == nil, "\(word)")
      #expect(BuiltIn(spelling: word) == nil, "\(word)")
    }
  }

  @Test func theTableDescribesTheFieldsAsTheyWere() {
    #expect(
      MonsterField.builtIn.map(\.key) == ["name", "description", "icon", "weapon", "nameColor"])
    #expect(MonsterField.builtIn.map(\.isRequired) == [true, true, true, true, false])
    #expect(
      MonsterField.builtIn.map(\.label) == ["name", "description", "icon", "weapon", "name colour"])
    #expect(BuiltIn.allCases.allSatisfy { $0.takesStrings })
    #expect(BuiltIn.allCases.allSatisfy { $0.field.builtIn == $0 })
  }

  @Test func eachFieldsCodecSetsWhatItReads() {
    let monster = Monster(
      name: "Cat-Bot", description: "MEE-OW", icon: "cat.png", weapon: .fire, nameColor: .red)
    var built = Monster(name: "", description: "", weapon: .sword)
    for key in BuiltIn.allCases {
      key.set(key.value(in: monster), in: &built, weapons: Weapon.builtIn)
      #expect(key.isSame(in: built, as: monster), "\(key)")
    }
    #expect(built == monster)
    #expect(built.hashValue == monster.hashValue)
  }

  /// A place that should follow the table and does not, by what it would hold: a case found
  /// by its raw value or its length, a `default:` that picks a key's slot, a value other
  /// than a string dropped, three or more built-in keys listed by hand.
  @Test func noPlaceNamesTheKeysByHand() throws {
    let handMade: [(what: String, pattern: Regex<Substring>)] = [
      ("a case found by its raw value", /(?:BuiltIn|MonsterTextField|MonsterHeldField)\(rawValue/),
      ("a key told by its length", /switch\s+bytes\.count/),
      ("a slot picked by default", /default:\s*prefixes/),
      ("a slot by its place", /prefixes\.[0-9]/),
      (
        "a value that is not a string dropped",
        /case\s+\.string\(let\s+\w+\)\?\s*=\s*value\(of:\s*key/
      ),
    ]
    let listedByHand =
      /\.(?:name|description|icon|weapon|nameColor)(?:\s*,\s*\.(?:name|description|icon|weapon|nameColor)){2,}/
    // The table itself, and the judgement of which fields say who a monster is.
    let mayList: Set = [
      "MonsterKit/Model/MonsterField+BuiltIn.swift",
      "MonsterKit/Merge/IdentityEvidence+Resolving.swift",
    ]
    var found: [String] = []
    // The files that deal in built-in keys: those that name the table or its lanes.
    for (file, text) in try swiftSources()
    where text.contains(/BuiltIn|MonsterTextField|MonsterHeldField|builtIn/) {
      for (what, pattern) in handMade where text.contains(pattern) {
        found.append("\(file): \(what)")
      }
      if !mayList.contains(file), text.contains(listedByHand) {
        found.append("\(file): built-in keys listed by hand")
      }
    }
    #expect(found == [])
  }

  /// The places that must follow the table do: each iterates it or switches over the lanes.
  @Test func theReaderWriterRecordCodableAndMergeFollowTheTable() throws {
    let sources = Dictionary(uniqueKeysWithValues: try swiftSources())
    let followers = [
      "MonsterKit/Format/RosterParser+Monsters.swift",
      "MonsterKit/Format/Roster+MonsterJSON.swift",
      "MonsterKit/Format/Monster+JSONText.swift",
      "MonsterKit/Model/Monster.swift",
      "MonsterKit/Merge/Roster+Merging.swift",
      "MonsterKit/Merge/RosterView.swift",
    ]
    for file in followers {
      let text = try #require(sources[file], "\(file)")
      #expect(text.contains("BuiltIn.ordered"), "\(file)")
    }
  }

  /// Every Swift file of the package's sources, by its path under Sources/, with its text.
  private func swiftSources() throws -> [(String, String)] {
    let sources = packageRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var found: [(String, String)] = []
    while let file = files.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      found.append(
        (file, try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)))
    }
    return found.sorted { $0.0 < $1.0 }
  }
}
