import Foundation
import Testing

/// Under a limit on the process's memory (`ulimit -v`), a command that may not have the
/// memory a roster takes says so (74, `Cannot allocate memory`) and leaves the file as it
/// was; it is never stopped by a failed allocation, with a backtrace. For each command the
/// smallest limit it succeeds under is found by halving, and the command runs under each
/// whole MiB below it, where each stage of a run (reading, indexing, editing, writing)
/// meets the limit in turn. Linux only, as the limit is.
@Suite(
  .enabled(if: !BuiltTool.addressSpaceLimit.isEmpty, "xnu refuses an address-space limit"),
  .disabled(
    if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
    "the address sanitizer cannot run under a memory limit"))
struct MemoryLimitTests {
  /// How many monsters the roster holds: some 4 MiB of file, past the size from which reading
  /// asks for its memory first.
  static let count = 20_000

  /// A roster of `count` monsters in canonical form.
  static func roster(weaponOf weapon: (Int) -> String) -> String {
    var text = "{\n  \"version\": 1,\n  \"monsters\": [\n"
    for index in 0..<count {
      text += """
            {
              "name": "Monster-\(index)",
              "description": "Number \(index) of a roster made for a memory limit",
              "icon": "meetmonster\(index).png",
              "weapon": "\(weapon(index))"
            }\(index == count - 1 ? "" : ",")

        """
    }
    return text + "  ]\n}\n"
  }

  static let weapons = ["blowgun", "ninjaStar", "fire", "sword", "smoke"]

  /// Command lines, run in a folder that holds `monsters.json`, `base.json` (the same
  /// roster), `other.json` (the roster with a fifth of the weapons changed) and `new.tsv`
  /// (monsters of other names).
  static let lines = [
    "list --format names",
    "set Monster-7 --weapon fire --dry-run",
    "set --where weapon=sword --weapon fire",
    "diff monsters.json other.json",
    "merge base.json monsters.json other.json",
    "import new.tsv",
  ]

  /// The folder of a command line's run, and what it holds.
  final class Scene {
    let harness: CommandLineHarness
    let original = MemoryLimitTests.roster { MemoryLimitTests.weapons[$0 % 5] }

    init() throws {
      harness = try CommandLineHarness()
      try write(original, to: "base.json")
      try write(
        MemoryLimitTests.roster { MemoryLimitTests.weapons[$0 % 5 == 0 ? 2 : $0 % 5] },
        to: "other.json")
      var tsv = "name\tweapon\tdescription\ticon\tnameColor\n"
      for index in 0..<MemoryLimitTests.count / 4 {
        tsv += "Imported-\(index)\tfire\tNumber \(index) imported\tmeetimported.png\t\n"
      }
      try write(tsv, to: "new.tsv")
    }

    func write(_ text: String, to name: String) throws {
      try text.write(toFile: harness.path(name), atomically: false, encoding: .utf8)
    }

    /// Runs a command line under a limit, on the roster as it was, and checks that it
    /// succeeded or said it may not have the memory; returns its status.
    func run(_ line: String, megabytes: Int) throws -> Int32 {
      try write(original, to: "monsters.json")
      let binary = try #require(BuiltTool.url)
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "ulimit -v \(megabytes * 1024) && \"$0\" \(line) > /dev/null", binary.path],
        in: harness.folder)
      let context =
        "\(line) under \(megabytes) MiB (--version starts under \(MemoryLimitTests.startingLimit)):"
        + " \(result.status) \(result.errors)"
      #expect(!result.errors.contains("Fatal error"), "\(context)")
      switch result.status {
      case 0, 1:
        break
      case 74:
        #expect(result.errors.contains(": Cannot allocate memory.\n"), "\(context)")
        // A merge that could not be made leaves both sides whole between markers.
        let now = try String(contentsOfFile: harness.path("monsters.json"), encoding: .utf8)
        #expect(now == original || (line.hasPrefix("merge") && now.hasPrefix("<<<<<<<")))
      default:
        Issue.record("\(context)")
      }
      return result.status
    }
  }

  /// The smallest limit, in MiB, under which `monsters --version` starts.
  static let startingLimit: Int = {
    guard let binary = BuiltTool.url else { return 64 }
    var (low, high) = (1, 256)
    while low < high {
      let middle = (low + high) / 2
      let started = try? BuiltTool.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "ulimit -v \(middle * 1024) && \"$0\" --version", binary.path], in: "/")
      if started?.status == 0 { high = middle } else { low = middle + 1 }
    }
    return low
  }()

  @Test(arguments: lines)
  func aCommandUnderAMemoryLimitSaysSoOrSucceeds(_ line: String) throws {
    let scene = try Scene()
    let succeeds = { (megabytes: Int) throws -> Bool in
      let status = try scene.run(line, megabytes: megabytes)
      return status == 0 || (line.hasPrefix("diff") && status == 1)
    }
    // Not under the least few MiB a run can start with: a process that may not have 1 MiB
    // more could not write a message either, and reading asks for nothing below that.
    let floor = Self.startingLimit + 4
    var (low, high) = (floor, floor + 256)
    #expect(try !succeeds(low), "the limit does not bite")
    #expect(try succeeds(high), "no room even under \(high) MiB")
    while low + 1 < high {
      let middle = (low + high) / 2
      if try succeeds(middle) { high = middle } else { low = middle }
    }
    for megabytes in max(floor, high - 16)..<high {
      _ = try scene.run(line, megabytes: megabytes)
    }
  }
}
