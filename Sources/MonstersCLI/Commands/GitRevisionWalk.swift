import MonsterKit
import MonstersSystem

/// The commits that changed a file, newest first, as `git rev-list` lists them: read one at
/// a time as git writes them, so that a history of any length costs the memory of one
/// commit.
///
/// Every child comes before its parents (`--date-order`), and each commit's parents are
/// those of the history of the file alone (git's history simplification): the nearest
/// ancestors that changed it, which hold the version the commit changed.
final class GitRevisionWalk {
  /// A commit, as the walk lists it.
  struct Commit {
    /// Its hash.
    var hash: String
    /// The hashes of its parents in the file's history, whose versions of the file are
    /// those of its own parents (the commits between changed nothing of it): none for the
    /// commit that first had the file, and for one whose parents are left out (`--since`).
    var parents: [String]
    /// Its hash, abbreviated as git abbreviates it.
    var abbreviated: String
    /// The author's name.
    var author: String
    /// The author's email address.
    var email: String
    /// The author's date, in strict ISO 8601 (`2024-05-01T12:00:00+02:00`).
    var date: String
    /// The first line of its message.
    var subject: String
  }

  /// What git prints of each commit after its `commit <hash> <parents>` line: the fields
  /// of ``Commit`` apart by NUL bytes, which none of them can hold.
  private static let format = "--format=%h%x00%an%x00%ae%x00%aI%x00%s"

  private let pipe: GitPipe

  /// Starts the walk.
  ///
  /// - Parameters:
  ///   - git: The git program and its environment.
  ///   - folder: A folder of the work tree, which git runs in.
  ///   - revisions: What to walk, as `git rev-list` takes it: commits, and commits to leave
  ///     out, each as `^<commit>`.
  ///   - path: The file, from `folder`.
  ///   - since: Only commits more recent than this date, in any form git reads.
  init(
    _ git: GitProcess, folder: String, revisions: [String], path: String, since: String?
  ) throws(CommandFailure) {
    var arguments = [
      "-C", folder, "--literal-pathspecs", "rev-list", "--parents", "--date-order", Self.format,
    ]
    if let since { arguments.append("--since=" + since) }
    arguments += revisions + ["--", path]
    do throws(GitPipe.Failure) {
      pipe = try GitPipe(git, arguments: arguments, takesInput: false)
    } catch {
      throw GitObjectStore.failure(error, git: git.executable)
    }
  }

  /// The next commit, or `nil` at the end of the walk.
  ///
  /// - Throws: ``CommandFailure/git(_:)`` when git fails, with what it said.
  func next() throws(CommandFailure) -> Commit? {
    let header: ArraySlice<UInt8>?
    let line: ArraySlice<UInt8>?
    do throws(GitPipe.Failure) {
      header = try pipe.readLine()
      line = header == nil ? nil : try pipe.readLine()
    } catch {
      throw failure()
    }
    guard let header else {
      let (termination, complaint) = pipe.finish()
      guard termination == .exited(0) else { throw failure(termination, complaint) }
      return nil
    }
    // `commit <hash> <parent>...`, then the fields.
    let hashes = header.split(separator: UInt8(ascii: " ")).dropFirst().map {
      String(decoding: $0, as: UTF8.self)
    }
    guard let hash = hashes.first, let line else { throw failure() }
    var fields = line.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    while fields.count < 5 { fields.append("") }
    return Commit(
      hash: hash, parents: Array(hashes.dropFirst()), abbreviated: fields[0],
      author: fields[1], email: fields[2], date: fields[3], subject: fields[4])
  }

  /// The failure of a walk that git could not make, with what it said.
  private func failure() -> CommandFailure {
    let (termination, complaint) = pipe.finish()
    return failure(termination, complaint)
  }

  private func failure(_ termination: Platform.Termination, _ complaint: String) -> CommandFailure {
    .git(
      "git rev-list failed: "
        + escapedForTerminal(complaint.isEmpty ? "git \(termination)." : complaint))
  }

  /// Ends the walk, before its end or at it.
  func finish() {
    pipe.finish()
  }
}
