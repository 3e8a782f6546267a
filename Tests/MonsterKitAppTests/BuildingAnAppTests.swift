import Foundation
import MonsterKit
import Testing

// What an app does with MonsterKit, through its public API only. The regions between
// `// snippet:` and `// end snippet` are the code of the "Building an app" article, word for
// word (`articleCodeIsThisFilesSnippets` holds them to it).

/// An app's own error, thrown from an edit's closure and caught as itself.
enum AppError: Error, Equatable {
  case rosterFull
}

/// A document of an app that holds a roster, saved with `Codable`.
struct TeamDocument: Codable, Equatable {
  var title: String
  var roster: Roster
}

/// What SwiftUI's `ForEach(roster)` reads of its data, standing in where SwiftUI is
/// missing: a random-access collection of identifiable elements, listed by id.
func forEachIDs<Data: RandomAccessCollection>(_ data: Data) -> [Data.Element.ID]
where Data.Element: Identifiable {
  data.map(\.id)
}

/// A fresh folder with a roster file of the seeded roster: the folder, to remove
/// afterwards, and the file's path.
func makeRosterFolder() throws -> (folder: URL, path: String) {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("MonsterKitAppTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
  let path = folder.appendingPathComponent("Team.json").path
  try Data(Roster.seeded.canonicalJSON()).write(to: URL(fileURLWithPath: path))
  return (folder, path)
}

/// A fresh folder with a roster file, removed afterwards.
func withRosterFile<Result>(_ body: (String) throws -> Result) throws -> Result {
  let (folder, path) = try makeRosterFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(path)
}

@Suite struct BuildingAnAppTests {
  @Test func aColourThatFailsToParseChangesNothing() throws {
    var roster = Roster.seeded
    try roster.apply(.set("Cat-Bot", .init(nameColor: .set(.red))))
    let typed = "bleu"
    // snippet: colour
    if let color = NameColor(parsing: typed) {
      try roster.apply(.set("Cat-Bot", .init(nameColor: .set(color))))
    }
    try roster.apply(.set("Dog-Bot", .init(nameColor: .set(.blue))))
    try roster.apply(.set("Dog-Bot", .init(nameColor: .remove)))
    // end snippet
    #expect(roster[0].nameColor == .red)
    #expect(roster[1].nameColor == nil)
  }

  @Test func aWeaponIsSetAndCopiedAsAValue() throws {
    var roster = Roster.seeded
    // snippet: weapons
    var monster = roster[0]
    monster.weapon = .fire
    let twin = Monster(name: "Twin-Bot", description: monster.description, weapon: monster.weapon)
    try roster.apply(.add(twin))
    try roster.update(named: "Cat-Bot") { $0.weapon = .fire }
    // end snippet
    #expect(roster[0].weapon == .fire)
    #expect(roster[0].weapon.type == .fire)
    #expect(roster.monster(named: "twin-bot")?.weapon.imageName == "fire.png")
  }

  @Test func anEditsClosureInfersItsErrorAndAnAppErrorComesOutAsItself() throws {
    try withRosterFile { path in
      // snippet: update
      let file = RosterFile(path: path)
      try file.update { roster in try roster.apply(.remove("Dog-Bot")) }
      do {
        try file.update { roster in
          guard roster.count < 5 else { throw AppError.rosterFull }
          try roster.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke)))
        }
      } catch AppError.rosterFull {
        // Tell the user; nothing was written.
      }
      // end snippet
      let roster = try file.read()
      #expect(
        roster.map(\.name) == ["Cat-Bot", "Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
      #expect(throws: AppError.rosterFull) {
        try file.update { _ in throw AppError.rosterFull }
      }
      #expect(throws: RosterError.noSuchMonster("Nobody", suggestion: nil)) {
        try file.update { roster in try roster.apply(.remove("Nobody")) }
      }
      #expect(try file.update(dryRun: true) { try $0.apply(.remove("Cat-Bot")) }.changed)
      #expect(try file.read() == roster)
      #expect(try !file.update { _ in }.changed)
    }
  }

  @Test func anAsyncEditInfersItsErrorToo() async throws {
    let (folder, path) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // snippet: async
    let file = RosterFile(path: path)
    try await file.update { roster in try roster.apply(.set("Cat-Bot", .init(weapon: .fire))) }
    // end snippet
    #expect(try file.read()[0].weapon == .fire)
    await #expect(throws: AppError.rosterFull) {
      try await file.update { _ in throw AppError.rosterFull }
    }
  }

  @Test func aListEditsByPosition() throws {
    var roster = Roster.seeded
    #expect(forEachIDs(roster) == Monster.seeded.map(\.id))
    // snippet: positions
    roster.remove(atOffsets: IndexSet([1, 3]))  // onDelete
    roster.move(fromOffsets: IndexSet([0]), toOffset: 2)  // onMove
    try roster.insert(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke), at: 0)
    try roster.update(at: 1) { $0.description = "Boom" }
    try roster.apply([.remove("Ice-Bot"), .rename("Cat-Bot", to: "Kitty-Bot")])
    // end snippet
    #expect(roster.map(\.name) == ["Robo-Bot", "Explode-Bot", "Kitty-Bot", "Mini-Tomato-Bot"])
    #expect(roster[1].description == "Boom")
    #expect(throws: RosterError.noSuchMonster("Nobody", suggestion: nil)) {
      try roster.apply([.remove("Robo-Bot"), .remove("Nobody")])
    }
    #expect(roster.count == 4)
  }

  /// Random removals (one or several), moves and inserts by offset, checked after each
  /// against an array.
  @Test func positionsFollowAnArrayThroughRandomEdits() throws {
    var generator = SeededGenerator(seed: 27)
    var roster = Roster.seeded
    var model = Monster.seeded
    var next = 0
    for _ in 0..<3_000 {
      switch generator.next() % 5 {
      case 0 where !model.isEmpty:
        let offsets = Set(
          (0..<Int(generator.next() % 3)).map { _ in
            Int(generator.next() % UInt64(model.count))
          })
        roster.remove(atOffsets: offsets)
        for offset in offsets.sorted(by: >) { model.remove(at: offset) }
      case 1 where !model.isEmpty:
        let offsets = Set(
          (0..<Int(1 + generator.next() % 3)).map { _ in
            Int(generator.next() % UInt64(model.count))
          })
        let destination = Int(generator.next() % UInt64(model.count + 1))
        roster.move(fromOffsets: offsets, toOffset: destination)
        let moved = offsets.sorted().map { model[$0] }
        let before = offsets.filter { $0 < destination }.count
        for offset in offsets.sorted(by: >) { model.remove(at: offset) }
        model.insert(contentsOf: moved, at: destination - before)
      case 2 where !model.isEmpty:
        let offset = Int(generator.next() % UInt64(model.count))
        #expect(roster.remove(at: offset) == model.remove(at: offset))
      default:
        next += 1
        let monster = Monster(name: "Bot-\(next)", description: "", weapon: .sword)
        let offset = Int(generator.next() % UInt64(model.count + 1))
        try roster.insert(monster, at: offset)
        model.insert(monster, at: offset)
      }
      #expect(Array(roster) == model)
      if let last = model.last { #expect(roster.index(named: last.name) != nil) }
    }
    #expect(roster == (try Roster(model)))
  }

  @Test func aListsEditsByIdFindTheirMonsters() throws {
    var roster = Roster.seeded
    // snippet: ids
    let selected = roster[0].id  // the row the user picked
    try roster.update(id: selected) { $0.name = "Kitty-Bot" }  // still the selected row
    let moving = IndexSet([2]).map { roster[$0].id }
    try roster.move(moving, before: selected)  // onMove, by id
    try roster.remove(id: selected)
    let robo = try roster.insert(
      Monster(name: "Robo-Bot", description: "", weapon: .fire), before: nil)
    // end snippet
    #expect(
      roster.map(\.name) == [
        "Explode-Bot", "Dog-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot", "Robo-Bot",
      ])
    #expect(roster.last?.id == robo && roster[id: selected] == nil)
  }

  @Test func aDocumentHoldsARosterWithTheKeysNoOneKnows() throws {
    var roster = Roster.seeded
    // snippet: document
    try roster.update(named: "Cat-Bot") { monster in
      monster.otherFields = [
        JSONMember("mood", .string("grumpy")), JSONMember("speed", .number("1.50")),
      ]
    }
    let saved = try JSONEncoder().encode(TeamDocument(title: "Team", roster: roster))
    let reopened = try JSONDecoder().decode(TeamDocument.self, from: saved)
    // reopened.roster == roster: "mood" before "speed", and 1.50, not 1.5
    // end snippet
    #expect(reopened.roster == roster)
    #expect(reopened.roster.canonicalJSON() == roster.canonicalJSON())
    #expect(
      reopened.roster[0].otherFields == [
        JSONMember("mood", .string("grumpy")), JSONMember("speed", .number("1.50")),
      ])
    let monster = try JSONDecoder().decode(Monster.self, from: JSONEncoder().encode(roster[0]))
    #expect(monster == roster[0])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Monster.self,
        from: JSONEncoder().encode(
          #"{"name": "", "description": "", "icon": "a.png", "weapon": "fire"}"#))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Roster.self, from: JSONEncoder().encode(#"{"version": 2, "monsters": []}"#))
    }
    let values: JSONValue = .array([
      .null, .bool(true), .number("-3"), .number("0.5"), .string("x"),
    ])
    #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(values)) == values)
  }

  @Test func anIdStaysThroughEveryRename() throws {
    var roster = try Roster([Monster(name: "Straße", description: "", weapon: .fire)])
    let id = roster[0].id
    try roster.apply(.rename("Straße", to: "STRASSE"))
    #expect(roster[0].id == id)
    try roster.apply(.rename("STRASSE", to: "Caf\u{E9}"))
    try roster.apply(.rename("Caf\u{E9}", to: "Cafe\u{301}"))
    #expect(roster[0].id == id)
  }

  @Test func aMissingDocumentIsAnErrorUnlessTheAppAsksForTheSeededRoster() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("MonsterKitAppTests-\(UUID().uuidString).json").path
    #expect(throws: RosterError.missingFile(path: path)) { try RosterFile(path: path).read() }
    #expect(throws: RosterError.missingFile(path: path)) {
      try RosterFile(path: path).update { try $0.apply(.remove("Cat-Bot")) }
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try RosterFile(path: path, whenMissing: .seededRoster).read() == Roster.seeded)
  }

  @Test func whatAnAppShowsReadsAsSentencesNamingNoCommandLine() throws {
    var roster = Roster.seeded
    #expect(
      roster.description
        == "6 monsters: Cat-Bot (sword), Dog-Bot (blowgun), Explode-Bot (smoke), "
        + "Fire-Bot (ninjaStar), Ice-Bot (fire) and 1 more.")
    #expect(Roster().description == "No monsters.")
    let changes = try roster.applyReporting(.set("cat-bot", .init(weapon: .fire)))
    #expect(changes.map(\.description) == ["Cat-Bot: weapon sword -> fire."])
    #expect(
      try roster.applyReporting(.addIfMissing(roster[0])).map(\.description)
        == ["Nothing added: there is a monster named 'Cat-Bot' already."])
    let lock = RosterError.lockTimeout(path: "Team.json", seconds: 5).description
    #expect(
      lock
        == "Another program is editing Team.json (the roster was locked for over 5 s); try again.")
    do {
      _ = try Roster(jsonBytes: Array("{\n ,".utf8))
      Issue.record("bytes that are not JSON were read")
    } catch {
      guard case .syntax(let path, let line, let column, _) = error else {
        Issue.record("not a syntax error: \(error)")
        return
      }
      #expect(path == "roster" && line == 2 && column == 2)
    }
    #expect(
      RosterError.fileSystem(path: "T.json", action: .write, errno: 28).description.hasSuffix(
        " The file is as it was."))
  }

  @Test func aFileVersionTellsThatAnotherProgramChangedTheFile() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let seen = try file.fileVersion()
      #expect(seen != nil)
      #expect(try file.fileVersion() == seen)
      try file.update { roster in try roster.apply(.remove("Dog-Bot")) }
      let edited = try file.fileVersion()
      #expect(edited != seen)
      try file.update { _ in }
      #expect(try file.fileVersion() == edited)
      try FileManager.default.removeItem(atPath: path)
      #expect(try file.fileVersion() == nil)
    }
  }

  @Test func aChangeThatThrowsNothingKeepsTheRostersErrorTyped() throws {
    var roster = Roster.seeded
    func rename() throws(RosterError) {
      try roster.update(named: "Cat-Bot") { $0.name = "Dog-Bot" }
    }
    #expect(throws: RosterError.nameTaken("Dog-Bot", by: "Dog-Bot")) { try rename() }
    func describe() throws(RosterError) -> Bool {
      try roster.update(at: 0) { $0.description = "Purr" }
    }
    #expect(try describe())
  }

  /// A change that throws the roster's own errors, such as setting a declared field typed,
  /// keeps the caller's errors typed too, by id, name and offset: each function below
  /// compiles only so.
  @Test func aChangeThatThrowsRosterErrorsKeepsTheErrorTyped() throws {
    var roster = try Roster(
      Roster.seeded.map { $0 },
      fields: [try MonsterField(declaring: "level", kind: .integer(minimum: 1, maximum: 9))])
    let level = try #require(roster.field("level", as: Int.self))
    let id = roster[0].id
    func raise(_ value: Int) throws(RosterError) {
      try roster.update(id: id) { (monster) throws(RosterError) in
        guard value > 0 else { throw .monsterGone(id) }
        monster[level] = value
      }
    }
    func rename() throws(RosterError) {
      try roster.update(named: "dog-bot") { (monster) throws(RosterError) in
        monster.name = "Cat-Bot"
      }
    }
    func first() throws(RosterError) -> Bool {
      try roster.update(at: 0) { (monster) throws(RosterError) in monster.description = "Purr" }
    }
    try raise(5)
    #expect(roster[0][level] == 5)
    #expect(throws: RosterError.monsterGone(id)) { try raise(0) }
    #expect(throws: RosterError.self) { try raise(10) }
    #expect(throws: RosterError.self) { try rename() }
    #expect(try first())
  }

  @Test func articleCodeIsThisFilesSnippets() throws {
    let test = try String(contentsOfFile: #filePath, encoding: .utf8)
    let article = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/MonsterKit/MonsterKit.docc/BuildingAnApp.md").path,
      encoding: .utf8)
    #expect(codeBlocks(of: article) == snippets(of: test))
    #expect(snippets(of: test).count == 7)
  }
}

/// The `// snippet:` regions of a Swift file, each without its common indent; regions of
/// one label, such as the two halves of code a test runs something between, are one.
func snippets(of text: String) -> [String] {
  var labels: [Substring] = []
  var regions: [[Substring]] = []
  var current: Int?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("// snippet:") {
      let label = trimmed.dropFirst("// snippet:".count)
      if let earlier = labels.firstIndex(of: label) {
        current = earlier
      } else {
        labels.append(label)
        regions.append([])
        current = regions.count - 1
      }
    } else if trimmed.hasPrefix("// end snippet") {
      current = nil
    } else if let current {
      regions[current].append(line)
    }
  }
  return regions.map { lines in
    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n")
  }
}

/// The Swift code blocks of a Markdown article.
func codeBlocks(of text: String) -> [String] {
  var result: [String] = []
  var current: [Substring]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line == "```swift" {
      current = []
    } else if line == "```", let lines = current {
      result.append(lines.joined(separator: "\n"))
      current = nil
    } else {
      current?.append(line)
    }
  }
  return result
}
