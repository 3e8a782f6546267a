import Foundation
import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning
import Testing

/// What a run of the built `monsters` gave.
struct ProcessResult: Equatable {
  var status: Int32
  var output: String
  var errors: String
}

/// Runs the built `monsters` binary, as a shell would.
enum BuiltTool {
  /// The binary, built by this package.
  static let url = builtProduct("monsters")

  /// What a shell script runs before a command to hold it to 1 GiB of address space, so
  /// that reading a huge input whole would fail rather than take the machine's memory: on
  /// Linux only. (xnu refuses an address-space limit below what the process maps already,
  /// `setrlimit(RLIMIT_AS)` failing with `EINVAL`, and any program on macOS maps more than
  /// 1 GiB: the shared cache.) Tests that use it also hold the run's peak memory small,
  /// which holds everywhere.
  static let addressSpaceLimit: String = {
    #if os(Linux)
      "ulimit -v 1048576 && "
    #else
      ""
    #endif
  }()

  /// Runs a program to its end.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments.
  ///   - folder: The current folder it runs in.
  ///   - environment: Its whole environment, besides `PATH`.
  ///   - output: Where its standard output goes; by default a pipe that is read.
  static func run(
    _ executable: URL, _ arguments: [String], in folder: String,
    environment: [String: String] = [:], output: FileHandle? = nil
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output ?? outputPipe
    process.standardError = errorPipe
    try process.run()
    let outputData = output == nil ? outputPipe.fileHandleForReading.readDataToEndOfFile() : Data()
    let errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
    return ProcessResult(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }

  /// Runs `monsters` in a folder with its standard output a file that no write can extend:
  /// one already past the file size limit (`ulimit -f`), so that every write to it fails
  /// with `EFBIG`, as every write to Linux's `/dev/full` fails with `ENOSPC`, on every
  /// system. The limit is far above what the roster and its temporary file need.
  static func monstersWithFailingOutput(_ arguments: [String], in folder: String) throws
    -> ProcessResult
  {
    let binary = try #require(url, "the monsters binary could not be found or built")
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("monsters-output-" + UUID().uuidString)
    try Data(count: 1 << 20).write(to: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // bash counts the limit in blocks of 1024 bytes: 512 KiB, half the file.
    return try run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c", "out=$1; shift; ulimit -f 512 && exec \"$0\" \"$@\" >>\"$out\"", binary.path,
        scratch.path,
      ] + arguments,
      in: folder)
  }

  /// What `monsters` says of an output it could not write, past the file size limit.
  static let outputTooLarge =
    "Cannot write the output: \(Platform.errorDescription(Platform.ErrorNumber.fileTooLarge))."

  /// Runs `monsters` in a folder.
  static func monsters(
    _ arguments: [String], in folder: String, environment: [String: String] = [:],
    output: FileHandle? = nil
  ) throws -> ProcessResult {
    try run(
      try #require(url, "the monsters binary could not be found or built"), arguments,
      in: folder, environment: environment, output: output)
  }
}

