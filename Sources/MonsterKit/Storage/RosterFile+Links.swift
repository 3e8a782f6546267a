import MonstersSystem

// Which file an edit replaces: symbolic links are followed, so that an edit replaces the
// link's target and the link stays a link. What the path names is asked of the kernel
// first: a pipe behind `/dev/stdin` or a process substitution is read, never replaced.

extension RosterFile {
  /// How many symbolic links are followed before giving up with `ELOOP`, as Linux does.
  static let linkLimit = 40

  /// Where an edit works: the folder the roster is in, and the roster's name there.
  struct EditTarget {
    /// The folder's path.
    var folder: String
    /// The roster's name in the folder.
    var name: String
  }

  /// The file an edit replaces, or creates: the path with symbolic links followed.
  ///
  /// - Parameter action: The action named when a folder stands at the path: `read` for an
  ///   edit, which reads first, `write` for ``initialize(force:)-x46j``.
  /// - Returns: The folder and the name, or `nil` when the file changed while it was being
  ///   looked at, and it is time to look again.
  /// - Throws: ``RosterError/notEditable(path:)`` for a pipe, a socket or a terminal, or a
  ///   roster read from a stream; ``RosterError/notARegularFile(path:)`` for another
  ///   device; ``RosterError/missingFile(path:)`` for an edit through a link that leads
  ///   nowhere, when the file must exist; ``RosterError/fileSystem(path:action:errno:)``
  ///   for a folder, a link that cannot be read or (to be written) leads nowhere, or after
  ///   ``linkLimit`` links (`ELOOP`).
  func editTarget(action: RosterError.FileAction) throws(RosterError) -> EditTarget? {
    if stream != nil { throw .notEditable(path: path) }
    let named = try statusAsOpened(action: action)
    let (target, status, followedLink) = try followingLinks()
    if let named {
      // The file the kernel opened is the one the links lead to, unless an edit renamed a
      // new file in between: then it is time to look again.
      guard let status, status.isSameFile(as: named) else {
        return nil
      }
    } else if status == nil && followedLink {
      // An edit of a file that must exist finds it missing, wherever the link leads.
      if whenMissing == .error && action == .read { throw .missingFile(path: path) }
      // As cp does, no file is created through a link that leads nowhere: planted, it could
      // make an edit write anywhere.
      throw .fileSystem(
        path: path, action: .writeThroughLink,
        errno: Platform.ErrorNumber.noSuchFile)
    }
    return EditTarget(folder: directory(of: target), name: baseName(of: target))
  }

  /// The status of the file that opening the path gives, links followed by the kernel, or
  /// `nil` when there is none; anything but a regular file is refused.
  func statusAsOpened(action: RosterError.FileAction) throws(RosterError) -> Platform
    .FileStatus?
  {
    guard let descriptor = try openWithoutWaiting() else { return nil }
    defer { fileSystem.close(descriptor) }
    let status = try performing(.read) { () throws(SystemCallError) in
      try fileSystem.fstat(descriptor)
    }
    switch kind(of: status, descriptor: descriptor) {
    case .regular: return status
    case .folder: throw failure(action, SystemCallError(Platform.ErrorNumber.isADirectory))
    case .stream: throw .notEditable(path: path)
    case .device: throw .notARegularFile(path: path)
    }
  }

  /// Where the path's symbolic links lead, when the path is a link that leads nowhere: the
  /// path the file would have, relative to the current folder as the path is; `nil` for a
  /// path that is no link, a link to a file, or one that cannot be followed.
  package func danglingLinkTarget() -> String? {
    guard let (target, status, followedLink) = try? followingLinks(), followedLink, status == nil
    else { return nil }
    return target
  }

  /// The path of the file the roster's symbolic links lead to, which is the file git
  /// tracks, merges and diffs (git keeps a link as a link): the path itself when it is no
  /// link, is read from a stream, or has links that cannot be followed.
  package func linkTargetPath() -> String {
    guard stream == nil, let (target, _, followedLink) = try? followingLinks(), followedLink
    else { return path }
    // A link beside a roster named without a folder leads to `./target`: name it `target`.
    let here = "./".utf8
    return !path.utf8.starts(with: here) && target.utf8.starts(with: here)
      ? String(decoding: target.utf8.dropFirst(here.count), as: UTF8.self) : target
  }

  /// The path with symbolic links followed one by one, as the system would.
  ///
  /// - Returns: The path of the file, or of where it would be when there is none; its
  ///   status, or `nil` when there is none; and whether a link was followed.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when a link cannot be read,
  ///   or after ``linkLimit`` links (`ELOOP`).
  private func followingLinks() throws(RosterError) -> (String, Platform.FileStatus?, Bool) {
    var current = path
    for step in 0..<Self.linkLimit {
      let status = try performing(.read) { () throws(SystemCallError) in
        try fileSystem.lstatIfPresent(current)
      }
      guard let status, status.fileType == .symbolicLink else {
        return (current, status, step > 0)
      }
      let target: String
      do throws(SystemCallError) {
        target = try fileSystem.readlink(current)
      } catch  where error.code == Platform.ErrorNumber.illegalByteSequence {
        // A target that is not UTF-8 can be opened, and so read, but not named again.
        throw failure(.writeThroughLink, error)
      } catch {
        throw failure(.read, error)
      }
      current = target.hasPrefix(codePoint: "/") ? target : directory(of: current) + "/" + target
    }
    throw failure(.read, SystemCallError(Platform.ErrorNumber.tooManyLinks))
  }
}

/// The folder part of a path: `.` for a bare name.
package func directory(of path: String) -> String {
  guard let folder = path.split(atLast: "/")?.head else { return "." }
  return folder.isEmpty ? "/" : folder
}

/// The last part of a path.
package func baseName(of path: String) -> String {
  path.split(atLast: "/")?.tail ?? path
}
