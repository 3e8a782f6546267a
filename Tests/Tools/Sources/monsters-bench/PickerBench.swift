import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning

/// `monsters-bench picker`: how quickly `monsters pick` answers a person, on a generated
/// roster of a million monsters named `Monster-0000000` to `Monster-0999999`.
///
/// Each run starts the binary in a pseudo-terminal of 80x24 and times whole frames, as the
/// person at the terminal sees them: from the start of the process to the last byte of its
/// first frame, and from each key written to the last byte of the frame it brings (a frame
/// is over once its last row has begun and the output has been quiet for 20 ms, which is
/// not counted). The keys: `/` at once after the first frame (which waits for the names to
/// be folded for a search, if they are not yet) and Esc; Down, End and Home in the full
/// column; then `/` and a search typed one character at a time, then Backspace until it is
/// empty. A baseline binary, if given, runs the same moves, without the search, which it
/// lacks, alternating with the binary measured.
enum PickerBench {
  static let usage = """
    usage: swift run -c release --package-path Tests/Tools monsters-bench picker
             [--size N] [--runs N] [--query TEXT] [--monsters PATH] [--baseline PATH]

      --size       monsters in the generated roster (default: 1000000)
      --runs       runs of each binary (default: 5)
      --query      the search typed, one character at a time (default: monster-05)
      --monsters   the binary to time (default: built as the main benchmark builds it)
      --baseline   an older binary to time alongside, without the search
    """

  /// The command line of `monsters-bench picker`.
  struct Options {
    var size = 1_000_000
    var runs = 5
    var query = "monster-05"
    var monsters: String?
    var baseline: String?
  }

  /// What one run measured, in seconds.
  struct Run {
    var firstScreen: Double
    var steps: [String: Double] = [:]
    var typing: [Double] = []
    var erasing: [Double] = []
    var peakBytes: Int = 0
  }

  /// The terminal's height.
  static let rows = 24

  /// The steps timed in the full column, by key.
  static let moves: [(name: String, bytes: String)] = [
    ("Down", "\u{1B}[B"), ("End", "\u{1B}[F"), ("Home", "\u{1B}[H"),
  ]

