import MonstersSystem
#if canImport(Darwin)
  import CPlatformShims
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

// Other programs: starting them, waiting for them and measuring them, and the
// pseudo-terminals they run in. The command line starts git; the benchmark and the tests
// start `monsters` and the tools they compare it with. None of it is MonsterKit's, so an
// app that links MonsterKit links none of it. Its members, as those of this module's other
// files (the terminal, signals taken as events, the process, threads), extend
// MonstersSystem's `Platform` namespace, so that a call reads the same wherever its
// wrapper lives.

#if os(macOS) || os(Linux)
  // MARK: - Starting and waiting

  extension Platform {
    /// The path of this program's executable file: `/proc/self/exe` on Linux, which has no
    /// call for it, and `_NSGetExecutablePath(3)` on Darwin.
    ///
    /// - Returns: The path, or `nil` when the system does not say.
    package static func executablePath() -> String? {
      #if os(Linux)
        return try? linkTarget(ofPath: "/proc/self/exe")
      #else
        var size: UInt32 = 0
        _ = monsters_executable_path(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard monsters_executable_path(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
      #endif
    }

    /// What to do with a descriptor of a program before it starts.
    package enum SpawnFileAction {
      /// Open a path as the descriptor: `posix_spawn_file_actions_addopen`.
      case open(Int32, path: String, options: OpenOptions, mode: Mode)
      /// Make the descriptor a copy of another: `posix_spawn_file_actions_adddup2`.
      case duplicate(Int32, as: Int32)
      /// Close the descriptor: `posix_spawn_file_actions_addclose`.
      case close(Int32)
    }

    /// `posix_spawn(3)`: starts a program.
    ///
    /// - Parameters:
    ///   - program: The program's path.
    ///   - arguments: Its arguments, after its name (which is `program`).
    ///   - environment: Its environment as `NAME=value` entries, or `nil` for this
    ///     process's own.
    ///   - fileActions: What to do with its descriptors first, in order.
    ///   - signalMask: The signals it starts with blocked, or `nil` for the calling
    ///     thread's.
    ///   - defaultSignals: Signals whose action it starts with at the default, whatever
    ///     this process ignores.
    /// - Returns: Its process id.
    /// - Throws: The error `posix_spawn` returns, such as `ENOENT`.
    package static func spawn(
      _ program: String, arguments: [String], environment: [String]? = nil,
      fileActions: [SpawnFileAction] = [], signalMask: SignalSet? = nil,
      defaultSignals: SignalSet? = nil
    ) throws(SystemCallError) -> ProcessID {
      try spawn(
        program, argumentBytes: arguments.map { Array($0.utf8) },
        environment: environment.map { $0.map { Array($0.utf8) } }, fileActions: fileActions,
        signalMask: signalMask, defaultSignals: defaultSignals)
    }

    /// `posix_spawn(3)` with arguments and environment as bytes, which need not be UTF-8.
    ///
    /// - Parameters:
    ///   - program: The program's path.
    ///   - argumentBytes: Its arguments, after its name, as bytes without a NUL.
    ///   - environment: Its environment as `NAME=value` entries, as bytes, or `nil` for
    ///     this process's own.
    ///   - fileActions: What to do with its descriptors first, in order.
    ///   - signalMask: The signals it starts with blocked, or `nil` for the calling
    ///     thread's.
    ///   - defaultSignals: Signals whose action it starts with at the default.
    /// - Returns: Its process id.
    /// - Throws: The error `posix_spawn` returns, such as `ENOENT`.
    package static func spawn(
      _ program: String, argumentBytes: [[UInt8]], environment: [[UInt8]]?,
      fileActions: [SpawnFileAction] = [], signalMask: SignalSet? = nil,
      defaultSignals: SignalSet? = nil
    ) throws(SystemCallError) -> ProcessID {
      #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
      #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
      #endif
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for action in fileActions {
        switch action {
        case .open(let descriptor, let path, let options, let mode):
          posix_spawn_file_actions_addopen(&actions, descriptor, path, options.rawValue, mode)
        case .duplicate(let source, let descriptor):
          posix_spawn_file_actions_adddup2(&actions, source, descriptor)
        case .close(let descriptor):
          posix_spawn_file_actions_addclose(&actions, descriptor)
        }
      }
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var flags: Int32 = 0
      if let signalMask {
        var mask = cSignalSet(signalMask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        flags |= Int32(POSIX_SPAWN_SETSIGMASK)
      }
      if let defaultSignals {
        var defaults = cSignalSet(defaultSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        flags |= Int32(POSIX_SPAWN_SETSIGDEF)
      }
      posix_spawnattr_setflags(&attributes, Int16(flags))
      let argv = cStrings([Array(program.utf8)] + argumentBytes)
      defer { for pointer in argv { pointer?.deallocate() } }
      let envp = environment.map(cStrings)
      defer { for pointer in envp ?? [] { pointer?.deallocate() } }
      var process: ProcessID = 0
      let result =
        if let envp {
          posix_spawn(&process, program, &actions, &attributes, argv, envp)
        } else {
          posix_spawn(&process, program, &actions, &attributes, argv, monsters_environment())
        }
      guard result == 0 else { throw SystemCallError(result) }
      return process
    }

    /// A `sigset_t` of a set's signals.
    private static func cSignalSet(_ signals: SignalSet) -> sigset_t {
      var set = sigset_t()
      sigemptyset(&set)
      for signal in signals.members { sigaddset(&set, signal) }
      return set
    }

    /// Copies byte strings into C strings, ending the list with `nil`; the caller
    /// deallocates them.
    private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
      strings.map { bytes in
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() {
          pointer[index] = CChar(bitPattern: byte)
        }
        pointer[bytes.count] = 0
        return pointer
      } + [nil]
    }

    /// How a program ended.
    package enum Termination: Hashable, Sendable, CustomStringConvertible {
      /// It exited with a status.
      case exited(Int32)
      /// A signal ended it: the signal's number.
      case signaled(Int32)

      /// The exit status, or 128 plus the signal that ended it, as a shell reports it.
      package var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
      }

      /// Such as `exited with 0` or `killed by signal 9`.
      package var description: String {
        switch self {
        case .exited(let status): "exited with \(status)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
      }
    }

    /// How a program ended.
    ///
    /// It holds no peak memory: on Linux a child's `ru_maxrss` counts the memory its parent
    /// held when it started, so the tests and the benchmark measure a program's peak through
    /// `peak-meter`, a small program of their own that starts it.
    package struct ExitReport: Sendable {
      /// How it ended.
      package var termination: Termination
      /// The exit status, or 128 plus the signal that ended it.
      package var status: Int32 { termination.shellStatus }
    }

    /// `waitpid(2)`: waits for a program to end, and reports how it did.
    ///
    /// - Parameters:
    ///   - process: The program's process id.
    ///   - waiting: Whether to wait for it; when `false`, a program still running gives
    ///     `nil`.
    /// - Returns: The report, or `nil` when the program is still running (without waiting)
    ///   or is not a child of this one.
    package static func waitForExit(_ process: ProcessID, waiting: Bool = true) -> ExitReport? {
      var status: Int32 = 0
      var done: ProcessID
      repeat {
        done = waitpid(process, &status, waiting ? 0 : WNOHANG)
      } while done < 0 && errno == EINTR
      guard done == process else { return nil }
      let signal = status & 0x7F
      return ExitReport(
        termination: signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal))
    }

    /// The processor, cores, memory and kernel, for a benchmark's report.
    ///
    /// - Returns: Such as `Intel(R) Xeon(R) CPU, 2 cores, 7 GiB, Linux 6.1.0`.
    package static func machineDescription() -> String {
      let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
      let memory = sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))
      var names = utsname()
      _ = uname(&names)
      func text<Field>(_ field: inout Field) -> String {
        withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      }
      let kernel = text(&names.sysname) + " " + text(&names.release)
      return "\(processorName() ?? "unknown processor"), \(cores) cores, \(memory >> 30) GiB, "
        + kernel
    }

    /// The processor's name: the first `model name` of `/proc/cpuinfo` on Linux, which has
    /// no call for it, and `sysctl machdep.cpu.brand_string` on Darwin.
    private static func processorName() -> String? {
      #if os(Linux)
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let text = line.map({ String(cString: $0) }) {
          if text.hasPrefix("model name") {
            return String(
              text.drop(while: { $0 != ":" }).dropFirst().drop(while: { $0 == " " }).dropLast())
          }
        }
        return nil
      #else
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0
        else { return nil }
        var buffer = [CChar](repeating: 0, count: size + 1)
        guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else {
          return nil
        }
        return String(cString: buffer)
      #endif
    }
  }

  // MARK: - Pseudo-terminals

  extension Platform {
    /// `openpty(3)`: a new pseudo-terminal, for tests and the benchmark to run a program in.
    ///
    /// - Parameters:
    ///   - columns: Its width.
    ///   - rows: Its height.
    /// - Returns: Its main side (what the program writes is read here, keys are written
    ///   here) and its secondary side (the program's terminal), both close-on-exec, which
    ///   the caller closes.
    /// - Throws: The call's `errno`.
    package static func openPseudoTerminal(columns: Int = 80, rows: Int = 24)
      throws(SystemCallError) -> (main: Int32, secondary: Int32)
    {
      var main: Int32 = -1
      var secondary: Int32 = -1
      var window = winsize(
        ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
        ws_ypixel: 0)
      guard openpty(&main, &secondary, nil, nil, &window) == 0 else {
        throw SystemCallError(errno)
      }
      setCloseOnExec(main)
      setCloseOnExec(secondary)
      return (main, secondary)
    }

    /// Sets a terminal's size, `ioctl(TIOCSWINSZ)`, which sends its foreground process
    /// group a `SIGWINCH`.
    ///
    /// - Throws: The call's `errno`.
    package static func setTerminalSize(_ descriptor: Int32, columns: Int, rows: Int)
      throws(SystemCallError)
    {
      var window = winsize(
        ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
        ws_ypixel: 0)
      while ioctl(descriptor, UInt(TIOCSWINSZ), &window) < 0 {
        guard errno == EINTR else { throw SystemCallError(errno) }
      }
    }
  }
#endif
