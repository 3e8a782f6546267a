import Foundation
import MonsterKit
import ProcessPlatform

/// An executable this package builds, such as `monsters` or `lock-holder`: in the build
/// folder that holds the test bundle, else in `.build/debug`, which `swift build --product`
/// makes when it is missing.
///
/// - Parameter name: The product's name.
/// - Returns: Its path, or `nil` when it can be neither found nor built.
public func builtProduct(_ name: String) -> URL? {
  let fileManager = FileManager.default
  var candidates: [URL] = []
  // Linux: .build/debug/monstersPackageTests.xctest is the test program itself; macOS:
  // .build/debug/monstersPackageTests.xctest/Contents/MacOS/monstersPackageTests.
  if let testBinary = Platform.executablePath() {
    var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(folder.appendingPathComponent(name))
      folder = folder.deletingLastPathComponent()
    }
  }
  let debug = packageRoot.appendingPathComponent(".build/debug/\(name)")
  candidates.append(debug)
  if let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) }) {
    return found
  }
  let build = Process()
  build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  build.arguments = ["swift", "build", "--product", name]
  build.currentDirectoryURL = packageRoot
  build.standardOutput = FileHandle.nullDevice
  guard (try? build.run()) != nil else { return nil }
  build.waitUntilExit()
  return fileManager.isExecutableFile(atPath: debug.path) ? debug : nil
}
