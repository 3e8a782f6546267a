#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// The monotonic clock and sleeping, without `ContinuousClock`: a program that used it
// would load the concurrency runtime at start, which costs more than most commands do.

extension Platform {
  /// Nanoseconds on the monotonic clock, `clock_gettime(CLOCK_MONOTONIC)`: a clock that
  /// only goes forward, whatever is done to the time of day, for measuring waits. Its zero
  /// is some moment before the program started.
  package static func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    _ = clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// Sleeps, also through signals that interrupt the sleep: `nanosleep(2)`, resumed with
  /// the time that remained.
  ///
  /// - Parameter nanoseconds: How long; nothing happens for zero or less.
  package static func sleep(nanoseconds: Int64) {
    guard nanoseconds > 0 else { return }
    var request = timespec(
      tv_sec: time_t(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
      request = remaining
    }
  }
}
