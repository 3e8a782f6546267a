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

// Signals: their numbers, sets of them, the mask, and two ways to take a blocked signal as
// an event. `sigaction`'s handler field and `siginfo_t`'s fault address have a different
// name in each C library (glibc `__sigaction_handler` and `_sifields._sigfault`, musl
// `__sa_handler` and `__si_fields.__sigfault`, Darwin `__sigaction_u` and `si_addr`), which
// only this file spells.

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
    /// `SIGXFSZ`: a write past the file size limit.
    package static var fileSizeLimit: Int32 { SIGXFSZ }
    /// `SIGCHLD`: a child process ended or stopped.
    package static var childEnded: Int32 { SIGCHLD }
    /// `SIGUSR1`: for the program's own use.
    package static var user1: Int32 { SIGUSR1 }

    /// The signals that a user (`kill`, a terminal, a job's limits) may send to end a
    /// process, and whose default action does: by number, with their names. Not those a
    /// fault raises (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGTRAP`, `SIGSYS`), which
    /// must not be blocked, nor `SIGKILL`, which cannot be. The real-time ones are named
    /// as `kill -l` names them (`SIGRTMIN+1`).
    package static var ending: [(number: Int32, name: String)] {
      var signals: [(Int32, String)] = [
        (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGABRT, "SIGABRT"),
        (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"),
        (SIGTERM, "SIGTERM"), (SIGXCPU, "SIGXCPU"), (SIGXFSZ, "SIGXFSZ"),
        (SIGVTALRM, "SIGVTALRM"), (SIGPROF, "SIGPROF"),
      ]
      #if os(Linux)
        signals += [(SIGSTKFLT, "SIGSTKFLT"), (SIGIO, "SIGIO"), (SIGPWR, "SIGPWR")]
        let first = monsters_first_realtime_signal()
        let last = monsters_last_realtime_signal()
        if first <= last {
          signals += (first...last).map { number in
            (number, number == first ? "SIGRTMIN" : "SIGRTMIN+\(number - first)")
          }
        }
      #elseif canImport(Darwin)
        signals.append((SIGEMT, "SIGEMT"))
      #endif
      return signals.map { (number: $0.0, name: $0.1) }
    }
  }

  /// A set of signals: `sigset_t`, which is a 32-bit mask on Darwin and a 1024-bit array on
  /// Linux.
  package struct SignalSet {
    /// The C set, for the calls of this folder.
    var raw = sigset_t()
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

  /// Whether a signal's action is to be ignored, as `nohup` leaves `SIGHUP`.
  ///
  /// - Parameter signal: The signal number.
  package static func isIgnored(_ signal: Int32) -> Bool {
    var action = sigaction()
    guard sigaction(signal, nil, &action) == 0 else { return false }
    #if canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #elseif canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sa_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
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

  /// Ignores the signals a failed write raises, so that the write fails with an error the
  /// program handles instead of ending the process: `SIGPIPE`, for a pipe whose reader has
  /// gone (`monsters list | head -1`, then `EPIPE`), and `SIGXFSZ`, for a file past the
  /// size limit (`ulimit -f`, then `EFBIG`).
  package static func ignoreWriteSignals() {
    _ = signal(SIGPIPE, SIG_IGN)
    _ = signal(SIGXFSZ, SIG_IGN)
  }

  /// Puts a signal's action back to the system's default. Safe in a signal handler.
  ///
  /// - Parameter number: The signal number.
  package static func restoreDefaultAction(_ number: Int32) {
    _ = signal(number, SIG_DFL)
  }

  /// `kill(2)`: sends a signal.
  ///
  /// - Parameters:
  ///   - signal: The signal number.
  ///   - process: The process; 0 for every process of the caller's process group.
  /// - Returns: Whether the signal was sent.
  @discardableResult
  package static func sendSignal(_ signal: Int32, to process: ProcessID) -> Bool {
    kill(process, signal) == 0
  }

  /// `raise(3)`: sends a signal to the calling thread.
  ///
  /// - Parameter signal: The signal number.
  package static func raiseSignal(_ signal: Int32) {
    _ = raise(signal)
  }
}

// MARK: - Taking blocked signals as events

extension Platform {
  /// How a program learns that a signal it blocks is pending, to take it as an event
  /// rather than be stopped or ended by it.
  package enum SignalWaiting: Sendable {
    /// A descriptor that is readable once one of the signals comes, polled with the other
    /// descriptors: on Linux a `signalfd(2)`, from which `sigtimedwait(2)` takes it; on
    /// Darwin a `kqueue(2)` with an `EVFILT_SIGNAL` filter for each, which records every
    /// signal sent to the process, whichever thread it is pending on (Darwin's
    /// `sigpending` sees only the calling thread's), and even one that is discarded at
    /// once: xnu drops a blocked signal whose default action is to be ignored, `SIGWINCH`
    /// and `SIGCONT` among them, so that no look at pending signals ever finds it.
    case signalDescriptor
    /// Everywhere (POSIX): the program looks with `sigpending(2)` between waits of at most
    /// ``pendingCheckMilliseconds``, and takes a pending one with `sigwait(3)`, which then
    /// returns at once. No handler, no thread and no global state; the price is up to a
    /// tenth of a second before a signal is seen, and ten wake-ups a second while idle. It
    /// sees the signals pending on the calling thread (on Linux, the process's too).
    case pendingCheck

    /// The best this system has: ``signalDescriptor`` on Linux and Darwin, ``pendingCheck``
    /// elsewhere.
    package static var preferred: SignalWaiting {
      #if os(Linux) || canImport(Darwin)
        .signalDescriptor
      #else
        .pendingCheck
      #endif
    }

    /// Whether the descriptor misses signals sent to one thread (`raise(3)`,
    /// `pthread_kill(3)`): Darwin's `kqueue` records only those sent to the process, so a
    /// program that may be sent one also looks at its pending signals between waits.
    package static var descriptorMissesThreadSignals: Bool {
      #if canImport(Darwin)
        true
      #else
        false
      #endif
    }

    /// How long a wait for input may last before pending signals are looked for again,
    /// with ``pendingCheck``.
    package static let pendingCheckMilliseconds = 100
  }

  /// A descriptor that is readable once one of the signals comes: a `signalfd(2)` on Linux,
  /// a `kqueue(2)` of `EVFILT_SIGNAL` filters on Darwin; closed with ``closeFile(_:)``.
  ///
  /// - Parameter signals: The signals, which the caller blocks.
  /// - Returns: The descriptor, close-on-exec (and on Linux non-blocking); `nil` on a system
  ///   without either, or when none can be had.
  package static func openSignalDescriptor(for signals: SignalSet) -> Int32? {
    #if os(Linux)
      var signals = signals
      let descriptor = signalfd(-1, &signals.raw, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
      return descriptor >= 0 ? descriptor : nil
    #elseif canImport(Darwin)
      let queue = kqueue()
      guard queue >= 0 else { return nil }
      setCloseOnExec(queue)
      var changes = signals.members.map { signal in
        var change = kevent()
        change.ident = UInt(signal)
        change.filter = Int16(EVFILT_SIGNAL)
        change.flags = UInt16(EV_ADD | EV_ENABLE)
        return change
      }
      guard kevent(queue, &changes, Int32(changes.count), nil, 0, nil) == 0 else {
        closeFile(queue)
        return nil
      }
      return queue
    #else
      return nil
    #endif
  }

  /// Takes one pending signal of a set, without waiting: the signal is no longer pending
  /// afterwards, and its action does not run.
  ///
  /// The signals must be blocked. With ``SignalWaiting/signalDescriptor`` on Darwin, the
  /// descriptor's signals come first, in any set: the `kqueue` tells which signal came,
  /// not whether it is one of `signals`.
  ///
  /// - Parameters:
  ///   - signals: The signals to take.
  ///   - waiting: ``SignalWaiting/signalDescriptor`` takes it with `sigtimedwait` (Linux),
  ///     or from the `kqueue` (Darwin); ``SignalWaiting/pendingCheck`` with `sigpending`
  ///     and `sigwait`, which on Darwin sees the calling thread's signals only.
  ///   - descriptor: The descriptor of ``openSignalDescriptor(for:)``, which Darwin reads;
  ///     without it, only the calling thread's pending signals are looked at there.
  /// - Returns: The signal taken, or `nil` when none of them is pending.
  package static func takePendingSignal(
    in signals: SignalSet, _ waiting: SignalWaiting, descriptor: Int32? = nil
  ) -> Int32? {
    #if os(Linux)
      if waiting == .signalDescriptor {
        var signals = signals
        var info = siginfo_t()
        var noWait = timespec()
        let signal = sigtimedwait(&signals.raw, &info, &noWait)
        return signal > 0 ? signal : nil
      }
    #elseif canImport(Darwin)
      if waiting == .signalDescriptor, let descriptor {
        var event = kevent()
        var noWait = timespec()
        if kevent(descriptor, nil, 0, &event, 1, &noWait) == 1 {
          let signal = Int32(event.ident)
          // A signal that was not discarded is also pending, on the thread it was given
          // to: when that is this one, it is taken too, so that it does not come again
          // when the mask is put back. (sigwait would wait for one pending elsewhere.)
          takeIfPendingHere(signal)
          return signal
        }
      }
    #endif
    var pending = SignalSet()
    guard sigpending(&pending.raw) == 0,
      let signal = signals.members.first(where: { pending.contains($0) })
    else { return nil }
    takeIfPendingHere(signal)
    return signal
  }

  /// Takes a signal with `sigwait(3)` when it is pending on the calling thread (or on Linux
  /// the process), which then returns at once; does nothing otherwise.
  private static func takeIfPendingHere(_ signal: Int32) {
    var pending = SignalSet()
    guard sigpending(&pending.raw) == 0, pending.contains(signal) else { return }
    var only = SignalSet([signal])
    var taken: Int32 = 0
    _ = sigwait(&only.raw, &taken)
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
