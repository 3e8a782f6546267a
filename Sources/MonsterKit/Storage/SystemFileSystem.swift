import Glibc

/// The system's own calls.
package struct SystemFileSystem: FileSystem {
  /// Creates the system's file system.
  package init() {}

  package func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    try retryingOnInterrupt { Glibc.open(path, flags, mode) }
  }

  package func open(_ name: String, in folder: Int32, flags: Int32, mode: mode_t)
    throws(SystemCallError) -> Int32
  {
    try retryingOnInterrupt { Glibc.openat(folder, name, flags, mode) }
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

  package func lstat(_ name: String, in folder: Int32) throws(SystemCallError) -> stat {
    var status = stat()
    _ = try retryingOnInterrupt { Glibc.fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) }
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

  package func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    let flags = try retryingOnInterrupt { Glibc.fcntl(descriptor, F_GETFL) }
    _ = try retryingOnInterrupt { Glibc.fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
  }

  package func isTerminal(_ descriptor: Int32) -> Bool {
    Glibc.isatty(descriptor) == 1
  }

  package func rename(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { Glibc.renameat(folder, source, folder, destination) }
  }

  package func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { Glibc.linkat(folder, source, folder, destination, 0) }
  }

  package func unlink(_ name: String, in folder: Int32) throws(SystemCallError) {
    _ = try retryingOnInterrupt { Glibc.unlinkat(folder, name, 0) }
  }

  package func names(inFolder folder: Int32) throws(SystemCallError) -> [String] {
    // A descriptor of its own, whose reading position is not the folder descriptor's, and
    // which closedir closes.
    let descriptor = try open(".", in: folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
    guard let stream = Glibc.fdopendir(descriptor) else {
      let error = SystemCallError.last
      close(descriptor)
      throw error
    }
    defer { Glibc.closedir(stream) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = Glibc.readdir(stream) else {
        if errno != 0 { throw .last }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
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
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result)
  throws(SystemCallError) -> Result
{
  while true {
    let result = call()
    if result >= 0 { return result }
    if errno != EINTR { throw .last }
  }
}
