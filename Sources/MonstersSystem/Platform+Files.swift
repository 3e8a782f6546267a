#if canImport(Darwin)
  import Darwin
  import CPlatformShims
#elseif canImport(Glibc)
  import Glibc
  import CPlatformShims
#elseif canImport(Musl)
  import Musl
  import CPlatformShims
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Files: open, read, write, sync, lock, link, rename, remove. Each wrapper makes one call,
// tries it again when a signal interrupted it, and throws the `errno` of a failure. The
// names differ from the C functions' (`openFile`, not `open`): inside this namespace a
// member named `open` would hide the C function it wraps.

extension Platform {
  /// How to open a file: `O_RDONLY`, `O_CREAT` and the others, whose values differ
  /// between systems.
  package struct OpenOptions: OptionSet, Sendable {
    /// The flags as `open(2)` takes them.
    package let rawValue: Int32

    /// Options from the flags of `open(2)`.
    ///
    /// - Parameter rawValue: The flags.
    package init(rawValue: Int32) {
      self.rawValue = rawValue
    }

    /// `O_RDONLY`: for reading (the absence of the other two access modes).
    package static var readOnly: OpenOptions { OpenOptions(rawValue: O_RDONLY) }
    /// `O_WRONLY`: for writing.
    package static var writeOnly: OpenOptions { OpenOptions(rawValue: O_WRONLY) }
    /// `O_RDWR`: for reading and writing.
    package static var readWrite: OpenOptions { OpenOptions(rawValue: O_RDWR) }
    /// `O_CREAT`: create the file when it is missing.
    package static var create: OpenOptions { OpenOptions(rawValue: O_CREAT) }
    /// `O_EXCL`: with ``create``, fail with `EEXIST` when anything is at the path.
    package static var exclusive: OpenOptions { OpenOptions(rawValue: O_EXCL) }
    /// `O_TRUNC`: empty the file.
    package static var truncate: OpenOptions { OpenOptions(rawValue: O_TRUNC) }
    /// `O_APPEND`: write at the end.
    package static var append: OpenOptions { OpenOptions(rawValue: O_APPEND) }
    /// `O_NOFOLLOW`: fail with `ELOOP` when the last part of the path is a symbolic link.
    package static var noFollow: OpenOptions { OpenOptions(rawValue: O_NOFOLLOW) }
    /// `O_PATH` (Linux), `O_SEARCH` (Darwin): open a folder this process may search but
    /// not read (mode 733), to work in it by name; such a descriptor can be neither read,
    /// locked nor synced.
    package static var searchOnly: OpenOptions {
      OpenOptions(rawValue: monsters_open_search_only())
    }
    /// `O_DIRECTORY`: fail unless the path names a folder.
    package static var directory: OpenOptions { OpenOptions(rawValue: O_DIRECTORY) }
    /// `O_CLOEXEC`: close the descriptor in a program this one executes.
    package static var closeOnExec: OpenOptions { OpenOptions(rawValue: O_CLOEXEC) }
    /// `O_NONBLOCK`: do not wait (for a FIFO's other end, for a read).
    package static var nonBlocking: OpenOptions { OpenOptions(rawValue: O_NONBLOCK) }
  }

  /// `open(2)`.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - options: How to open it.
  ///   - mode: The permissions of a file that ``OpenOptions/create`` makes, before the
  ///     umask.
  /// - Returns: The descriptor, which the caller closes.
  /// - Throws: The call's `errno`.
  package static func openFile(
    _ path: String, _ options: OpenOptions, mode: Mode = 0
  ) throws(SystemCallError) -> Int32 {
    try retryingOnInterrupt { open(path, options.rawValue, mode) }
  }

  /// `read(2)`: some bytes, at most as many as the buffer holds.
  ///
  /// - Returns: How many bytes were read; 0 at the end of the file.
  /// - Throws: The call's `errno`.
  package static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// `read(2)` into a new array: some bytes, at most `count`.
  ///
  /// - Returns: The bytes read; none at the end of the file.
  /// - Throws: The call's `errno`.
  package static func readBytes(_ descriptor: Int32, upTo count: Int)
    throws(SystemCallError) -> [UInt8]
  {
    try [UInt8](unsafeUninitializedCapacity: count) {
      (buffer, initialized) throws(SystemCallError) in
      initialized = try readBytes(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
    }
  }

  /// `write(2)`: some of the bytes, perhaps not all.
  ///
  /// - Returns: How many bytes were written.
  /// - Throws: The call's `errno`, such as `ENOSPC` or `EPIPE`.
  package static func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try retryingOnInterrupt { write(descriptor, bytes.baseAddress, bytes.count) }
  }

