import Foundation
import MonsterKit
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#else
  // Stand-ins for the few SwiftUI names the article's list uses, where SwiftUI is missing:
  // what the article asks of MonsterKit (`Identifiable` monsters in a random-access
  // collection, a colour's red, green and blue) compiles against them as against SwiftUI.
  protocol View {}
  extension View {
    func foregroundStyle(_ color: Color) -> some View { self }
  }
  struct List: View {
    init<Data: RandomAccessCollection, Row: View>(
      _ data: Data, rowContent: @escaping (Data.Element) -> Row
    ) where Data.Element: Identifiable {}
  }
  struct LabeledContent: View {
    init(_ title: String, value: String) {}
  }
  struct Color {
    static let primary = Color(red: 0, green: 0, blue: 0)
    init(red: Double, green: Double, blue: Double) {}
  }
#endif

// The regions between `// snippet:` and `// end snippet` here, and the one in
// MonsterKitFoundationTests, are the code of the "Using MonsterKit in an app" article, word
// for word (`articleCodeIsTheseSnippets` holds them to it); one more is README's.

// snippet: a list
struct RosterList: View {
  let roster: Roster

  var body: some View {
    List(roster) { monster in
      LabeledContent(monster.name, value: monster.weapon.name)
        .foregroundStyle(monster.nameColor.map { Color($0) } ?? .primary)
    }
  }
}

extension Color {
  init(_ color: NameColor) {
    self.init(
      red: Double(color.red) / 255, green: Double(color.green) / 255,
      blue: Double(color.blue) / 255)
  }
}
// end snippet

/// README's few lines: a roster read from a document's bytes fills a list.
@MainActor func readmeList(url: URL) throws -> some View {
  // snippet: README
  let roster = try Roster(jsonBytes: Data(contentsOf: url), path: url.lastPathComponent)
  let list = List(roster) { LabeledContent($0.name, value: $0.weapon.name) }
  // end snippet
  return list
}

@Suite struct UsingMonsterKitInAnAppTests {
  @Test @MainActor func aRosterFillsAList() throws {
    try withRosterFile { path in
      _ = RosterList(roster: try RosterFile(path: path).read()).body
      _ = try readmeList(url: URL(fileURLWithPath: path))
    }
  }

