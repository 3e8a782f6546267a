import MonsterKit
import MonstersSystem
import ProcessPlatform

/// `monsters-bench log`: `monsters log` over the history of a generated roster, beside
/// `git log -p -- monsters.json` on the same repository.
///
/// The repository is made with `git fast-import`: a canonical roster of `--size` monsters,
/// then `--commits - 1` commits that each change one monster, a weapon (and every tenth a
/// name, so that renames are followed too). Both tools read the whole history, their output
/// to /dev/null, taking turns run by run; the table gives medians. The peak memory is
/// `peak-meter`'s, which for `monsters log` counts the git programs it runs (`rev-list`,
/// `cat-file`) too; it is measured over the newest tenth of the commits and over all of
/// them, to show that it does not grow with the number of commits.
enum LogBench {
  static let usage = """
    usage: swift run -c release --package-path Tests/Tools monsters-bench log
             [--size N] [--commits N] [--runs N] [--monsters PATH]

      --size       monsters in the roster (default: 10000)
      --commits    commits in its history (default: 1000)
      --runs       runs of each tool (default: 5)
      --monsters   the binary to time (default: built as the main benchmark builds it)
    """

  struct Options {
    var size = 10_000
    var commits = 1_000
    var runs = 5
    var monsters: String?
  }

  /// Runs the benchmark with the arguments after `log`; returns the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    if arguments.count == 4, arguments[0] == "--generate", let size = Int(arguments[1]),
      let commits = Int(arguments[2])
    {
      return BenchArguments.generating {
        try generate(size: size, commits: commits, in: arguments[3])
      }
    }
    return BenchArguments.runSubcommand(arguments, usage: usage, parse: parse, run: run)
  }

  private static func parse(_ arguments: [String]) throws -> Options {
    let options = try BenchArguments.reading(arguments, into: Options()) {
      option, reader, options in
      switch option {
      case "--size": options.size = try reader.count()
      case "--commits": options.commits = try reader.count()
      case "--runs": options.runs = try reader.count()
      case "--monsters": options.monsters = try reader.value()
      default: throw reader.unknownOption
      }
    }
    guard options.commits >= 10 else { throw BenchError("--commits takes 10 or more") }
    return options
  }

  private static func run(_ options: Options) throws {
    let bench = try Bench(
      options: try BenchOptions(options.monsters.map { ["--monsters", $0] } ?? []))
    defer { _ = Command(program: "/bin/rm", arguments: ["-rf", bench.folder]).run() }
    guard let git = which("git") else { throw BenchError("git is not installed") }
    let repository = bench.folder + "/history"
    let made = Command(
      program: selfPath(),
      arguments: [
        "log", "--generate", String(options.size), String(options.commits), repository,
      ]
    ).run()
    guard made.status == 0 else { throw BenchError("cannot make the repository") }
    let roster = repository + "/monsters.json"
    let recent = "HEAD~\(options.commits / 10)..HEAD"
    func monsters(_ range: String) -> Command {
      Command(program: bench.monsters, arguments: ["--file", roster, "log", range])
    }
    func gitLog(_ range: String) -> Command {
      Command(
        program: git, arguments: ["-C", repository, "log", "-p", range, "--", "monsters.json"])
    }
    // Every commit changed the roster: each is a commit of the log, once.
    let listing = bench.folder + "/log.txt"
    var check = monsters("HEAD")
    check.outputPath = listing
    guard check.run().status == 0 else { throw BenchError("monsters log failed") }
    let text = (try? SystemFileSystem().contents(of: listing)) ?? nil
    // A commit's line starts at the line's start; its changes are indented.
    let shown = (text ?? []).split(separator: UInt8(ascii: "\n"))
      .filter { $0.first != UInt8(ascii: " ") }.count
    guard shown == options.commits else {
      throw BenchError("monsters log showed \(shown) commits of \(options.commits)")
    }

    print("Machine: \(Platform.machineDescription())")
    print(
      "Roster: \(Report.grouped(options.size)) monsters, \(Report.bytes(fileSize(roster))), "
        + "\(Report.grouped(options.commits)) commits (git fast-import, one monster changed "
        + "a commit); \(options.runs) runs of each, taking turns; medians.")
    print(
      "Commands: monsters --file monsters.json log (\(bench.monsters)); git log -p -- monsters.json\n"
    )
    var times: [String: [Double]] = [:]
    var peaks: [String: [Int]] = [:]
    let commands = [
      ("monsters, all", monsters("HEAD")), ("git, all", gitLog("HEAD")),
      ("monsters, recent", monsters(recent)), ("git, recent", gitLog(recent)),
    ]
    for _ in 0..<options.runs {
      for (name, command) in commands {
        let measured = command.run()
        guard measured.status == 0 else { throw BenchError("\(name) exited \(measured.status)") }
        times[name, default: []].append(measured.seconds)
        peaks[name, default: []].append(measured.peakBytes)
      }
    }
    func time(_ name: String) -> Double { median(times[name] ?? []) }
    func peak(_ name: String) -> Int { peaks[name]?.max() ?? 0 }
    let tenth = Report.grouped(options.commits / 10)
    let all = Report.grouped(options.commits)
    print(
      "| work | roster | commits | monsters log | git log -p | vs git log -p | peak memory of "
        + "monsters log (and its git), \(tenth) commits | \(all) commits | peak memory of git "
        + "log -p, \(all) commits |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(
      "| log, every commit | \(Report.grouped(options.size)) | \(all) | "
        + "\(Report.time(time("monsters, all"))) | \(Report.time(time("git, all"))) | "
        + "\(Report.ratio(time("monsters, all") / time("git, all"))) | "
        + "\(Report.bytes(peak("monsters, recent"))) | \(Report.bytes(peak("monsters, all"))) | "
        + "\(Report.bytes(peak("git, all"))) |")
    print(
      "| log, the newest tenth | \(Report.grouped(options.size)) | \(tenth) | "
        + "\(Report.time(time("monsters, recent"))) | \(Report.time(time("git, recent"))) | "
        + "\(Report.ratio(time("monsters, recent") / time("git, recent"))) | | | |")
    let ratio = time("monsters, all") / time("git, all")
    let growth = Double(peak("monsters, all")) / Double(max(1, peak("monsters, recent")))
    print(
      "\nGoals: within 2x of git log -p: \(Report.ratio(ratio)) (\(ratio <= 2 ? "met" : "not met")); "
        + "peak memory flat in the commits, \(all) against \(tenth): "
        + "\(Report.ratio(growth)) (\(growth <= 1.25 ? "met" : "not met")).")
  }

  // MARK: - The repository

  /// Makes a repository whose `monsters.json` has `commits` versions: the generated roster,
  /// then one monster changed a commit.
  private static func generate(size: Int, commits: Int, in folder: String) throws {
    guard let git = which("git") else { throw BenchError("git is not installed") }
    let file = folder + ".json"
    try BenchRoster.write(count: size, to: file)
    var roster: Roster
    do throws(RosterError) {
      roster = try RosterFile(path: file).read()
    } catch {
      throw BenchError("cannot read \(file): \(error)")
    }
    guard Command(program: git, arguments: ["init", "-q", folder]).run().status == 0 else {
      throw BenchError("git init failed")
    }
    let importer = try FastImport(git: git, folder: folder)
    let weapons = Weapon.builtIn
    for commit in 0..<commits {
      var message = "Seed the roster"
      if commit > 0 {
        let offset = (commit * 7919) % roster.count
        let name = roster[offset].name
        if commit % 10 == 0 {
          message = "Rename \(name)"
          do throws(RosterError) {
            try roster.apply(.rename(name, to: "\(name)-r\(commit)"))
          } catch {
            throw BenchError("cannot rename \(name): \(error)")
          }
        } else {
          let now = roster[offset].weapon
          let next = weapons[((weapons.firstIndex(of: now) ?? 0) + 1) % weapons.count]
          message = "Give \(name) \(next.name)"
          do throws(RosterError) {
            try roster.apply(.set(name, .init(weapon: next)))
          } catch {
            throw BenchError("cannot change \(name): \(error)")
          }
        }
      }
      try importer.commit(roster.canonicalJSON(), message: message, time: 1_700_000_000 + commit)
    }
    try importer.finish()
    let checkout = Command(
      program: git, arguments: ["-C", folder, "reset", "-q", "--hard", "main"])
    guard checkout.run().status == 0 else { throw BenchError("git reset failed") }
  }

  /// `git fast-import`, fed commits of `monsters.json` on `main` through a pipe.
  private final class FastImport {
    private let process: Platform.ProcessID
    private var input: Int32

    init(git: String, folder: String) throws {
      let pipe: (read: Int32, write: Int32)
      do throws(SystemCallError) {
        pipe = try Platform.makePipe()
        Platform.setCloseOnExec(pipe.write)
        process = try Platform.spawn(
          git, arguments: ["-C", folder, "fast-import", "--quiet"],
          fileActions: [.duplicate(pipe.read, as: 0)])
      } catch {
        throw BenchError("cannot start git fast-import")
      }
      Platform.closeFile(pipe.read)
      input = pipe.write
    }

    func commit(_ bytes: [UInt8], message: String, time: Int) throws {
      let message = Array(message.utf8)
      var head = "commit refs/heads/main\n"
      head += "committer Bench <bench@example.com> \(time) +0000\n"
      head += "data \(message.count)\n"
      try write(Array(head.utf8) + message + Array("\nM 100644 inline monsters.json\n".utf8))
      try write(Array("data \(bytes.count)\n".utf8))
      try write(bytes)
      try write([UInt8(ascii: "\n")])
    }

    private func write(_ bytes: [UInt8]) throws {
      let result = bytes.withUnsafeBytes { buffer in
        Swift.Result { () throws(SystemCallError) in
          try SystemFileSystem().writeAll(buffer, to: input)
        }
      }
      if case .failure = result { throw BenchError("git fast-import stopped reading") }
    }

    func finish() throws {
      Platform.closeFile(input)
      input = -1
      guard Platform.waitForExit(process)?.status == 0 else {
        throw BenchError("git fast-import failed")
      }
    }
  }
}
