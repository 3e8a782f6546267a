import MonsterKit
import MonstersSystem

/// A folder of its own under `$TMPDIR` (else `/tmp`), readable by its user alone, for files
/// that hold a roster a moment (an editor's copy, the versions `git merge-file` reads), and
/// removed with whatever is left in it.
struct PrivateFolder {
  /// The folder's path.
  let path: String

  /// Makes the folder.
  ///
  /// - Parameters:
  ///   - prefix: The start of its name, such as `monsters-edit-`.
  ///   - environment: Where `TMPDIR` is read.
  /// - Throws: The `errno` of a folder that could not be made, and where: the folder it was
  ///   to be made in.
  init(prefix: String, environment: Environment) throws(PlacedError) {
    let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let trimmed = base.hasSuffix("/") && base.count > 1 ? String(base.dropLast()) : base
    do throws(SystemCallError) {
      path = try Platform.makeTemporaryFolder(prefix: trimmed + "/" + prefix)
    } catch {
      throw PlacedError(path: trimmed, code: error.code)
    }
  }

  /// A failed call, and the path it was about.
  struct PlacedError: Error {
    var path: String
    var code: Int32
  }

  /// The path of a file in the folder.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  /// Writes a file of the folder anew, readable and writable by its user alone: a file
  /// of that name is replaced, never followed if it became a link.
  ///
  /// - Throws: The `errno` of a failed call.
  func write(_ bytes: [UInt8], to name: String) throws(SystemCallError) {
    let target = file(name)
    try? Platform.removeFile(target)
    let descriptor = try Platform.openFile(
      target, [.writeOnly, .create, .exclusive, .noFollow, .closeOnExec], mode: 0o600)
    defer { Platform.closeFile(descriptor) }
    try Platform.setMode(0o600, of: descriptor)
    try bytes.withUnsafeBytes { all in
      Result { () throws(SystemCallError) in try SystemFileSystem().writeAll(all, to: descriptor) }
    }.get()
  }

  /// Removes the folder and everything in it.
  func remove() {
    if let descriptor = try? Platform.openFile(path, [.readOnly, .directory, .closeOnExec]) {
      for name in (try? Platform.names(inFolder: descriptor)) ?? [] {
        try? Platform.removeFile(String(decoding: name, as: UTF8.self), in: descriptor)
      }
      Platform.closeFile(descriptor)
    }
    try? Platform.removeFolder(path)
  }
}
