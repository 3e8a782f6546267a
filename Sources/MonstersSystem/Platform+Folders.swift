#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Calls on a name in an open folder (`openat`, `fstatat`, `renameat`, `linkat`,
// `unlinkat`), and the folder's listing: an edit works through the descriptor of the folder
// it locked, so that it stays there whatever is renamed meanwhile. Darwin has had each of
// these since macOS 10.10 and iOS 8, with the same arguments as Linux, and
// `AT_SYMLINK_NOFOLLOW`, `O_DIRECTORY` and `O_NOFOLLOW` by the same names (their values
// differ, which the names hide).

extension Platform {
  /// `openat(2)`: opens a name in an open folder.
  ///
  /// - Parameters:
  ///   - name: The name, relative to the folder.
  ///   - folder: The folder, open.
  ///   - options: How to open it.
  ///   - mode: The permissions of a file that ``OpenOptions/create`` makes, before the
  ///     umask.
  /// - Returns: The descriptor, which the caller closes.
  /// - Throws: The call's `errno`; `ELOOP` for a symbolic link with
  ///   ``OpenOptions/noFollow``, `EEXIST` for a name taken with ``OpenOptions/exclusive``.
  package static func openFile(
    _ name: String, in folder: Int32, _ options: OpenOptions, mode: Mode = 0
  ) throws(SystemCallError) -> Int32 {
    try retryingOnInterrupt { openat(folder, name, options.rawValue, mode) }
  }

  /// `fstatat(2)`: the status of a name in an open folder.
  ///
  /// - Parameters:
  ///   - name: The name, relative to the folder.
  ///   - folder: The folder, open.
  ///   - followingLinks: Whether a symbolic link is followed, or described itself
  ///     (`AT_SYMLINK_NOFOLLOW`).
  /// - Throws: The call's `errno`; `ENOENT` when nothing has the name.
  package static func fileStatus(of name: String, in folder: Int32, followingLinks: Bool)
    throws(SystemCallError) -> FileStatus
  {
    var status = FileStatus()
    let flags = followingLinks ? 0 : AT_SYMLINK_NOFOLLOW
    _ = try retryingOnInterrupt { fstatat(folder, name, &status, flags) }
    return status
  }

  /// `faccessat(2)` with `W_OK` and `AT_EACCESS`: whether this process, as its effective
  /// user and groups, may write to the file a name in an open folder names, as `open(2)`
  /// for writing would decide (root may write a file whatever its mode).
  ///
  /// - Parameters:
  ///   - name: The name, relative to the folder; a symbolic link is followed.
  ///   - folder: The folder, open.
  /// - Throws: The call's `errno`: `EACCES` when the process may not write the file,
  ///   `EROFS` on a read-only file system.
  package static func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError) {
    _ = try retryingOnInterrupt { faccessat(folder, name, W_OK, AT_EACCESS) }
  }

  /// `renameat(2)` within one open folder: the source's file takes the destination's name,
  /// replacing whatever had it, in one step.
  ///
  /// - Throws: The call's `errno`; `ENOENT` when the source is gone.
  package static func renameFile(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { renameat(folder, source, folder, destination) }
  }

  /// `linkat(2)` within one open folder: a second name for a file, which fails when the new
  /// name is taken. A symbolic link at the source is linked itself, not followed.
  ///
  /// - Throws: The call's `errno`; `EEXIST` when the new name is taken, `EPERM` or
  ///   `ENOTSUP` on a file system without hard links.
  package static func makeLink(to existing: String, at newName: String, in folder: Int32)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { linkat(folder, existing, folder, newName, 0) }
  }

  /// `unlinkat(2)`: removes a name of a file (not a folder) from an open folder.
  ///
  /// - Throws: The call's `errno`; `ENOENT` when nothing has the name, `EISDIR` (Linux) or
  ///   `EPERM` (Darwin) for a folder.
  package static func removeFile(_ name: String, in folder: Int32) throws(SystemCallError) {
    _ = try retryingOnInterrupt { unlinkat(folder, name, 0) }
  }

  /// The names in an open folder, without `.` and `..`: `fdopendir(3)` and `readdir(3)` on
  /// a descriptor of its own, so that the folder's descriptor keeps its reading position and
  /// stays open.
  ///
  /// `dirent`'s `d_name` is 256 bytes on Linux and 1024 on Darwin; a name is read up to its
  /// NUL on both, as bytes (a name need not be UTF-8).
  ///
  /// - Parameter folder: The folder, open.
  /// - Returns: The names, in the order the folder gives them.
  /// - Throws: The `errno` of a failed call.
  package static func names(inFolder folder: Int32) throws(SystemCallError) -> [[UInt8]] {
    let descriptor = try openFile(".", in: folder, [.readOnly, .directory, .closeOnExec])
    guard let stream = fdopendir(descriptor) else {
      let error = SystemCallError(errno)
      closeFile(descriptor)
      throw error
    }
    // closedir closes the descriptor too.
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else {
        if errno != 0 { throw SystemCallError(errno) }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] {
        names.append(name)
      }
    }
  }

  /// Makes reads of a descriptor opened with ``OpenOptions/nonBlocking`` wait for data
  /// again: `fcntl(F_SETFL)` without `O_NONBLOCK`.
  ///
  /// - Parameter descriptor: The descriptor.
  /// - Throws: The call's `errno`.
  package static func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    let flags = try retryingOnInterrupt { fcntl(descriptor, F_GETFL) }
    _ = try retryingOnInterrupt { fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
  }
}
