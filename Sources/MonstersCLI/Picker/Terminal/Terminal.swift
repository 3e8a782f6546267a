import MonsterKit
import MonstersSystem

/// The terminal while a picker is open: the thin layer between the picker's pure state and
/// the real terminal.
///
/// Opening it saves the terminal's modes, blocks the signals the picker handles (so that they
/// are read as events, with no handler and no global state), puts the terminal in raw mode,
/// switches to the alternate screen, hides the cursor and turns on mouse reporting.
/// ``close()`` undoes all of it, in the reverse order, and runs however the picker ends: its
/// owner calls it in a `defer`, and `deinit` calls it too. While the process is stopped
/// (Ctrl-Z), the terminal is as it was, mouse reporting off.
///
/// Signals are taken as the system best allows (``Platform/SignalWaiting``): on Linux from
/// a `signalfd` polled with the terminal, on Darwin from a `kqueue` polled so (and pending
/// ones sent to this thread looked for between waits of at most a tenth of a second), and
/// elsewhere by looking for pending ones between such waits.
///
/// ```swift
/// let terminal = try Terminal(input: Platform.standardInput, output: console.output)
/// defer { terminal.close() }
/// try terminal.draw(lines)
/// for event in try terminal.nextEvents() { ... }
/// ```
final class Terminal {
  private let input: Int32
  private let output: OutputChannel
  /// The modes the terminal had, to put back.
  private let original: Platform.TerminalModes
  /// How signals are taken as events.
  private let signalWaiting: Platform.SignalWaiting
  /// The signal mask the process had, to put back.
  private var savedMask = Platform.SignalSet()
  /// The signals the picker reads as events.
  private var handled = Platform.SignalSet()
  /// A descriptor that is readable once a handled signal comes (Linux's `signalfd`,
  /// Darwin's `kqueue`), or `nil` when signals are looked for between waits instead.
  private var signalDescriptor: Int32?
  /// Signals that came while the process was stopped, for the next events.
  private var deferred: [TerminalEvent] = []
  private var decoder = KeyDecoder()
  /// When to stop waiting for the rest of an escape sequence, on the monotonic clock.
  private var keyDeadline: Int64?
  private var isOpen = false
  private var isRaw = false

  /// The signals the picker reads as events while it is open: those that would stop or
  /// end the process with the terminal still raw, and the window's changes.
  static var signals: [Int32] {
    let signal = Platform.SignalNumber.self
    return [signal.windowChanged, signal.terminalStop, signal.continue]
      + signal.ending.map(\.number)
  }

  /// What opens the picker's screen: the alternate screen, the cursor hidden, the screen
  /// cleared, mouse reporting on: presses, releases and the wheel (1000), in the SGR
  /// format (1006), which has no limit on coordinates; and pastes bracketed (2004), so that
  /// a pasted text is typed into a search and presses no key.
  static let enterSequence =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h"
  /// What closes it, the other way round: pastes as they come, mouse reporting off, looks
  /// reset, the cursor shown, the main screen back.
  static let leaveSequence =
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Opens the picker's screen.
  ///
  /// - Parameters:
  ///   - input: The terminal's descriptor for reading keys and setting modes.
  ///   - output: Where frames are written.
  ///   - signalWaiting: How signals are taken as events; tests choose each way in turn.
  /// - Throws: ``CommandFailure/unreadableInput(path:errno:)`` when the terminal's modes
  ///   cannot be read or set.
  init(
    input: Int32, output: OutputChannel, signalWaiting: Platform.SignalWaiting = .preferred
  ) throws(CommandFailure) {
    self.input = input
    self.output = output
    self.signalWaiting = signalWaiting
    do throws(SystemCallError) {
      original = try Platform.terminalModes(input)
    } catch {
      throw .unreadableInput(path: "standard input", errno: error.code)
    }
    // A signal the process was started to ignore (`nohup` ignores SIGHUP), or ignores
    // itself (SIGPIPE), stays ignored.
    handled = Platform.SignalSet(Self.signals.filter { !Platform.isIgnored($0) })
    savedMask = Platform.changeSignalMask(.block, handled)
    if signalWaiting == .signalDescriptor {
      signalDescriptor = Platform.openSignalDescriptor(for: handled)
    }
    isOpen = true
    do {
      try enter()
    } catch {
      close()
      throw error
    }
  }

  deinit {
    close()
  }

  /// Puts the terminal in raw mode and on the alternate screen, with the cursor hidden and
  /// mouse reporting on: when the picker opens, and again when it goes on after being
  /// stopped.
  func enter() throws(CommandFailure) {
    do throws(SystemCallError) {
      // Set once the output written so far has gone: keys typed ahead are read, not thrown
      // away.
      try Platform.setTerminalModes(original.rawMode, input)
    } catch {
      throw .unreadableInput(path: "standard input", errno: error.code)
    }
    isRaw = true
    output.write(Self.enterSequence)
    try output.flush()
  }

  /// Turns mouse reporting off, leaves the alternate screen, shows the cursor and puts back
  /// the terminal's modes; the signals stay blocked.
  func leave() {
    guard isRaw else { return }
    isRaw = false
    output.write(Self.leaveSequence)
    try? output.flush()
    try? Platform.setTerminalModes(original, input)
  }

