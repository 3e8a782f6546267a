/// What an open file is, as far as reading it whole goes: a roster, an import, a script.
package enum FileKind: Sendable {
  /// A regular file: read (or mapped) by its size, and, for a roster, replaced by an edit.
  case regular
  /// A folder.
  case folder
  /// A pipe, a FIFO, a socket or a terminal: read to its end, never edited.
  case stream
  /// A device that is no terminal, such as `/dev/zero`, which could be read for ever.
  case device
}

/// Why an open file could not be read whole by ``FileSystem/readWhole(_:limit:)``.
package enum WholeReadError: Error, Equatable {
  /// It is a device that is no terminal, such as `/dev/zero`: refused before a byte is read.
  case device
  /// It holds more bytes than the limit: a regular file refused by its size before it is
  /// read, a stream once it has given more.
  case tooLarge
  /// A call failed, with this `errno`; `EISDIR` for a folder.
  case failed(Int32)
}

extension FileSystem {
  /// What an open file is, from its status and, for a character device, whether it is a
  /// terminal.
  package func kind(of status: Platform.FileStatus, descriptor: Int32) -> FileKind {
    switch status.fileType {
    case .regular: .regular
    case .directory: .folder
    case .fifo, .socket: .stream
    case .characterDevice where isTerminal(descriptor): .stream
    default: .device
    }
  }

  /// Reads an open file whole, as every input is read: a regular file by its size, a pipe,
  /// a FIFO, a socket or a terminal to its end; a device or a folder is refused before a
  /// byte is read, and nothing is read past `limit`. The descriptor is left open.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading and waiting for data (no `O_NONBLOCK`).
  ///   - limit: The most bytes it may hold, such as ``Platform/wholeReadLimit``.
  /// - Returns: The bytes.
  /// - Throws: ``WholeReadError``.
  package func readWhole(_ descriptor: Int32, limit: Int) throws(WholeReadError) -> [UInt8] {
    let status: Platform.FileStatus
    do throws(SystemCallError) {
      status = try fstat(descriptor)
    } catch {
      throw .failed(error.code)
    }
    let size: Int
    switch kind(of: status, descriptor: descriptor) {
    case .device: throw .device
    case .folder: throw .failed(Platform.ErrorNumber.isADirectory)
    case .regular:
      guard status.size <= limit else { throw .tooLarge }
      size = status.size
    case .stream:
      size = 0
    }
    do throws(SystemCallError) {
      return try readAll(descriptor, sizeHint: size, limit: limit)
    } catch  where error.code == Platform.ErrorNumber.fileTooLarge {
      throw .tooLarge
    } catch {
      throw .failed(error.code)
    }
  }
}
