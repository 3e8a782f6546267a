#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// What `stat(2)` says of a file, read through one accessor per field, so that no caller
// names a field: the fields' types differ between systems (`st_nlink` is 16 bits on Darwin,
// 64 on glibc), and the times' names too (`st_mtim` on Linux, `st_mtimespec` on Darwin).

extension Platform {
  /// What kind of thing a path names.
  package enum FileType: Hashable, Sendable {
    /// A regular file.
    case regular
    /// A folder.
    case directory
    /// A symbolic link (only `lstat` sees one).
    case symbolicLink
    /// A named pipe.
    case fifo
    /// A character device, such as a terminal or `/dev/null`.
    case characterDevice
    /// A block device.
    case blockDevice
    /// A socket.
    case socket
    /// Something else (Darwin's whiteout).
    case other
  }

  /// A moment on a file's clock: seconds and nanoseconds since 1970.
  package struct Timestamp: Hashable, Sendable {
    /// Whole seconds since 1970-01-01 00:00 UTC.
    package var seconds: Int
    /// Nanoseconds past the second.
    package var nanoseconds: Int

    /// A moment.
    ///
    /// - Parameters:
    ///   - seconds: Whole seconds since 1970.
    ///   - nanoseconds: Nanoseconds past the second.
    package init(seconds: Int, nanoseconds: Int) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }

    fileprivate init(_ time: timespec) {
      self.init(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
  }
}

extension Platform.FileStatus {
  /// What kind of thing the file is.
  package var fileType: Platform.FileType {
    switch st_mode & S_IFMT {
    case S_IFREG: .regular
    case S_IFDIR: .directory
    case S_IFLNK: .symbolicLink
    case S_IFIFO: .fifo
    case S_IFCHR: .characterDevice
    case S_IFBLK: .blockDevice
    case S_IFSOCK: .socket
    default: .other
    }
  }

  /// The permission bits, with setuid, setgid and sticky: `st_mode & 07777`.
  package var permissions: Platform.Mode {
    st_mode & 0o7777
  }

  /// The size in bytes; settable for a test's file system that reports another.
  package var size: Int {
    get { Int(st_size) }
    set { st_size = off_t(newValue) }
  }

  /// When the file's contents last changed: `st_mtim`, Darwin's `st_mtimespec`.
  package var modificationTime: Platform.Timestamp {
    #if canImport(Darwin)
      Platform.Timestamp(st_mtimespec)
    #else
      Platform.Timestamp(st_mtim)
    #endif
  }

  /// When the file's status (contents, mode, owner, links) last changed: `st_ctim`,
  /// Darwin's `st_ctimespec`.
  package var statusChangeTime: Platform.Timestamp {
    #if canImport(Darwin)
      Platform.Timestamp(st_ctimespec)
    #else
      Platform.Timestamp(st_ctim)
    #endif
  }

  /// The owner.
  package var owner: Platform.UserID {
    st_uid
  }

  /// The group.
  package var group: Platform.GroupID {
    st_gid
  }

  /// The device the file is on (`dev_t`: 32 bits on Darwin, 64 on Linux).
  package var device: UInt64 {
    UInt64(truncatingIfNeeded: st_dev)
  }

  /// The file's number on its device.
  package var inode: UInt64 {
    UInt64(truncatingIfNeeded: st_ino)
  }

  /// Whether two statuses are of the same file: the same device and inode.
  ///
  /// - Parameter other: Another status.
  /// - Returns: `true` for one file, whatever its names.
  package func isSameFile(as other: Platform.FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }
}
