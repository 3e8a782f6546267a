import MonstersSystem
import ProcessPlatform

/// A program run through the package's `peak-meter`, which reports how it ended, the most
/// memory it held and how long it ran.
///
/// A child's peak memory cannot be had from `wait4` in the process that starts it: on
/// Linux the kernel counts, in a child's `ru_maxrss`, the memory its parent had held when
/// it started, so a test or benchmark process of 300 MB sees 300 MB for `/bin/true`.
/// `peak-meter` is a small program started afresh, which starts the program and waits for
/// it; the program's peak then counts at most the meter's own memory, ``Report/floorBytes``.
package final class MeteredProcess {
  /// The built `peak-meter`.
  package static let meter = builtProduct("peak-meter")

  /// The meter's process id: signals sent to it (but `SIGKILL`) reach the program.
  package let pid: Platform.ProcessID
  /// The program's path, for messages.
  private let program: String
  /// The reading end of the meter's report, or -1 once read.
  private var report: Int32
  /// The report, once the meter has ended.
  private var ended: Report?

  /// How a metered program ended.
  package struct Report: Sendable {
    /// How it ended.
    package var termination: Platform.Termination
    /// Its peak resident memory, in bytes.
    package var peakBytes: Int
    /// The meter's own peak when it started the program: the least ``peakBytes`` can be
    /// (0 where a program's peak holds none of its parent's, as on Darwin).
    package var floorBytes: Int
    /// The time from just before the program was started to just after it ended.
    package var seconds: Double
    /// When it was started, in seconds on the monotonic clock
    /// (`Platform.monotonicNanoseconds()`, which every process shares).
    package var startedSeconds: Double
    /// The exit status, or 128 plus the signal that ended it.
    package var status: Int32 { termination.shellStatus }
  }

  /// Why a metered run did not happen.
  package enum MeterError: Error, CustomStringConvertible {
    /// `peak-meter` could be neither found nor built.
    case notBuilt
    /// The meter could not start the program: the error `posix_spawn` returned.
    case notStarted(program: String, SystemCallError)
    /// The meter ended without a report it could give.
    case noReport(String)

    /// What went wrong, for a test's or the benchmark's message.
    package var description: String {
      switch self {
      case .notBuilt: "peak-meter could be neither found nor built"
      case .notStarted(let program, let error):
        "cannot start \(program): \(Platform.errorDescription(error.code))"
      case .noReport(let text): "peak-meter gave no report: \"\(text)\""
      }
    }
  }

  /// Starts a program through the meter.
  ///
  /// - Parameters:
  ///   - program: The program's path.
  ///   - argumentBytes: Its arguments, after its name, as bytes.
  ///   - environment: Its environment as `NAME=value` entries, or `nil` for this
  ///     process's own.
  ///   - fileActions: What to do with its descriptors 0 to 2 first, in order.
  ///   - signalMask: The signals it starts with blocked, or `nil` for the calling
  ///     thread's.
  /// - Throws: ``MeterError/notBuilt``, or the error of starting the meter.
  package init(
    _ program: String, argumentBytes: [[UInt8]], environment: [[UInt8]]? = nil,
    fileActions: [Platform.SpawnFileAction] = [], signalMask: Platform.SignalSet? = nil
  ) throws {
    guard let meter = Self.meter else { throw MeterError.notBuilt }
    self.program = program
    let pipe = try Platform.makePipe()
    Platform.setCloseOnExec(pipe.read)
    Platform.setCloseOnExec(pipe.write)
    defer { Platform.closeFile(pipe.write) }
    do {
      pid = try Platform.spawn(
        meter.path, argumentBytes: [Array(program.utf8)] + argumentBytes,
        environment: environment,
        fileActions: fileActions + [.duplicate(pipe.write, as: 3)], signalMask: signalMask)
    } catch {
      Platform.closeFile(pipe.read)
      throw error
    }
    report = pipe.read
  }

  deinit {
    if ended == nil {
      _ = Platform.sendSignal(Platform.SignalNumber.terminate, to: pid)
      _ = Platform.waitForExit(pid)
    }
    if report >= 0 { Platform.closeFile(report) }
  }

  /// Waits for the program to end.
  ///
  /// - Returns: Its report.
  /// - Throws: ``MeterError`` when the meter could not start it or gave no report.
  package func wait() throws(MeterError) -> Report {
    if let ended { return ended }
    _ = Platform.waitForExit(pid)
    return try read()
  }

  /// The report, if the program has ended, without waiting.
  ///
  /// - Returns: Its report, or `nil` while it runs.
  /// - Throws: ``MeterError`` when the meter could not start it or gave no report.
  package func poll() throws(MeterError) -> Report? {
    if let ended { return ended }
    guard Platform.waitForExit(pid, waiting: false) != nil else { return nil }
    return try read()
  }

  /// Reads the meter's one line, once it has ended. Up to its newline, not to the pipe's
  /// end: a program another thread started meanwhile may hold a copy of the writing end.
  private func read() throws(MeterError) -> Report {
    var line: [UInt8] = []
    while !line.contains(UInt8(ascii: "\n")),
      let bytes = try? Platform.readBytes(report, upTo: 256), !bytes.isEmpty
    {
      line += bytes
    }
    Platform.closeFile(report)
    report = -1
    let text = String(decoding: line, as: UTF8.self)
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    if words.count == 2, words[0] == "error", let code = Int32(words[1]) {
      throw .notStarted(program: program, SystemCallError(code))
    }
    guard words.count == 10, words[2] == "peak", words[4] == "floor",
      words[6] == "nanoseconds", words[8] == "started", let code = Int32(words[1]),
      let peak = Int(words[3]), let floor = Int(words[5]), let nanoseconds = Int(words[7]),
      let started = Int(words[9])
    else { throw .noReport(text) }
    let termination: Platform.Termination
    switch words[0] {
    case "exited": termination = .exited(code)
    case "signaled": termination = .signaled(code)
    default: throw .noReport(text)
    }
    let report = Report(
      termination: termination, peakBytes: peak, floorBytes: floor,
      seconds: Double(nanoseconds) / 1e9, startedSeconds: Double(started) / 1e9)
    ended = report
    return report
  }
}
