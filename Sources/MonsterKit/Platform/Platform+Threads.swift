#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// Two pieces of work at once, on a thread made with pthread_create: what `diff` needs to
// read its two rosters side by side. Dispatch would do it too, but a program that links it
// runs its initializers at every start, which costs more than most commands do.

extension Platform {
  /// Runs two pieces of work at once: the first on a thread of its own, the second on the
  /// calling thread; returns when both are done. Where no thread can be made, the first
  /// runs on the calling thread, after the second.
  ///
  /// - Parameters:
  ///   - first: The work for the new thread.
  ///   - second: The work for the calling thread.
  package static func runConcurrently(_ first: @Sendable () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
      let work = Unmanaged.passRetained(ThreadWork(first))
      #if canImport(Darwin)
        var thread: pthread_t?
      #elseif canImport(Glibc)
        var thread = pthread_t()
      #else
        var thread: pthread_t?
      #endif
      guard pthread_create(&thread, nil, runThreadWork, work.toOpaque()) == 0 else {
        work.release()
        second()
        first()
        return
      }
      second()
      #if canImport(Glibc)
        pthread_join(thread, nil)
      #else
        if let thread { pthread_join(thread, nil) }
      #endif
    }
  }
}

/// The work a thread made by ``Platform/runConcurrently(_:_:)`` runs.
private final class ThreadWork: Sendable {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}

/// The start of a thread made by ``Platform/runConcurrently(_:_:)``: runs its work, which
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
