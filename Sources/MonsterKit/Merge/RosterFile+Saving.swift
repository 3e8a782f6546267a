// Saving a roster value, as an app holds one: written as it is when the file holds what
// the app read, merged with the file's changes when another program changed it since
// (the three-way merge `merge` and `diff` make), refused with the merge where the two
// cannot both be had. Every step is the edit path's, under the roster's lock.

extension RosterFile {
  /// Saves a roster the app holds as a value, merging it with what the file holds when
  /// another program changed the file since the snapshot the roster came from.
  ///
  /// Under the roster's lock, the file is read. When it holds what `snapshot` held, byte for
  /// byte, `roster` is written. When it changed (`monsters` in a terminal, `git pull`, a
  /// sync), the file's changes since the snapshot and the roster's are merged as `monsters
  /// merge` merges them, monsters matched by their names and, where they were renamed, by
  /// what they hold (see ``RosterMerge``): a clean merge is written, and a conflict is
  /// thrown, with nothing written. A roster that changes nothing writes nothing.
  ///
  /// ```swift
  /// var snapshot = try file.snapshot()
  /// var roster = snapshot.roster
  /// try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
  /// snapshot = try file.save(roster, basedOn: snapshot)
  /// roster = snapshot.roster  // with what another program changed meanwhile
  /// ```
  ///
  /// - Parameters:
  ///   - roster: The roster to save.
  ///   - snapshot: The snapshot the roster was read from and edited since: what the file
  ///     held then, the common ancestor of a merge.
  /// - Returns: The snapshot of the file as the save left it, taken under the lock: the
  ///   roster it holds (the merge, where there was one) and the version of the file, for
  ///   the next save.
  /// - Throws: ``RosterError/saveConflict(_:)`` with the merge, where the file's changes
  ///   and the roster's cannot both be had; ``RosterError/notTheFileRead(path:)`` for a
  ///   snapshot of another file; ``RosterError/missingFile(path:)`` when the file the
  ///   snapshot was read from was removed since (``create(_:)-17y95`` makes it again); as
  ///   ``update(dryRun:_:)-78lyj`` for a file that cannot be read, locked or written, or one that
  ///   is not a valid roster now. Nothing is written then.
  public func save(_ roster: Roster, basedOn snapshot: Snapshot) throws(RosterError) -> Snapshot {
    try named { () throws(RosterError) in
      try saving(basedOn: snapshot) { (current, found) throws(RosterError) in
        let saved: Roster
        if found.isUnchanged {
          saved = roster
        } else {
          let merge = RosterMerge(base: snapshot.roster, ours: roster, theirs: current)
          guard let result = merge.result else {
            let now = Snapshot(
              roster: current.keepingIdentities(of: roster), version: try found.version(),
              content: found.content, file: snapshot.file)
            throw .saveConflict(SaveConflict(path: path, merge: merge, current: now, saved: roster))
          }
          // The monsters the app has keep their ids; those the file brought get new ones.
          saved = result.keepingIdentities(of: roster)
        }
        let changed = !saved.hasSameMonsters(as: current)
        current = saved
        return changed
      }
    }
  }

  /// Changes the roster under its lock, the change given the monsters' ids of a snapshot,
  /// and saves it: edits by id, such as a list's moves and deletions
  /// (``Roster/move(_:before:)``, ``Roster/remove(id:)``), made again on the roster as
  /// another program left it, so that they move and remove the same monsters whatever
  /// another program added or moved meanwhile.
  ///
  /// ```swift
  /// let moving = offsets.map { snapshot.roster[$0].id }
  /// snapshot = try file.update(basedOn: snapshot) { roster in
  ///   try roster.move(moving, before: nil)
  /// }
  /// ```
  ///
  /// Under the lock, the roster is read; its monsters get the snapshot's ids (as
  /// ``Roster/keepingIdentities(of:)`` gives them, when the file changed since), `change`
  /// runs on it, and it is written when it changed, through the edit path of
  /// ``update(dryRun:_:)-78lyj``.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot whose ids the change names monsters by.
  ///   - change: Changes the roster. Nothing is written when it throws. It may run more
  ///     than once, should another program put a new file at the path meanwhile.
  /// - Returns: The snapshot of the file as the change left it, taken under the lock, its
  ///   monsters with the snapshot's ids.
  /// - Throws: What `change` throws, as it threw it (``RosterError/monsterGone(_:)`` for a
  ///   monster another program removed); otherwise what ``save(_:basedOn:)-69iv0`` throws but a
  ///   conflict.
  public func update<Failure: Error>(
    basedOn snapshot: Snapshot, _ change: (inout Roster) throws(Failure) -> Void
  ) throws -> Snapshot {
    var isUnchanged = false
    let identified = { (roster: inout Roster) throws(Failure) -> Void in
      roster = isUnchanged ? snapshot.roster : roster.keepingIdentities(of: snapshot.roster)
      try change(&roster)
    }
    return try carrying(identified) { (edit) throws(RosterError) in
      try named { () throws(RosterError) in
        try saving(basedOn: snapshot) { (current, found) throws(RosterError) in
          isUnchanged = found.isUnchanged
          return try edit(&current)
        }
      }
    }
  }

