import Foundation
import MonsterKit
import MonstersSystem
import ProgramRunning
import Testing

/// A roster the user may write but not replace, as an edit does: in a folder with the sticky
/// bit, as `/tmp` has, owned by another user, or in a folder the user may not write. The
/// refusal says why. And one in a folder the user may write but not read, which they may
/// edit.
@Suite(
  .enabled(
    if: Platform.effectiveUserID == 0
      && installedProgram("setpriv") != nil,
    "needs root, to own the roster and run the edit as another user with setpriv"))
struct StickyFolderTests {
  static let user: uid_t = 4003

  /// Runs `set` as another user on a roster root owns, mode 0666, in a folder of a mode.
  ///
  /// - Parameters:
  ///   - folderMode: The folder's mode.
  ///   - harness: Where the folder is made; it lasts as long as the harness.
  /// - Returns: The roster's path, the folder's, and how the edit ended.
  private func runAsAnotherUser(folderMode: Platform.Mode, in harness: CommandLineHarness) throws
    -> (
      roster: String, folder: String,
      result: (termination: Termination, output: Data, errors: Data)
    )
  {
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
      URL(fileURLWithPath: try #require(installedProgram("setpriv"))),
      arguments: line.map { Array($0.utf8) },
      environment: [:])
    return (roster, folder, (result.termination, result.output, result.errors))
  }

  /// Runs `set` as another user where it is refused, and checks that it is (74), that the
  /// roster is as it was, and that standard error says why.
  ///
  /// - Parameters:
  ///   - folderMode: The folder's mode.
  ///   - why: Why the roster cannot be written, given its path and its folder's.
  private func expectTheEditRefused(
    folderMode: Platform.Mode, because why: (_ roster: String, _ folder: String) -> String
  ) throws {
    let harness = try CommandLineHarness()
    let (roster, folder, result) = try runAsAnotherUser(folderMode: folderMode, in: harness)
    #expect(result.termination == .exited(74))
    #expect(try String(contentsOfFile: roster, encoding: .utf8) == seededRosterText)
    #expect(
      String(decoding: result.errors, as: UTF8.self)
        == "Error: Cannot write \(roster): \(why(roster, folder)) The file is as it was.\n")
  }

  /// A folder the user may write and search but not read (mode 733): it cannot be opened to
  /// be locked, so the edit locks the roster file instead, as where folders cannot be locked
  /// at all, and replaces the roster as anywhere else.
  @Test func aRosterInAFolderTheUserMayWriteButNotReadIsEdited() throws {
    let harness = try CommandLineHarness()
    let (roster, folder, result) = try runAsAnotherUser(folderMode: 0o733, in: harness)
    #expect(result.termination == .exited(0), "\(String(decoding: result.errors, as: UTF8.self))")
    #expect(String(decoding: result.output, as: UTF8.self) == "Cat-Bot: weapon sword -> fire.\n")
    let bytes = try #require(FileManager.default.contents(atPath: roster))
    let edited = try Roster(jsonBytes: Array(bytes))
    #expect(edited.first?.weapon == Weapon(.fire))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["monsters.json"])
  }

  @Test func aRosterAnotherOwnsInAStickyFolderIsRefusedWithWhy() throws {
    try expectTheEditRefused(folderMode: 0o1777) { _, _ in
      "Operation not permitted; its folder is sticky (as /tmp is), where only a file's owner "
        + "may replace it, and an edit replaces the roster: have its owner (root) edit it, or "
        + "keep the roster in a folder that is not sticky."
    }
  }

  /// A roster the user may write, in a folder they may not: an edit replaces the roster with
  /// a new file in the folder, so the refusal says that it is the folder.
  @Test func aRosterInAFolderTheUserMayNotWriteIsRefusedWithWhy() throws {
    try expectTheEditRefused(folderMode: 0o755) { _, folder in
      "Permission denied; the file may be written, but not its folder \(folder), and an edit "
        + "replaces the roster with a new file there: have the folder made writable for you, "
        + "or keep the roster in a folder you may write."
    }
  }
}
