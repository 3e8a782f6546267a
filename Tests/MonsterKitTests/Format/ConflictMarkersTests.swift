import Testing

@testable import MonsterKit

@Suite struct ConflictMarkersTests {
  private func lines(_ text: String) -> [Int] {
    do {
      _ = try readRoster(text)
      return []
    } catch {
      guard case .unresolvedConflict(_, let lines) = error else { return [] }
      return lines
    }
  }

  @Test(arguments: [
    ("{\n<<<<<<< ours (team monsters.json)\n", true),
    ("{\n<<<<<<< ours\n", true),
    ("{\n<<<<<<< ours: main (team monsters.json)\n", true),
    ("{\n<<<<<<< ours:main\n", false),
    ("{\r\n<<< ours\r\n", true),
    ("{\n<<<<<<< HEAD\n", false),
    ("{\n<<<<<<< HEAD\n<<<<<<< ours\n", false),
    ("{\n<<<<<<< ourselves\n", false),
    ("{\n<<<<<<<ours\n", false),
    ("{\n\"<<<<<<< ours\"\n", false),
    ("{\n}\n", false),
  ])
  func theFirstConflictIsKnownAsAMergesByItsLabel(_ text: String, byMerge: Bool) {
    let found = Array(text.utf8).withUnsafeBytes(ConflictMarkers.firstConflictIsMarkedByMerge(in:))
    #expect(found == byMerge)
  }

  @Test(arguments: [nil, "team monsters.json"])
  func markersAMergeWritesAreKnownAsItsOwn(_ name: String?) {
    var bytes: [UInt8] = []
    ConflictMarkers(size: 9, naming: name).appendOpening(to: &bytes)
    #expect(bytes.withUnsafeBytes(ConflictMarkers.firstConflictIsMarkedByMerge(in:)))
    // Naming what each side is, as git 2.44 passes it.
    var named: [UInt8] = []
    ConflictMarkers(size: 7, naming: name, sides: ("feature/x", "main")).appendOpening(to: &named)
    #expect(named.withUnsafeBytes(ConflictMarkers.firstConflictIsMarkedByMerge(in:)))
  }

  @Test func eachConflictIsFoundByTheLineThatOpensIt() {
    let text = """
      {
      <<<<<<< ours
        "version": 1,
      ||||||| base
        "version": 1 ,
      =======
        "version": 1,
      >>>>>>> theirs
        "monsters": []
      <<<<<<<<<< HEAD:monsters.json
      ==========
      >>>>>>>>>> feature
      }
      """
    #expect(lines(text) == [2, 10])
  }

  @Test func markersLeftOutsideAConflictAreFoundToo() {
    #expect(lines("{\n=======\n>>>>>>> theirs\n}\n") == [2, 3])
    #expect(lines("{\n>>>>>>>\r\n}\n") == [2])
  }

  @Test func linesThatOnlyLookLikeMarkersAreJSONErrors() {
    for text in [
      "{\n<<<<<<\n}\n", "{\n<<<<<<<x\n}\n", "{\n =======\n}\n", "{\n=======\n}\n",
      "{\"a\": \"<<<<<<< ours\"\n}\n",
    ] {
      #expect(throws: RosterError.self) { try readRoster(text) }
      #expect(lines(text).isEmpty, "\(text.debugDescription)")
    }
  }

  @Test func theMessageNamesTheFirstLineAndCountsTheRest() {
    #expect(
      RosterError.unresolvedConflict(path: "m.json", lines: [4]).description
        == "m.json:4: unresolved merge conflict")
    #expect(
      RosterError.unresolvedConflict(path: "m.json", lines: [4, 9, 12]).description
        == "m.json:4: unresolved merge conflict (and 2 more)")
    // The command line's hint goes where the message has room for one.
    #expect(
      RosterError.unresolvedConflict(path: "m.json", lines: [4, 9, 12])
        .message(hint: "run 'monsters check'")
        == "m.json:4: unresolved merge conflict (and 2 more; run 'monsters check')")
  }

  @Test func aValidRosterIsNeverReadAsAConflict() throws {
    #expect(try readRoster(text(Roster.seeded.canonicalJSON())) == Roster.seeded)
  }
}
