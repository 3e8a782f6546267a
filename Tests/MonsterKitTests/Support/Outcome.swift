import Foundation
import Synchronization

/// A value one thread sets and another reads.
final class Outcome<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  func set(_ newValue: Value) {
    value.withLock { $0 = newValue }
    done.signal()
  }

  func wait() -> Value? {
    done.wait()
    return value.withLock { $0 }
  }
}
