import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning

/// One piece of work, done by `monsters` and by the other tools, on one roster.
struct Workload {
  /// What is done, such as `set one weapon`.
  var title: String
  /// How many monsters the roster holds (for the workloads of one monster with keys of its
  /// own, how many keys it has).
  var size: Int
  /// The roster file's size in bytes.
  var fileBytes: Int
  /// The tools, by name: `monsters` first, then `jq`, `python3`, and the floor.
  var commands: [(tool: String, command: Command)]
  /// What the floor is, such as `cp + sync`.
  var floorName: String
  /// Runs before each run of a tool, untimed: puts its copy of the roster back.
  var prepare: (String) -> Void = { _ in }
  /// The exit status each tool gives when it did the work: 1 for a diff of files that
  /// differ.
  var status: Int32 = 0
  /// How many times as many runs as `--runs` asks for it takes: a run of a millisecond or
  /// two, on a machine that does other work, needs many for a median that holds.
  var runsPerRun = 1
  /// The files the workload edits, which `check` must still accept after the runs.
  var edited: [String] = []
}

/// The medians of a workload's runs, by tool.
struct Result {
  var workload: Workload
  var seconds: [String: Double]
  var peakBytes: [String: Int]

  func ratio(_ tool: String, to other: String) -> Double? {
    guard let mine = seconds[tool], let theirs = seconds[other], theirs > 0 else { return nil }
    return mine / theirs
  }
}

/// The benchmark: generates rosters, times the tools, and prints the tables.
struct Bench {
  let options: BenchOptions
  let monsters: String
  let jq: String?
  let python: String?
  let folder: String

  static let floor = "floor"
  /// The title of the workload that times starting up.
  static let startupTitle = "start, print 6 names"

  init(options: BenchOptions) throws {
    self.options = options
    guard MeteredProcess.meter != nil else {
      throw BenchError("\(MeteredProcess.MeterError.notBuilt)")
    }
    do throws(SystemCallError) {
      folder = try Platform.makeTemporaryFolder(prefix: "/tmp/monsters-bench-")
    } catch {
      throw BenchError("cannot make a temporary folder")
    }
    if let path = options.monsters {
      monsters = path
    } else {
      // The build README.md installs, of the package, in a folder of its own so that its
      // other builds are left alone.
      let installed = packageRoot.path + "/.build/installed"
      let arguments = [
        "build", "-c", "release", "--static-swift-stdlib", "-Xswiftc", "-static-executable",
        "-Xlinker", "-s", "--product", "monsters", "--package-path", packageRoot.path,
        "--scratch-path", installed,
      ]
      print("Building monsters: swift \(arguments.joined(separator: " "))")
      let build = Command(
        program: which("swift") ?? "/usr/bin/swift", arguments: arguments,
        outputPath: "/dev/stderr")
      guard build.run().status == 0 else { throw BenchError("the release build failed") }
      // Timed as installed: copied. The file the linker just wrote starts some 0.4 ms slower
      // than a copy of the same bytes (its pages are cached as the linker wrote them), which
      // is a quarter of the start-up time.
      monsters = folder + "/monsters"
      let install = Command(
        program: "/bin/cp", arguments: [installed + "/release/monsters", monsters])
      guard install.run().status == 0 else { throw BenchError("cannot copy the release build") }
    }
    guard Platform.isExecutable(monsters) else { throw BenchError("no binary at \(monsters)") }
    jq = which("jq")
    python = which("python3")
  }

