/// What a run of the command line did that a later message depends on: whether it saved
/// the roster, for the message of an output that fails afterwards (the edit is on disk, or
/// the file is as it was, and a script that runs it again should know which), and whether
/// it has said that the roster it shows is the seeded one, which it says once.
final class RunRecord {
  /// What the run did to the roster file.
  enum State: Equatable {
    /// It made no edit: a command that only reads.
    case noEdit
    /// It made an edit that wrote nothing (a dry run, or one that changed nothing): the
    /// roster file, as the command line named it, is as it was.
    case unsaved(path: String)
    /// It saved roster files, as the command line named them, in the order saved: one for
    /// an edit, each file it rewrote for `fmt`.
    case saved(paths: [String])
  }

  /// What the run did so far.
  private(set) var state = State.noEdit

  /// Notes that a roster file was saved; one saved before stays noted.
  ///
  /// - Parameter path: The roster file, as the command line named it.
  func noteSaved(_ path: String) {
    if case .saved(let paths) = state {
      if !paths.contains(path) { state = .saved(paths: paths + [path]) }
    } else {
      state = .saved(paths: [path])
    }
  }

  /// Whether the run has said on standard error that the roster it shows is the seeded one.
  var notedSeededRoster = false

  /// Notes an edit that wrote nothing; a save noted before stands.
  ///
  /// - Parameter path: The roster file, as the command line named it.
  func noteUnsaved(_ path: String) {
    if state == .noEdit { state = .unsaved(path: path) }
  }
}
