import Foundation
import MonsterKit
import MonstersCLI
import Testing

/// Files that are not roster files, and values too long to quote whole.
@Suite struct UnusualInputTests {
  @Test func aDeviceOrAPipeIsNotARosterFile() throws {
    let harness = try CommandLineHarness()
    let fifo = harness.path("pipe.json")
    try Platform.makeFIFO(atPath: fifo, mode: 0o600)
    for path in ["/dev/zero", "/dev/null", fifo] {
      for arguments in [["list"], ["set", "Cat-Bot", "--weapon", "fire"], ["check"]] {
        let result = harness.run(["--file", path] + arguments)
        #expect(
          result
            == CommandResult(
              .ioError, errors: "Error: \(path) is not a regular file; a roster is kept in one.\n"),
          "\(arguments)")
      }
    }
    #expect(try Platform.fileStatus(atPath: fifo, followingLinks: false).fileType == .fifo)
  }

  @Test func somethingInTheTemporaryFilesPlaceIsNamed() throws {
    let harness = try CommandLineHarness()
    try FileManager.default.createDirectory(
      atPath: harness.path(".monsters.json.tmp"), withIntermediateDirectories: false)
    let result = harness.run(["set", "Cat-Bot", "--weapon", "fire"])
    #expect(
      result
        == CommandResult(
          .ioError,
          errors: "Error: Cannot create the temporary file \(harness.path(".monsters.json.tmp")): "
            + "File exists.\n"))
    #expect(harness.rosterBytes() == nil)
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
