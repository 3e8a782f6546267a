import Foundation
import MonsterKit
import Testing

/// A roster the user may write but not replace, as an edit does: in a folder with the sticky
/// bit, as `/tmp` has, owned by another user, or in a folder the user may not write. The
/// refusal says why.
@Suite(
  .enabled(
    if: Platform.effectiveUserID == 0
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
    "needs root, to own the roster and run the edit as another user with setpriv"))
struct StickyFolderTests {
  static let user: uid_t = 4003

  @Test func aRosterAnotherOwnsInAStickyFolderIsRefusedWithWhy() throws {
    let harness = try CommandLineHarness()
    let folder = harness.path("sticky")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try Platform.setMode(0o1777, ofPath: folder)
    let roster = folder + "/monsters.json"
    try harness.write(seededRosterText, to: roster)
    try Platform.setMode(0o666, ofPath: roster)
    let binary = try #require(BuiltTool.url)
    let line = [
      "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", binary.path,
      "set", "cat-bot", "--weapon", "fire", "--file", roster,
    ]
    let result = try SpawnedProcess.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"), arguments: line.map { Array($0.utf8) },
      environment: [:])
    #expect(result.termination == .exited(74))
    #expect(
      String(decoding: result.errors, as: UTF8.self)
        == "Error: Cannot write \(roster): Operation not permitted; its folder is sticky (as "
        + "/tmp is), where only a file's owner may replace it, and an edit replaces the "
        + "roster: have its owner (root) edit it, or keep the roster in a folder that is not "
        + "sticky. The file is as it was.\n")
    #expect(try String(contentsOfFile: roster, encoding: .utf8) == seededRosterText)
  }

  /// A roster the user may write, in a folder they may not: an edit replaces the roster with
  /// a new file in the folder, so the refusal says that it is the folder.
  @Test func aRosterInAFolderTheUserMayNotWriteIsRefusedWithWhy() throws {
    let harness = try CommandLineHarness()
    let folder = harness.path("closed")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let roster = folder + "/monsters.json"
    try harness.write(seededRosterText, to: roster)
    try Platform.setMode(0o666, ofPath: roster)
    try Platform.setMode(0o755, ofPath: folder)
    let binary = try #require(BuiltTool.url)
    let line = [
      "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", binary.path,
      "set", "cat-bot", "--weapon", "fire", "--file", roster,
    ]
    let result = try SpawnedProcess.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"), arguments: line.map { Array($0.utf8) },
      environment: [:])
    #expect(result.termination == .exited(74))
    #expect(
      String(decoding: result.errors, as: UTF8.self)
        == "Error: Cannot write \(roster): Permission denied; the file may be written, but not "
        + "its folder \(folder), and an edit replaces the roster with a new file there: have "
        + "the folder made writable for you, or keep the roster in a folder you may write. The "
        + "file is as it was.\n")
    #expect(try String(contentsOfFile: roster, encoding: .utf8) == seededRosterText)
  }
}
