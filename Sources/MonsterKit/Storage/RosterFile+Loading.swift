import Glibc

// Getting the file's bytes, read or mapped, and telling afterwards whether the file
// changed while they were being read.

extension RosterFile {
  /// A roster file as it was read: its bytes, and the file, still open, to tell afterwards
  /// whether it changed while it was being read.
  struct LoadedFile {
    var bytes: RosterBytes
    var descriptor: Int32
    var status: stat
  }

  /// How large a file must be to be mapped rather than read, when ``mapsLargeFiles``.
  static let mappingThreshold = 1 << 20

  /// Opens the file and reads it, or maps it when it is large and ``mapsLargeFiles``.
  ///
  /// - Returns: The file, which ``reading(_:_:)`` or ``finish(_:)`` closes; `nil` when
  ///   there is no file.
  /// - Throws: ``RosterError/fileTooLarge(path:)`` over 4 GiB,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  func load() throws(RosterError) -> LoadedFile? {
    let target = try resolvedPath()
    do throws(SystemCallError) {
      guard let (descriptor, status) = try fileSystem.openForReading(target) else { return nil }
      let size = Int(status.st_size)
      if mapsLargeFiles, size >= Self.mappingThreshold,
        let mapping = FileMapping(descriptor: descriptor, count: size)
      {
        return LoadedFile(bytes: RosterBytes(mapping), descriptor: descriptor, status: status)
      }
      do throws(SystemCallError) {
        let bytes = try fileSystem.readAll(descriptor, sizeHint: size)
        return LoadedFile(bytes: RosterBytes(bytes), descriptor: descriptor, status: status)
      } catch {
        fileSystem.close(descriptor)
        throw error
      }
    } catch  where error.code == EFBIG {
      throw .fileTooLarge(path: path)
    } catch {
      throw failure("read", error)
    }
  }

  /// Runs `body` on a loaded file's bytes, then closes the file. When the file changed
  /// while it was read, that is the error, whatever `body` made of the bytes.
  func reading<Value>(
    _ file: LoadedFile, _ body: (RosterBytes) throws(RosterError) -> Value
  ) throws(RosterError) -> Value {
    let value: Value
    do throws(RosterError) {
      value = try body(file.bytes)
    } catch {
      try finish(file)
      throw error
    }
    try finish(file)
    return value
  }

  /// Closes a loaded file, checking that it was not changed while it was read.
  ///
  /// - Throws: ``RosterError/changedWhileReading(path:)`` when its size or modification
  ///   time is not what it was when it was opened.
  func finish(_ file: LoadedFile) throws(RosterError) {
    defer { fileSystem.close(file.descriptor) }
    try checkUnchanged(file)
  }

  /// Checks that a loaded file still has the size and modification time it had.
  func checkUnchanged(_ file: LoadedFile) throws(RosterError) {
    let now = try performing("read") { () throws(SystemCallError) in
      try fileSystem.fstat(file.descriptor)
    }
    guard now.st_size == file.status.st_size, now.st_mtim.tv_sec == file.status.st_mtim.tv_sec,
      now.st_mtim.tv_nsec == file.status.st_mtim.tv_nsec
    else { throw .changedWhileReading(path: path) }
  }
}
