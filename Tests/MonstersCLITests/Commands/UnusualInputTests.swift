import Foundation
import MonsterKit
import MonstersCLI
import MonstersSystem
import Testing

/// Files that are not roster files, and values too long to quote whole.
@Suite struct UnusualInputTests {
  @Test func aDeviceIsNotARosterFile() throws {
    let harness = try CommandLineHarness()
    for path in ["/dev/zero", "/dev/null"] {
      for arguments in [["list"], ["set", "Cat-Bot", "--weapon", "fire"], ["check"]] {
        let result = harness.run(["--file", path] + arguments)
        #expect(
          result
            == CommandResult(
              .ioError, errors: "Error: \(path) is not a regular file; a roster is kept in one.\n"),
          "\(arguments)")
      }
    }
  }

  @Test func aPipeIsReadButNotEdited() throws {
    let harness = try CommandLineHarness()
    let fifo = harness.path("pipe.json")
    try Platform.makeFIFO(atPath: fifo, mode: 0o600)
    // Nothing writes to it: after the lock's wait, it reads as empty.
    #expect(
      harness.run(["--file", fifo, "--lock-timeout", "0.1", "list"])
        == CommandResult(
          .dataError, errors: "Error: \(fifo):1:1: the file is empty; expected a JSON object\n"))
    for arguments in [["set", "Cat-Bot", "--weapon", "fire"], ["init", "--force"]] {
      let result = harness.run(["--file", fifo, "--lock-timeout", "0"] + arguments)
      #expect(result.code == .usage && result.output.isEmpty, "\(arguments)")
      #expect(
        result.errors.hasPrefix(
          "Error: \(fifo) is a stream (standard input, a pipe, a FIFO or a terminal), not a "
            + "file: a roster can be read from it, not edited.\nUsage: monsters \(arguments[0]) "),
        "\(result.errors)")
    }
    #expect(try Platform.fileStatus(atPath: fifo, followingLinks: false).fileType == .fifo)
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["pipe.json"])
  }

  @Test func aFIFOIsWaitedForUntilItsWriterComes() throws {
    let harness = try CommandLineHarness()
    let fifo = harness.path("late.json")
    try Platform.makeFIFO(atPath: fifo, mode: 0o600)
    let roster = Roster.seeded.canonicalJSON()
    // The writer comes a little after the reader opened the FIFO, as `mkfifo p; monsters
    // list -f p & producer > p` has it: opening to write waits for the reader.
    let writer = Thread {
      Thread.sleep(forTimeInterval: 0.3)
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(Data(roster))
      try? handle.close()
    }
    writer.start()
    let result = harness.run(["--file", fifo, "list", "--format", "names"])
    #expect(
      result
        == CommandResult(
          .success,
          output: Roster.seeded.map(\.name).joined(separator: "\n") + "\n"))
  }

  @Test func aLongValueIsQuotedInPart() throws {
    let harness = try CommandLineHarness()
    let weapon = String(repeating: "x", count: 5000)
    let result = harness.run(["set", "Cat-Bot", "--weapon", weapon])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: Unknown weapon '\(String(repeating: "x", count: 200))... (4800 more characters)'."))
    #expect(result.errors.count < 1000)
  }
}
