import MonstersSystem

// Replacing the roster in one step: a temporary file of the edit's own in the locked
// folder, given the old file's owner, extended attributes (its ACL among them) and mode,
// written and synced, then renamed over the roster (or linked to its name, for a new one),
// then the folder synced. Readers see the old roster or the new one; a failure at any step
// leaves the old one as it was.

extension RosterFile {
  /// Writes a roster in the place of the file an edit read, or as a new file where there
  /// was none. A failure removes the temporary file and leaves the roster as it was.
  ///
  /// The temporary file is checked to be the one written just before it is renamed, and
  /// the roster's name to name it just after: should another program have put a file at
  /// the temporary name in between, the rename put that file in place, and the roster is
  /// written again at once, from a new temporary file.
  ///
  /// - Parameters:
  ///   - roster: The roster to write.
  ///   - site: The locked folder, and the roster's name in it.
  ///   - existing: The file the edit read, whose metadata the new file takes, or `nil`
  ///     when there was none.
  ///   - check: Runs once the new file is written and synced, before it replaces the old
  ///     one; what it throws stops the write.
  /// - Returns: `false`, with nothing written, when the folder changed under the edit: the
  ///   roster's name no longer names the file it read (or now names one where there was
  ///   none), or the temporary file is not the one it wrote. The edit then starts over.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when a call fails, or when
  ///   the process may not write the file it replaces (`EACCES`), whatever it may do to
  ///   the folder; ``RosterError/changedWhileReading(path:)`` when other files keep taking
  ///   the temporary file's place.
  func save(
    _ roster: Roster, in site: EditSite, replacing existing: LoadedFile?,
    checkingFirst check: () throws(RosterError) -> Void = {}
  ) throws(RosterError) -> Bool {
    try save(in: site, replacing: existing, checkingFirst: check) {
      (sink) throws(SystemCallError) in
      try roster.writeCanonical(chunkSize: Self.chunkSize, to: sink)
    }
  }

  /// Writes a file in the place of the file an edit read, as
  /// ``save(_:in:replacing:checkingFirst:)`` writes a roster: the bytes are what `content`
  /// hands to the sink it is given.
  ///
  /// A signal that asks the process to end (Ctrl-C, `kill`) while the temporary file
  /// exists takes effect once it is in place or removed (``Platform/holdingEndingSignals(_:)``),
  /// so that an interrupted edit leaves nothing beside the roster; only `kill -9` and a
  /// crash can. It is held on the calling thread: in an app, a thread that does not hold
  /// it may take it.
  func save(
    in site: EditSite, replacing existing: LoadedFile?,
    checkingFirst check: () throws(RosterError) -> Void = {},
    writing content: ((UnsafeRawBufferPointer) throws(SystemCallError) -> Void)
      throws(SystemCallError) -> Void
  ) throws(RosterError) -> Bool {
    try Platform.holdingEndingSignals { () throws(RosterError) in
      try replacing(in: site, existing, checkingFirst: check, writing: content)
    }
  }

