import Foundation
import MonsterKit
import MonstersSystem
import ProgramRunning
import Synchronization
import TestSupport
import Testing

/// README's recipe: a script keeps edits out with `flock(1)` on the roster's folder, which no
/// edit ever replaces, so the lock it waits for is the lock the edits take.
@Suite struct FlockRecipeTests {
  /// util-linux's `flock(1)`, where it is installed.
  static let flock = installedProgram("flock").map(URL.init(fileURLWithPath:))
  static let hasFlock = flock != nil

  @Test func aScriptHoldingTheLockKeepsEditsOutUntilItLetsGo() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = try #require(harness.rosterBytes())
    let binary = try #require(BuiltTool.url)
    let holder = try LockHolder(folder: harness.folder)
    // An edit that will not wait gives up, 75, and writes nothing.
    #expect(
      try BuiltTool.monsters(
        ["set", "cat-bot", "--weapon", "fire", "--lock-timeout", "0.3"], in: harness.folder)
        == ProcessResult(
          status: 75, output: "",
          errors: "Error: Another monsters is editing monsters.json (the roster was locked for "
            + "over 0.3 s); try again, or raise --lock-timeout.\n"))
    // One that waits, waits as long as the script holds the lock ...
    let waiting = try SpawnedProcess(
      binary,
      arguments: ["set", "cat-bot", "--weapon", "smoke", "--lock-timeout", "600"].map {
        Array($0.utf8)
      }, environment: ["MONSTERS_FILE": harness.rosterPath])
    #expect(waiting.wait(until: .now + .milliseconds(500)) == nil)
    #expect(harness.rosterBytes() == before)
    // ... and goes through once it lets go.
    holder.release()
    #expect(waiting.wait() == .exited(0))
    #expect(
      harness.run(["list", "--weapon", "smoke", "--format", "names"]).output
        == "Cat-Bot\nExplode-Bot\n")
  }

  @Test(
    .enabled(
      if: hasFlock,
      "flock(1) is util-linux's: macOS has none (lock-holder takes its lock everywhere)"))
  func theLockHoldsWhileEditsReplaceTheRoster() throws {
    // The trap of a lock on a file that edits replace: a script waiting on the old file
    // gets its lock once an edit has put a new file in place, and runs beside the next
    // edit, which locks the new one. The folder is never replaced: while the script holds
    // it, the roster stays the very file it was.
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let binary = try #require(BuiltTool.url)
    let running = Mutex(true)
    let edits = Mutex(0)
    let editing = DispatchGroup()
    let rosterPath = harness.rosterPath
    for lane in 0..<3 {
      editing.enter()
      Thread.detachNewThread {
        defer { editing.leave() }
        var number = 0
        while running.withLock({ $0 }) {
          number += 1
          let result = try? SpawnedProcess.run(
            binary,
            arguments: ["set", "cat-bot", "--description", "lane \(lane), edit \(number)"].map {
              Array($0.utf8)
            }, environment: ["MONSTERS_FILE": rosterPath])
          if result?.termination == .exited(0) { edits.withLock { $0 += 1 } }
        }
      }
    }
    // Each script notes the roster's inode, waits, and fails if the roster was replaced
    // meanwhile.
    let script = """
      cd "$1" || exit 2
      before=$(ls -i monsters.json)
      sleep 0.02
      after=$(ls -i monsters.json)
      [ "$before" = "$after" ] || { echo "replaced while locked: $before -> $after"; exit 1; }
      """
    var outcomes: [ProcessResult] = []
    // At least 30 scripts, and more while fewer than 30 edits have run between them: how
    // many edits a script's turn lets through depends on the machine's load, not on the lock.
    while outcomes.count < 30 || (edits.withLock { $0 } <= 30 && outcomes.count < 300) {
      outcomes.append(
        try BuiltTool.run(
          try #require(Self.flock),
          [harness.folder, "/bin/sh", "-c", script, "sh", harness.folder], in: harness.folder))
      Platform.sleep(nanoseconds: 5_000_000)
    }
    running.withLock { $0 = false }
    editing.wait()
    #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.filter { $0.status != 0 })")
    #expect(edits.withLock { $0 } > 30)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["monsters.json"])
    print(
      "FlockRecipeTests: \(outcomes.count) scripts held the lock while \(edits.withLock { $0 }) edits ran"
    )
  }
}