  /// Runs the picker benchmark with the arguments after `picker`; returns the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    if arguments.count == 3, arguments[0] == "--generate", let count = Int(arguments[1]) {
      return BenchArguments.generating { try generate(count: count, to: arguments[2]) }
    }
    return BenchArguments.runSubcommand(arguments, usage: usage, parse: parse, run: run)
  }

  private static func parse(_ arguments: [String]) throws -> Options {
    try BenchArguments.reading(arguments, into: Options()) { option, reader, options in
      switch option {
      case "--size": options.size = try reader.count()
      case "--runs": options.runs = try reader.count()
      case "--query":
        options.query = try reader.value()
        guard !options.query.isEmpty else { throw BenchError("--query takes text") }
      case "--monsters": options.monsters = try reader.value()
      case "--baseline": options.baseline = try reader.value()
      default: throw reader.unknownOption
      }
    }
  }

  private static func run(_ options: Options) throws {
    // The main benchmark's setup: the binary (built as README installs it, unless given)
    // and a temporary folder.
    let bench = try Bench(
      options: try BenchOptions(options.monsters.map { ["--monsters", $0] } ?? []))
    defer { _ = Command(program: "/bin/rm", arguments: ["-rf", bench.folder]).run() }
    let path = bench.folder + "/picker-\(options.size).json"
    let generate = Command(
      program: selfPath(), arguments: ["picker", "--generate", String(options.size), path])
    guard generate.run().status == 0 else { throw BenchError("cannot generate \(path)") }

    print("Machine: \(Platform.machineDescription())")
    print(
      "Roster: \(Report.grouped(options.size)) monsters, \(Report.bytes(fileSize(path))); "
        + "a pseudo-terminal of 80x24; \(options.runs) runs of each binary, alternating.")
    print("Command: monsters --file ROSTER pick (\(bench.monsters))")
    print(
      "Times: whole frames, from the process started or a key written to the last byte of the "
        + "frame that follows (reading, searching, drawing, the pseudo-terminal); medians.\n")
    var runs: [Run] = []
    var baselineRuns: [Run] = []
    for index in 0..<options.runs {
      var order: [(String, Bool)] = [(bench.monsters, true)]
      if let baseline = options.baseline {
        order.append((baseline, false))
        if index % 2 == 1 { order.reverse() }
      }
      for (binary, searches) in order {
        let measured = try measure(binary, roster: path, query: searches ? options.query : nil)
        if searches { runs.append(measured) } else { baselineRuns.append(measured) }
      }
    }
    print(report(runs, baselineRuns, options: options))
  }

  /// One run of a binary: the first screen, the moves, and the search if `query` is given.
  private static func measure(_ binary: String, roster: String, query: String?) throws -> Run {
    let picker = try PseudoTerminalProcess(
      program: binary, arguments: ["--file", roster, "pick"], columns: 80, rows: rows)
    guard let first = picker.readFrame(lastRow: rows, timeout: 60) else {
      throw BenchError("\(binary) drew no first screen")
    }
    // The first screen's time, from the program's start, once the meter has said when.
    var run = Run(firstScreen: first)
    func time(_ key: String) throws -> Double {
      let start = now()
      picker.send(key)
      guard let last = picker.readFrame(lastRow: rows, timeout: 30) else {
        throw BenchError("\(binary) drew no frame after a key")
      }
      return last - start
    }
    if query != nil {
      // At once: the names may still be being folded for the search.
      run.steps["/ at once"] = try time("/")
      _ = try time("\u{1B}")
    }
    for (name, key) in moves { run.steps[name] = try time(key) }
    if let query {
      run.steps["/"] = try time("/")
      for character in query { run.typing.append(try time(String(character))) }
      for _ in query { run.erasing.append(try time("\u{7F}")) }
      picker.send("\r")
    }
    picker.send("q")
    let ending = try picker.wait()
    guard ending.status == 0 else { throw BenchError("\(binary) exited with \(ending.status)") }
    run.firstScreen -= ending.startedSeconds
    run.peakBytes = ending.peakBytes
    return run
  }

  private static func report(_ runs: [Run], _ baseline: [Run], options: Options) -> String {
    let hasBaseline = !baseline.isEmpty
    var lines = [
      "| step | monsters" + (hasBaseline ? " | baseline |" : " |"),
      hasBaseline ? "|---|---:|---:|" : "|---|---:|",
    ]
    func row(_ title: String, _ value: ([Run]) -> Double?, show: (Double) -> String = Report.time) {
      let mine = value(runs).map(show) ?? "-"
      let theirs = hasBaseline ? " | " + (value(baseline).map(show) ?? "-") : ""
      lines.append("| \(title) | \(mine)\(theirs) |")
    }
    func medianOf(_ pick: @escaping (Run) -> Double?) -> ([Run]) -> Double? {
      { runs in
        let values = runs.compactMap(pick)
        return values.isEmpty ? nil : median(values)
      }
    }
    let query = options.query
    row("first screen (start to last byte of the first frame)", medianOf { $0.firstScreen })
    for (name, _) in moves { row("\(name) in the full column", medianOf { $0.steps[name] }) }
    row("/ at once after the first screen", medianOf { $0.steps["/ at once"] })
    row("/ later", medianOf { $0.steps["/"] })
    func all(_ keys: KeyPath<Run, [Double]>, _ summary: @escaping ([Double]) -> Double?)
      -> ([Run]) -> Double?
    {
      { runs in
        let values = runs.flatMap { $0[keyPath: keys] }
        return values.isEmpty ? nil : summary(values)
      }
    }
    row("typing \"\(query)\", a key: median", all(\.typing, median))
    row("typing \"\(query)\", a key: worst", all(\.typing) { $0.max() })
    row("Backspace to empty, a key: median", all(\.erasing, median))
    row("Backspace to empty, a key: worst", all(\.erasing) { $0.max() })
    let typed = runs.flatMap(\.typing)
    let erased = runs.flatMap(\.erasing)
    row(
      "peak memory", medianOf { Double($0.peakBytes) }, show: { Report.bytes(Int($0)) })

    var perKey = ["", "Each key of the search, median of the runs (the text typed so far):"]
    var typedSoFar = ""
    for (index, character) in query.enumerated() {
      typedSoFar.append(character)
      let value = median(
        runs.compactMap { $0.typing.indices.contains(index) ? $0.typing[index] : nil })
      perKey.append("- `\(typedSoFar)`: \(Report.time(value))")
    }
    let worst = max(typed.max() ?? 0, erased.max() ?? 0)
    let firstScreen = medianOf { $0.firstScreen }(runs) ?? .infinity
    let goals = [
      "", "Goals:",
      "- [\(worst <= 0.05 ? "x" : " ")] each key of a search at most 50 ms: worst "
        + Report.time(worst),
      "- [\(firstScreen < 0.5 ? "x" : " ")] first screen under 0.5 s: " + Report.time(firstScreen),
    ]
    return (lines + perKey + goals).joined(separator: "\n") + "\n"
  }

  /// Writes a canonical roster of `count` monsters named `Monster-0000000` and on.
  private static func generate(count: Int, to path: String) throws {
    let weapons = Weapon.builtIn
    var monsters: [Monster] = []
    monsters.reserveCapacity(count)
    for number in 0..<count {
      let digits = String(number)
      let name = "Monster-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
      monsters.append(
        Monster(
          name: name, description: "Generated monster \(number)",
          weapon: weapons[number % weapons.count]))
    }
    try writeFile(Roster(monsters).canonicalJSON(), to: path)
  }
}

