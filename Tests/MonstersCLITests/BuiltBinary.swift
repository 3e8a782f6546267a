import Foundation

/// The `monsters` executable that `swift build` made, for tests that need a real process.
///
/// `swift build` puts it beside the test bundle, under `.build/<configuration>`; when a
/// test run did not build it, it is built once here.
let monstersExecutable: String = {
  let buildFolder = Bundle.main.bundleURL.path.hasSuffix(".build") ? nil : locateBuildFolder()
  let candidate =
    (buildFolder ?? packageRoot.appendingPathComponent(".build/debug").path)
    + "/monsters"
  if !FileManager.default.isExecutableFile(atPath: candidate) {
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments = ["swift", "build", "--product", "monsters"]
    build.currentDirectoryURL = packageRoot
    try? build.run()
    build.waitUntilExit()
  }
  return candidate
}()

/// The folder the test products are in, which holds the executables too.
private func locateBuildFolder() -> String? {
  var url = Bundle.main.bundleURL
  for _ in 0..<4 {
    if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("monsters").path) {
      return url.path
    }
    url.deleteLastPathComponent()
  }
  return nil
}

/// What a run of a process gave.
struct ProcessResult {
  var status: Int32
  var output: String
  var errors: String
}

/// Runs a program and waits for it.
///
/// - Parameters:
///   - path: The program.
///   - arguments: Its arguments.
///   - environment: Variables to set on top of this process's environment.
///   - folder: The working folder.
func runProcess(
  _ path: String, _ arguments: [String], environment: [String: String] = [:],
  in folder: String? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
  let output = Pipe()
  // Standard error goes to a file, so that neither stream can fill up and stall the
  // process while the other is read.
  let errorPath = NSTemporaryDirectory() + "monsters-stderr-" + UUID().uuidString
  FileManager.default.createFile(atPath: errorPath, contents: nil)
  defer { try? FileManager.default.removeItem(atPath: errorPath) }
  let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  try errors.close()
  let errorData = FileManager.default.contents(atPath: errorPath) ?? Data()
  return ProcessResult(
    status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
    errors: String(decoding: errorData, as: UTF8.self))
}