  func run() throws {
    defer {
      if !options.keep { _ = Command(program: "/bin/rm", arguments: ["-rf", folder]).run() }
    }
    print("Machine: \(Platform.machineDescription())")
    print(
      "Tools: monsters (\(monsters)), jq \(jq == nil ? "not installed" : "(\(jq ?? ""))"), "
        + "python3 \(python == nil ? "not installed" : "(\(python ?? ""))")")
    let tiny = try MeteredProcess("/bin/true", argumentBytes: []).wait()
    print(
      "Peak memory: measured by peak-meter (\(MeteredProcess.meter?.path ?? "")), whose own "
        + "\(Report.bytes(tiny.floorBytes)) is the least a peak can show (/bin/true: "
        + "\(Report.bytes(tiny.peakBytes))).")
    print("Runs: \(options.runs) per command, tools alternating; medians shown.\n")
    var results: [Result] = []
    var ciRows: [CIBench.Row] = []
    var fieldResults: [Result] = []
    let fields = FieldsBench(monsters: monsters, jq: jq, folder: folder)
    let strict = StrictFieldsBench(monsters: monsters, folder: folder)
    let ci = CIBench(monsters: monsters, folder: folder, runs: options.runs)
    let seeded = folder + "/seeded.json"
    try writeFile(Roster.seeded.canonicalJSON(), to: seeded)
    func isSelected(_ workload: Workload) -> Bool {
      options.only.map { texts in texts.contains { workload.title.contains($0) } } ?? true
    }
    let startup = startup(seeded)
    if isSelected(startup) { results.append(measure(startup)) }
    // `--only fields` alone times the rows of declared fields, and makes none of the others'
    // rosters.
    let wantsOthers = options.only.map { texts in texts.contains { $0 != "fields" } } ?? true
    for size in options.sizes {
      if wantsOthers {
        let path = folder + "/roster-\(size).json"
        let generate = Command(program: selfPath(), arguments: ["--generate", String(size), path])
        guard generate.run().status == 0 else { throw BenchError("cannot generate \(path)") }
        let merges = MergeBench(monsters: monsters, folder: folder)
        let selected =
          (workloads(path: path, size: size)
          + (try merges.workloads(path: path, size: size)) + (try merges.keyWorkloads(size: size)))
          .filter(isSelected)
        for workload in selected {
          results.append(measure(workload))
        }
        if options.only == nil { try checkEdits(path: path, size: size) }
        if options.only?.contains("ci") ?? true { ciRows += try ci.measure(path: path, size: size) }
        if selected.filter({ $0.title.hasPrefix("merge") }).count == 2 {
          try merges.checkMerges(size: size)
        }
      }
      if options.only?.contains("fields") ?? true {
        for workload in try fields.workloads(size: size) + strict.workloads(size: size) {
          let result = measure(workload)
          try fields.checkEdits(result)
          fieldResults.append(result)
          print(FieldsBench.table([result]))  // each row as it is measured: a run takes minutes
        }
      }
    }
    if !results.isEmpty { print(Report.table(results)) }
    print(CIBench.table(ciRows))
    print(FieldsBench.table(fieldResults))
    if !results.isEmpty {
      print(Report.growth(results))
      print(Report.goals(results) + MergeBench.goals(results))
    }
  }

  // MARK: - The work

  private func startup(_ path: String) -> Workload {
    var commands = [
      (
        "monsters",
        Command(program: monsters, arguments: ["-f", path, "list", "--format", "names"])
      )
    ]
    if let jq {
      commands.append(("jq", Command(program: jq, arguments: ["-r", ".monsters[].name", path])))
    }
    if let python {
      commands.append(("python3", Command(program: python, arguments: ["-c", Python.names, path])))
    }
    commands.append((Self.floor, Command(program: "/bin/true", arguments: [])))
    return Workload(
      title: Self.startupTitle, size: 6, fileBytes: fileSize(path), commands: commands,
      floorName: "/bin/true", runsPerRun: 100)
  }

  private func workloads(path: String, size: Int) -> [Workload] {
    let bytes = fileSize(path)
    let name = BenchRoster.name(size / 2)
    func tools(
      monsters arguments: [String], jq jqArguments: [String]?, python script: String,
      pythonArguments: [String] = [], floor: Command
    ) -> [(tool: String, command: Command)] {
      var commands = [
        ("monsters", Command(program: monsters, arguments: ["-f", path] + arguments))
      ]
      if let jq, let jqArguments {
        commands.append(("jq", Command(program: jq, arguments: jqArguments)))
      }
      if let python {
        commands.append(
          ("python3", Command(program: python, arguments: ["-c", script, path] + pythonArguments)))
      }
      commands.append((Self.floor, floor))
      return commands
    }
    let cat = Command(program: "/bin/cat", arguments: [path])
    var workloads = [
      Workload(
        title: "list --format names", size: size, fileBytes: bytes,
        commands: tools(
          monsters: ["list", "--format", "names"], jq: ["-r", ".monsters[].name", path],
          python: Python.names, floor: cat),
        floorName: "cat"),
      Workload(
        title: "show one", size: size, fileBytes: bytes,
        commands: tools(
          monsters: ["show", name],
          jq: ["--arg", "n", name, ".monsters[] | select(.name == $n)", path],
          python: Python.show, pythonArguments: [name], floor: cat),
        floorName: "cat"),
      Workload(
        title: "check", size: size, fileBytes: bytes,
        commands: tools(monsters: ["check"], jq: ["empty", path], python: Python.load, floor: cat),
        floorName: "cat"),
    ]
    workloads.append(setWorkload(path: path, size: size, bytes: bytes, name: name))
    return workloads
  }

