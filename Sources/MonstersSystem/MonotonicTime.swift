/// A moment on the system's monotonic clock, in nanoseconds, which no change of the wall
/// clock moves: what the lock wait is measured with.
///
/// The platform layer's clock (``Platform/monotonicNanoseconds()``), on every system, rather
/// than the standard library's `ContinuousClock`, which would bring Swift's concurrency
/// runtime into every program that saves a roster, for one clock.
package struct MonotonicTime: Comparable {
  /// Nanoseconds since a moment the system chose, such as its start.
  package var nanoseconds: UInt64

  /// Now.
  package static var now: MonotonicTime {
    MonotonicTime(nanoseconds: UInt64(max(Platform.monotonicNanoseconds(), 0)))
  }

  /// This moment plus a number of seconds, rounded up to a millisecond. A wait that does
  /// not fit, infinite or just huge, is as good as forever and ends at the clock's end; a
  /// negative wait, or NaN, is no wait.
  ///
  /// - Parameter seconds: How long.
  /// - Returns: The later moment.
  package func adding(seconds: Double) -> MonotonicTime {
    let milliseconds = (seconds * 1000).rounded(.up)
    guard !milliseconds.isNaN, milliseconds > 0 else { return self }
    guard milliseconds < Double(UInt64.max / 1_000_000 - nanoseconds / 1_000_000) else {
      return MonotonicTime(nanoseconds: .max)
    }
    return MonotonicTime(nanoseconds: nanoseconds + UInt64(milliseconds) * 1_000_000)
  }

  /// How many nanoseconds from this moment to a later one; 0 when it is not later.
  package func nanoseconds(until later: MonotonicTime) -> UInt64 {
    later.nanoseconds > nanoseconds ? later.nanoseconds - nanoseconds : 0
  }

  package static func < (left: MonotonicTime, right: MonotonicTime) -> Bool {
    left.nanoseconds < right.nanoseconds
  }

  /// Sleeps, also through signals that interrupt the sleep.
  ///
  /// - Parameter nanoseconds: How long.
  package static func sleep(nanoseconds: UInt64) {
    Platform.sleep(nanoseconds: Int64(clamping: nanoseconds))
  }
}
