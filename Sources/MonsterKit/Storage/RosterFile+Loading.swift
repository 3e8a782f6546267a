import MonstersSystem

// Getting the file's bytes, read or mapped, and telling afterwards whether the file
// changed while they were being read. A pipe, a FIFO or a terminal is read to its end, as
// a stream: there is nothing to map, and nothing to tell a change by.

extension RosterFile {
  /// A roster file as it was read: its bytes, and for a regular file the file, still open,
  /// to tell afterwards whether it changed while it was being read.
  struct LoadedFile {
    var bytes: RosterBytes
    /// The regular file and its status when it was opened; `nil` for a stream, which was
    /// read to its end and closed.
    var opened: OpenedFile?
  }

  /// A regular file, open for reading, and its status when it was opened.
  struct OpenedFile {
    var descriptor: Int32
    var status: Platform.FileStatus
  }

  /// How large a file must be to be mapped rather than read, when ``mapsLargeFiles``.
  static let mappingThreshold = 1 << 20

  /// Opens the file at the path, links followed, and reads it, or maps it when it is large
  /// and ``mapsLargeFiles``. Nothing is opened in a way that could wait: a FIFO that no
  /// program opens for writing within ``lockTimeout`` reads as empty.
  ///
  /// - Returns: The file, which ``reading(_:_:)`` or ``close(_:)`` closes; `nil` when
  ///   there is no file.
  /// - Throws: ``RosterError/fileTooLarge(path:)`` over 4 GiB,
  ///   ``RosterError/notARegularFile(path:)`` for a device,
  ///   ``RosterError/fileSystem(path:action:errno:)`` when it cannot be read.
  func load() throws(RosterError) -> LoadedFile? {
    switch stream {
    case .bytes(let bytes):
      return LoadedFile(bytes: RosterBytes(bytes), opened: nil)
    case .descriptor(let descriptor):
      // Standard input may be anything its caller gave: a device is refused, not read.
      do throws(WholeReadError) {
        let bytes = try fileSystem.readWhole(descriptor, limit: Self.sizeLimit)
        return LoadedFile(bytes: RosterBytes(bytes), opened: nil)
      } catch {
        switch error {
        case .device: throw .notARegularFile(path: path)
        case .tooLarge: throw .fileTooLarge(path: path)
        case .failed(let code): throw failure(.read, SystemCallError(code))
        }
      }
    case nil:
      break
    }
    guard let descriptor = try openWithoutWaiting() else { return nil }
    return try load(descriptor, editing: false)
  }

  /// Opens the path for reading, links followed by the kernel, in a way that never waits
  /// (a FIFO without a writer opens at once).
  ///
  /// - Returns: The descriptor, or `nil` when there is no file.
  /// - Throws: ``RosterError/notARegularFile(path:)`` for a socket, which `open(2)` cannot
  ///   open; ``RosterError/fileSystem(path:action:errno:)`` for any other failure.
  func openWithoutWaiting() throws(RosterError) -> Int32? {
    do throws(SystemCallError) {
      return try fileSystem.open(path, options: [.readOnly, .nonBlocking, .closeOnExec], mode: 0)
    } catch  where error.code == Platform.ErrorNumber.noSuchFile {
      return nil
    } catch  where error.code == Platform.ErrorNumber.noSuchDevice {
      throw .notARegularFile(path: path)
    } catch {
      throw failure(.read, error)
    }
  }

  /// Reads or maps an open file, which this then owns: a regular file stays open in what is
  /// returned, anything else is closed.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading without waiting (`O_NONBLOCK`).
  ///   - editing: Whether an edit reads it, which refuses a stream.
  /// - Returns: The file.
  /// - Throws: As ``load()``; ``RosterError/notEditable(path:)`` for a stream when
  ///   `editing`.
  func load(_ descriptor: Int32, editing: Bool) throws(RosterError) -> LoadedFile {
    var keepsDescriptor = false
    defer { if !keepsDescriptor { fileSystem.close(descriptor) } }
    let status = try performing(.read) { () throws(SystemCallError) in
      try fileSystem.fstat(descriptor)
    }
    switch kind(of: status, descriptor: descriptor) {
    case .regular: break
    case .folder: throw failure(.read, SystemCallError(Platform.ErrorNumber.isADirectory))
    case .device: throw .notARegularFile(path: path)
    case .stream:
      if editing { throw .notEditable(path: path) }
      let bytes = try readingBytes { () throws(SystemCallError) in
        if status.fileType == .fifo {
          // A FIFO whose writer has not opened it yet would read as empty at once: the
          // writer is given the lock's wait to come, as `cat` would wait for it, but no
          // longer, so that a FIFO planted where a roster belongs cannot hang a command.
          _ = try fileSystem.waitUntilReadable(descriptor, milliseconds: lockTimeoutMilliseconds)
        }
        try fileSystem.setBlocking(descriptor)
        return try fileSystem.readAll(descriptor, limit: Self.sizeLimit)
      }
      return LoadedFile(bytes: RosterBytes(bytes), opened: nil)
    }
    // Refused before a buffer for it is made, not once it is read.
    guard status.size <= Self.sizeLimit else { throw .fileTooLarge(path: path) }
    let size = status.size
    let opened = OpenedFile(descriptor: descriptor, status: status)
    if mapsLargeFiles, size >= Self.mappingThreshold,
      let mapping = FileMapping(descriptor: descriptor, count: size)
    {
      keepsDescriptor = true
      return LoadedFile(bytes: RosterBytes(mapping), opened: opened)
    }
    let bytes = try readingBytes { () throws(SystemCallError) in
      try fileSystem.readAll(descriptor, sizeHint: size)
    }
    keepsDescriptor = true
    return LoadedFile(bytes: RosterBytes(bytes), opened: opened)
  }

  /// Reads bytes: a read past 4 GiB is a file too large, any other failure one to read.
  private func readingBytes(_ calls: () throws(SystemCallError) -> [UInt8])
    throws(RosterError) -> [UInt8]
  {
    do throws(SystemCallError) {
      return try calls()
    } catch  where error.code == Platform.ErrorNumber.fileTooLarge {
      throw .fileTooLarge(path: path)
    } catch {
      throw failure(.read, error)
    }
  }

  /// What an open file is (``FileSystem/kind(of:descriptor:)``).
  func kind(of status: Platform.FileStatus, descriptor: Int32) -> FileKind {
    fileSystem.kind(of: status, descriptor: descriptor)
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
    defer { close(file) }
    try checkUnchanged(file)
  }

  /// Closes a loaded file, if it is still open.
  func close(_ file: LoadedFile) {
    if let opened = file.opened { fileSystem.close(opened.descriptor) }
  }

  /// Checks that a loaded file still has the size and modification time it had. A stream
  /// was read to its end, and has nothing to check.
  func checkUnchanged(_ file: LoadedFile) throws(RosterError) {
    guard let opened = file.opened else { return }
    let now = try performing(.read) { () throws(SystemCallError) in
      try fileSystem.fstat(opened.descriptor)
    }
    let then = opened.status
    guard now.size == then.size, now.modificationTime == then.modificationTime
    else { throw .changedWhileReading(path: path) }
  }
}
