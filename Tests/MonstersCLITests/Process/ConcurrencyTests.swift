import Foundation
import MonsterKit
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
    let harness = try CommandLineHarness()
    let binary = try #require(BuiltTool.url)
    let owned = (0..<Self.lanes).flatMap { lane in
      (0..<Self.setsPerLane).map { number in
        MonsterFields(
          name: Self.ownMonster(lane: lane, number: number), description: "Original",
          weapon: "smoke")
      }
    }
    try harness.writeRoster(rosterJSON(owned))

    // Each lane runs its edits one after another, each in a process of its own; the lanes
    // run at once. The lock wait is long, so that a slow machine does not make an edit
    // give up: any lost edit is then a real one.
    let rosterPath = harness.rosterPath
    let failures = Mutex<[String]>([])
    let done = DispatchGroup()
    for lane in 0..<Self.lanes {
      done.enter()
      Thread.detachNewThread {
        defer { done.leave() }
        for (arguments, expected) in Self.edits(ofLane: lane) {
          let line = ["--lock-timeout", "600"] + arguments
          do {
            let result = try SpawnedProcess.run(
              binary, arguments: line.map { Array($0.utf8) },
              environment: ["MONSTERS_FILE": rosterPath])
            let output = String(decoding: result.output, as: UTF8.self)
            let errors = String(decoding: result.errors, as: UTF8.self)
            if result.termination != .exited(0) || output != expected || !errors.isEmpty {
              failures.withLock {
                $0.append("\(line): \(result.termination), \(output.debugDescription), \(errors)")
              }
            }
          } catch {
            failures.withLock { $0.append("\(line): \(error)") }
          }
        }
      }
    }
    done.wait()
    #expect(failures.withLock { $0 } == [])

    // All 8 * (25 + 10) = 280 edits are there.
    let roster = try RosterFile(path: harness.rosterPath).read()
    #expect(roster.count == Self.lanes * (Self.setsPerLane + Self.addsPerLane))
    var kept = 0
    for lane in 0..<Self.lanes {
      for number in 0..<Self.setsPerLane {
        let monster = roster.monster(named: Self.ownMonster(lane: lane, number: number))
        #expect(monster?.description == Self.description(lane: lane, number: number))
        #expect(monster?.weapon.type == .fire)
        if monster?.description == Self.description(lane: lane, number: number) { kept += 1 }
      }
      for number in 0..<Self.addsPerLane {
        let monster = roster.monster(named: Self.addedMonster(lane: lane, number: number))
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
        "monsters.json", "monsters.json.lock",
      ])
  }
}