  /// `set` edits a copy of the roster per tool, put back before each run.
  private func setWorkload(path: String, size: Int, bytes: Int, name: String) -> Workload {
    func copy(_ tool: String) -> String { "\(folder)/edit-\(tool)-\(size).json" }
    var commands = [
      (
        "monsters",
        Command(
          program: monsters, arguments: ["-f", copy("monsters"), "set", name, "--weapon", "fire"])
      )
    ]
    if let jq {
      let filter = "(.monsters[] | select(.name == $n) | .weapon) = \"fire\""
      commands.append(
        ("jq", Command.jqInPlace(jq, filter: filter, name: name, path: copy("jq"))))
    }
    if let python {
      commands.append(
        ("python3", Command(program: python, arguments: ["-c", Python.set, copy("python3"), name])))
    }
    commands.append(
      (
        Self.floor,
        Command(
          program: "/bin/sh",
          arguments: ["-c", "cp \"$1\" \"$2\" && sync \"$2\"", "sh", path, copy(Self.floor)])
      ))
    return Workload(
      title: "set one weapon", size: size, fileBytes: bytes, commands: commands,
      floorName: "cp + sync",
      prepare: { tool in
        _ = Command(program: "/bin/cp", arguments: [path, copy(tool)]).run()
      })
  }

  /// Runs every tool `runs` times, the order of the tools turning each run.
  func measure(_ workload: Workload) -> Result {
    var times: [String: [Double]] = [:]
    var peaks: [String: [Int]] = [:]
    let count = workload.commands.count
    for run in 0..<options.runs * workload.runsPerRun {
      for step in 0..<count {
        let (tool, command) = workload.commands[(run + step) % count]
        workload.prepare(tool)
        let measurement = command.run()
        if measurement.status != workload.status {
          print(
            "warning: \(tool) exited with \(measurement.status) in '\(workload.title)' (\(workload.size))"
          )
        }
        times[tool, default: []].append(measurement.seconds)
        peaks[tool, default: []].append(measurement.peakBytes)
      }
    }
    return Result(
      workload: workload, seconds: times.mapValues(median),
      peakBytes: peaks.mapValues { Int(median($0.map(Double.init))) })
  }

  /// Checks that `monsters set` left a valid roster with the edit made.
  private func checkEdits(path: String, size: Int) throws {
    let edited = "\(folder)/edit-monsters-\(size).json"
    let check = Command(program: monsters, arguments: ["-f", edited, "check"]).run()
    guard check.status == 0 else {
      throw BenchError("the edited roster of \(size) does not pass check")
    }
  }
}

/// The python3 programs the benchmark runs.
enum Python {
  static let names = """
    import json, sys
    roster = json.load(open(sys.argv[1]))
    sys.stdout.write("".join(m["name"] + "\\n" for m in roster["monsters"]))
    """
  static let show = """
    import json, sys
    roster = json.load(open(sys.argv[1]))
    wanted = sys.argv[2].lower()
    print(json.dumps([m for m in roster["monsters"] if m["name"].lower() == wanted][0], indent=2))
    """
  static let load = """
    import json, sys
    json.load(open(sys.argv[1]))
    """
  static let set = """
    import json, os, sys
    path, name = sys.argv[1], sys.argv[2]
    roster = json.load(open(path))
    for monster in roster["monsters"]:
        if monster["name"] == name:
            monster["weapon"] = "fire"
    with open(path + ".tmp", "w") as out:
        json.dump(roster, out, indent=2, ensure_ascii=False)
        out.write("\\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(path + ".tmp", path)
    """
}

/// This program's own path.
func selfPath() -> String {
  Platform.executablePath() ?? CommandLine.arguments[0]
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func fileSize(_ path: String) -> Int {
  (try? Platform.fileStatus(atPath: path, followingLinks: true).size) ?? 0
}
