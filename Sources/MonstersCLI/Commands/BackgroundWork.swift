import MonsterKit
import MonstersSystem
import Synchronization

/// Work started on a thread of its own, whose result is waited for when it is needed: the
/// index of a merge's common ancestor, built while the other sides are read and the
/// roster's lock is taken.
final class BackgroundWork<Value: Sendable>: Sendable {
  /// Where the work keeps its result.
  private let outcome: Outcome<Value>
  /// The thread the work runs on, until it is joined.
  private let thread: Mutex<Platform.StartedThread?>

  /// Starts the work; where no thread can be made, or where the process's memory is limited
  /// (``Platform/memoryIsLimited``), does it at once.
  init(_ work: @escaping @Sendable () -> Result<Value, CommandFailure>) {
    let outcome = Outcome<Value>()
    let started =
      Platform.memoryIsLimited ? nil : Platform.startThread { outcome.keep(work()) }
    if started == nil { outcome.keep(work()) }
    self.outcome = outcome
    thread = Mutex(started)
  }

  /// The work's result, once it is done.
  func value() -> Result<Value, CommandFailure> {
    if let started = thread.withLock({ thread in
      defer { thread = nil }
      return thread
    }) {
      Platform.join(started)
    }
    guard let value = outcome.value else {
      preconditionFailure("the work ended without keeping its result")
    }
    return value
  }
}

/// Where a piece of work keeps its result for the thread that waits for it.
private final class Outcome<Value: Sendable>: Sendable {
  private let result = Mutex<Result<Value, CommandFailure>?>(nil)

  func keep(_ value: Result<Value, CommandFailure>) {
    result.withLock { $0 = value }
  }

  var value: Result<Value, CommandFailure>? {
    result.withLock { $0 }
  }
}
