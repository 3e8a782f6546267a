import Foundation
import MonsterKit
import Testing

@testable import MonstersCLI

/// Inputs (an import, an apply script, a side of a diff, a roster on standard input) are
/// read from regular files, pipes and terminals only, and never past the size limit.
@Suite struct InputRefusalTests {
  static let device =
    "it is a device; an input is read from a file, a pipe or a terminal."

  /// Each command line run by `sh -c` with `/dev/zero` as a path or as standard input,
  /// under a limit of 1 GiB of address space on Linux (``BuiltTool/addressSpaceLimit``):
  /// what read `/dev/zero` would fail on it, not take the machine's memory; on every system
  /// its peak memory is held small. The message that each gives.
  static let lines: [(line: String, message: String)] = [
    ("import /dev/zero", "Cannot read /dev/zero: \(device)"),
    ("import < /dev/zero", "Cannot read <stdin>: \(device)"),
    ("import - --dry-run < /dev/zero", "Cannot read <stdin>: \(device)"),
    ("apply /dev/zero", "Cannot read /dev/zero: \(device)"),
    ("apply < /dev/zero", "Cannot read <stdin>: \(device)"),
    ("diff - monsters.json < /dev/zero", "OLD: Cannot read <stdin>: \(device)"),
    ("diff monsters.json - < /dev/zero", "NEW: Cannot read <stdin>: \(device)"),
    ("diff --textconv /dev/zero", "FILE: Cannot read /dev/zero: \(device)"),
    ("diff --textconv - < /dev/zero", "FILE: Cannot read <stdin>: \(device)"),
    (
      "diff /dev/zero monsters.json",
      "OLD: /dev/zero is not a regular file; a roster is kept in one."
    ),
    ("list -f - < /dev/zero", "<stdin> is not a regular file; a roster is kept in one."),
    ("check - < /dev/zero", "<stdin> is not a regular file; a roster is kept in one."),
  ]

  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
      "the address sanitizer cannot run under a memory limit"),
    arguments: lines.map(\.line))
  func aDeviceIsRefusedBeforeItIsRead(_ line: String) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = harness.rosterBytes()
    let binary = try #require(BuiltTool.url)
    let message = try #require(Self.lines.first { $0.line == line }?.message)
    let run = try SpawnedProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", BuiltTool.addressSpaceLimit + "cd \"$1\" && exec \"$0\" \(line)", binary.path,
        harness.folder,
      ].map { Array($0.utf8) })
    #expect(run.termination == .exited(74))
    #expect(run.output.isEmpty)
    #expect(String(decoding: run.errors, as: UTF8.self) == "Error: \(message)\n")
    #expect(run.peakMemoryBytes < 256 << 20, "peak memory \(run.peakMemoryBytes) bytes")
    #expect(harness.rosterBytes() == before)
  }

  /// An input is read whole, up to the size limit; where the process may have less memory
  /// than it needs (`ulimit -v`), a buffer it may not have, for a file of 1.5 GB or for a
  /// pipe that grows past the limit, is an error of its own, not the trap of a failed
  /// allocation. Linux only, as the limit is.
  @Test(
    .enabled(if: !BuiltTool.addressSpaceLimit.isEmpty, "xnu refuses an address-space limit"),
    .disabled(
      if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
      "the address sanitizer cannot run under a memory limit"),
    arguments: [
      "import", "apply", "diff - monsters.json", "list -f -", "import big.tsv", "apply big.tsv",
      "diff big.tsv monsters.json", "list -f big.tsv",
    ])
  func anInputLargerThanTheMemoryLeftIsAnErrorNotACrash(_ line: String) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = harness.rosterBytes()
    // Sparse: its blocks are never written.
    #expect(FileManager.default.createFile(atPath: harness.path("big.tsv"), contents: nil))
    #expect(truncate(harness.path("big.tsv"), 1_500_000_000) == 0)
    let binary = try #require(BuiltTool.url)
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        BuiltTool.addressSpaceLimit + "head -c 1500000000 /dev/zero 2>/dev/null | \"$0\" \(line)",
        binary.path,
      ], in: harness.folder)
    #expect(result.status == 74, "\(result.errors)")
    #expect(result.output.isEmpty)
    // The system's own words for ENOMEM (glibc's; musl says "Out of memory"). `head`'s own
    // complaint, when the pipe closes, goes to /dev/null above.
    let input = line.contains("big") ? "big.tsv" : "<stdin>"
    let side = line.hasPrefix("diff") ? "OLD: " : ""
    #expect(result.errors == "Error: \(side)Cannot read \(input): Cannot allocate memory.\n")
    #expect(harness.rosterBytes() == before)
  }

  @Test func aFolderIsNoInput() throws {
    let harness = try CommandLineHarness()
    for arguments in [["import", harness.folder], ["apply", harness.folder]] {
      #expect(
        harness.run(arguments)
          == CommandResult(
            .ioError, errors: "Error: Cannot read \(harness.folder): Is a directory.\n"))
    }
  }

  @Test func aPipeAndAFileAreRead() throws {
    let harness = try CommandLineHarness()
    try harness.write("name\tweapon\nRobo-Bot\tfire\n", to: harness.path("new.tsv"))
    #expect(harness.run(["import", harness.path("new.tsv")]).output == "Added Robo-Bot.\n")
    let binary = try #require(BuiltTool.url)
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "printf 'set robo-bot --weapon smoke\\n' | \"$0\" apply", binary.path],
      in: harness.folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(harness.run(["show", "robo-bot", "--field", "weapon"]).output == "smoke\n")
  }
}
