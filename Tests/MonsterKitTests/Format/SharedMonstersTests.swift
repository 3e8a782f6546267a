import Testing

@testable import MonsterKit

/// Reading a file against an earlier one: the monsters the two have byte for byte at their
/// start and end are taken from the earlier file's records, and the reader gives the same
/// roster, records and all, as reading the file alone.
@Suite struct SharedMonstersTests {
  /// A roster of numbered monsters, as read from its canonical file.
  static func numbered(_ count: Int) throws -> Roster {
    var roster = Roster()
    for number in 0..<count {
      try roster.add(
        Monster(
          name: "Bot-\(number)", description: "number \(number)", icon: "\(number % 7)",
          weapon: Weapon.builtIn[number % WeaponType.allCases.count]))
    }
    return try reread(roster)
  }

  /// The earlier roster the tests read files against.
  static func base() throws -> Roster { try numbered(40) }

  /// Files that are edits of the base, some of them no rosters, by name.
  static let sideNames = [
    "the same file", "one monster edited", "the first edited", "the last edited", "one removed",
    "the first removed", "the last removed", "one renamed", "one added", "edits at both ends",
    "all removed", "a name taken twice", "a name in another case", "a broken monster",
    "a syntax error", "an escape", "another layout", "an unknown key", "a newer version",
    "cut short", "more after the end", "empty", "a required field declared",
  ]

  /// The file of an edit of the base.
  static func side(_ name: String, of base: Roster) throws -> [UInt8] {
    func edited(_ edits: RosterEdit...) throws -> [UInt8] {
      var roster = base
      for edit in edits { try roster.apply(edit) }
      return roster.canonicalJSON()
    }
    let file = base.canonicalJSON()
    func replacing(_ old: String, with new: String) -> [UInt8] {
      Array(String(decoding: file, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8)
    }
    switch name {
    case "the same file": return file
    case "one monster edited": return try edited(.set("Bot-17", .init(description: "changed")))
    case "the first edited": return try edited(.set("Bot-0", .init(weapon: .smoke)))
    case "the last edited": return try edited(.set("Bot-39", .init(description: "")))
    case "one removed": return try edited(.remove("Bot-20"))
    case "the first removed": return try edited(.remove("Bot-0"))
    case "the last removed": return try edited(.remove("Bot-39"))
    case "one renamed": return try edited(.rename("Bot-5", to: "Robo-Bot"))
    case "one added": return try edited(.add(newMonster("Robo-Bot")))
    case "edits at both ends":
      return try edited(.set("Bot-1", .init(weapon: .fire)), .set("Bot-38", .init(weapon: .fire)))
    case "all removed": return Roster().canonicalJSON()
    case "a name taken twice": return replacing("Bot-12\"", with: "Bot-13\"")
    case "a name in another case": return replacing("Bot-30\"", with: "bot-31\"")
    case "a broken monster": return replacing("\"Bot-8\"", with: "8")
    case "a syntax error": return replacing("\"Bot-9\",", with: "\"Bot-9\"")
    case "an escape": return replacing("number 11", with: "number \\u0031")
    case "another layout": return replacing("\n    ", with: "\n  ")
    case "an unknown key": return replacing("\"version\"", with: "\"x\": 1, \"version\"")
    case "a newer version": return replacing("\"version\": 1", with: "\"version\": 2")
    case "cut short": return Array(file.dropLast(40))
    case "more after the end": return file + Array("{}".utf8)
    case "a required field declared":
      return replacing(
        "\"monsters\": [",
        with: #""fields": [{"name": "team", "values": ["red"], "required": true}], "monsters": ["#)
    default: return []
    }
  }

  @Test(arguments: sideNames)
  func aFileReadAgainstAnEarlierOneReadsAsItReadsAlone(_ name: String) throws {
    let base = try Self.base()
    let bytes = RosterBytes(try Self.side(name, of: base))
    let alone = Result { try RosterParser.parse(bytes) }
    let shared = Result { try RosterParser.parse(bytes, sharingWith: base.storage.source) }
    switch (alone, shared) {
    case (.success(let alone), .success(let shared)):
      #expect(shared.problems.map(\.offset) == alone.problems.map(\.offset))
      #expect(shared.problems.map(\.message) == alone.problems.map(\.message))
      #expect(shared.source.isKnownCanonical == alone.source.isKnownCanonical)
      #expect(shared.source.monstersEnd == alone.source.monstersEnd)
      #expect(shared.source.records.map(Spans.init) == alone.source.records.map(Spans.init))
      let aloneRoster = Roster(source: alone.source, otherFields: alone.otherFields)
      let sharedRoster = Roster(source: shared.source, otherFields: shared.otherFields)
      #expect(Array(sharedRoster) == Array(aloneRoster))
      // What is shared is the earlier file's monsters.
      for run in shared.shared {
        for (offset, earlier) in zip(run.offsets, run.earlierStart...) {
          #expect(
            sharedRoster[Roster.Index(slot: offset)] == base[Roster.Index(slot: earlier)])
        }
      }
    case (.failure(let alone), .failure(let shared)):
      #expect("\(shared)" == "\(alone)")
    default:
      Issue.record("read alone: \(alone); read against the earlier file: \(shared)")
    }
  }

  /// The monsters of a file that newly declares a required field are the earlier file's,
  /// byte for byte, and each of them lacks the field.
  @Test func aRequiredFieldDeclaredAboveTheEarlierMonstersIsMissingFromEach() throws {
    let base = try Self.base()
    let bytes = RosterBytes(try Self.side("a required field declared", of: base))
    for sharing in [nil, base.storage.source] {
      let parsed = try RosterParser.parse(bytes, sharingWith: sharing)
      #expect(parsed.problems.count == base.count)
      #expect(
        parsed.problems.allSatisfy { $0.message.hasSuffix("): no 'team', a required field") },
        "\(parsed.problems.first.map(\.message) ?? "")")
    }
  }

