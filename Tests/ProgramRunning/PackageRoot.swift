import Foundation

/// The package's root folder: the nearest folder above this file that holds `Package.swift`.
/// The file's links resolved first: the package in Tests/Tools, which builds this file too,
/// reaches it through a link.
public let packageRoot: URL = {
  var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent()
  while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
  {
    let parent = folder.deletingLastPathComponent()
    guard parent.path != folder.path else { break }
    folder = parent
  }
  return folder
}()
