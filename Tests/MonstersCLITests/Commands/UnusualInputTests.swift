import Foundation
import MonsterKit
import MonstersCLI
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
    // Nothing writes to it: it reads as empty, at once.
    #expect(
      harness.run(["--file", fifo, "list"])
        == CommandResult(
          .dataError, errors: "Error: \(fifo):1:1: the file is empty; expected a JSON object\n"))
    for arguments in [["set", "Cat-Bot", "--weapon", "fire"], ["init", "--force"]] {
      let result = harness.run(["--file", fifo, "--lock-timeout", "0"] + arguments)
      #expect(result.code == .usage && result.output.isEmpty, "\(arguments)")
      #expect(
        result.errors.hasPrefix(
          "Error: \(fifo) is a stream (standard input, a pipe or a terminal), not a "
            + "file: a roster can be read from it, not edited.\nUsage: monsters \(arguments[0]) "),
        "\(result.errors)")
    }
    #expect(try Platform.fileStatus(atPath: fifo, followingLinks: false).fileType == .fifo)
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["pipe.json"])
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
