import Glibc

// Replacing the roster in one step: a temporary file beside it, written and synced, then
// renamed over it, then the folder synced. Readers see the old roster or the new one; a
// failure at any step leaves the old one as it was.

extension RosterFile {
  /// The status of the file an edit replaces, whose mode and owner the new file takes.
  ///
  /// - Parameter target: The roster's path, links followed.
  /// - Returns: The status, or `nil` when there is no file yet.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)``, with `EISDIR` for a folder.
  func existingStatus(of target: String) throws(RosterError) -> stat? {
    try performing("write") { () throws(SystemCallError) in
      let status = try fileSystem.lstatIfPresent(target)
      if let status, status.st_mode & S_IFMT == S_IFDIR { throw SystemCallError(EISDIR) }
      return status
    }
  }

  /// Writes a roster over the file: a temporary file beside it, synced, then renamed over
  /// it, then the folder synced. A failure removes the temporary file and leaves the
  /// roster as it was.
  ///
  /// - Parameters:
  ///   - roster: The roster to write.
  ///   - target: The file to replace, links followed.
  ///   - existing: The file's status when it exists, whose mode and owner the new file
  ///     takes.
  ///   - check: Runs once the new file is written and synced, before it replaces the old
  ///     one; what it throws stops the write.
  func write(
    _ roster: Roster, to target: String, replacing existing: stat?,
    checkingFirst check: () throws(RosterError) -> Void = {}
  ) throws(RosterError) {
    let temporary = directory(of: target) + "/." + baseName(of: target) + ".tmp"
    // Only an edit that holds the lock writes this file, so one that is here was left
    // by an edit that was killed.
    try? fileSystem.unlink(temporary)
    let descriptor = try createTemporaryFile(temporary, replacing: existing)
    do throws(RosterError) {
      try performing("write") { () throws(SystemCallError) in
        defer { fileSystem.close(descriptor) }
        if let existing {
          try? fileSystem.fchown(descriptor, owner: existing.st_uid, group: existing.st_gid)
          try fileSystem.fchmod(descriptor, mode: existing.st_mode & 0o7777)
        }
        try roster.writeCanonical(chunkSize: Self.chunkSize) { (chunk) throws(SystemCallError) in
          try fileSystem.writeAll(chunk, to: descriptor)
        }
        try fileSystem.fsync(descriptor)
      }
      try check()
      try performing("write") { () throws(SystemCallError) in
        try fileSystem.rename(temporary, to: target)
      }
    } catch {
      try? fileSystem.unlink(temporary)
      throw error
    }
    try syncDirectory(of: target)
  }

  /// Creates the temporary file, new, with no link followed.
  ///
  /// - Returns: Its descriptor, open for writing.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)``, naming the temporary file
  ///   when something that is not a file of ours stands where it goes.
  private func createTemporaryFile(_ temporary: String, replacing existing: stat?)
    throws(RosterError) -> Int32
  {
    do throws(SystemCallError) {
      return try fileSystem.open(
        temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
        mode: existing == nil ? 0o666 : 0o600)
    } catch  where error.code == EEXIST {
      throw .fileSystem(path: temporary, action: "create the temporary file", errno: error.code)
    } catch {
      throw failure("write", error)
    }
  }

  /// Makes the rename durable. The new roster is in place already when this fails, so the
  /// error says that the folder could not be synced.
  private func syncDirectory(of target: String) throws(RosterError) {
    let folder = directory(of: target)
    do throws(SystemCallError) {
      let descriptor = try fileSystem.open(
        folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
      defer { fileSystem.close(descriptor) }
      do throws(SystemCallError) {
        try fileSystem.fsync(descriptor)
      } catch  where error.code == EINVAL {
        // A file system that cannot sync folders has nothing more to do.
      }
    } catch {
      throw .fileSystem(path: folder, action: "sync the folder", errno: error.code)
    }
  }
}
