// Edits for a caller that cannot wait on its thread, such as an app's main actor: the same
// edit path, tried without waiting for the lock, and tried again after a pause that
// suspends the task instead of sleeping.
//
// The async function is emitted into the program that calls it, not into MonsterKit: the
// command line, which never calls it, so links no concurrency runtime and starts no faster
// or slower for it.

extension RosterFile {
  /// Makes a change and saves the roster, as ``update(dryRun:_:)`` does, waiting for
  /// another editor's lock without blocking a thread.
  ///
  /// The edit is tried with a lock wait of 0. While another process holds the roster's
  /// lock, the task sleeps between tries (1 ms at first, doubling up to 50 ms, as a
  /// synchronous edit sleeps) until ``lockTimeout`` has passed, so an actor such as the main
  /// actor goes on with other work meanwhile. Each try is the whole edit path, with the same
  /// guarantees; as a `nonisolated` function, this runs off the caller's actor.
  ///
  /// ```swift
  /// let file = RosterFile(path: path, lockTimeout: .seconds(5))
  /// let update = try await file.update { roster in
  ///   try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
  /// }
  /// ```
  ///
  /// A task cancelled while it waits stops waiting: the edit is tried once more, and if
  /// another editor still holds the lock, the error is the timeout, with the time waited.
  ///
  /// - Parameter change: Changes the roster. Nothing is written when it throws, or when
  ///   it leaves the roster as it was. It may run more than once, should another program
  ///   put a new file at the path meanwhile.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, as it threw it; ``RosterError/lockTimeout(path:seconds:)``
  ///   when the wait runs out; an error from reading or writing, as ``update(dryRun:_:)``.
  @_alwaysEmitIntoClient
  @discardableResult
  public func update<Failure: Error>(
    _ change: @Sendable (inout Roster) throws(Failure) -> Void
  ) async throws -> RosterUpdate {
    let clock = ContinuousClock()
    let start = clock.now
    var backoff = LockBackoff()
    while true {
      if let update = try carrying(change, updateWithoutWaiting) { return update }
      let waited = clock.now - start
      // No wait for a timeout of zero or less, as for every edit.
      guard waited < lockTimeout else {
        throw RosterError.lockTimeout(path: path, seconds: lockTimeoutSeconds)
      }
      do {
        try await Task.sleep(nanoseconds: backoff.next())
      } catch {
        if let update = try carrying(change, updateWithoutWaiting) { return update }
        let seconds =
          Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        throw RosterError.lockTimeout(path: path, seconds: seconds)
      }
    }
  }

  /// One try of ``update(dryRun:_:)`` that does not wait for the lock.
  ///
  /// - Returns: The update, or `nil` when another editor holds the lock.
  /// - Throws: As ``update(dryRun:_:)``, but for the lock's timeout.
  @usableFromInline
  func updateWithoutWaiting(_ change: (inout Roster) throws(RosterError) -> Bool)
    throws(RosterError) -> RosterUpdate?
  {
    var once = self
    once.lockTimeout = .zero
    do throws(RosterError) {
      return try once.edit(dryRun: false, change)
    } catch {
      if case .lockTimeout = error { return nil }
      throw error
    }
  }
}