  /// Changes the roster by the ids of a snapshot and saves it, as the form whose change
  /// throws any error does, with a change whose only errors are the roster's: the call
  /// throws ``RosterError``, typed.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot whose ids the change names monsters by.
  ///   - change: Changes the roster. Nothing is written when it throws.
  /// - Returns: The snapshot of the file as the change left it, taken under the lock.
  /// - Throws: What `change` throws (``RosterError/monsterGone(_:)`` for a monster another
  ///   program removed); otherwise what ``save(_:basedOn:)-69iv0`` throws but a conflict.
  public func update(
    basedOn snapshot: Snapshot, _ change: (inout Roster) throws(RosterError) -> Void
  ) throws(RosterError) -> Snapshot {
    try named { () throws(RosterError) in
      try saving(basedOn: snapshot) { (current, found) throws(RosterError) in
        current =
          found.isUnchanged ? snapshot.roster : current.keepingIdentities(of: snapshot.roster)
        let before = current
        try change(&current)
        return !current.hasSameMonsters(as: before)
      }
    }
  }

  /// What a save found under the lock.
  struct FoundFile {
    /// Whether the file holds what the snapshot held.
    var isUnchanged: Bool
    /// What it holds.
    var content: Snapshot.Content
    /// The version of the file, taken under the lock.
    var version: () throws(RosterError) -> FileVersion?
  }

  /// The frame of a save: under the lock, the file is checked to be the snapshot's, read,
  /// changed by `change` (given what was found) and written when it changed.
  ///
  /// - Returns: The snapshot of the file as the save left it, its version taken under the
  ///   lock.
  func saving(
    basedOn snapshot: Snapshot,
    _ change: (inout Roster, FoundFile) throws(RosterError) -> Bool
  ) throws(RosterError) -> Snapshot {
    try editing(action: .read) { (site, existing) throws(RosterError) in
      guard try identity(of: site) == snapshot.file else { throw .notTheFileRead(path: path) }
      let bytes = existing?.bytes
      // A file removed since it was read is not made again from what the app holds: the
      // app may have meant it to go, and `create(_:)` says so.
      if bytes == nil, !snapshot.isOfMissingFile { throw .missingFile(path: path) }
      let found = FoundFile(
        isUnchanged: snapshot.holds(bytes), content: bytes.map(Snapshot.Content.bytes) ?? .missing,
        version: { () throws(RosterError) in bytes == nil ? nil : try version(in: site) })
      let attempt = try changeAndSave(in: site, existing) { (current) throws(RosterError) in
        try change(&current, found)
      }
      guard case .done(let update) = attempt else { return .startOver }
      let content = update.changed ? .canonical : found.content
      return .done(
        Snapshot(
          roster: update.after, version: content.isMissing ? nil : try version(in: site),
          content: content, file: snapshot.file))
    }
  }

  /// Creates the file, holding a roster: the one operation beside ``initialize(force:)-x46j``
  /// that creates a file whatever ``whenMissing`` says. A file that is there is not
  /// replaced.
  ///
  /// ```swift
  /// var roster = Roster()
  /// try roster.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .sword))
  /// let snapshot = try RosterFile(path: path).create(roster)
  /// ```
  ///
  /// - Parameter roster: The roster the new file holds.
  /// - Returns: The snapshot of the new file, taken under the lock, to base saves on.
  /// - Throws: ``RosterError/fileExists(path:)`` when there is a file at the path (or a
  ///   link to one); ``RosterError/missingFile(path:)`` when its folder does not exist;
  ///   an error from locking or writing, as ``update(dryRun:_:)-78lyj``.
  public func create(_ roster: Roster) throws(RosterError) -> Snapshot {
    try named { () throws(RosterError) in
      try editing(action: .write) { (site, existing) throws(RosterError) in
        if existing != nil { throw .fileExists(path: path) }
        guard try save(roster, in: site, replacing: nil) else { return .startOver }
        return .done(
          Snapshot(
            roster: roster, version: try version(in: site), content: .canonical,
            file: try identity(of: site)))
      }
    }
  }
}