  @Test func aDocumentsBytesAreReadAndWrittenBack() throws {
    try withRosterFile { path in
      let url = URL(fileURLWithPath: path)
      // snippet: bytes
      let roster = try Roster(jsonBytes: Data(contentsOf: url), path: url.lastPathComponent)
      var edited = roster
      try edited.apply(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire)))
      try Data(edited.canonicalJSON()).write(to: url, options: .atomic)
      // end snippet
      #expect(roster == Roster.seeded)
      #expect(try RosterFile(path: path).read()[0].weapon == .fire)
    }
  }

  @Test func anErrorIsHandledByItsCategory() throws {
    try withRosterFile { path in
      try Data("{\"version\": 1,\n  \"monsters\": [}".utf8).write(to: URL(fileURLWithPath: path))
      var roster = Roster.seeded
      var problem: (String, Int?, Int?)?
      var alert: String?
      var retried = false
      func retryLater() { retried = true }
      // snippet: errors
      do throws(RosterError) {
        roster = try RosterFile(path: path).read()
      } catch {
        switch error.category {
        case .parse: problem = (error.description, error.line, error.column)
        case .edit, .file, .conflict: alert = error.description
        case .lock: retryLater()
        }
      }
      // end snippet
      #expect(roster == Roster.seeded)
      #expect(problem?.1 == 2 && problem?.2 == 16)
      #expect(alert == nil && !retried)
    }
  }

  @Test func declaredFieldsAreShownAndSet() throws {
    var roster = Roster.seeded
    try roster.apply(
      .addField(try MonsterField(declaring: "team", kind: .values(["red", "blue"]))))
    var team = RosterEdit.Changes()
    team.set("team", to: .typed("red"))
    try roster.apply(.set("Cat-Bot", team))
    let monster = roster[0]
    var shown: [(JSONValue?, [String]?)] = []
    // snippet: fields
    for field in roster.declaredFields {
      let value = field.value(in: monster)  // a JSONValue, or nil
      let choices = field.words(weapons: roster.weapons)  // ["red", "blue"], or nil for text
      shown.append((value, choices))
    }
    // end snippet
    #expect(shown.count == 1)
    #expect(shown.first?.0 == .string("red") && shown.first?.1 == ["red", "blue"])
  }

  @Test func weaponsAndFieldsAreDeclaredByEdits() throws {
    let bytes = Roster.seeded.canonicalJSON()
    // snippet: declaring
    var roster = try Roster(jsonBytes: bytes)
    try roster.apply(.addWeapon(Weapon(name: "laser")))
    try roster.apply(
      .addField(try MonsterField(declaring: "team", kind: .values(["red", "blue"]))))
    var changes = RosterEdit.Changes(weapon: Weapon(name: "laser"))
    changes.set("team", to: .typed("blue"))
    try roster.apply(.set("Cat-Bot", changes))
    let schema = roster.jsonSchemaBytes()  // a JSON Schema of this roster, for an editor
    // end snippet
    #expect(roster[0].weapon.name == "laser")
    #expect(roster.declaredFields.first?.value(in: roster[0]) == .string("blue"))
    #expect(String(decoding: schema, as: UTF8.self).contains("\"laser\""))
  }

  @Test func anAsyncEditWaitsForTheLockAsLongAsAsked() async throws {
    let (folder, path) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = URL(fileURLWithPath: path)
    // snippet: async edit
    let file = RosterFile(path: url.path, lockTimeout: .seconds(5))
    let update = try await file.update { roster in
      try roster.apply(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire)))
    }
    // end snippet
    #expect(update.changed && update.after[0].weapon == .fire)
    #expect(file.lockTimeout == .seconds(5))
  }

  @Test func aRosterValueIsSavedAndMergedWithWhatAnotherProgramChanged() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      try saveWithTheArticlesCode(file) {
        try file.apply([.set("Cat-Bot", .init(weapon: .smoke)), .remove("Dog-Bot")])
      }
      let roster = try file.read()
      #expect(roster[0].weapon == .fire && roster.monster(named: "Dog-Bot") == nil)
    }
  }

  /// The article's save, with another program's edit between the snapshot and the save.
  private func saveWithTheArticlesCode(
    _ file: RosterFile, meanwhile: () throws -> Void
  ) throws {
    // snippet: save
    var snapshot = try file.snapshot()
    var roster = snapshot.roster
    try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
    // end snippet
    try meanwhile()
    // snippet: save
    do throws(RosterError) {
      snapshot = try file.save(roster, basedOn: snapshot)
    } catch .saveConflict(let conflict) {
      // Show conflict.conflicts; here the app's side of each is kept.
      snapshot = try file.save(conflict.resolved(keeping: .ours), basedOn: conflict.current)
    }
    roster = snapshot.roster  // what the file holds now: the app's changes and the others'
    // end snippet
    #expect(roster == (try file.read()))
  }

  @Test func aChangedFileIsNoticedAndReadAgain() throws {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      var roster = try file.read()
      // snippet: file version
      let seen = try file.fileVersion()
      // ... later, when the window becomes active again:
      if try file.fileVersion() != seen { roster = try file.read() }
      // end snippet
      #expect(roster == Roster.seeded)
      try file.apply([.remove("Cat-Bot")])
      if try file.fileVersion() != seen { roster = try file.read() }
      #expect(roster.count == Roster.seeded.count - 1)
    }
  }

  @Test func aLargeRosterIsReadOffTheMainActor() async throws {
    let (folder, path) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = RosterFile(path: path)
    // snippet: detached read
    let roster = try await Task.detached { try file.read() }.value
    // end snippet
    #expect(roster == Roster.seeded)
  }

  @Test func articleCodeIsTheseSnippets() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    func text(_ path: String) throws -> String {
      try String(contentsOf: here.appendingPathComponent(path), encoding: .utf8)
    }
    let article = try text("../../Sources/MonsterKit/MonsterKit.docc/UsingMonsterKitInAnApp.md")
    var snippets = snippets(of: try text("UsingMonsterKitInAnAppTests.swift"))
    let readme = snippets.remove(at: 1)
    snippets += MonsterKitAppTests.snippets(
      of: try text("../MonsterKitFoundationTests/MonsterKitFoundationTests.swift"))
    #expect(codeBlocks(of: article).sorted() == snippets.sorted())
    #expect(snippets.count == 10)
    #expect(codeBlocks(of: try text("../../README.md")) == [readme])
  }
}
