// Clearing what killed edits left: an edit killed while it wrote leaves its temporary file
// beside the roster, which the next edit of that roster removes.

extension RosterFile {
  /// Removes the temporary files of the roster that no edit is writing.
  ///
  /// It runs under the folder's lock, so no other edit of a roster in the folder is
  /// running, and any temporary file of the roster is a killed edit's. Each edit also locks
  /// its temporary file while it writes it, and one that is locked is left alone all the
  /// same. Nothing here stops the edit: a file that cannot be removed stays.
  ///
  /// - Parameter site: The locked folder, and the roster's name in it.
  func sweepAbandonedTemporaryFiles(in site: EditSite) {
    guard let names = try? fileSystem.names(inFolder: site.folder) else { return }
    for name in names where TemporaryName.isTemporary(name, of: site.name) {
      removeIfAbandoned(name, in: site.folder)
    }
  }

  /// Removes a temporary file unless an edit holds its lock, and anything else at a
  /// temporary name, which no edit made, but a folder.
  private func removeIfAbandoned(_ name: String, in folder: Int32) {
    guard let status = try? fileSystem.lstatIfPresent(name, in: folder) else { return }
    switch status.fileType {
    case .directory:
      return
    case .regular:
      let descriptor: Int32
      do throws(SystemCallError) {
        descriptor = try fileSystem.open(
          name, in: folder, options: [.readOnly, .nonBlocking, .noFollow, .closeOnExec], mode: 0)
      } catch  where error.code == Platform.ErrorNumber.accessDenied {
        // Another user's, which this one may not open, and so cannot lock: the folder's
        // lock says already that no edit is writing it.
        try? fileSystem.unlink(name, in: folder)
        return
      } catch {
        return
      }
      defer { fileSystem.close(descriptor) }
      guard (try? fileSystem.flock(descriptor, .exclusiveWithoutWaiting)) != nil,
        let opened = try? fileSystem.fstat(descriptor),
        let now = try? fileSystem.lstatIfPresent(name, in: folder),
        now.isSameFile(as: opened)
      else { return }
      try? fileSystem.unlink(name, in: folder)
    default:
      try? fileSystem.unlink(name, in: folder)
    }
  }
}
