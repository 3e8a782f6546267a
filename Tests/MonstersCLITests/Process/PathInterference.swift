import Foundation
import MonsterKit
import MonstersSystem
import TestSupport
import Testing

/// What a careless user, a script or an attacker does to the paths around a roster while
/// edits of it run: remove, replace or plant things where an edit's files go, and hold the
/// lock through README's `flock(1)` recipe while replacing the roster with a copy of itself.
///
/// None of it may lose an edit, break the roster, create a file elsewhere, or hang an edit.
enum PathInterference: Int, CaseIterable, CustomStringConvertible {
  /// Nothing.
  case none
  /// A script holds the folder's lock, as `flock FOLDER sh -c 'cp monsters.json … && mv …
  /// monsters.json'` would (through `lock-holder`, which every system has), replacing the
  /// roster with a copy while it holds the lock.
  case scriptHoldsTheLock
  /// Every temporary file beside the roster is removed, an edit's own among them.
  case temporaryFilesRemoved
  /// Every temporary file beside the roster is replaced by another file.
  case temporaryFilesReplaced
  /// A FIFO, a link to a file elsewhere and a file are planted at new temporary names, and
  /// a FIFO and a link at the lock file of old (`monsters.json.lock`).
  case pathsPlanted

  var description: String {
    switch self {
    case .none: "nothing"
    case .scriptHoldsTheLock: "a script holding the lock replaced the roster"
    case .temporaryFilesRemoved: "temporary files removed"
    case .temporaryFilesReplaced: "temporary files replaced"
    case .pathsPlanted: "things planted at the temporary and lock paths"
    }
  }

  /// The roster's temporary files in a folder, and anything else at their names.
  static func temporaryNames(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(".monsters.json.") && $0.hasSuffix(".tmp") }
  }

  /// A name of the roster's temporary files, as an edit would make one.
  static func newTemporaryName() -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    return ".monsters.json." + String((0..<8).map { _ in letters.randomElement() ?? "a" }) + ".tmp"
  }

  /// Does it once.
  ///
  /// - Parameters:
  ///   - folder: The roster's folder, which holds `monsters.json`.
  ///   - victim: A path outside the folder that nothing may create.
  /// - Returns: The script's process, for ``scriptHoldsTheLock``, which the caller waits
  ///   for.
  func perform(in folder: String, victim: String) throws -> SpawnedProcess? {
    switch self {
    case .none:
      return nil
    case .scriptHoldsTheLock:
      let quoted = "'" + folder.replacingOccurrences(of: "'", with: "'\\''") + "'"
      return try SpawnedProcess(
        try #require(LockHolder.program, "lock-holder could not be found or built"),
        arguments: [
          folder, "/bin/sh", "-c",
          "cd \(quoted) && cp monsters.json .copy.json && mv .copy.json monsters.json",
        ].map { Array($0.utf8) })
    case .temporaryFilesRemoved:
      for name in Self.temporaryNames(in: folder) {
        try? Platform.removeFile(folder + "/" + name)
      }
    case .temporaryFilesReplaced:
      for name in Self.temporaryNames(in: folder) {
        let other = folder + "/.other"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: other))
        try? Platform.renameFile(other, to: folder + "/" + name)
      }
    case .pathsPlanted:
      mkfifo(folder + "/" + Self.newTemporaryName(), 0o600)
      try? Platform.makeSymbolicLink(at: folder + "/" + Self.newTemporaryName(), pointingTo: victim)
      try Data("planted".utf8).write(
        to: URL(fileURLWithPath: folder + "/" + Self.newTemporaryName()))
      let oldLock = folder + "/monsters.json.lock"
      try? Platform.removeFile(oldLock)
      if Bool.random() {
        mkfifo(oldLock, 0o600)
      } else {
        try? Platform.makeSymbolicLink(at: oldLock, pointingTo: victim)
      }
    }
    return nil
  }

  /// Removes what ``pathsPlanted`` put at the lock file of old, which no edit uses or
  /// removes: the temporary names are the edits' to clear.
  static func clearOldLock(in folder: String) {
    try? Platform.removeFile(folder + "/monsters.json.lock")
  }
}