  @Test func anEditInTheMiddleLeavesTwoRunsAndOneMonsterToRead() throws {
    let base = try Self.numbered(1000)
    var side = base
    try side.apply(.set("Bot-400", .init(description: "a longer description than before")))
    let parsed = try RosterParser.parse(
      RosterBytes(side.canonicalJSON()), sharingWith: base.storage.source)
    #expect(parsed.shared.map(\.offsets) == [0..<400, 401..<1000])
    #expect(parsed.shared.map(\.earlierStart) == [0, 401])
  }

  @Test func nothingIsSharedWithAnEarlierFileNotInCanonicalForm() throws {
    let base = try Self.base()
    let text = String(decoding: base.canonicalJSON(), as: UTF8.self)
    let other = try readRoster(text.replacingOccurrences(of: "\n    ", with: "\n  "))
    let parsed = try RosterParser.parse(
      RosterBytes(base.canonicalJSON()), sharingWith: other.storage.source)
    #expect(parsed.shared.isEmpty)
  }

  @Test(arguments: sideNames)
  func aSideReadAgainstTheAncestorMatchesAsTheRosterRead(_ name: String) throws {
    let base = try Self.base()
    let folder = try TemporaryFolder()
    let path = folder.file("side.json")
    try write(try Self.side(name, of: base), to: path)
    let file = RosterFile(path: path)
    let againstEarlier = Result {
      try file.readForMatching(against: base).matched(with: base)
    }
    let alone = Result { try file.readForMatching().matched(with: base) }
    switch (againstEarlier, alone) {
    case (.success(let shared), .success(let alone)):
      #expect(Array(shared.roster) == Array(alone.roster))
      #expect(
        RosterDiff(from: base, to: shared).changes
          == RosterDiff(from: base, to: alone).changes)
      #expect(shared.matching.newOffset == alone.matching.newOffset)
      #expect(shared.matching.keepsName == alone.matching.keepsName)
    case (.failure(let shared), .failure(let alone)):
      #expect("\(shared)" == "\(alone)")
    default:
      Issue.record("read against the ancestor: \(againstEarlier); alone: \(alone)")
    }
  }

  @Test func whatIsSharedWithOneRosterIsNotTakenForAnother() throws {
    let base = try Self.base()
    let folder = try TemporaryFolder()
    let path = folder.file("side.json")
    var side = base
    try side.apply(.remove("Bot-3"))
    try write(side.canonicalJSON(), to: path)
    let unmatched = try RosterFile(path: path).readForMatching(against: base)
    #expect(!unmatched.shared.isEmpty)
    // Another roster with the same names, in another order: nothing is linked by place.
    let other = try reread(try Roster(base.reversed()))
    let matched = try unmatched.matched(with: other)
    #expect(
      RosterDiff(from: other, to: matched).changes
        == RosterDiff(from: other, to: side).changes)
    // The same roster, edited since: its monsters are no longer its file's records.
    var edited = base
    try edited.apply(.remove("Bot-1"))
    try edited.apply(.add(newMonster("Bot-1")))
    #expect(
      RosterDiff(from: edited, to: try unmatched.matched(with: edited)).changes
        == RosterDiff(from: edited, to: side).changes)
  }

  @Test(arguments: [
    ([UInt8](), [UInt8](), 9, 0), (Array("abc".utf8), Array("xbc".utf8), 9, 2),
    (Array("abc".utf8), Array("abc".utf8), 2, 2), (Array("abc".utf8), Array("bc".utf8), 9, 2),
    (Array("abc".utf8), Array("abd".utf8), 9, 0),
  ])
  func theCommonEndOfTwoRangesIsCounted(_ first: [UInt8], _ second: [UInt8], limit: Int, count: Int)
  {
    let counted = first.withUnsafeBytes { a in
      second.withUnsafeBytes { b in commonSuffixCount(a, b, limit: limit) }
    }
    #expect(counted == count)
  }

  @Test func theCommonEndIsCountedAcrossBlocks() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let length = Int.random(in: 0..<20_000, using: &generator)
      let first = (0..<length).map { _ in UInt8.random(in: 0...3, using: &generator) }
      var second = first
      let changed = length == 0 ? nil : Int.random(in: 0..<length, using: &generator)
      if let changed { second[changed] &+= 1 }
      let expected = changed.map { length - 1 - $0 } ?? length
      let counted = first.withUnsafeBytes { a in
        second.withUnsafeBytes { b in commonSuffixCount(a, b, limit: length) }
      }
      #expect(counted == expected)
    }
  }
}

/// A record's spans, to compare records.
private struct Spans: Equatable {
  let name: ByteSpan
  let description: ByteSpan
  let icon: ByteSpan

  init(_ record: MonsterRecord) {
    name = record.name
    description = record.description
    icon = record.icon
  }
}
