import Foundation
import MonsterKit
import MonstersSystem
import Synchronization
import Testing

/// Many processes of the built binary editing one roster at once.
@Suite struct ConcurrencyTests {
  static let lanes = 8
  static let setsPerLane = 25
  static let addsPerLane = 10

  /// The monster lane `lane` owns and sets the `number`-th time.
  static func ownMonster(lane: Int, number: Int) -> String {
    "Lane-\(lane)-Bot-\(number)"
  }

  /// The monster lane `lane` adds the `number`-th time.
  static func addedMonster(lane: Int, number: Int) -> String {
    "Lane-\(lane)-New-\(number)"
  }

  /// The description lane `lane` gives its `number`-th own monster.
  static func description(lane: Int, number: Int) -> String {
    "Set by lane \(lane), edit \(number)"
  }

  /// A lane's edits, sets and adds mixed: the arguments, and what the edit prints.
  static func edits(ofLane lane: Int) -> [(arguments: [String], output: String)] {
    var sets = (0..<setsPerLane).map { number -> (arguments: [String], output: String) in
      let name = ownMonster(lane: lane, number: number)
      let text = description(lane: lane, number: number)
      return (
        ["set", name, "--description", text, "--weapon", "fire"],
        "\(name): weapon smoke -> fire, description 'Original' -> '\(text)'.\n"
      )
    }[...]
    var adds = (0..<addsPerLane).map { number -> (arguments: [String], output: String) in
      let name = addedMonster(lane: lane, number: number)
      return (["add", name, "--weapon", "sword"], "Added \(name).\n")
    }[...]
    var edits: [(arguments: [String], output: String)] = []
    while !sets.isEmpty || !adds.isEmpty {
      // Five sets, then two adds, and again.
      edits += sets.prefix(5)
      sets = sets.dropFirst(5)
      edits += adds.prefix(2)
      adds = adds.dropFirst(2)
    }
    return edits
  }

  @Test func editsOfEightProcessesAtOnceAreAllKept() throws {
    let (harness, rosterPath) = try Self.ownedRoster()
    let failures = try Self.runLanes(rosterPath: rosterPath)
    #expect(failures.isEmpty, "\(failures)")
    try Self.expectEveryEdit(in: harness)
  }

