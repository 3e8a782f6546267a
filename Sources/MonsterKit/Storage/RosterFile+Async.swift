// Edits for a caller that cannot wait on its thread, such as an app's main actor: the same
// edit path, tried without waiting for the lock, and tried again after a pause that
// suspends the task instead of sleeping.
//
// The async functions are emitted into the program that calls them, not into MonsterKit:
// the command line, which never calls them, so links no concurrency runtime and starts no
// faster or slower for them.

extension RosterFile {
  /// Makes a change and saves the roster, as ``update(dryRun:_:)-78lyj`` does, waiting for
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
  /// Every `async` call of a roster file waits so.
  ///
  /// - Parameter change: Changes the roster. Nothing is written when it throws, or when
  ///   it leaves the roster as it was. It may run more than once, should another program
  ///   put a new file at the path meanwhile.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, as it threw it; ``RosterError/lockTimeout(path:seconds:)``
  ///   when the wait runs out; an error from reading or writing, as ``update(dryRun:_:)-78lyj``.
  @_alwaysEmitIntoClient
  @discardableResult
  public func update<Failure: Error>(
    _ change: @Sendable (inout Roster) throws(Failure) -> Void
  ) async throws -> RosterUpdate {
    let attempt = { () throws -> RosterUpdate? in try carrying(change, updateWithoutWaiting) }
    return try await waitingForLock(attempt, timedOut: { $0 as any Error })
  }

  /// Makes a change and saves the roster, as the `async` form whose change throws any error
  /// does, with a change whose only errors are the roster's: the call throws
  /// ``RosterError``, typed.
  ///
  /// - Parameter change: Changes the roster. Nothing is written when it throws.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws; ``RosterError/lockTimeout(path:seconds:)`` when the
  ///   wait runs out; an error from reading or writing.
  @_alwaysEmitIntoClient
  @discardableResult
  public func update(_ change: @Sendable (inout Roster) throws(RosterError) -> Void)
    async throws(RosterError) -> RosterUpdate
  {
    try await waitingForLock { (file) throws(RosterError) in try file.update(dryRun: false, change)
    }
  }

  /// Makes edits and saves the roster, as ``apply(_:dryRun:)`` does, waiting for another
  /// editor's lock without blocking a thread, as ``update(_:)-2jzky`` waits.
  ///
  /// - Parameter edits: The edits, in order.
  /// - Returns: The roster before and after.
  /// - Throws: As ``apply(_:dryRun:)``; ``RosterError/lockTimeout(path:seconds:)`` when
  ///   the wait runs out.
  @_alwaysEmitIntoClient
  @discardableResult
  public func apply(_ edits: [RosterEdit]) async throws(RosterError) -> RosterUpdate {
    try await waitingForLock { (file) throws(RosterError) in try file.apply(edits) }
  }

  /// Writes the seeded roster, as ``initialize(force:)-x46j`` does, waiting for another editor's
  /// lock without blocking a thread, as ``update(_:)-2jzky`` waits.
  ///
  /// - Parameter force: Whether to replace a file that exists.
  /// - Throws: As ``initialize(force:)-x46j``; ``RosterError/lockTimeout(path:seconds:)`` when
  ///   the wait runs out.
  @_alwaysEmitIntoClient
  public func initialize(force: Bool) async throws(RosterError) {
    try await waitingForLock { (file) throws(RosterError) in try file.initialize(force: force) }
  }

  /// Saves a roster, merging it with the file's changes, as ``save(_:basedOn:)-69iv0`` does,
  /// waiting for another editor's lock without blocking a thread, as ``update(_:)-2jzky`` waits.
  ///
  /// ```swift
  /// snapshot = try await file.save(roster, basedOn: snapshot)
  /// ```
  ///
  /// - Parameters:
  ///   - roster: The roster to save.
  ///   - snapshot: The snapshot the roster was read from and edited since.
  /// - Returns: The snapshot of the file as the save left it, taken under the lock.
  /// - Throws: As ``save(_:basedOn:)-69iv0``; ``RosterError/lockTimeout(path:seconds:)`` when the
  ///   wait runs out.
  @_alwaysEmitIntoClient
  public func save(_ roster: Roster, basedOn snapshot: Snapshot) async throws(RosterError)
    -> Snapshot
  {
    try await waitingForLock { (file) throws(RosterError) in
      try file.save(roster, basedOn: snapshot)
    }
  }

  /// Makes a change by the ids of a snapshot and saves the roster, as
  /// ``update(basedOn:_:)-4m5wq`` does, waiting for another editor's lock without blocking a
  /// thread, as ``update(_:)-2jzky`` waits.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot whose ids the change names monsters by.
  ///   - change: Changes the roster.
  /// - Returns: The snapshot of the file as the change left it, taken under the lock.
  /// - Throws: As ``update(basedOn:_:)-4m5wq``; ``RosterError/lockTimeout(path:seconds:)`` when
  ///   the wait runs out.
  @_alwaysEmitIntoClient
  public func update<Failure: Error>(
    basedOn snapshot: Snapshot, _ change: @Sendable (inout Roster) throws(Failure) -> Void
  ) async throws -> Snapshot {
    var file = self
    file.lockTimeout = .zero
    let attempt = { () throws -> Snapshot? in
      do {
        return try file.update(basedOn: snapshot, change)
      } catch let error as RosterError {
        if case .lockTimeout = error { return nil }
        throw error
      }
    }
    return try await waitingForLock(attempt, timedOut: { $0 as any Error })
  }