  /// The work of ``save(in:replacing:checkingFirst:writing:)``, with the signals held.
  private func replacing(
    in site: EditSite, _ existing: LoadedFile?,
    checkingFirst check: () throws(RosterError) -> Void,
    writing content: ((UnsafeRawBufferPointer) throws(SystemCallError) -> Void)
      throws(SystemCallError) -> Void
  ) throws(RosterError) -> Bool {
    let previous = existing?.opened
    // As an editor refuses to save over a file its user may not write, even where the
    // folder would let the file be replaced; root may, as root may write the file.
    if previous != nil {
      try performing(.write) { () throws(SystemCallError) in
        if case .unopenable(let code) = site.lock.hold { throw SystemCallError(code) }
        try fileSystem.checkWritable(site.name, in: site.folder)
      }
    }
    // Until a rename has put another file in place, the roster's name must name the file
    // read; after, it names that other file, which this write replaces.
    var misplaced = false
    for _ in 0..<Self.attempts {
      let (temporary, descriptor) = try createTemporaryFile(in: site, replacing: previous)
      // Closing it lets go of its lock, also once it is the roster.
      defer { fileSystem.close(descriptor) }
      var isOurs = true
      let placement: Placement
      do throws(RosterError) {
        try performing(.write) { () throws(SystemCallError) in
          if let previous { try giveMetadata(of: previous, to: descriptor) }
          try content { (chunk) throws(SystemCallError) in
            try fileSystem.writeAll(chunk, to: descriptor)
          }
          // After the last write, which would clear the set-user-ID and set-group-ID bits.
          if let previous {
            try fileSystem.fchmod(descriptor, mode: previous.status.permissions)
          }
          try fileSystem.synchronize(descriptor)
        }
        try check()
        placement = try performing(.write) { () throws(SystemCallError) in
          isOurs = try names(temporary, in: site.folder, descriptor)
          guard isOurs else { return .notPlaced }
          if !misplaced, try !names(site.name, in: site.folder, previous) { return .notPlaced }
          guard try place(temporary, in: site, replacing: misplaced || previous != nil) else {
            return .notPlaced
          }
          // The roster is replaced by now: a check that fails says nothing against it.
          let isPlaced = (try? names(site.name, in: site.folder, descriptor)) ?? true
          return isPlaced ? .placed : .misplaced
        }
      } catch {
        if isOurs { try? fileSystem.unlink(temporary, in: site.folder) }
        throw error
      }
      switch placement {
      case .placed:
        try syncFolder(site, holding: descriptor)
        return true
      case .notPlaced:
        if isOurs { try? fileSystem.unlink(temporary, in: site.folder) }
        if !misplaced { return false }
      case .misplaced:
        misplaced = true
      }
    }
    throw .changedWhileReading(path: path)
  }

  /// Where a written temporary file went.
  private enum Placement {
    /// At the roster's name.
    case placed
    /// Nowhere: the folder changed before it could be put in place.
    case notPlaced
    /// Another file, put at the temporary name just before the rename, went in its place.
    case misplaced
  }

  /// Creates a temporary file of the edit's own in the locked folder, new, with no link
  /// followed, and locks it, so that a sweep for the files killed edits left knows that
  /// this one is being written.
  ///
  /// - Parameters:
  ///   - site: The locked folder.
  ///   - previous: The file it replaces; without one, the new file gets the default mode
  ///     (`0666` less the umask), as any new file does.
  /// - Returns: The temporary file's name and descriptor, open for writing.
  private func createTemporaryFile(in site: EditSite, replacing previous: OpenedFile?)
    throws(RosterError) -> (String, Int32)
  {
    try performing(.write) { () throws(SystemCallError) in
      var attempt = 0
      while true {
        attempt += 1
        let name = TemporaryName.make(for: site.name)
        do throws(SystemCallError) {
          let descriptor = try fileSystem.open(
            name, in: site.folder,
            options: [.writeOnly, .create, .exclusive, .noFollow, .closeOnExec],
            mode: previous == nil ? 0o666 : 0o600)
          // A file system without locks still saves; the folder's lock keeps other edits
          // out, and this one is for the sweep's sake.
          try? fileSystem.flock(descriptor, .exclusiveWithoutWaiting)
          return (name, descriptor)
        } catch  where error.code == Platform.ErrorNumber.exists && attempt < Self.attempts {
          // Something stands at this name: take another.
        }
      }
    }
  }

  /// Gives the new file the owner and group of the file it replaces, where the process may
  /// set them (the group alone where it may set only that), and its extended attributes
  /// (with them, on Linux, its access control lists), and removes those it inherited from
  /// the folder that the old file did not have.
  private func giveMetadata(of previous: OpenedFile, to descriptor: Int32)
    throws(SystemCallError)
  {
    let (owner, group) = (previous.status.owner, previous.status.group)
    do throws(SystemCallError) {
      try fileSystem.fchown(descriptor, owner: owner, group: group)
    } catch {
      // A user who may not give the file away may still give it a group they are in.
      try? fileSystem.fchown(descriptor, owner: .max, group: group)
    }
    let names = try skippingRefusal([]) { () throws(SystemCallError) in
      try fileSystem.attributeNames(previous.descriptor)
    }
    for name in names {
      try skippingRefusal(()) { () throws(SystemCallError) in
        guard let value = try fileSystem.attribute(name, of: previous.descriptor) else { return }
        try fileSystem.setAttribute(name, to: value, of: descriptor)
      }
    }
    let inherited = try skippingRefusal([]) { () throws(SystemCallError) in
      try fileSystem.attributeNames(descriptor)
    }
    // A security label is the system's to give.
    for name in inherited where !names.contains(name) && !name.starts(with: securityPrefix) {
      try skippingRefusal(()) { () throws(SystemCallError) in
        try fileSystem.removeAttribute(name, of: descriptor)
      }
    }
    try skippingRefusal(()) { () throws(SystemCallError) in
      try fileSystem.copyAccessControlList(from: previous.descriptor, to: descriptor)
    }
  }

