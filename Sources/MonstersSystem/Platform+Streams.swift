#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Streams: whether a descriptor is a terminal, and waiting until one of some descriptors
// can be read (the lock's wait, an input that is slow to come).

extension Platform {
  /// `isatty(3)`: whether a descriptor is a terminal.
  ///
  /// - Parameter descriptor: An open descriptor.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// `poll(2)`: waits until one of some descriptors can be read (or has hung up), or the
  /// time runs out.
  ///
  /// - Parameters:
  ///   - descriptors: The descriptors; a negative one is skipped.
  ///   - milliseconds: How long to wait at most; a negative number waits for ever, 0 not at
  ///     all.
  /// - Returns: For each descriptor, whether it is ready: readable, at its end, or failed,
  ///   which a read then tells apart. All `false` when the time ran out or a signal
  ///   interrupted the wait.
  /// - Throws: The call's `errno` other than `EINTR`.
  package static func waitUntilReadable(_ descriptors: [Int32], milliseconds: Int)
    throws(SystemCallError) -> [Bool]
  {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let timeout = Int32(clamping: milliseconds)
    if poll(&entries, nfds_t(entries.count), timeout) < 0 {
      guard errno == EINTR else { throw SystemCallError(errno) }
      return descriptors.map { _ in false }
    }
    return entries.map { $0.revents != 0 }
  }
}
