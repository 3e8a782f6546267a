import Foundation
import MonsterKit
import MonstersSystem
import ProgramRunning
import Testing

/// A roster shared by a group of users, each editing as themselves with a umask of their
/// own, run through `setpriv(1)` as users who are not root.
@Suite(
  .enabled(
    if: Platform.effectiveUserID == 0
      && installedProgram("setpriv") != nil,
    "needs root, to run edits as other users with setpriv"))
struct SharedRosterTests {
  static let group: gid_t = 4242
  static let alice: uid_t = 4001
  static let bob: uid_t = 4002

  /// Runs the built `monsters` as a user of the group, with a umask, on a roster file.
  private func monsters(
    as user: uid_t, umask: String = "077", _ arguments: [String], roster: String
  ) throws -> (termination: Termination, output: String, errors: String) {
    let binary = try #require(BuiltTool.url)
    let line =
      [
        "--reuid=\(user)", "--regid=\(Self.group)", "--clear-groups", "/bin/sh", "-c",
        "umask \(umask); exec \"$0\" \"$@\"", binary.path,
      ] + arguments
    let result = try SpawnedProcess.run(
      URL(fileURLWithPath: try #require(installedProgram("setpriv"))),
      arguments: line.map { Array($0.utf8) },
      environment: ["MONSTERS_FILE": roster])
    return (
      result.termination, String(decoding: result.output, as: UTF8.self),
      String(decoding: result.errors, as: UTF8.self)
    )
  }

  /// A folder the group may write to, with a roster the group may edit.
  private func sharedRoster(in harness: CommandLineHarness, mode: mode_t = 0o664) throws
    -> String
  {
    let folder = harness.path("shared")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    #expect(chown(folder, 0, Self.group) == 0)
    try Platform.setMode(0o2775, ofPath: folder)
    let roster = folder + "/monsters.json"
    try harness.write(seededRosterText, to: roster)
    #expect(chown(roster, 0, Self.group) == 0)
    try Platform.setMode(mode, ofPath: roster)
    return roster
  }

  @Test func everyoneOfTheGroupMayEditWhateverTheUmaskOfTheLastEditor() throws {
    let harness = try CommandLineHarness()
    let roster = try sharedRoster(in: harness)
    for (user, weapon) in [(Self.alice, "fire"), (Self.bob, "smoke"), (Self.alice, "sword")] {
      let result = try monsters(as: user, ["set", "dog-bot", "--weapon", weapon], roster: roster)
      #expect(result.termination == .exited(0), "\(user): \(result.errors)")
      #expect(result.errors.isEmpty)
    }
    var status = stat()
    #expect(stat(roster, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o664)
    #expect(status.group == Self.group)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.path("shared"))
        == ["monsters.json"])
    #expect(harness.run(["--file", roster, "show", "dog-bot"]).output.contains("sword"))
  }

  @Test(arguments: [0o6775, 0o4755, 0o2775] as [Platform.Mode])
  func anOwnerWhoIsNotRootKeepsTheSetIDBits(_ mode: mode_t) throws {
    let harness = try CommandLineHarness()
    let roster = try sharedRoster(in: harness)
    #expect(chown(roster, Self.alice, Self.group) == 0)
    try Platform.setMode(mode, ofPath: roster)
    let result = try monsters(
      as: Self.alice, ["set", "dog-bot", "--weapon", "fire"], roster: roster)
    #expect(result.termination == .exited(0), "\(result.errors)")
    var status = stat()
    #expect(stat(roster, &status) == 0)
    #expect(status.st_mode & 0o7777 == mode)
    #expect(status.owner == Self.alice)
    #expect(status.group == Self.group)
  }

  /// A roster its user may not write, in a folder they may write: root's file, and their
  /// own at mode 444. An editor refuses to save it, and so does every edit.
  @Test func aRosterItsUserMayNotWriteIsNotReplacedThoughTheFolderIsWritable() throws {
    let harness = try CommandLineHarness()
    let roster = try sharedRoster(in: harness, mode: 0o644)
    let before = try Data(contentsOf: URL(fileURLWithPath: roster))
    for (owner, mode) in [(uid_t(0), mode_t(0o644)), (Self.alice, 0o444)] {
      #expect(chown(roster, owner, Self.group) == 0)
      try Platform.setMode(mode, ofPath: roster)
      for arguments in [
        ["set", "dog-bot", "--weapon", "fire"], ["init", "--force"],
        ["rename", "dog-bot", "Hound-Bot"],
      ] {
        let result = try monsters(as: Self.alice, arguments, roster: roster)
        #expect(result.termination == .exited(74), "\(arguments): \(result.errors)")
        #expect(
          result.errors
            == "Error: Cannot write \(roster): Permission denied. The file is as it was.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: roster)) == before)
        var status = stat()
        #expect(stat(roster, &status) == 0)
        #expect(status.owner == owner)
        #expect(status.st_mode & 0o7777 == mode)
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: harness.path("shared"))
            == ["monsters.json"])
      }
      // What changes nothing writes nothing, and needs no write.
      let same = try monsters(
        as: Self.alice, ["set", "dog-bot", "--weapon", "blowgun"], roster: roster)
      #expect(same.termination == .exited(0), "\(same.errors)")
    }
    // Root may write any file, and so may edit this one; it keeps its mode.
    #expect(harness.run(["-f", roster, "set", "dog-bot", "--weapon", "fire"]).code == .success)
    var status = stat()
    #expect(stat(roster, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o444)
    #expect(status.owner == Self.alice)
  }
}
