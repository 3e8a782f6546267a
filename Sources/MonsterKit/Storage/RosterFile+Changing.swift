import MonstersSystem

// The doors to the edit path (RosterFile+Editing.swift): a list of edits, a change decided
// under the lock, the seeded roster; and the steps between, which name the file in errors
// and carry a caller's own error out past the lock.

extension RosterFile {
  /// Makes edits, all of them or none, and saves the roster.
  ///
  /// Under the file's lock, the roster is read, the edits are made in order, and the result
  /// is written to a temporary file that replaces the roster in one `rename`. If an edit
  /// fails, nothing is written. If the edits change nothing, or their changes cancel out,
  /// nothing is written either.
  ///
  /// - Parameters:
  ///   - edits: The edits, in order.
  ///   - dryRun: When `true`, the edits are made in memory only and nothing is locked or
  ///     written.
  /// - Returns: The roster before and after.
  /// - Throws: The first edit's ``RosterError``, or one from reading, locking or writing.
  @discardableResult
  public func apply(_ edits: [RosterEdit], dryRun: Bool = false) throws(RosterError)
    -> RosterUpdate
  {
    try named { () throws(RosterError) in
      try edit(dryRun: dryRun) { (roster) throws(RosterError) in
        try roster.applyEach(edits).changed
      }
    }
  }

  /// Writes the seeded roster. This is the one operation that creates a file whatever
  /// ``whenMissing`` says.
  ///
  /// - Parameter force: Whether to replace a file that exists.
  /// - Throws: ``RosterError/fileExists(path:)`` when there is a file and `force` is
  ///   `false`; otherwise an error from locking or writing.
  public func initialize(force: Bool) throws(RosterError) {
    try named { () throws(RosterError) in
      try editing(action: .write) { (site, existing) throws(RosterError) in
        if existing != nil && !force { throw .fileExists(path: path) }
        return try save(.seeded, in: site, replacing: existing) ? .done(()) : .startOver
      }
    }
  }

  /// Changes the roster and saves it on the edit path, the steps every write of the file
  /// takes (`editing(action:_:)`): lock, read, change, validate, write, unlock.
  ///
  /// ``apply(_:dryRun:)`` is this with a list of edits; use this to decide edits from the
  /// roster as it is under the lock. What the closure throws comes out as it was thrown, an
  /// app's own error too, and nothing is written:
  ///
  /// ```swift
  /// try file.update { roster in
  ///   guard roster.count < 100 else { throw AppError.rosterFull }
  ///   try roster.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .fire)))
  /// }
  /// ```
  ///
  /// The roster is written only when it changed: when the closure leaves it holding the
  /// same monsters, weapons, fields and keys as it read, nothing is written
  /// (``RosterUpdate/changed`` is `false`).
  ///
  /// Should another program put a new file at the path while the edit works, the edit
  /// starts over from it, so `change` may run more than once; each time on the roster as
  /// it is then. In an `async` context, the call without `dryRun` is the `async`
  /// ``update(_:)-2jzky``, which waits for the lock without blocking a thread.
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster. Nothing is written when it throws.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, as it threw it; otherwise a ``RosterError`` from
  ///   reading, locking or writing, ``RosterError/notEditable(path:)`` for a pipe or a
  ///   terminal, unless `dryRun`.
  @discardableResult
  public func update<Failure: Error>(
    dryRun: Bool = false, _ change: (inout Roster) throws(Failure) -> Void
  ) throws -> RosterUpdate {
    try carrying(change) { (change) throws(RosterError) in
      try named { () throws(RosterError) in try edit(dryRun: dryRun, change) }
    }
  }

  /// Changes the roster and saves it, as the form whose change throws any error does, with
  /// a change whose only errors are the roster's: the call throws ``RosterError``, typed.
  /// A closure that says so, or throws nothing, is this form's (Swift takes a closure that
  /// says nothing for one that throws any error):
  ///
  /// ```swift
  /// do throws(RosterError) {
  ///   try file.update { (roster) throws(RosterError) in try roster.apply(.remove("Dog-Bot")) }
  /// } catch {
  ///   alert = error.description
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster. Nothing is written when it throws.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws; a ``RosterError`` from reading, locking or writing,
  ///   ``RosterError/notEditable(path:)`` for a pipe or a terminal, unless `dryRun`.
  @discardableResult
  public func update(
    dryRun: Bool = false, _ change: (inout Roster) throws(RosterError) -> Void
  ) throws(RosterError) -> RosterUpdate {
    try named { () throws(RosterError) in
      try edit(dryRun: dryRun) { (roster) throws(RosterError) -> Bool in
        let before = roster
        try change(&roster)
        return !roster.hasSameMonsters(as: before)
      }
    }
  }

