#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import CPlatformShims
  import Glibc
#elseif canImport(Musl)
  import CPlatformShims
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Signals as the library needs them: their numbers, sets of them, the mask of the calling
// thread, and a handler told where a fault was. `sigaction`'s handler field and
// `siginfo_t`'s fault address have a different name in each C library (glibc
// `__sigaction_handler` and `_sifields._sigfault`, musl `__sa_handler` and
// `__si_fields.__sigfault`, Darwin `__sigaction_u` and `si_addr`), which only the two
// signal files spell.

extension Platform {
  /// Signal numbers by name: they differ between systems (`SIGTSTP` is 20 on Linux and 18
  /// on Darwin).
  package enum SignalNumber {
    /// `SIGHUP`: the terminal hung up.
    package static var hangUp: Int32 { SIGHUP }
    /// `SIGINT`: Ctrl-C, outside raw mode.
    package static var interrupt: Int32 { SIGINT }
    /// `SIGQUIT`: Ctrl-\, outside raw mode.
    package static var quit: Int32 { SIGQUIT }
    /// `SIGKILL`: the end, which nothing can catch.
    package static var kill: Int32 { SIGKILL }
    /// `SIGBUS`: a read of a mapped page the file no longer has.
    package static var busError: Int32 { SIGBUS }
    /// `SIGPIPE`: a write to a pipe whose reader has gone.
    package static var brokenPipe: Int32 { SIGPIPE }
    /// `SIGTERM`: asked to end.
    package static var terminate: Int32 { SIGTERM }
    /// `SIGTSTP`: Ctrl-Z, outside raw mode: asked to stop.
    package static var terminalStop: Int32 { SIGTSTP }
    /// `SIGCONT`: going on after a stop.
    package static var `continue`: Int32 { SIGCONT }
    /// `SIGWINCH`: the terminal's window changed size.
    package static var windowChanged: Int32 { SIGWINCH }
    /// `SIGCHLD`: a child process ended or stopped.
    package static var childEnded: Int32 { SIGCHLD }
    /// `SIGUSR1`: for the program's own use.
    package static var user1: Int32 { SIGUSR1 }

  }

  /// A set of signals: `sigset_t`, which is a 32-bit mask on Darwin and a 1024-bit array on
  /// Linux.
  package struct SignalSet {
    /// The C set, for the calls of the platform layer.
    package var raw = sigset_t()
    /// The signals in the set, in the order they were added.
    package private(set) var members: [Int32] = []

    /// An empty set.
    package init() {
      sigemptyset(&raw)
    }

    /// A set of the given signals.
    ///
    /// - Parameter signals: The signal numbers.
    package init(_ signals: some Sequence<Int32>) {
      self.init()
      for signal in signals { insert(signal) }
    }

    /// Adds a signal, unless the C library keeps it for itself (glibc's and musl's first
    /// real-time signals), and refuses it.
    ///
    /// - Parameter signal: The signal number.
    package mutating func insert(_ signal: Int32) {
      guard !contains(signal), sigaddset(&raw, signal) == 0 else { return }
      members.append(signal)
    }

    /// Whether the set holds a signal.
    ///
    /// - Parameter signal: The signal number.
    package func contains(_ signal: Int32) -> Bool {
      var raw = raw
      return sigismember(&raw, signal) == 1
    }
  }

  /// How to change the signal mask of the calling thread.
  package enum MaskChange {
    /// `SIG_BLOCK`: add the set's signals to the blocked ones.
    case block
    /// `SIG_UNBLOCK`: take the set's signals out of the blocked ones.
    case unblock
    /// `SIG_SETMASK`: block exactly the set's signals.
    case replace
  }

  /// `pthread_sigmask(3)`: changes which signals the calling thread blocks.
  ///
  /// A blocked signal stays pending until it is unblocked or taken with
  /// ``takePendingSignal(in:_:)``.
  ///
  /// - Parameters:
  ///   - change: How to change the mask.
  ///   - signals: The signals.
  /// - Returns: The mask as it was, to put back with ``MaskChange/replace``. Its
  ///   ``SignalSet/members`` are not filled in.
  @discardableResult
  package static func changeSignalMask(_ change: MaskChange, _ signals: SignalSet) -> SignalSet {
    var signals = signals
    var previous = SignalSet()
    let how =
      switch change {
      case .block: SIG_BLOCK
      case .unblock: SIG_UNBLOCK
      case .replace: SIG_SETMASK
      }
    _ = pthread_sigmask(how, &signals.raw, &previous.raw)
    return previous
  }

