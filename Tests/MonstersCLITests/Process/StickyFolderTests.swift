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

  /// Runs `set` as another user on a roster root owns, mode 0666, in a folder of a mode.
  ///
  /// - Returns: The roster's path, the folder's, and what the edit wrote to standard error.
  private func editAsAnotherUser(folderMode: Platform.Mode) throws -> (
    roster: String, folder: String, errors: String
  ) {
    let harness = try CommandLineHarness()
    let folder = harness.path("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let roster = folder + "/monsters.json"
    try harness.write(seededRosterText, to: roster)
    try Platform.setMode(0o666, ofPath: roster)
    try Platform.setMode(folderMode, ofPath: folder)
    let binary = try #require(BuiltTool.url)
    let line = [
      "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", binary.path,
      "set", "cat-bot", "--weapon", "fire", "--file", roster,
    ]
    let result = try SpawnedProcess.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"), arguments: line.map { Array($0.utf8) },
      environment: [:])
    #expect(result.termination == .exited(74))
    #expect(try String(contentsOfFile: roster, encoding: .utf8) == seededRosterText)
    return (roster, folder, String(decoding: result.errors, as: UTF8.self))
  }

  @Test func aRosterAnotherOwnsInAStickyFolderIsRefusedWithWhy() throws {
    let (roster, _, errors) = try editAsAnotherUser(folderMode: 0o1777)
    #expect(
      errors
        == "Error: Cannot write \(roster): Operation not permitted; its folder is sticky (as "
        + "/tmp is), where only a file's owner may replace it, and an edit replaces the "
        + "roster: have its owner (root) edit it, or keep the roster in a folder that is not "
        + "sticky. The file is as it was.\n")
  }

  /// A roster the user may write, in a folder they may not: an edit replaces the roster with
  /// a new file in the folder, so the refusal says that it is the folder.
  @Test func aRosterInAFolderTheUserMayNotWriteIsRefusedWithWhy() throws {
    let (roster, folder, errors) = try editAsAnotherUser(folderMode: 0o755)
    #expect(
      errors
        == "Error: Cannot write \(roster): Permission denied; the file may be written, but not "
        + "its folder \(folder), and an edit replaces the roster with a new file there: have "
        + "the folder made writable for you, or keep the roster in a folder you may write. The "
        + "file is as it was.\n")
  }
}
