import CSignalFD
import Glibc

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
/// ```swift
/// let terminal = try Terminal(input: STDIN_FILENO, output: console.output)
/// defer { terminal.close() }
/// try terminal.draw(lines)
/// for event in try terminal.nextEvents() { ... }
/// ```
final class Terminal {
  private let input: Int32
  private let output: OutputChannel
  /// The modes the terminal had, to put back.
  private var original = termios()
  /// The signal mask the process had, to put back.
  private var savedMask = sigset_t()
  /// The signals the picker reads as events.
  private var handled = sigset_t()
  /// A descriptor that is readable while a handled signal is pending, or -1 when the system
  /// has no `signalfd` and signals are looked for a few times a second instead.
  private var signalDescriptor: Int32 = -1
  private var decoder = KeyDecoder()
  /// When to stop waiting for the rest of an escape sequence, on the monotonic clock.
  private var keyDeadline: Int64?
  private var isOpen = false
  private var isRaw = false

  /// The signals the picker reads as events while it is open.
  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

  /// What opens the picker's screen: the alternate screen, the cursor hidden, the screen
  /// cleared, and mouse reporting on: presses, releases and the wheel (1000), in the SGR
  /// format (1006), which has no limit on coordinates.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[?1000h\u{1B}[?1006h"
  /// What closes it, the other way round: mouse reporting off, looks reset, the cursor
  /// shown, the main screen back.
  static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Opens the picker's screen.
  ///
  /// - Parameters:
  ///   - input: The terminal's descriptor for reading keys and setting modes.
  ///   - output: Where frames are written.
  /// - Throws: ``CommandFailure/unreadableInput(path:errno:)`` when the terminal's modes
  ///   cannot be read or set.
  init(input: Int32, output: OutputChannel) throws(CommandFailure) {
    self.input = input
    self.output = output
    guard tcgetattr(input, &original) == 0 else {
      throw .unreadableInput(path: "standard input", errno: errno)
    }
    sigemptyset(&handled)
    // A signal the process was started to ignore (`nohup` ignores SIGHUP) stays ignored.
    for signal in Self.signals where !Self.isIgnored(signal) { sigaddset(&handled, signal) }
    pthread_sigmask(SIG_BLOCK, &handled, &savedMask)
    signalDescriptor = Self.openSignalDescriptor(for: handled)
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
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    // TCSADRAIN rather than TCSAFLUSH: keys typed ahead are read, not thrown away.
    guard tcsetattr(input, TCSADRAIN, &raw) == 0 else {
      throw .unreadableInput(path: "standard input", errno: errno)
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
    _ = tcsetattr(input, TCSADRAIN, &original)
  }

  /// Restores everything: the screen, the cursor, the modes, and the signal mask. Signals
  /// that came after the last event are dropped, as the picker is ending anyway. Calling it
  /// again does nothing.
  func close() {
    guard isOpen else { return }
    isOpen = false
    leave()
    _ = pendingSignals()
    if signalDescriptor >= 0 { Glibc.close(signalDescriptor) }
    pthread_sigmask(SIG_SETMASK, &savedMask, nil)
  }

  /// Stops the process with the terminal as it was while it is stopped, and puts the
  /// picker back when it goes on.
  ///
  /// - Parameter group: Whether to stop the whole process group, as Ctrl-Z does outside
  ///   raw mode (so that a shell sees its job stop), or only this process, as a `SIGTSTP`
  ///   sent to it asks.
  func suspend(group: Bool) throws(CommandFailure) {
    leave()
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    if group { kill(0, SIGTSTP) } else { raise(SIGTSTP) }
    // The default action of the now unblocked SIGTSTP stops the process here.
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    pthread_sigmask(SIG_BLOCK, &stop, nil)
    // Going on, the process got a SIGCONT; this already puts the picker back.
    var goOn = sigset_t()
    sigemptyset(&goOn)
    sigaddset(&goOn, SIGCONT)
    var info = siginfo_t()
    var noWait = timespec()
    _ = sigtimedwait(&goOn, &info, &noWait)
    try enter()
  }

  /// The screen's size, or 80x24 when the terminal does not say.
  var size: TerminalSize {
    var window = winsize()
    guard ioctl(input, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return .standard }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
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
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let keyWait = keyDeadline.map { max(0, $0 - Self.now()) }
      // Without a signalfd, pending signals are looked for ten times a second.
      let signalWait: Int64? = signalDescriptor >= 0 ? nil : 100
      let timeout = [keyWait, signalWait].compactMap { $0 }.min() ?? -1
      let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout))
      if ready < 0 && errno != EINTR {
        throw .unreadableInput(path: "standard input", errno: errno)
      }
      var events = pendingSignals()
      if ready > 0 && descriptors[0].revents != 0 {
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
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return keyDeadline != nil || poll(&descriptor, 1, 0) > 0
  }

  /// Milliseconds on the monotonic clock.
  private static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  private func readKeys() throws(CommandFailure) -> [TerminalEvent] {
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    if count > 0 { return decoder.decode(buffer[..<count]).map(TerminalEvent.key) }
    if count == 0 { return [.endOfInput] }
    switch errno {
    case EINTR, EAGAIN: return []
    case EIO: return [.endOfInput]
    default: throw .unreadableInput(path: "standard input", errno: errno)
    }
  }

  /// Takes the handled signals that are pending, as events.
  private func pendingSignals() -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    var info = siginfo_t()
    var noWait = timespec()
    while true {
      let signal = sigtimedwait(&handled, &info, &noWait)
      guard signal > 0 else { return events }
      switch signal {
      case SIGWINCH: events.append(.resized)
      case SIGTSTP: events.append(.suspendRequested)
      case SIGCONT: events.append(.continued)
      default: events.append(.terminated(signal: signal))
      }
    }
  }

  /// Whether a signal's action is to be ignored.
  private static func isIgnored(_ signal: Int32) -> Bool {
    var action = sigaction()
    guard sigaction(signal, nil, &action) == 0 else { return false }
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// A `signalfd(2)` for the signals; -1 when none can be had.
  private static func openSignalDescriptor(for signals: sigset_t) -> Int32 {
    var signals = signals
    return signalfd(-1, &signals, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
  }
}
