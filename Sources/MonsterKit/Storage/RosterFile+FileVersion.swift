import MonstersSystem

// A cheap way for an app to notice that another program changed the roster file since it
// was read: a token of the file's identity and last change, compared on demand.

extension RosterFile {
  /// Which file stands at the path and when it last changed: a token that an app keeps
  /// when it reads the roster and compares later, to learn without reading the file
  /// whether another program (`monsters` in a terminal, a sync, an editor) changed it.
  ///
  /// ```swift
  /// let seen = try file.fileVersion()
  /// let roster = try file.read()
  /// // later, when the app comes to the front:
  /// if try file.fileVersion() != seen { reload() }
  /// ```
  ///
  /// Every edit replaces the file with a new one, so an edit always gives a new version;
  /// a program that writes the file in place changes its size or modification time. Two
  /// versions may differ while the roster is the same (a `touch`, or an edit that was
  /// undone): reading again then finds what it found before.
  public struct FileVersion: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modified: Int
    let modifiedNanoseconds: Int
    let changed: Int
    let changedNanoseconds: Int
  }

  /// The version of the file at the path, links followed, without reading it.
  ///
  /// - Returns: The version, or `nil` while there is no file.
  /// - Throws: ``RosterError/fileSystem(path:action:errno:)`` when the file cannot be
  ///   looked at; ``RosterError/notEditable(path:)`` for a pipe or a terminal.
  /// - Complexity: One `open` and one `fstat`: no byte of the file is read.
  public func fileVersion() throws(RosterError) -> FileVersion? {
    try named { () throws(RosterError) in
      try statusAsOpened(action: .read).map(FileVersion.init)
    }
  }
}

extension RosterFile.FileVersion {
  /// The version of a file of this status.
  init(_ status: Platform.FileStatus) {
    self.init(
      device: status.device, inode: status.inode, size: status.size,
      modified: status.modificationTime.seconds,
      modifiedNanoseconds: status.modificationTime.nanoseconds,
      changed: status.statusChangeTime.seconds,
      changedNanoseconds: status.statusChangeTime.nanoseconds)
  }
}
