import MonstersSystem

// Clearing what killed edits left: an edit killed while it wrote leaves its temporary file
// beside the roster, which the next edit of that roster removes, and which `check` and
// `list` can point out meanwhile.

extension RosterFile {
  /// Removes the temporary files of the roster that no edit is writing.
  ///
  /// It runs under the edit's lock. Each edit locks its temporary file while it writes it,
  /// and one that is locked is left alone. Under the folder's lock and the roster file's no
  /// other edit of the roster runs, so a temporary file this process may not even open is
  /// a killed edit's too; where only the roster file is locked, such a file is left. A link
  /// or a FIFO at a temporary name, which no edit made, is removed without being followed
  /// or opened in a way that waits. Nothing here stops the edit: a file that cannot be
  /// removed stays.
  ///
  /// - Parameter site: The locked folder, and the roster's name in it.
  func sweepAbandonedTemporaryFiles(in site: EditSite) {
    guard let names = try? fileSystem.names(inFolder: site.folder) else { return }
    let folderIsLocked = site.lock.locksFolder
    for name in names where TemporaryName.isTemporary(name, of: site.name) {
      switch probe(name, in: site.folder) {
      case .abandoned(let descriptor):
        defer { fileSystem.close(descriptor) }
        try? fileSystem.unlink(name, in: site.folder)
      case .planted:
        try? fileSystem.unlink(name, in: site.folder)
      case .unopenable(let code) where folderIsLocked && code == Platform.ErrorNumber.accessDenied:
        // Another user's, which this one may not open, and so cannot probe: the folder's
        // lock says already that no edit is writing it.
        try? fileSystem.unlink(name, in: site.folder)
      case .inUse, .gone, .folder, .unopenable:
        break
      }
    }
  }

  /// The temporary files a killed edit of the roster left beside it, which no edit is
  /// writing now and the next edit removes: for `check` and `list` to point out. Reading
  /// takes no lock, so a file an edit has only just created may be among them.
  ///
  /// - Returns: Their paths (beside the roster a symbolic link leads to), or none for a
  ///   stream, or when the folder cannot be read.
  package func abandonedTemporaryFiles() -> [String] {
    guard stream == nil, let target = try? editTarget(action: .read) else { return [] }
    guard
      let folder = try? fileSystem.open(
        target.folder, options: [.readOnly, .directory, .closeOnExec], mode: 0)
    else { return [] }
    defer { fileSystem.close(folder) }
    guard let names = try? fileSystem.names(inFolder: folder) else { return [] }
    var paths: [String] = []
    for name in names.sorted() where TemporaryName.isTemporary(name, of: target.name) {
      guard case .abandoned(let descriptor) = probe(name, in: folder) else { continue }
      fileSystem.close(descriptor)
      paths.append(target.folder == "." ? name : target.folder + "/" + name)
    }
    return paths
  }

  /// What stands at one of the roster's temporary names.
  private enum TemporaryFile {
    /// A file no edit is writing, open (the caller closes it) and locked while it is.
    case abandoned(Int32)
    /// A file an edit holds the lock of: it is being written.
    case inUse
    /// Nothing any more.
    case gone
    /// A folder, which no edit made and none removes.
    case folder
    /// Something that is neither file nor folder (a link, a FIFO): no edit made it.
    case planted
    /// A file that cannot be opened, with this `errno`.
    case unopenable(Int32)
  }

  /// Looks at a temporary name, without following a link or opening a way that waits. A
  /// file is opened and locked shared: the edit writing it holds its lock, and a shared
  /// lock may be taken on a file open for reading only, also where `flock` is emulated
  /// with POSIX locks (NFS).
  private func probe(_ name: String, in folder: Int32) -> TemporaryFile {
    guard let status = try? fileSystem.lstatIfPresent(name, in: folder) else { return .gone }
    switch status.fileType {
    case .directory:
      return .folder
    case .regular:
      let descriptor: Int32
      do throws(SystemCallError) {
        descriptor = try fileSystem.open(
          name, in: folder, options: [.readOnly, .nonBlocking, .noFollow, .closeOnExec], mode: 0)
      } catch {
        return .unopenable(error.code)
      }
      guard (try? fileSystem.flock(descriptor, .sharedWithoutWaiting)) != nil,
        let opened = try? fileSystem.fstat(descriptor),
        let now = try? fileSystem.lstatIfPresent(name, in: folder),
        now.isSameFile(as: opened)
      else {
        fileSystem.close(descriptor)
        return .inUse
      }
      return .abandoned(descriptor)
    default:
      return .planted
    }
  }
}
