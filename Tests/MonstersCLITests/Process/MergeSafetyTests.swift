import Foundation
import MonsterKit
import TestSupport
import Testing

/// `monsters merge` into a roster that others edit, and onto a disk with no room for it.
@Suite struct MergeSafetyTests {
  let harness: CommandLineHarness

  init() throws {
    harness = try CommandLineHarness()
  }

  /// Writes `base.json`, `theirs.json` and the roster, each the seeded roster edited by an
  /// `apply` script.
  private func write(base: String = "", ours: String, theirs: String, in folder: String) throws {
    for (name, edits) in [("base.json", base), ("monsters.json", ours), ("theirs.json", theirs)] {
      let path = folder + "/" + name
      try harness.write(seededRosterText, to: path)
      #expect(harness.run(["-f", path, "apply", "-"], input: edits).code == .success)
    }
  }

  @Test func aMergeIntoALiveRosterWaitsForItsLockAndKeepsAnEditMadeMeanwhile() throws {
    try write(
      ours: "set Cat-Bot --weapon fire", theirs: "add Robo-Bot --weapon smoke", in: harness.folder)
    let roster = harness.rosterPath
    // Another edit holds the roster's lock, as `monsters` or a script's flock(1) does.
    let holder = try LockHolder(folder: harness.folder)
    let merge = try SpawnedProcess(
      try #require(BuiltTool.url),
      arguments: ["merge", harness.path("base.json"), roster, harness.path("theirs.json")].map {
        Array($0.utf8)
      },
      errors: harness.path("errors.txt"))
    // The merge is waiting for the lock by now; the edit that holds it replaces the roster.
    Thread.sleep(forTimeInterval: 1)
    var edited = try Roster(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: roster))))
    try edited.apply(.set("Ice-Bot", .init(weapon: .sword)))
    try Data(edited.canonicalJSON()).write(to: URL(fileURLWithPath: harness.path("new.json")))
    #expect(rename(harness.path("new.json"), roster) == 0)
    holder.release()
    #expect(merge.wait() == .exited(0))
    let merged = try Roster(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: roster))))
    #expect(merged.monster(named: "Ice-Bot")?.weapon.type == .sword, "the edit was lost")
    #expect(merged.monster(named: "Cat-Bot")?.weapon.type == .fire)
    #expect(merged.monster(named: "Robo-Bot") != nil)
  }

  @Test(.enabled(if: ScratchDisk.isAllowed, "needs to mount a tmpfs"))
  func aMergeWithNoRoomOnTheDiskLeavesBothFilesWholeBetweenMarkers() throws {
    let disk = try ScratchDisk(in: harness.folder, options: "size=256k")
    // Ours added many monsters; theirs made one small edit. The merge is as large as ours,
    // and finds no room for a new file of it; in place, only theirs and the markers are
    // new bytes, and they fit.
    let long = String(repeating: "x", count: 1000)
    let additions = (1...60).map { "add Bot-\($0) --weapon fire --description \(long)" }
    try write(
      ours: additions.joined(separator: "\n"), theirs: "set Dog-Bot --weapon fire",
      in: disk.path)
    let roster = disk.path + "/monsters.json"
    let ours = try Data(contentsOf: URL(fileURLWithPath: roster))
    let theirs = try Data(contentsOf: URL(fileURLWithPath: disk.path + "/theirs.json"))
    try disk.fill(leaving: 4)
    let result = harness.run(
      [
        "merge", "--path", "monsters.json", disk.path + "/base.json", roster,
        disk.path + "/theirs.json",
      ])
    #expect(
      result
        == CommandResult(
          .ioError,
          errors: "Error: Cannot write the merge to monsters.json (ours): No space left on device."
            + "\nNothing was merged: monsters.json holds all of ours and all of theirs between "
            + "conflict markers. Keep one side whole with 'monsters resolve --ours' or 'monsters "
            + "resolve --theirs', or fix the side and merge again.\n"))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: roster))
        == Data("<<<<<<< ours (monsters.json)\n".utf8) + ours + Data("=======\n".utf8) + theirs
        + Data(">>>>>>> theirs (monsters.json)\n".utf8))
    #expect(harness.run(["-f", roster, "list"]).code == .dataError)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: disk.path).filter {
        !$0.hasPrefix("filler-")
      }.sorted() == ["base.json", "monsters.json", "theirs.json"])
  }
}
