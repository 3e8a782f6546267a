import MonstersSystem

// The frame of every edit: find the file, lock its folder, clear what killed edits left,
// read the roster under the lock, and start over should another program put a new file at
// the path meanwhile.

extension RosterFile {
  /// Where an edit works, locked: the roster's folder, open, and the roster's name in it.
  struct EditSite {
    /// The lock, whose descriptor of the folder the edit works through.
    var lock: RosterLock
    /// The folder's path, for messages.
    var folderPath: String
    /// The roster's name in the folder.
    var name: String

    /// The locked folder's descriptor.
    var folder: Int32 { lock.folder }
  }

  /// How one try of an edit ended.
  enum Attempt<Value> {
    /// It is done, with this value.
    case done(Value)
    /// The folder changed under it (another program put a new file at the roster's path,
    /// or took its temporary file away): it must start over, reading the roster again.
    case startOver
  }

  /// How many times an edit starts over before it gives up.
  static let attempts = 5

  /// Runs an edit under the lock of the roster's folder, starting over while it asks to.
  ///
  /// - Parameters:
  ///   - action: The action named when a folder stands at the path.
  ///   - body: The edit: given the site and the roster file as it is (or `nil` when there
  ///     is none), writes what it writes and says whether it is done.
  /// - Returns: What `body` gave.
  /// - Throws: What `body` throws, an error from finding, locking or reading the file,
  ///   ``RosterError/missingFile(path:)`` when its folder does not exist, or
  ///   ``RosterError/changedWhileReading(path:)`` when the folder keeps changing.
  func editing<Value>(
    action: RosterError.FileAction,
    _ body: (EditSite, LoadedFile?) throws(RosterError) -> Attempt<Value>
  ) throws(RosterError) -> Value {
    for _ in 0..<Self.attempts {
      guard let target = try editTarget(action: action) else { continue }
      let lock: RosterLock
      do throws(RosterError) {
        lock = try RosterLock(folder: target.folder, roster: target.name, for: self)
      } catch .fileSystem(_, _, let code) where code == Platform.ErrorNumber.noSuchFile {
        // No folder, no file: what a missing file named by the user is, not a lock that
        // failed.
        throw .missingFile(path: path)
      }
      if let value = try edit(target, under: lock, action: action, body) { return value }
    }
    throw .changedWhileReading(path: path)
  }

  /// The steps of one try of an edit once its folder is locked: the check that the path
  /// still leads into that folder, the sweep, the read and `body`; lets go of the lock.
  ///
  /// - Returns: What `body` gave, or `nil` when the edit must start over.
  private func edit<Value>(
    _ target: EditTarget, under lock: RosterLock, action: RosterError.FileAction,
    _ body: (EditSite, LoadedFile?) throws(RosterError) -> Attempt<Value>
  ) throws(RosterError) -> Value? {
    defer { lock.release() }
    guard try leads(to: target, lockedAs: lock, action: action) else { return nil }
    let site = EditSite(lock: lock, folderPath: target.folder, name: target.name)
    sweepAbandonedTemporaryFiles(in: site)
    let existing: LoadedFile?
    switch try loadForEdit(in: site) {
    case .file(let file): existing = file
    case .missing: existing = nil
    case .replacedByLink: return nil
    }
    defer { existing.map(close) }
    // Where the roster file is locked rather than its folder, the file read must be the one
    // locked (or none, where there was none to lock); another put in its place meanwhile
    // is locked afresh.
    guard lock.covers(existing) else { return nil }
    switch try body(site, existing) {
    case .done(let value): return value
    case .startOver: return nil
    }
  }

  /// Whether the path, now that its folder is locked, still leads to the same name in the
  /// folder that was locked. While the edit waited for the lock, the folder may have been
  /// moved aside, or a link on the way pointed elsewhere (a script that held the lock, a
  /// deployment that swaps releases): an edit of the folder it locked would then be lost
  /// to the path.
  private func leads(
    to target: EditTarget, lockedAs lock: RosterLock, action: RosterError.FileAction
  )
    throws(RosterError) -> Bool
  {
    // Paths compared as the file system compares them, byte by byte.
    guard let now = try editTarget(action: action), now.folder.hasSameCodePoints(as: target.folder),
      now.name.hasSameCodePoints(as: target.name)
    else { return false }
    return try performing(.lock) { () throws(SystemCallError) in
      let descriptor = try fileSystem.openFolder(now.folder)
      defer { fileSystem.close(descriptor) }
      let (atPath, locked) = (try fileSystem.fstat(descriptor), try fileSystem.fstat(lock.folder))
      return atPath.device == locked.device && atPath.inode == locked.inode
    }
  }

  /// What an edit finds at the roster's name in the locked folder.
  private enum EditedFile {
    /// The roster file, read.
    case file(LoadedFile)
    /// No file: the edit makes one.
    case missing
    /// A link has taken the roster's place since the links were followed: the edit starts
    /// over.
    case replacedByLink
  }

  /// Opens and reads the roster in the locked folder, following no link: the links were
  /// followed before the folder was locked.
  private func loadForEdit(in site: EditSite) throws(RosterError) -> EditedFile {
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try fileSystem.open(
        site.name, in: site.folder, options: [.readOnly, .nonBlocking, .noFollow, .closeOnExec],
        mode: 0)
    } catch  where error.code == Platform.ErrorNumber.noSuchFile {
      return .missing
    } catch  where error.code == Platform.ErrorNumber.tooManyLinks {
      return .replacedByLink
    } catch  where error.code == Platform.ErrorNumber.noSuchDevice {
      throw .notARegularFile(path: path)
    } catch {
      throw failure(.read, error)
    }
    return .file(try load(descriptor, editing: true))
  }
}
