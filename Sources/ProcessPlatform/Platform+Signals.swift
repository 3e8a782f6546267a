import MonstersSystem

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

// Signals as the command line takes them: which end a process, which are ignored, sending
// them, and two ways to take a blocked signal as an event.

extension Platform.SignalNumber {
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

extension Platform {
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

  /// Ignores the signals a failed write raises, so that the write fails with an error the
  /// program handles instead of ending the process: `SIGPIPE`, for a pipe whose reader has
  /// gone (`monsters list | head -1`, then `EPIPE`), and `SIGXFSZ`, for a file past the
  /// size limit (`ulimit -f`, then `EFBIG`).
  package static func ignoreWriteSignals() {
    _ = signal(SIGPIPE, SIG_IGN)
    _ = signal(SIGXFSZ, SIG_IGN)
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
