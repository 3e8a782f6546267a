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

// Mapping files into memory, and advice to the kernel about memory. Huge pages are a Linux
// feature (`MADV_HUGEPAGE`); elsewhere that advice is not given.

extension Platform {
  /// The size of a page of memory, `sysconf(_SC_PAGESIZE)`: 4 KiB on x86_64 Linux, 16 KiB
  /// on Apple silicon.
  package static var pageSize: Int {
    Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// `mmap(2)`: maps a file read-only and private.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading.
  ///   - count: How many bytes from its start, more than zero.
  /// - Returns: The mapping's start, or `nil` when the file cannot be mapped.
  package static func mapReadOnly(_ descriptor: Int32, count: Int) -> UnsafeRawPointer? {
    guard count > 0,
      let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      base != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    return UnsafeRawPointer(base)
  }

  /// `munmap(2)`.
  ///
  /// - Parameters:
  ///   - address: A mapping's start, from ``mapReadOnly(_:count:)``.
  ///   - count: Its length.
  package static func unmap(_ address: UnsafeRawPointer, count: Int) {
    _ = munmap(UnsafeMutableRawPointer(mutating: address), count)
  }

  /// `madvise(MADV_WILLNEED)`: the pages will be read soon, so the kernel may read them
  /// ahead.
  ///
  /// - Parameters:
  ///   - address: A mapping's start.
  ///   - count: Its length.
  package static func adviseWillNeed(_ address: UnsafeRawPointer, count: Int) {
    _ = madvise(UnsafeMutableRawPointer(mutating: address), count, MADV_WILLNEED)
  }

  /// Puts a private, read-only page of zeros in place of the page at an address, as a
  /// `SIGBUS` handler does for a page of a mapped file that was truncated. Safe in a signal
  /// handler: one `mmap(2)` with `MAP_FIXED`.
  ///
  /// - Parameters:
  ///   - address: Any address in the page.
  ///   - pageSize: The page size, read before the handler can run (``pageSize``).
  /// - Returns: Whether the page was replaced.
  package static func replaceWithZeros(pageAt address: UnsafeMutableRawPointer, pageSize: Int)
    -> Bool
  {
    let page = UInt(bitPattern: address) & ~UInt(pageSize - 1)
    let zeros = mmap(
      UnsafeMutableRawPointer(bitPattern: page), pageSize, PROT_READ,
      MAP_PRIVATE | MAP_ANON | MAP_FIXED, -1, 0)
    return zeros != UnsafeMutableRawPointer(bitPattern: -1)
  }

  /// Throws `ENOMEM` unless the process may have a block of memory of this size now: a
  /// large buffer is asked for before it is made, so that a limit on the process's memory
  /// (`ulimit -v`) is an error to report rather than the standard library's trap when an
  /// allocation fails.
  ///
  /// The question is a mapping of the size, given back at once; below 1 MiB nothing is
  /// asked (it costs a `mmap(2)` and a `munmap(2)`, on every read of a roster that size): a
  /// process that may not have that much could not write a message either. Not `malloc(3)`
  /// and `free(3)`: an optimizer may remove a pair whose block is never used, and the
  /// question with it (a release build answered yes to every size), and `free` of a large
  /// block moves the C library's threshold for mapping blocks.
  ///
  /// - Parameter count: The size in bytes.
  /// - Throws: `ENOMEM` when the process may not have it.
  package static func requireMemory(_ count: Int) throws(SystemCallError) {
    guard count >= 1 << 20 else { return }
    guard
      let block = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0),
      block != UnsafeMutableRawPointer(bitPattern: -1)
    else { throw SystemCallError(ErrorNumber.outOfMemory) }
    _ = munmap(block, count)
  }

  /// Whether the process's memory is limited (`ulimit -v`, `RLIMIT_AS`): where it is, work
  /// that asks for its memory first (``requireMemory(_:)``) is done on one thread, as two
  /// threads that each ask could each be told yes for the same room.
  package static var memoryIsLimited: Bool {
    monsters_address_space_is_limited() != 0
  }

  /// Asks the kernel to back a large buffer that is not yet touched with 2 MiB pages, where
  /// it can: a large roster then costs a few hundred page faults instead of tens of
  /// thousands, and random reads of it fewer TLB misses.
  ///
  /// Linux only (`MADV_HUGEPAGE`, for transparent huge pages); elsewhere nothing is done.
  ///
  /// - Parameter buffer: Memory this process owns and has not written yet.
  package static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      let hugePage = 2 << 20
      guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
      let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
      let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
      guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }
}
