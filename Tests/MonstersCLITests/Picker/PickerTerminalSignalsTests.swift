import MonsterKit
import MonstersSystem
import ProcessPlatform
import Testing

@testable import MonstersCLI

/// The picker's terminal on a pseudo-terminal, in this process, each way of taking signals
/// in turn: the system's descriptor (Linux's `signalfd`, Darwin's `kqueue`), and the
/// portable look at pending signals. Signals are raised for this thread alone, which the
/// terminal blocks them on, but for a resize on Darwin (below), which every terminal open in
/// the process sees: the tests run one at a time.
@Suite(.serialized) struct PickerTerminalSignalsTests {
  /// On Darwin only the kqueue: xnu drops a blocked `SIGWINCH` (its default action is to be
  /// ignored) as it is sent, so that no look at pending signals sees a resize there.
  #if canImport(Darwin)
    static let waysToWait: [Platform.SignalWaiting] = [.signalDescriptor]
  #else
    static let waysToWait: [Platform.SignalWaiting] = [.signalDescriptor, .pendingCheck]
  #endif

  /// A resize, as a terminal sends it: to the process. On Darwin that is what the kqueue
  /// records (a signal raised for one thread it does not), and safe in this process of many
  /// threads, whose others do not block `SIGWINCH`: its default action is to ignore it. On
  /// Linux it is raised for this thread, whose `signalfd` and pending signals see it; sent to
  /// the process, another thread would take it.
  private func resize() {
    #if canImport(Darwin)
      Platform.sendSignal(Platform.SignalNumber.windowChanged, to: Platform.processID)
    #else
      Platform.raiseSignal(Platform.SignalNumber.windowChanged)
    #endif
  }

  /// Opens a terminal on a new pseudo-terminal, runs `body`, and closes both.
  private func withTerminal(
    _ waiting: Platform.SignalWaiting,
    _ body: (Terminal, _ pty: (main: Int32, secondary: Int32)) throws -> Void
  ) throws {
    let pty = try Platform.openPseudoTerminal()
    defer {
      Platform.closeFile(pty.main)
      Platform.closeFile(pty.secondary)
    }
    let output = OutputChannel(capturingAsTerminal: true)
    let terminal = try Terminal(input: pty.secondary, output: output, signalWaiting: waiting)
    defer { terminal.close() }
    try body(terminal, pty)
  }

  private func type(_ text: String, into main: Int32) throws {
    _ = try Array(text.utf8).withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in try Platform.writeBytes(main, buffer) }
    }.get()
  }

  @Test(arguments: waysToWait)
  func signalsAndKeysArriveAsEvents(_ waiting: Platform.SignalWaiting) throws {
    let signal = Platform.SignalNumber.self
    try withTerminal(waiting) { terminal, pty in
      resize()
      #expect(try terminal.nextEvents() == [.resized])
      try type("q", into: pty.main)
      #expect(try terminal.nextEvents() == [.key(.character("q"))])
      Platform.raiseSignal(signal.terminate)
      #expect(try terminal.nextEvents() == [.terminated(signal: signal.terminate)])
      Platform.raiseSignal(signal.continue)
      Platform.raiseSignal(signal.hangUp)
      let events = try terminal.nextEvents()
      #expect(Set(events) == [.continued, .terminated(signal: signal.hangUp)])
    }
  }

  @Test(arguments: waysToWait)
  func signalsComeFirstWhenKeysAreWaitingToo(_ waiting: Platform.SignalWaiting) throws {
    try withTerminal(waiting) { terminal, pty in
      try type("j", into: pty.main)
      #expect(try Platform.waitUntilReadable([pty.secondary], milliseconds: 1000) == [true])
      #expect(terminal.hasInputWaiting)
      Platform.raiseSignal(Platform.SignalNumber.interrupt)
      #expect(
        try terminal.nextEvents() == [
          .terminated(signal: Platform.SignalNumber.interrupt), .key(.character("j")),
        ])
    }
  }

  @Test(arguments: waysToWait)
  func closingPutsBackTheModesAndTheMaskAndDropsWhatIsPending(_ waiting: Platform.SignalWaiting)
    throws
  {
    let pty = try Platform.openPseudoTerminal()
    defer {
      Platform.closeFile(pty.main)
      Platform.closeFile(pty.secondary)
    }
    let modes = try Platform.terminalModes(pty.secondary)
    let mask = Platform.changeSignalMask(.block, Platform.SignalSet())
    let output = OutputChannel(capturingAsTerminal: true)
    let terminal = try Terminal(input: pty.secondary, output: output, signalWaiting: waiting)
    #expect(try Platform.terminalModes(pty.secondary) == modes.rawMode)
    #expect(output.text == Terminal.enterSequence)
    resize()
    terminal.close()
    terminal.close()
    #expect(try Platform.terminalModes(pty.secondary) == modes)
    #expect(output.text == Terminal.enterSequence + Terminal.leaveSequence)
    let after = Platform.changeSignalMask(.block, Platform.SignalSet())
    for number in Terminal.signals {
      #expect(after.contains(number) == mask.contains(number))
    }
    // The resize that came before the close was taken, not left for the shell.
    #expect(
      Platform.takePendingSignal(in: Platform.SignalSet(Terminal.signals), .pendingCheck) == nil)
  }
}
