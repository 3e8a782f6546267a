import Dispatch
import Synchronization

/// Work started on a thread of its own, whose result is waited for when it is needed: the
/// index of a merge's common ancestor, built while the other sides are read and the
/// roster's lock is taken.
final class BackgroundWork<Value: Sendable>: Sendable {
  private let result = Mutex<Result<Value, CommandFailure>?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts the work.
  init(_ work: @escaping @Sendable () -> Result<Value, CommandFailure>) {
    DispatchQueue.global().async {
      let value = work()
      self.result.withLock { $0 = value }
      self.finished.signal()
    }
  }

  /// The work's result, once it is done.
  func value() -> Result<Value, CommandFailure> {
    finished.wait()
    // Let any later call through too.
    finished.signal()
    guard let value = result.withLock({ $0 }) else {
      preconditionFailure("the work signalled before it kept its result")
    }
    return value
  }
}
