import Glibc

/// The bytes of a roster file: read into memory, or mapped from the file.
///
/// A large roster is mapped rather than read: its pages come straight from the kernel's
/// cache of the file, where reading would copy them into memory that must first be zeroed,
/// which on a million-monster roster costs more than reading the roster does.
struct RosterBytes: Sendable {
  private enum Storage: Sendable {
    case array([UInt8])
    case mapping(FileMapping)
  }

  private let storage: Storage

  /// Bytes held in memory.
  init(_ bytes: [UInt8]) {
    storage = .array(bytes)
  }

  /// Bytes mapped from a file.
  init(_ mapping: FileMapping) {
    storage = .mapping(mapping)
  }

  static let empty = RosterBytes([])

  var count: Int {
    switch storage {
    case .array(let bytes): bytes.count
    case .mapping(let mapping): mapping.count
    }
  }

  /// Calls `body` with the bytes.
  @inline(__always)
  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
    -> Result
  {
    switch storage {
    case .array(let bytes): try bytes.withUnsafeBytes(body)
    case .mapping(let mapping): try body(mapping.bytes)
    }
  }

  /// The bytes, as an array.
  var array: [UInt8] {
    switch storage {
    case .array(let bytes): bytes
    case .mapping(let mapping): Array(mapping.bytes)
    }
  }
}

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
