import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when
/// the last reference goes away.
final class TemporaryFolder: Sendable {
  /// The folder's absolute path.
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("MonsterKitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    path = url.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of an entry in the folder.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  /// A fresh folder, and the path of `monsters.json` in it, which holds the seeded roster
  /// when `seeded` and otherwise does not exist until a test writes it.
  static func forRoster(seeded: Bool = false) throws -> (TemporaryFolder, path: String) {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    if seeded { try write(try Fixture.seeded(), to: path) }
    return (folder, path)
  }

  /// The names in the folder (or in a folder in it), sorted.
  func entries(_ subfolder: String? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: subfolder.map(file) ?? path).sorted()
  }
}

/// The bytes of a file.
func contents(of path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Writes bytes to a file.
func write(_ bytes: [UInt8], to path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Writes text to a file.
func write(_ text: String, to path: String) throws {
  try write(Array(text.utf8), to: path)
}