  /// Runs `body` with every signal that could end the process from outside held on the
  /// calling thread until it returns, when one that came meanwhile takes effect: for work
  /// that must not stop half done, such as a temporary file written and renamed into place,
  /// which an interrupted edit would otherwise leave behind.
  ///
  /// Not only Ctrl-C, `kill`, a hang-up and Ctrl-\ (`SIGINT`, `SIGTERM`, `SIGHUP`,
  /// `SIGQUIT`) end a process that has no handler for them: so do `SIGALRM`, `SIGUSR1`,
  /// `SIGUSR2`, the profiling timers, `SIGXCPU` and the real-time signals, among others.
  /// All are held, but for the signals a fault raises in this thread (``faultSignals``),
  /// which cannot wait: a blocked one that the fault raises ends the process at once,
  /// past its handler. (`SIGKILL` and `SIGSTOP` cannot be held.)
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package static func holdingEndingSignals<Value, Failure: Error>(
    _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    // Every signal the C library lets a program block (glibc and musl keep back the few they
    // use themselves), less the faults.
    var ending = SignalSet()
    sigfillset(&ending.raw)
    for fault in faultSignals { sigdelset(&ending.raw, fault) }
    let saved = changeSignalMask(.block, ending)
    defer { changeSignalMask(.replace, saved) }
    return try body()
  }

  /// The signals a fault of the running thread raises (a bad memory access, such as a read
  /// of a mapped page the file no longer has; a trap; an abort), which
  /// ``holdingEndingSignals(_:)`` leaves to their actions.
  package static let faultSignals: [Int32] = [
    SIGBUS, SIGSEGV, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT,
  ]

  /// Puts a signal's action back to the system's default. Safe in a signal handler.
  ///
  /// - Parameter number: The signal number.
  package static func restoreDefaultAction(_ number: Int32) {
    _ = signal(number, SIG_DFL)
  }
}

// MARK: - Handlers that are told where a fault was

extension Platform {
  /// A signal handler that is given the signal's `siginfo_t`, as `SA_SIGINFO` asks.
  package typealias SignalInfoHandler =
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

  /// `sigaction(2)` with `SA_SIGINFO`: sets a handler that is told, for `SIGBUS` and
  /// `SIGSEGV`, the address of the fault (``faultAddress(of:)``).
  ///
  /// - Parameters:
  ///   - signal: The signal number.
  ///   - handler: The handler. It may only make calls that are safe in a signal handler.
  /// - Returns: Whether the handler was set.
  @discardableResult
  package static func setSignalInfoHandler(_ signal: Int32, _ handler: SignalInfoHandler) -> Bool {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_sigaction = handler
    #elseif canImport(Glibc)
      action.__sigaction_handler.sa_sigaction = handler
    #else
      action.__sa_handler.sa_sigaction = handler
    #endif
    action.sa_flags = SA_SIGINFO
    sigemptyset(&action.sa_mask)
    return sigaction(signal, &action, nil) == 0
  }

  /// The address whose access raised a `SIGBUS` or `SIGSEGV`: `si_addr`, which glibc keeps
  /// in `_sifields._sigfault`, musl in `__si_fields.__sigfault`, and Darwin in the struct
  /// itself. Safe in a signal handler.
  ///
  /// - Parameter info: What the handler was given.
  /// - Returns: The address, or `nil` when there is none.
  @inline(__always)
  package static func faultAddress(of info: UnsafeMutablePointer<siginfo_t>?)
    -> UnsafeMutableRawPointer?
  {
    guard let info else { return nil }
    #if canImport(Darwin)
      return info.pointee.si_addr
    #elseif canImport(Glibc)
      return info.pointee._sifields._sigfault.si_addr
    #else
      return info.pointee.__si_fields.__sigfault.si_addr
    #endif
  }
}