  /// Restores everything: the screen, the cursor, the modes, and the signal mask. Signals
  /// that came after the last event are dropped, as the picker is ending anyway. Calling it
  /// again does nothing.
  func close() {
    guard isOpen else { return }
    isOpen = false
    leave()
    _ = pendingSignals()
    if let signalDescriptor { Platform.closeFile(signalDescriptor) }
    Platform.changeSignalMask(.replace, savedMask)
  }

  /// Stops the process with the terminal as it was while it is stopped, and puts the
  /// picker back when it goes on.
  ///
  /// - Parameter group: Whether to stop the whole process group, as Ctrl-Z does outside
  ///   raw mode (so that a shell sees its job stop), or only this process, as a `SIGTSTP`
  ///   sent to it asks.
  func suspend(group: Bool) throws(CommandFailure) {
    leave()
    let stopSignal = Platform.SignalNumber.terminalStop
    let stop = Platform.SignalSet([stopSignal])
    if group {
      Platform.sendSignal(stopSignal, to: 0)
    } else {
      Platform.raiseSignal(stopSignal)
    }
    // The default action of the now unblocked SIGTSTP stops the process here.
    Platform.changeSignalMask(.unblock, stop)
    Platform.changeSignalMask(.block, stop)
    // Going on, the process got a SIGCONT; this already puts the picker back. That and the
    // stop (which Darwin's kqueue records too) are dropped; what else came meanwhile is the
    // next events'.
    deferred += pendingSignals().filter { $0 != .suspendRequested && $0 != .continued }
    try enter()
  }

  /// The screen's size, or 80x24 when the terminal does not say.
  var size: TerminalSize {
    guard let size = Platform.terminalSize(input) else { return .standard }
    return TerminalSize(columns: size.columns, rows: size.rows)
  }

  /// Shows a frame: one line per row, written in one `write(2)`.
  func draw(_ lines: [String]) throws(CommandFailure) {
    var frame = ""
    for (row, line) in lines.enumerated() {
      frame += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
    }
    output.write(frame)
    try output.flush()
  }

  /// Waits for keys or signals.
  ///
  /// A lone Esc is told from the start of an arrow key's sequence by waiting a moment
  /// (``KeyDecoder/escapeWait``) for the rest.
  ///
  /// - Returns: One or more events, signals first.
  /// - Throws: ``CommandFailure/unreadableInput(path:errno:)`` when reading fails.
  func nextEvents() throws(CommandFailure) -> [TerminalEvent] {
    while true {
      let keyWait = keyDeadline.map { max(0, $0 - Self.now()) }
      // Without a descriptor that sees them all, pending signals are looked for between
      // short waits.
      let signalWait: Int64? =
        signalDescriptor == nil || Platform.SignalWaiting.descriptorMissesThreadSignals
        ? Int64(Platform.SignalWaiting.pendingCheckMilliseconds) : nil
      let timeout = [keyWait, signalWait].compactMap { $0 }.min() ?? -1
      let ready: [Bool]
      do throws(SystemCallError) {
        ready = try Platform.waitUntilReadable(
          [input, signalDescriptor ?? -1], milliseconds: Int(timeout))
      } catch {
        throw .unreadableInput(path: "standard input", errno: error.code)
      }
      var events = deferred + pendingSignals()
      deferred = []
      if ready[0] {
        events += try readKeys()
        keyDeadline = decoder.waitMilliseconds.map { Self.now() + Int64($0) }
      } else if let deadline = keyDeadline, Self.now() >= deadline {
        events += decoder.flush().map(TerminalEvent.key)
        keyDeadline = nil
      }
      if !events.isEmpty { return events }
    }
  }

  /// Whether bytes from the terminal are waiting to be read, or half a sequence to be
  /// finished.
  var hasInputWaiting: Bool {
    keyDeadline != nil
      || (try? Platform.waitUntilReadable([input], milliseconds: 0))?.first == true
  }

  /// Milliseconds on the monotonic clock.
  private static func now() -> Int64 {
    Platform.monotonicNanoseconds() / 1_000_000
  }

  private func readKeys() throws(CommandFailure) -> [TerminalEvent] {
    do throws(SystemCallError) {
      let bytes = try Platform.readBytes(input, upTo: 1024)
      if bytes.isEmpty { return [.endOfInput] }
      return decoder.decode(bytes[...]).map(TerminalEvent.key)
    } catch {
      switch error.code {
      case Platform.ErrorNumber.wouldBlock: return []
      case Platform.ErrorNumber.inputOutput: return [.endOfInput]
      default: throw .unreadableInput(path: "standard input", errno: error.code)
      }
    }
  }

  /// Takes the handled signals that are pending, as events.
  private func pendingSignals() -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    while let signal = Platform.takePendingSignal(
      in: handled, signalWaiting, descriptor: signalDescriptor)
    {
      switch signal {
      case Platform.SignalNumber.windowChanged: events.append(.resized)
      case Platform.SignalNumber.terminalStop: events.append(.suspendRequested)
      case Platform.SignalNumber.continue: events.append(.continued)
      default: events.append(.terminated(signal: signal))
      }
    }
    return events
  }
}
