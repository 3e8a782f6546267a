// Reading to the end and writing everything: the loops around `read(2)` and `write(2)`,
// which may do less than asked, for the roster file and for the command line's streams
// alike. An interrupted call is tried again by the file system (``SystemFileSystem``).

extension FileSystem {
  /// Reads an open file to its end.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading.
  ///   - sizeHint: The file's size when it is known, for a buffer that needs no growing;
  ///     0 for a pipe or a terminal.
  ///   - limit: How many bytes may be read before the file counts as too large.
  /// - Returns: The bytes.
  /// - Throws: The `errno` of a failed read; `EFBIG` past `limit`; `ENOMEM` when the
  ///   process may not have the buffer (a limit on its memory, `ulimit -v`): each
  ///   allocation is asked for first, as a failed one would stop the process.
  package func readAll(
    _ descriptor: Int32, sizeHint: Int = 0, limit: Int = Platform.wholeReadLimit
  ) throws(SystemCallError) -> [UInt8] {
    // One byte more than the size, so that a file of the size it had is read in one go
    // and its end seen without growing the buffer.
    let capacity = max(sizeHint, 0) + 1
    try Platform.requireMemory(capacity)
    var bytes = try [UInt8](unsafeUninitializedCapacity: capacity) {
      (buffer, count) throws(SystemCallError) in
      Platform.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      while count < buffer.count {
        let read = try self.read(
          descriptor,
          into: UnsafeMutableRawBufferPointer(
            UnsafeMutableBufferPointer(rebasing: buffer[count...])))
        if read == 0 { return }
        count += read
      }
    }
    guard bytes.count == capacity else { return bytes }
    // The file is larger than the hint: it grew while it was read, or it is a stream.
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = try chunk.withUnsafeMutableBytes(typed: { (buffer) throws(SystemCallError) in
        try self.read(descriptor, into: buffer)
      })
      if read == 0 { return bytes }
      if bytes.count + read > bytes.capacity {
        // Twice the room, as the array would take, but never past the limit.
        let room = min(max(bytes.capacity * 2, bytes.count + read), limit + chunk.count)
        try Platform.requireMemory(room)
        bytes.reserveCapacity(room)
      }
      bytes.append(contentsOf: chunk[..<read])
      if bytes.count > limit { throw SystemCallError(Platform.ErrorNumber.fileTooLarge) }
    }
  }

  /// Writes all of some bytes to an open file, in as many calls as it takes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - descriptor: The file, open for writing.
  /// - Throws: The `errno` of a failed write, such as `ENOSPC` or `EPIPE`; `EIO` when a
  ///   write takes no byte.
  package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    throws(SystemCallError)
  {
    var offset = 0
    while offset < bytes.count {
      let written = try write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
      if written == 0 { throw SystemCallError(Platform.ErrorNumber.inputOutput) }
      offset += written
    }
  }
}
