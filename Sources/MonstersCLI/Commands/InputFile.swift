import MonsterKit
import MonstersSystem

/// An input a command reads whole, other than the roster: an `apply` script, an `import`
/// list, a side of `diff`, from a file or from standard input.
///
/// An input is read from a regular file, a pipe, a FIFO, a socket or a terminal, and no
/// further than ``RosterFile/sizeLimit``: a device such as `/dev/zero` is refused before a
/// byte is read, a regular file that is too large by its size, and a stream once it has
/// given more.
enum InputFile {
  /// The bytes of a file, or of standard input for `-`.
  ///
  /// - Parameters:
  ///   - path: The file's path, or `-`.
  ///   - console: The streams, for standard input.
  /// - Returns: The bytes.
  /// - Throws: ``CommandFailure/missingInput(path:)`` when there is no such file,
  ///   ``CommandFailure/unreadableInput(path:errno:)`` when it cannot be read,
  ///   ``CommandFailure/unusableInput(path:_:)`` for a device or an input too large.
  static func contents(of path: String, console: Console) throws(CommandFailure) -> [UInt8] {
    let isStandardInput = path == CommandContext.standardInputPath
    let bytes = isStandardInput ? try console.input.readAll() : try fileContents(of: path)
    // Room for the monsters or edits the bytes become, asked for first, as the buffer of
    // the bytes was: a process that may not have it (`ulimit -v`) says so, not a trap.
    do throws(SystemCallError) {
      try Platform.requireMemory(bytes.count * 8)
    } catch {
      throw .unreadableInput(
        path: isStandardInput ? CommandContext.standardInputName : path, errno: error.code)
    }
    return bytes
  }

  /// The bytes of a file.
  private static func fileContents(of path: String) throws(CommandFailure) -> [UInt8] {
    let fileSystem = SystemFileSystem()
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try fileSystem.open(path, options: [.readOnly, .closeOnExec], mode: 0)
    } catch {
      if error.code == Platform.ErrorNumber.noSuchFile { throw .missingInput(path: path) }
      throw .unreadableInput(path: path, errno: error.code)
    }
    defer { fileSystem.close(descriptor) }
    return try read(descriptor, name: path, fileSystem: fileSystem)
  }

  /// Reads an open input whole, leaving it open.
  ///
  /// - Parameters:
  ///   - descriptor: The input, open for reading.
  ///   - name: Its name in messages.
  ///   - fileSystem: What it is read with.
  /// - Returns: The bytes.
  /// - Throws: ``CommandFailure/unreadableInput(path:errno:)`` when it cannot be read,
  ///   ``CommandFailure/unusableInput(path:_:)`` for a device or an input too large.
  static func read(_ descriptor: Int32, name: String, fileSystem: any FileSystem)
    throws(CommandFailure) -> [UInt8]
  {
    do throws(WholeReadError) {
      return try fileSystem.readWhole(descriptor, limit: RosterFile.sizeLimit)
    } catch {
      switch error {
      case .device: throw .unusableInput(path: name, .device)
      case .tooLarge: throw .unusableInput(path: name, .tooLarge)
      case .failed(let code): throw .unreadableInput(path: name, errno: code)
      }
    }
  }
}