  /// Makes calls that copy metadata, giving `fallback` when the system refuses them: an
  /// attribute this process may not set (`EPERM`, `EACCES`), a file system without them
  /// (`ENOTSUP`), one removed meanwhile (`ENODATA`, Darwin's `ENOATTR`). Any other failure,
  /// such as a full disk, stops the write.
  private func skippingRefusal<Value>(
    _ fallback: Value, _ calls: () throws(SystemCallError) -> Value
  ) throws(SystemCallError) -> Value {
    do throws(SystemCallError) {
      return try calls()
    } catch {
      let refusals = [
        E.notPermitted, E.accessDenied, E.notSupported, E.operationNotSupported, E.noAttribute,
        E.invalidArgument,
      ]
      guard refusals.contains(error.code) else { throw error }
      return fallback
    }
  }

  /// Whether a name in the folder still names a file: the one open at `descriptor`, or,
  /// without one, nothing.
  private func names(_ name: String, in folder: Int32, _ descriptor: Int32)
    throws(SystemCallError) -> Bool
  {
    let opened = try fileSystem.fstat(descriptor)
    return try names(name, in: folder, OpenedFile(descriptor: descriptor, status: opened))
  }

  /// Whether a name in the folder still names the file that was opened, or, without one,
  /// names nothing.
  private func names(_ name: String, in folder: Int32, _ file: OpenedFile?)
    throws(SystemCallError) -> Bool
  {
    let now = try fileSystem.lstatIfPresent(name, in: folder)
    guard let file else { return now == nil }
    guard let now else { return false }
    return now.isSameFile(as: file.status)
  }

  /// Puts the written temporary file at the roster's name: over the old roster with
  /// `rename`, or, where there was none, with `link`, which fails rather than replace a
  /// file that another program put there meanwhile.
  ///
  /// - Returns: `false` when a file appeared at the roster's name, or the temporary file
  ///   was taken away just before: nothing was put in place.
  private func place(_ temporary: String, in site: EditSite, replacing: Bool)
    throws(SystemCallError) -> Bool
  {
    do throws(SystemCallError) {
      if replacing {
        try fileSystem.rename(temporary, to: site.name, in: site.folder)
        return true
      }
      do throws(SystemCallError) {
        try fileSystem.link(temporary, to: site.name, in: site.folder)
      } catch
        where [E.notPermitted, E.notSupported, E.operationNotSupported, E.notImplemented]
        .contains(error.code)
      {
        // A file system without hard links: the name was free a moment ago, under the lock.
        guard try fileSystem.lstatIfPresent(site.name, in: site.folder) == nil else {
          return false
        }
        try fileSystem.rename(temporary, to: site.name, in: site.folder)
        return true
      }
    } catch  where error.code == E.exists || error.code == E.noSuchFile {
      return false
    }
    // The roster has its name now; the temporary one goes, or is swept by the next edit.
    try? fileSystem.unlink(temporary, in: site.folder)
    return true
  }

  /// Makes the rename durable. The new roster is in place already when this fails, so the
  /// error says that the folder could not be synced.
  ///
  /// - Parameters:
  ///   - site: The folder, and the roster's name in it.
  ///   - roster: The new roster file, open.
  private func syncFolder(_ site: EditSite, holding roster: Int32) throws(RosterError) {
    do throws(SystemCallError) {
      do throws(SystemCallError) {
        try fileSystem.synchronize(site.folder)
      } catch  where error.code == E.badDescriptor {
        // A folder opened for search only (mode 733) cannot be synced: the file system
        // that holds it is, through the new roster.
        try fileSystem.synchronizeFileSystem(of: roster)
      }
    } catch  where error.code == E.invalidArgument {
      // A file system that cannot sync folders has nothing more to do.
    } catch {
      throw .fileSystem(path: site.folderPath, action: .syncFolder, errno: error.code)
    }
  }
}

/// The `errno` values by name.
private typealias E = Platform.ErrorNumber

/// The start of a security label's name (`security.selinux`), which is the system's to give.
private let securityPrefix = Array("security.".utf8)