@Suite struct BinaryTests {
  @Test func exitCodesOfASuccessAUsageErrorAndABadFile() throws {
    let harness = try CommandLineHarness()
    #expect(
      try BuiltTool.monsters(["list"], in: harness.folder)
        == ProcessResult(status: 0, output: seededTable, errors: ""))
    #expect(
      try BuiltTool.monsters(["lst"], in: harness.folder)
        == ProcessResult(
          status: 64, output: "",
          errors: usageErrorText("Unknown subcommand 'lst'. Did you mean 'list'?", command: "")))
    try harness.writeRoster("{\n  \"version\": 1,\n  \"monsters\": [\n    {\"name\" \"x\"}\n")
    #expect(
      try BuiltTool.monsters(["show", "x"], in: harness.folder)
        == ProcessResult(
          status: 65, output: "",
          errors: "Error: monsters.json:4:13: expected ':' after an object key\n"))
    #expect(try BuiltTool.monsters(["--version"], in: harness.folder).status == 0)
  }

  @Test func editsTheFileInTheCurrentFolder() throws {
    let harness = try CommandLineHarness()
    #expect(
      try BuiltTool.monsters(["set", "cat-bot", "--weapon", "ninja-star"], in: harness.folder)
        == ProcessResult(
          status: 0, output: "Cat-Bot: weapon sword -> ninjaStar.\n",
          errors: "monsters set: Created monsters.json from the seeded roster.\n"))
    #expect(
      harness.rosterText()
        == seededRosterText.replacing(
          "\"weapon\": \"sword\"", with: "\"weapon\": \"ninjaStar\"", maxReplacements: 1))
    let files = try FileManager.default.contentsOfDirectory(atPath: harness.folder).sorted()
    #expect(files == ["monsters.json"])
    // An empty MONSTERS_FILE is as good as none.
    #expect(
      try BuiltTool.monsters(
        ["list", "--weapon", "ninjastar", "--format", "names"], in: harness.folder,
        environment: ["MONSTERS_FILE": ""])
        == ProcessResult(status: 0, output: "Cat-Bot\nFire-Bot\nMini-Tomato-Bot\n", errors: ""))
    #expect(
      try BuiltTool.monsters(
        ["set", "cat-bot", "--weapon", "ninjaStar"], in: harness.folder,
        environment: ["MONSTERS_FILE": "monsters.json"])
        == ProcessResult(
          status: 0, output: "",
          errors: "monsters set: Nothing to change: monsters.json is as asked.\n"))
  }

  @Test func aWriteErrorOnStandardOutputIsAnIOError() throws {
    let harness = try CommandLineHarness()
    #expect(
      try BuiltTool.monstersWithFailingOutput(["list"], in: harness.folder)
        == ProcessResult(status: 74, output: "", errors: "Error: \(BuiltTool.outputTooLarge)\n"))
  }

  @Test func aReaderThatGoesAwayEndsTheListQuietly() throws {
    let harness = try CommandLineHarness()
    let count = 100_000
    var text = "{\n  \"version\": 1,\n  \"monsters\": [\n"
    text.reserveCapacity(count * 140)
    for number in 0..<count {
      text += "    {\n      \"name\": \"Monster-\(number)\",\n"
      text += "      \"description\": \"Monster number \(number)\",\n"
      text += "      \"icon\": \"meetmonster\(number).png\",\n"
      text += "      \"weapon\": \"smoke\"\n    }"
      text += number == count - 1 ? "\n" : ",\n"
    }
    text += "  ]\n}\n"
    try harness.writeRoster(text)
    let binary = try #require(BuiltTool.url)
    for (format, firstLine) in [
      ("table", "NAME           WEAPON     DESCRIPTION\n"), ("names", "Monster-0\n"),
    ] {
      // The exit status is that of `monsters`, not of `head`.
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/bin/bash"),
        [
          "-c", "\"$0\" list --format \"$1\" | head -1; exit \"${PIPESTATUS[0]}\"", binary.path,
          format,
        ],
        in: harness.folder)
      #expect(result == ProcessResult(status: 0, output: firstLine, errors: ""), "\(format)")
    }
  }

  @Test func concurrentEditsAreNeverLost() throws {
    let harness = try CommandLineHarness()
    let binary = try #require(BuiltTool.url)
    let names = seededNames.split(separator: "\n").map(String.init)
    let processes = names.map { name in
      let process = Process()
      process.executableURL = binary
      process.arguments = ["set", name, "--description", "Edited \(name)"]
      process.currentDirectoryURL = URL(fileURLWithPath: harness.folder)
      process.environment = [:]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      return process
    }
    for process in processes { try process.run() }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 0)
    }
    let descriptions = try BuiltTool.monsters(["list"], in: harness.folder).output
      .split(separator: "\n").dropFirst().map {
        $0.split(separator: " ").suffix(2).joined(separator: " ")
      }
    #expect(descriptions == names.map { "Edited \($0)" })
  }
}
