// Edits for a caller that cannot wait on its thread, such as an app's main actor: the same
// edit path, but the wait for another editor's lock suspends the task instead of sleeping.
// The command line never calls these.

extension RosterFile {
  /// Makes a change and saves the roster, as ``update(dryRun:_:)`` does, waiting for
  /// another editor's lock without blocking a thread.
  ///
  /// While another process holds the lock of the roster's folder, the task sleeps between
  /// tries (1 ms at first, then longer, up to 50 ms) until ``lockTimeout`` has passed, so an
  /// actor such as the main actor goes on with other work meanwhile. Reading, changing and
  /// writing the roster then run as in every edit, with the same guarantees; as a
  /// `nonisolated` function, this runs off the caller's actor.
  ///
  /// ```swift
  /// let file = RosterFile(path: url.path, lockTimeout: 5)
  /// let update = try await file.update { (roster) throws(RosterError) in
  ///   try roster.apply(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire)))
  /// }
  /// ```
  ///
  /// A task cancelled while it waits stops waiting: the lock is tried once more, and if
  /// another editor still holds it, the error is the timeout, with the time waited.
  ///
  /// - Parameter change: Changes the roster; returns whether it changed anything. Nothing is
  ///   written when it throws or returns `false`. It may run more than once, should another
  ///   program put a new file at the path meanwhile.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws; ``RosterError/lockTimeout(path:seconds:)`` when the
  ///   wait runs out; an error from reading or writing, as ``update(dryRun:_:)``.
  @discardableResult
  public func update(_ change: @Sendable (inout Roster) throws(RosterError) -> Bool)
    async throws(RosterError) -> RosterUpdate
  {
    try await editing(action: "read") { (site, file) throws(RosterError) in
      try changeAndSave(in: site, file, change)
    }
  }
}