/// A program running in a pseudo-terminal of its own, through `peak-meter`, whose output
/// is read as it comes.
final class PseudoTerminalProcess {
  /// The terminal's main side: what the program writes is read here, keys written here.
  private let main: Int32
  private let process: MeteredProcess

  init(program: String, arguments: [String], columns: Int, rows: Int) throws {
    let terminal: (main: Int32, secondary: Int32)
    do throws(SystemCallError) {
      terminal = try Platform.openPseudoTerminal(columns: columns, rows: rows)
    } catch {
      throw BenchError("cannot open a pseudo-terminal")
    }
    defer { Platform.closeFile(terminal.secondary) }
    let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
    do {
      process = try MeteredProcess(
        program, argumentBytes: arguments.map { Array($0.utf8) },
        environment: environment.map { Array($0.utf8) },
        fileActions: (0...2).map { .duplicate(terminal.secondary, as: $0) }
          + [.close(terminal.secondary)])
    } catch {
      Platform.closeFile(terminal.main)
      throw BenchError("cannot start \(program)")
    }
    main = terminal.main
  }

  deinit {
    Platform.closeFile(main)
  }

  /// Writes keys.
  func send(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { try? Platform.writeBytes(main, $0) }
  }

  /// Reads output until a frame has been drawn: until its last row has begun (the cursor
  /// moved to the row's start, as `monsters` draws each row) and the output has then been
  /// quiet for `quiet` seconds.
  ///
  /// - Returns: When the frame's last byte came, or `nil` if no frame came within
  ///   `timeout` seconds or the program ended first.
  func readFrame(lastRow: Int, quiet: Double = 0.02, timeout: Double) -> Double? {
    let marker = Array("\u{1B}[\(lastRow);1H".utf8)
    var seen: [UInt8] = []
    var last: Double?
    let deadline = now() + timeout
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let limit = last.map { $0 + quiet } ?? deadline
      let wait = Int(max(0, (limit - now()) * 1000).rounded(.up))
      guard let ready = try? Platform.waitUntilReadable([main], milliseconds: wait), ready[0]
      else { return last }
      let count =
        (try? buffer.withUnsafeMutableBytes { (buffer) throws(SystemCallError) in
          try Platform.readBytes(main, into: buffer)
        }) ?? 0
      if count <= 0 { return last }
      let time = now()
      if last != nil {
        last = time
        continue
      }
      // Keep the end of what came before, in case the marker is split across reads.
      seen = Array(seen.suffix(marker.count)) + buffer[..<count]
      if seen.indices.contains(where: { seen[$0...].starts(with: marker) }) { last = time }
    }
  }

  /// Waits for the program to end, reading what it still writes.
  ///
  /// - Returns: The meter's report: its exit status, peak resident memory, and when it was
  ///   started.
  /// - Throws: ``MeteredProcess/MeterError`` when the meter gave no report.
  func wait() throws -> MeteredProcess.Report {
    while true {
      if let report = try process.poll() { return report }
      if (try? Platform.waitUntilReadable([main], milliseconds: 20))?.first == true {
        _ = try? Platform.readBytes(main, upTo: 65536)
      }
    }
  }
}
