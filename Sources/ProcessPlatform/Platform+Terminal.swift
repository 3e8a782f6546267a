import MonstersSystem

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Terminals: their modes and size (whether a descriptor is one, and waiting for input, are
// MonstersSystem's; pseudo-terminals, which only the tests and the benchmark open, are in
// Platform+Programs.swift).
// `termios` differs between systems (`tcflag_t` is 32 bits on
// Linux and 64 on Darwin, `c_cc` has 32 entries on Linux and 20 on Darwin, `VMIN` is 6 on
// Linux and 16 on Darwin), so it stays inside ``Platform/TerminalModes``.

extension Platform {
  /// A terminal's modes (`termios`), read to be put back.
  package struct TerminalModes: Equatable {
    fileprivate var attributes = termios()

    /// The modes a full-screen program reads keys in: no echo, no line editing, no signal
    /// keys (Ctrl-C and Ctrl-Z arrive as bytes), no translation of input or output, a read
    /// returning as soon as one byte is there; like `cfmakeraw(3)`, but characters keep
    /// their size and parity settings.
    package var rawMode: TerminalModes {
      var modes = self
      modes.attributes.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
      modes.attributes.c_oflag &= ~tcflag_t(OPOST)
      modes.attributes.c_cflag |= tcflag_t(CS8)
      modes.attributes.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &modes.attributes.c_cc) { controls in
        controls[Int(VMIN)] = 1
        controls[Int(VTIME)] = 0
      }
      return modes
    }

    /// Whether the kernel has marked the input typed so far to be retyped (`PENDIN`), as
    /// xnu does whenever line editing (`ICANON`) is turned back on: a note of the kernel's,
    /// not a mode a program sets, which ``==`` ignores.
    package var inputPendingRetype: Bool {
      get { attributes.c_lflag & tcflag_t(PENDIN) != 0 }
      set {
        if newValue {
          attributes.c_lflag |= tcflag_t(PENDIN)
        } else {
          attributes.c_lflag &= ~tcflag_t(PENDIN)
        }
      }
    }

    /// Whether two sets of modes are the same: their flags but ``inputPendingRetype``, their
    /// control characters and their speeds. (Compared field by field, not byte by byte: a
    /// struct's padding holds no mode.)
    package static func == (lhs: TerminalModes, rhs: TerminalModes) -> Bool {
      var first = lhs.attributes
      var second = rhs.attributes
      let note = tcflag_t(PENDIN)
      return first.c_iflag == second.c_iflag && first.c_oflag == second.c_oflag
        && first.c_cflag == second.c_cflag
        && first.c_lflag & ~note == second.c_lflag & ~note
        && withUnsafeBytes(of: first.c_cc) { one in
          withUnsafeBytes(of: second.c_cc) { other in one.elementsEqual(other) }
        }
        && cfgetispeed(&first) == cfgetispeed(&second)
        && cfgetospeed(&first) == cfgetospeed(&second)
    }
  }

  /// `tcgetattr(3)`: a terminal's modes.
  ///
  /// - Throws: The call's `errno`; `ENOTTY` when the descriptor is not a terminal.
  package static func terminalModes(_ descriptor: Int32) throws(SystemCallError) -> TerminalModes {
    var modes = TerminalModes()
    _ = try retryingOnInterrupt { tcgetattr(descriptor, &modes.attributes) }
    return modes
  }

  /// `tcsetattr(3)` with `TCSADRAIN`: sets a terminal's modes once the output written so far
  /// has gone out. Keys typed ahead are kept, not thrown away as `TCSAFLUSH` would.
  ///
  /// - Throws: The call's `errno`.
  package static func setTerminalModes(_ modes: TerminalModes, _ descriptor: Int32)
    throws(SystemCallError)
  {
    var modes = modes
    _ = try retryingOnInterrupt { tcsetattr(descriptor, TCSADRAIN, &modes.attributes) }
  }

  /// A terminal's size, `ioctl(TIOCGWINSZ)`.
  ///
  /// - Parameter descriptor: The terminal.
  /// - Returns: Its columns and rows, or `nil` when it does not say.
  package static func terminalSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
    var window = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return nil }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Marks a descriptor close-on-exec: a program this one starts does not inherit it
  /// (unless it is made one of the program's standard streams).
  ///
  /// - Parameter descriptor: An open descriptor.
  package static func setCloseOnExec(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }
}
