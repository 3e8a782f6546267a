import MonsterKit
import MonstersSystem

/// Where the roster is when no one names it: the nearest `monsters.json`, found as git finds
/// `.git`.
///
/// The search looks in the current folder, then in each folder above it up to the top of
/// the git work tree the current folder is in: the folder that holds `.git` (a folder, or
/// a file, as in a linked work tree or a submodule). Outside a work tree it looks in the
/// current folder only. Like git, it stops at the root and where a file system ends. It
/// runs no `git`, which would cost every start a process: it asks the file system, a few
/// `stat(2)` calls a folder.
enum RosterDiscovery: Equatable {
  /// A roster file is at the path: `monsters.json`, `../../monsters.json`.
  case found(path: String)
  /// There is none: the roster is the seeded one, and the first edit creates the file at
  /// the path, in the current folder. `workTreeTop` is how many folders above the current
  /// one the top of its work tree is (0 for the current folder), or `nil` outside one.
  case missing(path: String, workTreeTop: Int?)

  /// The roster's path, relative to the current folder as given: found, or to be created.
  var path: String {
    switch self {
    case .found(let path), .missing(let path, _): path
    }
  }

  /// The most folders the search climbs, far more than a path may hold.
  static let maximumDepth = 1024

  /// Finds the roster.
  ///
  /// - Parameters:
  ///   - name: The roster's file name, `monsters.json`.
  ///   - folder: The folder to start from: empty for the current folder, else a path that
  ///     ends with `/`. The paths found start with it.
  /// - Returns: Where the roster is, or where it would be.
  static func find(_ name: String, from folder: String) -> RosterDiscovery {
    let here = folder + name
    // The current folder's roster needs no more: it is the roster, in a work tree or not.
    if exists(here) { return .found(path: here) }
    guard var status = folderStatus(folder) else { return .missing(path: here, workTreeTop: nil) }
    var prefix = folder
    var nearest: String?
    for level in 0..<maximumDepth {
      if level > 0, nearest == nil, exists(prefix + name) { nearest = prefix + name }
      if isGitMarker(prefix + ".git") {
        return nearest.map { .found(path: $0) } ?? .missing(path: here, workTreeTop: level)
      }
      // The root is its own parent; a parent on another device is another file system.
      guard let parent = folderStatus(prefix + "../"), parent.device == status.device,
        !parent.isSameFile(as: status)
      else { break }
      prefix += "../"
      status = parent
    }
    return .missing(path: here, workTreeTop: nil)
  }

  /// Whether anything is at a path; a symbolic link counts, whatever it leads to.
  private static func exists(_ path: String) -> Bool {
    (try? Platform.fileStatus(atPath: path, followingLinks: false)) != nil
  }

  /// Whether a path is a `.git` that makes its folder the top of a work tree: a folder (a
  /// repository's own) or a file (`gitdir: ...`, of a linked work tree or a submodule),
  /// links followed, as git follows them.
  private static func isGitMarker(_ path: String) -> Bool {
    guard let status = try? Platform.fileStatus(atPath: path, followingLinks: true) else {
      return false
    }
    return status.fileType == .directory || status.fileType == .regular
  }

  /// The status of a folder given as a prefix of paths: empty for the current folder.
  private static func folderStatus(_ prefix: String) -> Platform.FileStatus? {
    try? Platform.fileStatus(atPath: prefix.isEmpty ? "." : prefix, followingLinks: true)
  }
}
