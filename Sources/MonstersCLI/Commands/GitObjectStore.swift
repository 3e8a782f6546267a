import MonsterKit
import MonstersSystem

/// The files of commits, from git's object store: `git cat-file --batch-check` says which
/// object a commit's file is, and `git cat-file --batch` gives an object's bytes, each
/// running for as long as the store is used, so that a walk of a thousand commits starts
/// two programs, not two thousand.
final class GitObjectStore {
  /// An object's name and what it is, as `--batch-check` answers.
  struct Object: Hashable {
    /// Its hash.
    var name: String
    /// Whether it is a file's bytes (`blob`), rather than a folder, a submodule's commit
    /// or nothing.
    var isBlob: Bool
    /// Its size in bytes.
    var size: Int
  }

  private let checks: GitPipe
  private let contents: GitPipe
  /// The folder git runs in, for messages.
  private let shown: String

  /// Starts the two programs in a folder of a repository.
  ///
  /// - Parameters:
  ///   - git: The git program and its environment.
  ///   - folder: A folder of the work tree.
  init(_ git: GitProcess, folder: String) throws(CommandFailure) {
    shown = escapedForTerminal(folder)
    do throws(GitPipe.Failure) {
      checks = try GitPipe(
        git, arguments: ["-C", folder, "cat-file", "--batch-check"], takesInput: true)
      contents = try GitPipe(
        git, arguments: ["-C", folder, "cat-file", "--batch"], takesInput: true)
    } catch {
      throw Self.failure(error, git: git.executable)
    }
  }

  /// The object a commit holds at a path, or `nil` when the commit has nothing there.
  ///
  /// - Parameters:
  ///   - commit: The commit's hash.
  ///   - path: The path from the top of the work tree; it holds no line break.
  func object(at path: String, in commit: String) throws(CommandFailure) -> Object? {
    let line: ArraySlice<UInt8>
    do throws(GitPipe.Failure) {
      try checks.write(Array("\(commit):\(path)\n".utf8))
      guard let answer = try checks.readLine() else { throw .ended }
      line = answer
    } catch {
      throw failure(error, of: checks)
    }
    // `<name> <type> <size>`, or `<request> missing` (or `ambiguous`).
    let fields = line.split(separator: UInt8(ascii: " "))
    guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)) else {
      return nil
    }
    return Object(
      name: String(decoding: fields[0], as: UTF8.self),
      isBlob: fields[1].elementsEqual("blob".utf8), size: size)
  }

  /// The bytes of a file's object.
  ///
  /// - Parameter object: An object ``object(at:in:)`` found, a blob.
  func bytes(of object: Object) throws(CommandFailure) -> [UInt8] {
    do throws(GitPipe.Failure) {
      try contents.write(Array("\(object.name)\n".utf8))
      // `<name> blob <size>`, the bytes, and a line break.
      guard let header = try contents.readLine(),
        header.split(separator: UInt8(ascii: " ")).count == 3
      else { throw .ended }
      let bytes = try contents.read(count: object.size)
      _ = try contents.read(count: 1)
      return bytes
    } catch {
      throw failure(error, of: contents)
    }
  }

  /// A commit's own parents, as its object lists them.
  ///
  /// - Parameter commit: The commit's hash.
  func parents(of commit: String) throws(CommandFailure) -> [String] {
    let object: [UInt8]
    do throws(GitPipe.Failure) {
      try contents.write(Array("\(commit)\n".utf8))
      // `<name> commit <size>`, the object, and a line break.
      guard let header = try contents.readLine() else { throw .ended }
      let fields = header.split(separator: UInt8(ascii: " "))
      guard fields.count == 3, fields[1].elementsEqual("commit".utf8),
        let size = Int(String(decoding: fields[2], as: UTF8.self))
      else { return [] }
      object = try contents.read(count: size)
      _ = try contents.read(count: 1)
    } catch {
      throw failure(error, of: contents)
    }
    // The header lines, up to the first empty one: `tree`, then a `parent` line each.
    var parents: [String] = []
    for line in object.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if line.isEmpty { break }
      if line.starts(with: "parent ".utf8) {
        parents.append(String(decoding: line.dropFirst("parent ".utf8.count), as: UTF8.self))
      }
    }
    return parents
  }

  /// Ends both programs.
  func finish() {
    checks.finish()
    contents.finish()
  }

  private func failure(_ error: GitPipe.Failure, of pipe: GitPipe) -> CommandFailure {
    let (termination, complaint) = pipe.finish()
    let said = complaint.isEmpty ? "git \(termination)" : escapedForTerminal(complaint)
    switch error {
    case .notStarted(let code), .broken(let code):
      return .git(
        "Cannot read git's objects in \(shown): \(Platform.errorDescription(code)); \(said).")
    case .ended:
      return .git("Cannot read git's objects in \(shown): \(said).")
    }
  }

  /// The failure of a pipe that could not be started.
  static func failure(_ error: GitPipe.Failure, git: String) -> CommandFailure {
    switch error {
    case .notStarted(let code), .broken(let code):
      .git("Cannot run \(escapedForTerminal(git)): \(Platform.errorDescription(code)).")
    case .ended:
      .git("Cannot run \(escapedForTerminal(git)).")
    }
  }
}