  @Test func editsAreAllKeptWhileThePathsAroundTheRosterAreInterferedWith() throws {
    // While the lanes edit, one thread, over and over, removes and replaces every
    // temporary file it sees (the edits' own), plants FIFOs, links to a file elsewhere and
    // files at temporary names and at the lock file of old, and a script holding the lock
    // with README's flock(1) recipe replaces the roster with a copy of itself.
    let (harness, rosterPath) = try Self.ownedRoster()
    let victim = harness.path("elsewhere/victim")
    let folder = harness.folder
    let running = Mutex(true)
    let counts = Mutex([PathInterference: Int]())
    let touched = Mutex(0)
    let interfering = DispatchGroup()
    interfering.enter()
    Thread.detachNewThread {
      defer { interfering.leave() }
      var round = 0
      while running.withLock({ $0 }) {
        round += 1
        let interference = PathInterference.allCases[round % PathInterference.allCases.count]
        let found = PathInterference.temporaryNames(in: folder).count
        let script = try? interference.perform(in: folder, victim: victim)
        _ = script?.wait()
        counts.withLock { $0[interference, default: 0] += 1 }
        if interference == .temporaryFilesRemoved || interference == .temporaryFilesReplaced {
          touched.withLock { $0 += found }
        }
        Platform.sleep(nanoseconds: 3_000_000)
      }
    }
    let failures = try Self.runLanes(rosterPath: rosterPath)
    running.withLock { $0 = false }
    interfering.wait()
    #expect(failures.isEmpty, "\(failures)")
    #expect(access(victim, F_OK) != 0)
    // What was planted at temporary names is swept by the next edit; the lock file of old
    // is no edit's to remove.
    PathInterference.clearOldLock(in: harness.folder)
    #expect(
      harness.run(["--file", rosterPath, "set", "Lane-0-Bot-0", "--weapon", "fire"]).code
        == .success)
    try Self.expectEveryEdit(in: harness)
    print(
      "ConcurrencyTests: interferences while the lanes ran: \(counts.withLock { $0 }); "
        + "\(touched.withLock { $0 }) files at temporary names removed or replaced")
  }

  /// A folder with a roster of the monsters the lanes own.
  private static func ownedRoster() throws -> (CommandLineHarness, String) {
    let harness = try CommandLineHarness()
    let owned = (0..<lanes).flatMap { lane in
      (0..<setsPerLane).map { number in
        MonsterFields(
          name: ownMonster(lane: lane, number: number), description: "Original",
          weapon: "smoke")
      }
    }
    try harness.writeRoster(rosterJSON(owned))
    return (harness, harness.rosterPath)
  }

  /// Runs the lanes at once: each runs its edits one after another, each in a process of
  /// its own. The lock wait is long, so that a slow machine does not make an edit give up:
  /// any lost edit is then a real one. An edit that gives up because the roster kept
  /// changing under it (exit 74, nothing written) is run again, as a script would, and must
  /// then say what it did: a first try that had landed would make an `add` fail, the name
  /// taken, and a `set` find nothing to change.
  ///
  /// - Returns: The edits that failed, with how.
  private static func runLanes(rosterPath: String) throws -> [String] {
    let binary = try #require(BuiltTool.url)
    let failures = Mutex<[String]>([])
    let done = DispatchGroup()
    for lane in 0..<lanes {
      done.enter()
      Thread.detachNewThread {
        defer { done.leave() }
        for (arguments, expected) in edits(ofLane: lane) {
          let line = ["--lock-timeout", "600"] + arguments
          for attempt in 1...10 {
            do {
              let result = try SpawnedProcess.run(
                binary, arguments: line.map { Array($0.utf8) },
                environment: ["MONSTERS_FILE": rosterPath])
              let output = String(decoding: result.output, as: UTF8.self)
              let errors = String(decoding: result.errors, as: UTF8.self)
              if result.termination == .exited(74) && errors.contains("changed while"),
                attempt < 10
              {
                continue
              }
              if result.termination != .exited(0) || output != expected || !errors.isEmpty {
                failures.withLock {
                  $0.append(
                    "\(line): \(result.termination), \(output.debugDescription), \(errors)")
                }
              }
            } catch {
              failures.withLock { $0.append("\(line): \(error)") }
            }
            break
          }
        }
      }
    }
    done.wait()
    return failures.withLock { $0 }
  }

  /// Checks that all 8 * (25 + 10) = 280 edits are in the roster, that it passes `check`,
  /// and that nothing is left beside it.
  private static func expectEveryEdit(in harness: CommandLineHarness) throws {
    let roster = try RosterFile(path: harness.rosterPath).read()
    #expect(roster.count == lanes * (setsPerLane + addsPerLane))
    var kept = 0
    for lane in 0..<lanes {
      for number in 0..<setsPerLane {
        let monster = roster.monster(named: ownMonster(lane: lane, number: number))
        #expect(monster?.description == description(lane: lane, number: number))
        #expect(monster?.weapon.type == .fire)
        if monster?.description == description(lane: lane, number: number) { kept += 1 }
      }
      for number in 0..<addsPerLane {
        let monster = roster.monster(named: addedMonster(lane: lane, number: number))
        #expect(monster?.weapon.type == .sword)
        if monster != nil { kept += 1 }
      }
    }
    #expect(kept == 280)
    #expect(
      try BuiltTool.monsters(["check"], in: harness.folder)
        == ProcessResult(
          status: 0, output: "monsters.json: a valid roster, in canonical form.\n", errors: ""))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder).sorted() == [
        "monsters.json"
      ])
  }
}
