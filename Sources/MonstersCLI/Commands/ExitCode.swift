/// How a run of `monsters` ends, as its exit status (the codes of `sysexits.h`).
public enum ExitCode: Int32, Sendable {
  /// Done, also when there was nothing to change.
  case success = 0
  /// The command could not do it: no such monster, a taken name, problems found.
  case failure = 1
  /// With `--exit-code`, the edit could not be made (what is otherwise ``failure``), as
  /// `diff(1)` tells trouble from differences.
  case editNotMade = 2
  /// The command line is wrong.
  case usage = 64
  /// The roster file is not a valid roster.
  case dataError = 65
  /// An input that must exist does not.
  case noInput = 66
  /// A file could not be read or written.
  case ioError = 74
  /// Another process held the roster's lock longer than the lock wait.
  case lockBusy = 75
  /// A hang-up (`SIGHUP`) ended the picker: 128 + its number, as a shell reports it.
  case hangUp = 129
  /// Ctrl-C, or `SIGINT`, closed the picker: 128 + 2, as a shell reports it, and as fzf
  /// and gum exit.
  case interrupted = 130
  /// `SIGQUIT` ended the picker: 128 + 3.
  case quit = 131
  /// `SIGTERM` ended the picker: 128 + 15.
  case terminated = 143
}