  /// Makes a change by the ids of a snapshot and saves the roster, as the `async` form
  /// whose change throws any error does, with a change whose only errors are the roster's:
  /// the call throws ``RosterError``, typed.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot whose ids the change names monsters by.
  ///   - change: Changes the roster.
  /// - Returns: The snapshot of the file as the change left it, taken under the lock.
  /// - Throws: What `change` throws; ``RosterError/lockTimeout(path:seconds:)`` when the
  ///   wait runs out; what the synchronous form throws.
  @_alwaysEmitIntoClient
  public func update(
    basedOn snapshot: Snapshot, _ change: @Sendable (inout Roster) throws(RosterError) -> Void
  ) async throws(RosterError) -> Snapshot {
    try await waitingForLock { (file) throws(RosterError) in
      try file.update(basedOn: snapshot, change)
    }
  }

  /// Creates the file, holding a roster, as ``create(_:)-17y95`` does, waiting for another
  /// editor's lock without blocking a thread, as ``update(_:)-2jzky`` waits.
  ///
  /// - Parameter roster: The roster the new file holds.
  /// - Returns: The snapshot of the new file, taken under the lock.
  /// - Throws: As ``create(_:)-17y95``; ``RosterError/lockTimeout(path:seconds:)`` when the wait
  ///   runs out.
  @_alwaysEmitIntoClient
  public func create(_ roster: Roster) async throws(RosterError) -> Snapshot {
    try await waitingForLock { (file) throws(RosterError) in try file.create(roster) }
  }

  /// Reads a snapshot of the file, as ``snapshot()-1fetx`` does, off the caller's actor: a
  /// large roster takes a fifth of a second to read per million monsters. It takes no lock.
  ///
  /// - Returns: The snapshot.
  /// - Throws: As ``snapshot()-1fetx``.
  @_alwaysEmitIntoClient
  public func snapshot() async throws(RosterError) -> Snapshot {
    try snapshotNow()
  }

  /// ``snapshot()-1fetx``, under a name of its own, for the `async` form to call: in an `async`
  /// function, the name alone would call the `async` form itself.
  @usableFromInline
  func snapshotNow() throws(RosterError) -> Snapshot {
    try snapshot()
  }

  /// Tries an operation on the file without waiting for the lock, again and again, the
  /// task sleeping between tries (1 ms at first, doubling up to 50 ms), until it is done or
  /// ``lockTimeout`` has passed.
  ///
  /// - Parameter attempt: One try, on this file with a lock wait of 0: its value.
  /// - Returns: The value of the try that was done.
  /// - Throws: What a try throws but for the lock's timeout;
  ///   ``RosterError/lockTimeout(path:seconds:)`` when the wait runs out or the task is
  ///   cancelled while another editor holds the lock.
  @_alwaysEmitIntoClient @usableFromInline
  func waitingForLock<Value>(_ attempt: (RosterFile) throws(RosterError) -> Value)
    async throws(RosterError) -> Value
  {
    var file = self
    file.lockTimeout = .zero
    let once = { () throws(RosterError) -> Value? in
      do throws(RosterError) {
        return try attempt(file)
      } catch {
        if case .lockTimeout = error { return nil }
        throw error
      }
    }
    return try await waitingForLock(once, timedOut: { $0 })
  }

  /// Makes tries until one is done, the task sleeping between them, as
  /// `waitingForLock(_:)` does; the one loop of every `async` call's wait.
  ///
  /// - Parameters:
  ///   - attempt: One try: its value, or `nil` when another editor held the lock.
  ///   - timedOut: The error to throw for the lock's timeout, as the caller throws it.
  /// - Returns: The value of the try that was done.
  /// - Throws: What a try throws; the timeout when the wait runs out, or the task is
  ///   cancelled while another editor holds the lock.
  @_alwaysEmitIntoClient @usableFromInline
  func waitingForLock<Value, Failure: Error>(
    _ attempt: () throws(Failure) -> Value?, timedOut: (RosterError) -> Failure
  ) async throws(Failure) -> Value {
    let clock = ContinuousClock()
    let start = clock.now
    var backoff = LockBackoff()
    while true {
      if let value = try attempt() { return value }
      let waited = clock.now - start
      // No wait for a timeout of zero or less, as for every edit.
      guard waited < lockTimeout else {
        throw timedOut(.lockTimeout(path: displayName ?? path, seconds: lockTimeoutSeconds))
      }
      do {
        try await Task.sleep(nanoseconds: backoff.next())
      } catch {
        if let value = try attempt() { return value }
        let seconds =
          Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        throw timedOut(.lockTimeout(path: displayName ?? path, seconds: seconds))
      }
    }
  }

  /// One try of ``update(dryRun:_:)-78lyj`` that does not wait for the lock.
  ///
  /// - Returns: The update, or `nil` when another editor holds the lock.
  /// - Throws: As ``update(dryRun:_:)-78lyj``, but for the lock's timeout.
  @usableFromInline
  func updateWithoutWaiting(_ change: (inout Roster) throws(RosterError) -> Bool)
    throws(RosterError) -> RosterUpdate?
  {
    var once = self
    once.lockTimeout = .zero
    do throws(RosterError) {
      return try once.named { () throws(RosterError) in try once.edit(dryRun: false, change) }
    } catch {
      if case .lockTimeout = error { return nil }
      throw error
    }
  }
}
