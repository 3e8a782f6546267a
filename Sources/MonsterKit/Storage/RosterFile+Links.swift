import Glibc

// Which file the path names: symbolic links are followed, so that an edit replaces the
// link's target and the link stays a link.

extension RosterFile {
  /// The path with symbolic links followed: the file that is read and replaced.
  ///
  /// - Returns: The path of the file, or of where it would be when there is none.
  /// - Throws: ``RosterError/notARegularFile(path:)`` for a device, a pipe or a socket;
  ///   ``RosterError/fileSystem(path:action:errno:)`` when a link cannot be read, or
  ///   after 40 links (`ELOOP`), as the system gives up.
  func resolvedPath() throws(RosterError) -> String {
    var current = path
    for _ in 0..<40 {
      let status = try performing("read") { () throws(SystemCallError) in
        try fileSystem.lstatIfPresent(current)
      }
      guard let status else { return current }
      switch status.st_mode & S_IFMT {
      case S_IFLNK: break
      // A folder is refused when it is opened. A device or a pipe is no roster file:
      // /dev/zero would be read for ever, a FIFO would block, and an edit would put a
      // file in its place.
      case S_IFREG, S_IFDIR: return current
      default: throw .notARegularFile(path: path)
      }
      let target = try performing("read") { () throws(SystemCallError) in
        try fileSystem.readlink(current)
      }
      current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    throw failure("read", SystemCallError(ELOOP))
  }
}

/// The folder part of a path: `.` for a bare name.
func directory(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last part of a path.
func baseName(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return path }
  return String(path[path.index(after: slash)...])
}