  /// `close(2)`. A failure is not reported: the descriptor is gone either way, and it is
  /// not closed again after `EINTR`, which on Linux would close whatever took its number.
  package static func closeFile(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// Makes what was written to a file durable: on stable storage, so that it survives a
  /// power cut, as far as the system can promise.
  ///
  /// On Darwin, `fsync(2)` only hands the data to the drive, which may keep it in its
  /// cache; `fcntl(F_FULLFSYNC)` asks the drive to write its cache out, and is used
  /// instead, on a file and on a folder alike. A file system that does not support it (some
  /// network ones say `ENOTSUP`, `EINVAL` or `ENOTTY`) gets `fsync`, as SQLite does. On
  /// Linux, `fsync` flushes the drive's cache itself, and works on a folder's descriptor.
  ///
  /// - Parameter descriptor: A file or a folder, open.
  /// - Throws: The call's `errno`, such as `EIO`.
  package static func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    #if canImport(Darwin)
      do throws(SystemCallError) {
        _ = try retryingOnInterrupt { fcntl(descriptor, F_FULLFSYNC) }
        return
      } catch  where [ENOTSUP, EINVAL, ENOTTY].contains(error.code) {
        // Not supported here: fsync is the most this file system does.
      }
    #endif
    _ = try retryingOnInterrupt { fsync(descriptor) }
  }

