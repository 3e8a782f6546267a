import Glibc

/// A failed system call: the `errno` it gave.
package struct SystemCallError: Error, Hashable, Sendable {
  /// The `errno` value, such as `ENOSPC`.
  package var code: Int32

  /// Creates an error.
  ///
  /// - Parameter code: The `errno` value.
  package init(_ code: Int32) {
    self.code = code
  }

  /// The error of the last failed system call on this thread.
  static var last: SystemCallError { SystemCallError(errno) }
}

/// What a roster file is read and written with: the system calls, one by one.
///
/// ``RosterFile`` does all its file work through this seam, so that tests can make any one
/// of the calls fail (a full disk on the third write, a failed `rename`) and check that the
/// roster survives, the way SQLite's tests inject I/O errors.
package protocol FileSystem: Sendable {
  /// `open(2)`: returns a file descriptor.
  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32
  /// `read(2)`: returns how many bytes were read, 0 at the end of the file.
  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  /// `write(2)`: returns how many bytes were written.
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
  /// `fsync(2)`.
  func fsync(_ descriptor: Int32) throws(SystemCallError)
  /// `fstat(2)`.
  func fstat(_ descriptor: Int32) throws(SystemCallError) -> stat
  /// `lstat(2)`.
  func lstat(_ path: String) throws(SystemCallError) -> stat
  /// `readlink(2)`.
  func readlink(_ path: String) throws(SystemCallError) -> String
  /// `fchmod(2)`.
  func fchmod(_ descriptor: Int32, mode: mode_t) throws(SystemCallError)
  /// `fchown(2)`.
  func fchown(_ descriptor: Int32, owner: uid_t, group: gid_t) throws(SystemCallError)
  /// `flock(2)`.
  func flock(_ descriptor: Int32, _ operation: Int32) throws(SystemCallError)
  /// `rename(2)`.
  func rename(_ source: String, to destination: String) throws(SystemCallError)
  /// `unlink(2)`.
  func unlink(_ path: String) throws(SystemCallError)
  /// `close(2)`.
  func close(_ descriptor: Int32)
}

extension FileSystem {
  /// Opens a file for reading, and says what it is.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The descriptor, which the caller closes, and the file's status; `nil` when
  ///   there is no file at the path.
  /// - Throws: The `errno` of a failed call; `EISDIR` for a folder, `EFBIG` over 4 GiB.
  package func openForReading(_ path: String) throws(SystemCallError)
    -> (descriptor: Int32, status: stat)?
  {
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try open(path, flags: O_RDONLY | O_CLOEXEC, mode: 0)
    } catch {
      if error.code == ENOENT { return nil }
      throw error
    }
    do throws(SystemCallError) {
      let status = try fstat(descriptor)
      if status.st_mode & S_IFMT == S_IFDIR { throw SystemCallError(EISDIR) }
      // Refused before a buffer for it is made, not once it is read.
      if status.st_size > Int(UInt32.max) { throw SystemCallError(EFBIG) }
      return (descriptor, status)
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// Reads a whole file.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The bytes, or `nil` when there is no file at the path.
  /// - Throws: The `errno` of a failed call; `EISDIR` for a folder, `EFBIG` over 4 GiB.
  package func contents(of path: String) throws(SystemCallError) -> [UInt8]? {
    guard let (descriptor, status) = try openForReading(path) else { return nil }
    defer { close(descriptor) }
    return try readAll(descriptor, sizeHint: Int(status.st_size))
  }

  /// Reads an open file to its end.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading.
  ///   - sizeHint: The file's size, for a buffer that needs no growing.
  /// - Throws: The `errno` of a failed read; `EFBIG` past 4 GiB.
  func readAll(_ descriptor: Int32, sizeHint: Int) throws(SystemCallError) -> [UInt8] {
    var failure: SystemCallError?
    // One byte more than the size, so that a file of the size it had is read in one go
    // and its end seen without growing the buffer.
    let capacity = max(sizeHint, 0) + 1
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      while count < buffer.count {
        do throws(SystemCallError) {
          let read = try self.read(
            descriptor,
            into: UnsafeMutableRawBufferPointer(
              UnsafeMutableBufferPointer(rebasing: buffer[count...])))
          if read == 0 { return }
          count += read
        } catch {
          failure = error
          return
        }
      }
    }
    if let failure { throw failure }
    guard bytes.count == capacity else { return bytes }
    // The file grew while it was read.
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = try chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemCallError) in try self.read(descriptor, into: buffer) }
      }.get()
      if read == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<read])
      if bytes.count > Int(UInt32.max) { throw SystemCallError(EFBIG) }
    }
  }
}

/// Asks the kernel to back a large buffer that is not yet touched with 2 MiB pages, where
/// it can: a large roster then costs a few hundred page faults instead of tens of
/// thousands, and random reads of it fewer TLB misses.
///
/// - Parameter buffer: Memory this process owns and has not written yet.
func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
  let hugePage = 2 << 20
  guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
  let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
  let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
  guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
  _ = madvise(aligned, end - start, MADV_HUGEPAGE)
}

/// The system's own calls.
package struct SystemFileSystem: FileSystem {
  /// Creates the system's file system.
  package init() {}

  package func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    try retryingOnInterrupt { Glibc.open(path, flags, mode) }
  }

  package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try retryingOnInterrupt { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
  }

  package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try retryingOnInterrupt { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
  }

  package func fsync(_ descriptor: Int32) throws(SystemCallError) {
    _ = try retryingOnInterrupt { Glibc.fsync(descriptor) }
  }

  package func fstat(_ descriptor: Int32) throws(SystemCallError) -> stat {
    var status = stat()
    _ = try retryingOnInterrupt { Glibc.fstat(descriptor, &status) }
    return status
  }

  package func lstat(_ path: String) throws(SystemCallError) -> stat {
    var status = stat()
    _ = try retryingOnInterrupt { Glibc.lstat(path, &status) }
    return status
  }

  package func readlink(_ path: String) throws(SystemCallError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = try retryingOnInterrupt { Glibc.readlink(path, &buffer, buffer.count - 1) }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  package func fchmod(_ descriptor: Int32, mode: mode_t) throws(SystemCallError) {
    _ = try retryingOnInterrupt { Glibc.fchmod(descriptor, mode) }
  }

  package func fchown(_ descriptor: Int32, owner: uid_t, group: gid_t) throws(SystemCallError) {
    _ = try retryingOnInterrupt { Glibc.fchown(descriptor, owner, group) }
  }

  package func flock(_ descriptor: Int32, _ operation: Int32) throws(SystemCallError) {
    // `flock` names a struct too; the function type picks the function.
    let lock = Glibc.flock(_:_:)
    _ = try retryingOnInterrupt { lock(descriptor, operation) }
  }

  package func rename(_ source: String, to destination: String) throws(SystemCallError) {
    _ = try retryingOnInterrupt { Glibc.rename(source, destination) }
  }

  package func unlink(_ path: String) throws(SystemCallError) {
    _ = try retryingOnInterrupt { Glibc.unlink(path) }
  }

  package func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }
}

/// Runs a system call until it is not interrupted by a signal.
///
/// - Returns: The call's result when it is not negative.
/// - Throws: The call's `errno` when it fails.
@inline(__always)
private func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result)
  throws(SystemCallError) -> Result
{
  while true {
    let result = call()
    if result >= 0 { return result }
    if errno != EINTR { throw .last }
  }
}
