/// What a roster file is read and written with: the system calls, one by one.
///
/// The roster file does all its file work through this seam, so that tests can make any one
/// of the calls fail (a full disk on the third write, a failed `rename`) and check that the
/// roster survives, the way SQLite's tests inject I/O errors.
///
/// An edit works in the roster's folder through a descriptor of it (the calls that take
/// `in folder:`), so that what it reads, writes and renames stays in the one folder it
/// locked, whatever is renamed meanwhile.
package protocol FileSystem: Sendable {
  /// `open(2)`: returns a file descriptor.
  func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  /// `openat(2)`: opens a name in an open folder; returns a file descriptor.
  func open(_ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  /// `read(2)`: returns how many bytes were read, 0 at the end of the file.
  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  /// `write(2)`: returns how many bytes were written.
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
  /// Makes what was written durable: `fsync(2)`, `fcntl(F_FULLFSYNC)` on Darwin
  /// (``Platform/synchronize(_:)``).
  func synchronize(_ descriptor: Int32) throws(SystemCallError)
  /// Makes durable everything written to the file system that holds a file
  /// (``Platform/synchronizeFileSystem(of:)``): for a folder that cannot be synced itself.
  func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError)
  /// `fstat(2)`.
  func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus
  /// `lstat(2)`.
  func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus
  /// `fstatat(2)` with `AT_SYMLINK_NOFOLLOW`: the status of a name in an open folder.
  func lstat(_ name: String, in folder: Int32) throws(SystemCallError) -> Platform.FileStatus
  /// `faccessat(2)` with `W_OK`: fails unless this process may write the file a name in
  /// an open folder names (``Platform/checkWritable(_:in:)``).
  func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError)
  /// `readlink(2)`.
  func readlink(_ path: String) throws(SystemCallError) -> String
  /// `fchmod(2)`.
  func fchmod(_ descriptor: Int32, mode: Platform.Mode) throws(SystemCallError)
  /// `fchown(2)`.
  func fchown(_ descriptor: Int32, owner: Platform.UserID, group: Platform.GroupID)
    throws(SystemCallError)
  /// `flock(2)`.
  func flock(_ descriptor: Int32, _ operation: Platform.LockOperation) throws(SystemCallError)
  /// `fcntl(2)`: clears `O_NONBLOCK`, so that reads wait for data.
  func setBlocking(_ descriptor: Int32) throws(SystemCallError)
  /// `isatty(3)`.
  func isTerminal(_ descriptor: Int32) -> Bool
  /// `poll(2)`: waits until a descriptor can be read or has hung up, or the time runs out
  /// (``Platform/waitUntilReadable(_:milliseconds:)``).
  ///
  /// - Returns: Whether it is ready; `false` when the time ran out.
  func waitUntilReadable(_ descriptor: Int32, milliseconds: Int) throws(SystemCallError) -> Bool
  /// `renameat(2)`, within an open folder.
  func rename(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  /// `linkat(2)`, within an open folder: fails with `EEXIST` when the new name is taken.
  func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  /// `unlinkat(2)`: removes a name from an open folder.
  func unlink(_ name: String, in folder: Int32) throws(SystemCallError)
  /// `readdir(3)`: the names in an open folder that are UTF-8, without `.` and `..`.
  func names(inFolder folder: Int32) throws(SystemCallError) -> [String]
  /// `flistxattr(2)`: the names of a file's extended attributes, as bytes.
  func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [[UInt8]]
  /// `fgetxattr(2)`: the value of one of a file's extended attributes, or `nil` when it
  /// has none by the name.
  func attribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) -> [UInt8]?
  /// `fsetxattr(2)`: sets one of a file's extended attributes.
  func setAttribute(_ name: [UInt8], to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  /// `fremovexattr(2)`: removes one of a file's extended attributes.
  func removeAttribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError)
  /// Gives a file the access control list of another, where the system keeps lists apart
  /// from the extended attributes (Darwin); nothing where they are attributes (Linux).
  func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  /// `close(2)`.
  func close(_ descriptor: Int32)
}

extension FileSystem {
  /// Reads a whole file, as every input is read (``readWhole(_:limit:)``): a regular file,
  /// a pipe, a FIFO, a socket or a terminal, opened in a way that never waits (a FIFO
  /// without a writer reads as empty); a device or a folder is refused before a byte is
  /// read, and nothing is read past ``Platform/wholeReadLimit``.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The bytes, or `nil` when there is no file at the path.
  /// - Throws: The `errno` of a failed call; `EISDIR` for a folder, `ENXIO` for a device,
  ///   `EFBIG` over 4 GiB.
  package func contents(of path: String) throws(SystemCallError) -> [UInt8]? {
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try open(path, options: [.readOnly, .nonBlocking, .closeOnExec], mode: 0)
    } catch {
      if error.code == Platform.ErrorNumber.noSuchFile { return nil }
      throw error
    }
    defer { close(descriptor) }
    try setBlocking(descriptor)
    do throws(WholeReadError) {
      return try readWhole(descriptor, limit: Platform.wholeReadLimit)
    } catch {
      switch error {
      case .device: throw SystemCallError(Platform.ErrorNumber.noSuchDevice)
      case .tooLarge: throw SystemCallError(Platform.ErrorNumber.fileTooLarge)
      case .failed(let code): throw SystemCallError(code)
      }
    }
  }

  /// Opens a folder to work in it by name (`openat(2)`, `renameat(2)`): for reading, or
  /// where this process may search the folder but not read it (mode 733), for search only
  /// (``Platform/OpenOptions/searchOnly``), which can be neither listed, locked nor synced.
  ///
  /// - Parameter path: The folder's path.
  /// - Returns: The descriptor.
  /// - Throws: The `errno` of a failed call.
  package func openFolder(_ path: String) throws(SystemCallError) -> Int32 {
    do throws(SystemCallError) {
      return try open(path, options: [.readOnly, .directory, .closeOnExec], mode: 0)
    } catch  where error.code == Platform.ErrorNumber.accessDenied {
      return try open(path, options: [.searchOnly, .directory, .closeOnExec], mode: 0)
    }
  }

  /// `lstat(2)`, for a path that may name nothing.
  ///
  /// - Parameter path: The path; a symbolic link is not followed.
  /// - Returns: The status, or `nil` when there is nothing at the path.
  /// - Throws: The `errno` of a failed call other than `ENOENT`.
  package func lstatIfPresent(_ path: String) throws(SystemCallError) -> Platform.FileStatus? {
    do throws(SystemCallError) {
      return try lstat(path)
    } catch  where error.code == Platform.ErrorNumber.noSuchFile {
      return nil
    }
  }

  /// `fstatat(2)` of a name in an open folder that may name nothing; links not followed.
  ///
  /// - Returns: The status, or `nil` when there is nothing by the name.
  /// - Throws: The `errno` of a failed call other than `ENOENT`.
  package func lstatIfPresent(_ name: String, in folder: Int32) throws(SystemCallError) -> Platform
    .FileStatus?
  {
    do throws(SystemCallError) {
      return try lstat(name, in: folder)
    } catch  where error.code == Platform.ErrorNumber.noSuchFile {
      return nil
    }
  }
}
