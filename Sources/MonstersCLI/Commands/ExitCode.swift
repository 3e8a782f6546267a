/// How a run of `monsters` ends, as its exit status (the codes of `sysexits.h`).
public enum ExitCode: Hashable, Sendable {
  /// Done, also when there was nothing to change.
  case success
  /// The command could not do it: no such monster, a taken name, problems found.
  case failure
  /// With `--exit-code`, the edit could not be made (what is otherwise ``failure``), as
  /// `diff(1)` tells trouble from differences.
  case editNotMade
  /// The command line is wrong.
  case usage
  /// The roster file is not a valid roster.
  case dataError
  /// An input that must exist does not.
  case noInput
  /// A file could not be read or written.
  case ioError
  /// Another process held the roster's lock longer than the lock wait.
  case lockBusy
  /// A hang-up (`SIGHUP`) ended the picker: 128 + its number, as a shell reports it.
  case hangUp
  /// Ctrl-C, or `SIGINT`, closed the picker: 128 + 2, as a shell reports it, and as fzf
  /// and gum exit.
  case interrupted
  /// `SIGQUIT` ended the picker: 128 + 3.
  case quit
  /// `SIGTERM` ended the picker: 128 + 15.
  case terminated
  /// Another signal whose default action ends a process (`SIGUSR1`, `SIGALRM`) ended the
  /// picker: 128 + its number, which differs between systems.
  case signal(Int32)

  /// The exit status.
  public var rawValue: Int32 {
    switch self {
    case .success: 0
    case .failure: 1
    case .editNotMade: 2
    case .usage: 64
    case .dataError: 65
    case .noInput: 66
    case .ioError: 74
    case .lockBusy: 75
    case .hangUp: 129
    case .interrupted: 130
    case .quit: 131
    case .terminated: 143
    case .signal(let number): 128 + number
    }
  }
}
