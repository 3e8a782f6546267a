import Glibc

/// A file mapped read-only into memory, unmapped when the last roster that uses it goes.
///
/// If another program truncates the file while it is mapped, reading a page past its new
/// end raises `SIGBUS`, which would end the process. While any file is mapped, a handler
/// puts a page of zeros in the place of such a page instead; the reader then finds bytes
/// that are not JSON, and ``RosterFile`` sees that the file changed and says so.
final class FileMapping: Sendable {
  /// The mapping's address. It is kept as an integer, a value that may be shared: the
  /// memory is read-only and lives as long as this object.
  private let address: Int
  /// The length of the mapping.
  let count: Int

  /// Maps a file.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading.
  ///   - count: Its size, more than zero.
  /// - Returns: The mapping, or `nil` when the file cannot be mapped.
  init?(descriptor: Int32, count: Int) {
    FileMapping.installTruncationGuard()
    guard count > 0,
      let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED
    else { return nil }
    _ = madvise(base, count, MADV_WILLNEED)
    address = Int(bitPattern: base)
    self.count = count
  }

  deinit {
    _ = munmap(UnsafeMutableRawPointer(bitPattern: address), count)
  }

  /// The mapped bytes.
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
  }

  /// Installs, once, the `SIGBUS` handler that turns a page of a truncated file into a page
  /// of zeros.
  private static func installTruncationGuard() {
    _ = truncationGuard
  }

  /// The size of a page, read before the handler can run, which only loads it.
  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  private static let truncationGuard: Void = {
    _ = pageSize
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { _, info, _ in
      // Only calls that are safe in a signal handler: mmap, and signal to give up.
      guard let address = info?.pointee._sifields._sigfault.si_addr else { return }
      let page = UInt(bitPattern: address) & ~UInt(FileMapping.pageSize - 1)
      let zeros = mmap(
        UnsafeMutableRawPointer(bitPattern: page), FileMapping.pageSize, PROT_READ,
        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
      if zeros == MAP_FAILED { signal(SIGBUS, SIG_DFL) }
    }
    action.sa_flags = SA_SIGINFO
    sigemptyset(&action.sa_mask)
    sigaction(SIGBUS, &action, nil)
  }()
}
