/// Whether a run of the command line saved the roster, for the message of an output that
/// fails afterwards: the edit is on disk, and a script that runs it again should know.
final class SaveRecord {
  /// The roster file saved, as the command line named it, or `nil` while nothing is saved.
  private(set) var savedPath: String?

  /// Notes that the roster was saved.
  ///
  /// - Parameter path: The roster file, as the command line named it.
  func noteSaved(_ path: String) {
    savedPath = path
  }
}
