/// Something the picker waits for: a key, or a signal.
enum TerminalEvent: Hashable, Sendable {
  /// A key was pressed.
  case key(PickerKey)
  /// The window changed size (`SIGWINCH`).
  case resized
  /// The process was asked to stop for now (`SIGTSTP` from outside).
  case suspendRequested
  /// The process goes on after it was stopped (`SIGCONT`): the terminal may have been reset.
  case continued
  /// The process was asked to end (`SIGINT`, `SIGTERM`, `SIGHUP`, `SIGUSR1`, or another
  /// signal whose default action ends it): the signal's number.
  case terminated(signal: Int32)
  /// Standard input ended: the terminal went away.
  case endOfInput
}