  /// Runs a public call's work, naming the file in its errors by ``displayName``.
  @usableFromInline
  func named<Value>(_ work: () throws(RosterError) -> Value) throws(RosterError) -> Value {
    do throws(RosterError) {
      return try work()
    } catch {
      throw displayName.map(error.naming) ?? error
    }
  }

  /// Runs an edit whose change throws an error of the caller's type through the edit path,
  /// which throws ``RosterError``: the change's error is kept aside, the edit is told that
  /// nothing changed (so nothing is written), and the error is thrown once the edit is over.
  /// The one place that carries an error out of a closure in a variable: a `RosterError`
  /// cannot hold a caller's error, and the lock must be let go before it is thrown.
  ///
  /// - Parameters:
  ///   - change: The caller's change.
  ///   - edit: The edit, given the change as the edit path takes it: it returns whether
  ///     the roster changed, which is whether its monsters, weapons, fields or keys differ.
  /// - Returns: What `edit` returns.
  /// - Throws: What `change` threw, or what `edit` threw.
  @usableFromInline
  func carrying<Failure: Error, Value>(
    _ change: (inout Roster) throws(Failure) -> Void,
    _ edit: ((inout Roster) throws(RosterError) -> Bool) throws(RosterError) -> Value
  ) throws -> Value {
    var failure: Failure?
    // Both closures are the caller's and run only within this call; Swift refuses one that
    // captures another non-escaping closure without this.
    let value = try withoutActuallyEscaping(change) { (change) throws(RosterError) in
      try edit { (roster) throws(RosterError) -> Bool in
        failure = nil
        let before = roster
        do throws(Failure) {
          try change(&roster)
        } catch {
          failure = error
          return false
        }
        return !roster.hasSameMonsters(as: before)
      }
    }
    if let failure { throw failure }
    return value
  }

  /// The one path every edit takes, for the edits of `monsters` itself: `change` says
  /// whether to write, which for `fmt` is whether the file is not in canonical form. Named
  /// apart from ``update(dryRun:_:)-78lyj``: under that name, a closure that ends in a call
  /// returning `Bool`, as `roster.apply(_:)` does, picked this one within the package, so
  /// the package's own tests ran what no app can call.
  ///
  /// - Parameters:
  ///   - dryRun: When `true`, the change is made in memory only and nothing is locked or
  ///     written.
  ///   - change: Changes the roster; returns whether to write it. Nothing is written when
  ///     it throws or returns `false`.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, or an error from reading, locking or writing;
  ///   ``RosterError/notEditable(path:)`` for a pipe or a terminal, unless `dryRun`.
  package func edit(
    dryRun: Bool, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> RosterUpdate {
    guard !dryRun else {
      let file = try load()
      defer { file.map(close) }
      return try changing(file, change)
    }
    return try editing(action: .read) { (site, file) throws(RosterError) in
      try changeAndSave(in: site, file, change)
    }
  }

  /// The work of an edit under the lock: reads the roster from the file, changes it, and
  /// saves it when it changed.
  ///
  /// - Returns: The update, or ``Attempt/startOver`` when the folder changed meanwhile.
  func changeAndSave(
    in site: EditSite, _ file: LoadedFile?, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> Attempt<RosterUpdate> {
    let update = try changing(file, change)
    guard update.changed else { return .done(update) }
    // A mapped file is read as the new one is written: a program that wrote to it
    // meanwhile, ignoring the lock, would have it write a mix, so the new file is
    // checked for that before it takes the old one's place.
    let saved: Bool
    do throws(RosterError) {
      saved = try save(update.after, in: site, replacing: file) { () throws(RosterError) in
        if let file { try checkUnchanged(file) }
      }
    } catch {
      // Writing from a mapping whose file was cut short fails with EFAULT: the file
      // changed, which is the error to give.
      if case .fileSystem(_, _, let code) = error, code == Platform.ErrorNumber.badAddress,
        let file
      {
        try checkUnchanged(file)
      }
      throw error
    }
    return saved ? .done(update) : .startOver
  }

  /// Reads the roster from a loaded file (the missing roster without one) and changes it.
  private func changing(
    _ file: LoadedFile?, _ change: (inout Roster) throws(RosterError) -> Bool
  ) throws(RosterError) -> RosterUpdate {
    let before: Roster
    do throws(RosterError) {
      if let file {
        before = try roster(from: file.bytes)
      } else {
        before = try missingRoster()
      }
    } catch {
      // Bytes that changed under the reader are no reason to blame the file.
      if let file { try checkUnchanged(file) }
      throw error
    }
    // Room to change every monster, asked for as the reader's memory was.
    try requireMemory(Roster.editingBytes(monsterCount: before.count))
    var after = before
    let changed = try change(&after)
    // The one part of a roster an app sets directly, unchecked until it is to be written.
    if after.otherFields != before.otherFields { try after.otherFields.checkWritableAsRosters() }
    return RosterUpdate(before: before, after: after, changed: changed, original: file?.bytes)
  }
}
