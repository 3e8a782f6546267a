import Foundation

/// The package's root folder: the nearest folder above this file that holds `Package.swift`.
public let packageRoot: URL = {
  var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
  {
    let parent = folder.deletingLastPathComponent()
    guard parent.path != folder.path else { break }
    folder = parent
  }
  return folder
}()

/// The package's `Fixtures` folder.
public let fixturesFolder = packageRoot.appendingPathComponent("Fixtures")
