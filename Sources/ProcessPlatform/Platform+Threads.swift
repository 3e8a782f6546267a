import MonstersSystem

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Work on a thread of its own, made with pthread_create: what `diff` needs to read its two
// rosters side by side, and `merge` to index the common ancestor while it reads the others.
// Dispatch would do it too, but a program that links it runs its initializers at every
// start, which costs more than most commands do.

extension Platform {
  /// A thread started by ``startThread(_:)``, which ``join(_:)`` waits for.
  package struct StartedThread {
    fileprivate let thread: pthread_t
  }

  /// `pthread_create(3)`: starts a thread that runs a piece of work.
  ///
  /// - Parameter work: The work.
  /// - Returns: The thread, which the caller joins; `nil` where no thread can be made, and
  ///   the work has not run.
  package static func startThread(_ work: @escaping @Sendable () -> Void) -> StartedThread? {
    let context = Unmanaged.passRetained(ThreadWork(work))
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    guard pthread_create(&thread, nil, runThreadWork, context.toOpaque()) == 0 else {
      context.release()
      return nil
    }
    #if canImport(Glibc)
      return StartedThread(thread: thread)
    #else
      return thread.map(StartedThread.init)
    #endif
  }

  /// `pthread_join(3)`: waits for a thread to end.
  ///
  /// - Parameter thread: The thread, started by ``startThread(_:)`` and not joined yet.
  package static func join(_ thread: StartedThread) {
    pthread_join(thread.thread, nil)
  }
}

/// The work a thread made by ``Platform/startThread(_:)`` runs.
private final class ThreadWork: Sendable {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}

/// The start of a thread made by ``Platform/startThread(_:)``: runs its work, which
/// the context holds retained.
#if canImport(Darwin)
  private func runThreadWork(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#else
  private func runThreadWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().body()
    return nil
  }
#endif
