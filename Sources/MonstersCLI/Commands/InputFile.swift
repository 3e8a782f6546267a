import MonsterKit

/// An input a command reads whole, other than the roster: an `apply` script or an
/// `import` list, from a file or from standard input.
enum InputFile {
  /// The bytes of a file, or of standard input for `-`.
  ///
  /// - Parameters:
  ///   - path: The file's path, or `-`.
  ///   - console: The streams, for standard input.
  /// - Returns: The bytes.
  /// - Throws: ``CommandFailure/missingInput(path:)`` when there is no such file,
  ///   ``CommandFailure/unreadableInput(path:errno:)`` when it cannot be read.
  static func contents(of path: String, console: Console) throws(CommandFailure) -> [UInt8] {
    let contents: [UInt8]?
    do throws(SystemCallError) {
      contents = try path == "-" ? console.input.readAll() : SystemFileSystem().contents(of: path)
    } catch {
      throw .unreadableInput(path: path == "-" ? "<stdin>" : path, errno: error.code)
    }
    guard let contents else { throw .missingInput(path: path) }
    return contents
  }
}
