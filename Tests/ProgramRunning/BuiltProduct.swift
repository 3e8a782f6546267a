import Foundation
import MonstersSystem
import ProcessPlatform

/// The programs of the package in Tests/Tools that the tests and the benchmark run, which
/// `swift build` of this package does not build.
private let toolsProducts: Set<String> = ["lock-holder", "peak-meter"]

/// An executable the tests run: `monsters`, this package's, or a program of the package in
/// Tests/Tools (`lock-holder`, `peak-meter`).
///
/// `monsters` is looked for in the build folder that holds the test bundle, else in
/// `.build/debug`, which `swift build --product` makes when it is missing; the environment
/// variable `MONSTERS_TEST_BINARY` names another build to test instead (CI tests the static
/// Linux binary so, which is built with another SDK than the tests). A program of Tests/Tools
/// is built, in release, into `.build/tools` of this package: `swift build` brings it up to
/// date, and does nothing when it is.
///
/// - Parameter name: The product's name.
/// - Returns: Its path, or `nil` when it can be neither found nor built.
public func builtProduct(_ name: String) -> URL? {
  let fileManager = FileManager.default
  if toolsProducts.contains(name) {
    let scratch = packageRoot.appendingPathComponent(".build/tools")
    let built = scratch.appendingPathComponent("release/\(name)")
    let arguments = [
      "build", "-c", "release", "--package-path",
      packageRoot.appendingPathComponent("Tests/Tools").path, "--scratch-path", scratch.path,
      "--product", name,
    ]
    guard swiftSucceeds(arguments) else { return nil }
    return fileManager.isExecutableFile(atPath: built.path) ? built : nil
  }
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
  guard swiftSucceeds(["build", "--product", name]) else { return nil }
  return fileManager.isExecutableFile(atPath: debug.path) ? debug : nil
}

/// Runs `swift` with arguments in the package's root folder, and says whether it succeeded;
/// what it printed goes to standard error when it failed, for the test run to show why. (To
/// a file, not a pipe, which a program another test starts meanwhile could hold open.)
private func swiftSucceeds(_ arguments: [String]) -> Bool {
  let log = FileManager.default.temporaryDirectory
    .appendingPathComponent("monsters-swift-build-\(UUID().uuidString).log")
  guard FileManager.default.createFile(atPath: log.path, contents: nil),
    let output = try? FileHandle(forWritingTo: log)
  else { return false }
  defer { try? FileManager.default.removeItem(at: log) }
  let build = Process()
  build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  build.arguments = ["swift"] + arguments
  build.currentDirectoryURL = packageRoot
  build.standardOutput = output
  build.standardError = output
  build.standardInput = FileHandle.nullDevice
  let started = (try? build.run()) != nil
  try? output.close()
  guard started else { return false }
  build.waitUntilExit()
  guard build.terminationStatus == 0 else {
    let printed = (try? Data(contentsOf: log)) ?? Data()
    FileHandle.standardError.write(
      Data("swift \(arguments.joined(separator: " ")):\n".utf8) + printed)
    return false
  }
  return true
}