  /// Makes durable everything written to the file system that holds a file: `syncfs(2)` on
  /// Linux; on Darwin, which has no such call, ``synchronize(_:)`` of the file, whose
  /// `F_FULLFSYNC` flushes the whole drive's cache. For a folder that cannot be opened to be
  /// synced itself (``OpenOptions/searchOnly``).
  ///
  /// - Parameter descriptor: A file open on that file system (not a search-only one).
  /// - Throws: The call's `errno`.
  package static func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError) {
    #if canImport(Darwin)
      try synchronize(descriptor)
    #else
      _ = try retryingOnInterrupt { monsters_synchronize_file_system(descriptor) }
    #endif
  }

  /// `fstat(2)`.
  ///
  /// - Throws: The call's `errno`.
  package static func fileStatus(_ descriptor: Int32) throws(SystemCallError) -> FileStatus {
    var status = FileStatus()
    _ = try retryingOnInterrupt { fstat(descriptor, &status) }
    return status
  }

  /// `stat(2)` or `lstat(2)`.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - followingLinks: Whether a symbolic link at the path is followed (`stat`) or
  ///     described itself (`lstat`).
  /// - Throws: The call's `errno`; `ENOENT` when nothing is at the path.
  package static func fileStatus(atPath path: String, followingLinks: Bool)
    throws(SystemCallError) -> FileStatus
  {
    var status = FileStatus()
    if followingLinks {
      _ = try retryingOnInterrupt { stat(path, &status) }
    } else {
      _ = try retryingOnInterrupt { lstat(path, &status) }
    }
    return status
  }

  /// `readlink(2)`: where a symbolic link points, as its bytes say.
  ///
  /// - Throws: The call's `errno`; `EINVAL` when the path is not a link; `EILSEQ` when its
  ///   bytes are not UTF-8, which a `String` could only hold changed, naming another file.
  package static func linkTarget(ofPath path: String) throws(SystemCallError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = try retryingOnInterrupt { readlink(path, &buffer, buffer.count - 1) }
    let bytes = buffer[..<count].map { UInt8(bitPattern: $0) }
    let target = String(decoding: bytes, as: UTF8.self)
    guard target.utf8.elementsEqual(bytes) else {
      throw SystemCallError(ErrorNumber.illegalByteSequence)
    }
    return target
  }

  /// `fchmod(2)`: sets a file's permission bits (with setuid, setgid and sticky).
  ///
  /// - Throws: The call's `errno`.
  package static func setMode(_ mode: Mode, of descriptor: Int32) throws(SystemCallError) {
    _ = try retryingOnInterrupt { fchmod(descriptor, mode) }
  }

  /// `fchown(2)`: sets a file's owner and group.
  ///
  /// - Throws: The call's `errno`; `EPERM` for a user who may not give the file away.
  package static func setOwner(_ owner: UserID, group: GroupID, of descriptor: Int32)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { fchown(descriptor, owner, group) }
  }

  /// What `flock(2)` does to a file's lock.
  package enum LockOperation: Sendable {
    /// `LOCK_EX`: take the lock for this descriptor alone, waiting for it.
    case exclusive
    /// `LOCK_EX | LOCK_NB`: take it alone, or fail at once with `EWOULDBLOCK`.
    case exclusiveWithoutWaiting
    /// `LOCK_SH`: share it with other shared holders, waiting for it.
    case shared
    /// `LOCK_SH | LOCK_NB`: share it, or fail at once with `EWOULDBLOCK`.
    case sharedWithoutWaiting
    /// `LOCK_UN`: let it go.
    case unlock

    fileprivate var flags: Int32 {
      switch self {
      case .exclusive: LOCK_EX
      case .exclusiveWithoutWaiting: LOCK_EX | LOCK_NB
      case .shared: LOCK_SH
      case .sharedWithoutWaiting: LOCK_SH | LOCK_NB
      case .unlock: LOCK_UN
      }
    }
  }

  /// `flock(2)`: the whole-file lock that `flock(1)` takes too, on every system here.
  ///
  /// - Throws: The call's `errno`; `EWOULDBLOCK` (``ErrorNumber/wouldBlock``) when a
  ///   lock without waiting is held by another.
  package static func lockFile(_ descriptor: Int32, _ operation: LockOperation)
    throws(SystemCallError)
  {
    // `flock` names a struct too; the function's type picks the function.
    let lock: (Int32, Int32) -> Int32 = flock
    _ = try retryingOnInterrupt { lock(descriptor, operation.flags) }
  }

  /// `link(2)`: a second name for a file, which fails when the new name is taken; this is
  /// how a new file takes a name that nobody else may take meanwhile.
  ///
  /// - Throws: The call's `errno`; `EEXIST` when the new name is taken, `EPERM` or
  ///   `ENOTSUP` on a file system without hard links.
  package static func makeLink(to existing: String, at newName: String) throws(SystemCallError) {
    _ = try retryingOnInterrupt { link(existing, newName) }
  }

  /// `rename(2)`: replaces whatever is at the destination, in one step.
  ///
  /// - Throws: The call's `errno`.
  package static func renameFile(_ source: String, to destination: String)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { rename(source, destination) }
  }

  /// `unlink(2)`.
  ///
  /// - Throws: The call's `errno`.
  package static func removeFile(_ path: String) throws(SystemCallError) {
    _ = try retryingOnInterrupt { unlink(path) }
  }

  /// `chmod(2)`: sets the permission bits (with setuid, setgid and sticky) of what a path
  /// names, a symbolic link followed.
  ///
  /// - Throws: The call's `errno`.
  package static func setMode(_ mode: Mode, ofPath path: String) throws(SystemCallError) {
    _ = try retryingOnInterrupt { chmod(path, mode) }
  }

  /// `truncate(2)`: cuts the file at a path to a size, or extends it with zeros.
  ///
  /// - Throws: The call's `errno`.
  package static func truncateFile(atPath path: String, to size: Int) throws(SystemCallError) {
    _ = try retryingOnInterrupt { truncate(path, off_t(size)) }
  }

  /// `ftruncate(2)`: cuts an open file to a size, or extends it with zeros.
  ///
  /// - Throws: The call's `errno`.
  package static func truncateFile(_ descriptor: Int32, to size: Int) throws(SystemCallError) {
    _ = try retryingOnInterrupt { ftruncate(descriptor, off_t(size)) }
  }

  /// `mkdir(2)`: a new folder.
  ///
  /// - Parameters:
  ///   - path: The path, where nothing is yet.
  ///   - mode: Its permissions, before the umask.
  /// - Throws: The call's `errno`; `EEXIST` when something is at the path.
  package static func makeFolder(atPath path: String, mode: Mode) throws(SystemCallError) {
    _ = try retryingOnInterrupt { mkdir(path, mode) }
  }

  /// `rmdir(2)`: removes an empty folder.
  ///
  /// - Throws: The call's `errno`; `ENOTEMPTY` when the folder holds anything.
  package static func removeFolder(_ path: String) throws(SystemCallError) {
    _ = try retryingOnInterrupt { rmdir(path) }
  }

  /// `access(2)` with `W_OK`: whether this process may write to the file or folder at a
  /// path.
  ///
  /// - Parameter path: The path.
  package static func isWritable(_ path: String) -> Bool {
    access(path, W_OK) == 0
  }

  /// `pipe(2)`: a pipe's two ends.
  ///
  /// - Returns: The end to read and the end to write, which the caller closes.
  /// - Throws: The call's `errno`.
  package static func makePipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    _ = try retryingOnInterrupt { pipe(&ends) }
    return (ends[0], ends[1])
  }

  /// `mkdtemp(3)`: a new folder with a name no other has, made readable only by its owner.
  ///
  /// - Parameter prefix: The path's start, such as `/tmp/monsters-`; six random
  ///   characters follow it.
  /// - Returns: The folder's path.
  /// - Throws: The call's `errno`.
  package static func makeTemporaryFolder(prefix: String) throws(SystemCallError) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw SystemCallError(errno) }
    return String(cString: made)
  }

  /// `geteuid(2)`: the user whose permissions this process has; 0 for root, whom
  /// permission bits do not stop.
  package static var effectiveUserID: UserID {
    geteuid()
  }
}

extension Platform {
  /// Runs a system call until it is not interrupted by a signal.
  ///
  /// - Returns: The call's result when it is not negative.
  /// - Throws: The call's `errno` when it fails.
  @inline(__always)
  package static func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result)
    throws(SystemCallError) -> Result
  {
    while true {
      let result = call()
      if result >= 0 { return result }
      if errno != EINTR { throw SystemCallError(errno) }
    }
  }
}
