import Foundation
import MonsterKit
import MonsterKitFoundation
import Testing

// What an app that holds URLs and Data writes with MonsterKitFoundation.
@Suite struct MonsterKitFoundationTests {
  /// Runs `body` with a fresh folder, removed afterwards.
  func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("MonsterKitFoundationTests-\(UUID().uuidString) with space")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  @Test func aFileURLIsARosterFileAndItsDataARoster() throws {
    try withFolder { folder in
      let url = folder.appendingPathComponent("Team ü.json")

      try Roster.seeded.jsonData().write(to: url, options: .atomic)
      let file = try RosterFile(url: url)
      #expect(file.path == url.path)
      #expect(file.url.standardizedFileURL == url.standardizedFileURL)
      #expect(try file.read() == Roster.seeded)
      try file.apply([.remove("Cat-Bot")])
      let roster = try Roster(data: Data(contentsOf: url), path: url.lastPathComponent)
      #expect(roster.count == Roster.seeded.count - 1)
      #expect(roster.jsonData() == Data(roster.canonicalJSON()))
      #expect(try RosterFile(url: url, lockTimeout: .zero).lockTimeout == .zero)
    }
  }

  @Test(arguments: ["https://example.com/team.json", "data:,hello", "mailto:a@example.com"])
  func aURLThatIsNoFileIsRefusedClearly(_ text: String) throws {
    let url = try #require(URL(string: text))
    #expect(throws: NotAFileURL(url: url)) { try RosterFile(url: url) }
    let error = NotAFileURL(url: url)
    #expect(
      error.localizedDescription
        == "\(text) is not a file URL; a roster file is a file on this machine.")
  }

  // The "Using MonsterKit in an app" article shows this test's snippet, word for word.
  @Test func anAppHoldsURLsAndData() throws {
    try withFolder { folder in
      let documentURL = folder.appendingPathComponent("Team.json")
      let data = Roster.seeded.jsonData()
      var alert: String?
      // snippet: URLs and Data
      let file = try RosterFile(url: documentURL)  // a file URL; any other throws NotAFileURL
      let roster = try Roster(data: data, path: documentURL.lastPathComponent)
      try roster.jsonData().write(to: documentURL, options: .atomic)
      do {
        try file.apply([.remove("Nobody")])
      } catch {
        alert = error.localizedDescription  // a RosterError's message, as a LocalizedError
      }
      // end snippet
      #expect(try file.read() == Roster.seeded)
      #expect(alert == "No monster named 'Nobody'.")
    }
  }

  @Test func aRostersErrorReadsAsItsMessage() throws {
    do {
      _ = try Roster(data: Data("{\"version\": 2, \"monsters\": []}".utf8), path: "Team.json")
      Issue.record("read a newer version")
    } catch {
      #expect(error.localizedDescription == error.description)
      #expect(error.localizedDescription.hasPrefix("Team.json:1:13: the file is roster version 2"))
      let anyError: any Error = error
      #expect(anyError.localizedDescription == error.description)
    }
  }
}
