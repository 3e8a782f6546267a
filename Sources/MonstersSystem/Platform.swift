#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

/// The one place the package meets the C library: the system calls MonsterKit, the command
/// line, the benchmark and the tests make, each wrapped once for Darwin (macOS, iOS), Linux
/// with glibc, and Linux with musl.
///
/// The files of this module, and those of `ProcessPlatform` and the tests' `TestSupport`
/// that extend this namespace with what only the command line or the tests call, are the
/// only ones that import a C library, each with the same block of conditional imports.
/// Everything else calls the static members of this namespace, as swift-argument-parser
/// calls its `Platform`, and names no C library, so that code builds wherever these files
/// build.
///
/// What differs between the systems is decided here and only here:
///
/// - A field whose name differs has one accessor: ``Platform/FileStatus`` gives
///   `modificationTime` for glibc's and musl's `st_mtim` and Darwin's `st_mtimespec`.
/// - A call that one system lacks has a portable path beside it: the picker reads its
///   signals from a `signalfd(2)` on Linux, and on every system by asking which are
///   pending (``SignalWaiting``).
/// - Durability: ``synchronize(_:)`` is `fcntl(F_FULLFSYNC)` on Darwin, where `fsync`
///   does not reach stable storage, and `fsync` elsewhere.
/// - Linux-only tuning (huge pages) is a no-op elsewhere.
///
/// Integer types that a caller must hold (a mode, a user id) cross as the type aliases
/// below, the way swift-system's `CInterop` names them. A C struct crosses only where a
/// caller keeps one and reads it through accessors (``FileStatus``); the rest (`termios`,
/// `sigset_t`, `pollfd`, `siginfo_t`) stay behind small Swift values of this namespace, so
/// that no caller depends on a field's name or a tuple's length on one system.
package enum Platform {
  /// A file's mode bits and type: `mode_t`, 16 bits on Darwin and 32 on Linux.
  package typealias Mode = mode_t
  /// A user id: `uid_t`.
  package typealias UserID = uid_t
  /// A group id: `gid_t`.
  package typealias GroupID = gid_t
  /// A process id: `pid_t`.
  package typealias ProcessID = pid_t
  /// What `stat(2)` says of a file, read through the accessors of
  /// `Platform+FileStatus.swift`.
  package typealias FileStatus = stat

  /// The system's words for an `errno` value, such as `No space left on device`.
  ///
  /// - Parameter code: The `errno` value.
  /// - Returns: The message `strerror(3)` gives, which names an unknown code by number.
  package static func errorDescription(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "Unknown error \(code)" }
    return String(cString: message)
  }

  /// The standard input's descriptor.
  package static var standardInput: Int32 { STDIN_FILENO }
  /// The standard output's descriptor.
  package static var standardOutput: Int32 { STDOUT_FILENO }
  /// The standard error's descriptor.
  package static var standardError: Int32 { STDERR_FILENO }

  /// The most bytes an input read whole may hold, 4 GiB: a roster file's offsets are 32
  /// bits, and every other input is held to the same.
  package static let wholeReadLimit = Int(UInt32.max)
}

// MARK: - errno values

extension Platform {
  /// The `errno` values that callers tell apart, by name: their numbers differ between
  /// systems (`EAGAIN` is 11 on Linux and 35 on Darwin).
  package enum ErrorNumber {
    /// `EPERM`: the operation is not permitted.
    package static var notPermitted: Int32 { EPERM }
    /// `ENOENT`: there is no such file or folder.
    package static var noSuchFile: Int32 { ENOENT }
    /// `EINTR`: a signal interrupted the call.
    package static var interrupted: Int32 { EINTR }
    /// `EIO`: an input or output error.
    package static var inputOutput: Int32 { EIO }
    /// `EAGAIN` (also `EWOULDBLOCK`): the call would block.
    package static var wouldBlock: Int32 { EAGAIN }
    /// `EACCES`: permission denied.
    package static var accessDenied: Int32 { EACCES }
    /// `EEXIST`: something exists at the path already.
    package static var exists: Int32 { EEXIST }
    /// `ENOTDIR`: a part of the path is not a folder.
    package static var notADirectory: Int32 { ENOTDIR }
    /// `EISDIR`: the path names a folder.
    package static var isADirectory: Int32 { EISDIR }
    /// `EINVAL`: an argument the call does not take.
    package static var invalidArgument: Int32 { EINVAL }
    /// `EFBIG`: the file would be too large.
    package static var fileTooLarge: Int32 { EFBIG }
    /// `ENOSPC`: the disk is full.
    package static var noSpace: Int32 { ENOSPC }
    /// `EILSEQ`: bytes that are not text in the expected encoding.
    package static var illegalByteSequence: Int32 { EILSEQ }
    /// `ENOMEM`: the process may have no more memory.
    package static var outOfMemory: Int32 { ENOMEM }
    /// `EROFS`: the file system is read-only.
    package static var readOnlyFileSystem: Int32 { EROFS }
    /// `EPIPE`: the reader of a pipe has gone.
    package static var brokenPipe: Int32 { EPIPE }
    /// `ELOOP`: too many symbolic links, or `O_NOFOLLOW` met one.
    package static var tooManyLinks: Int32 { ELOOP }
    /// `ENOTSUP`: the file or file system does not support the operation.
    package static var notSupported: Int32 { ENOTSUP }
    /// `EBADF`: the descriptor is not open (or not open for that).
    package static var badDescriptor: Int32 { EBADF }
    /// `ENXIO`: no such device; what `open(2)` says of a socket.
    package static var noSuchDevice: Int32 { ENXIO }
    /// `EFAULT`: a bad address, such as a write from a mapped page whose file was cut
    /// short.
    package static var badAddress: Int32 { EFAULT }
    /// `ENOSYS`: the system has no such call.
    package static var notImplemented: Int32 { ENOSYS }
    /// `EOPNOTSUPP`: the operation is not supported; the same number as ``notSupported`` on
    /// Linux, another (102) on Darwin.
    package static var operationNotSupported: Int32 { EOPNOTSUPP }
    /// `ENODATA` on Linux, `ENOATTR` on Darwin: the file has no such extended attribute.
    package static var noAttribute: Int32 {
      #if canImport(Darwin)
        ENOATTR
      #else
        ENODATA
      #endif
    }
  }
}
