import Foundation
import MonsterKit
import ProcessPlatform

/// An executable this package builds, such as `monsters` or `lock-holder`: in the build
/// folder that holds the test bundle, else in `.build/debug`, which `swift build --product`
/// makes when it is missing. For `monsters`, the environment variable
/// `MONSTERS_TEST_BINARY` names another build to test instead (CI tests the static Linux
/// binary so, which is built with another SDK than the tests).
///
/// - Parameter name: The product's name.
/// - Returns: Its path, or `nil` when it can be neither found nor built.
public func builtProduct(_ name: String) -> URL? {
  let fileManager = FileManager.default
  if name == "monsters", let other = ProcessInfo.processInfo.environment["MONSTERS_TEST_BINARY"] {
    return fileManager.isExecutableFile(atPath: other) ? URL(fileURLWithPath: other) : nil
  }
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
