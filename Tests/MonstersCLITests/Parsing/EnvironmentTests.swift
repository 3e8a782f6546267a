import Foundation
import MonsterKit
import MonstersSystem
import Testing

@testable import MonstersCLI

/// The environment a run sees: given as text or as bytes, or the process's own, and read one
/// variable at a time.
@Suite struct EnvironmentTests {
  private func run(
    _ arguments: [String], environment: [String: [UInt8]], terminal: Bool = false
  ) -> CommandResult {
    let output = OutputChannel(capturingAsTerminal: terminal)
    let errors = OutputChannel(capturingAsTerminal: terminal)
    let code = MonstersCommandLine.run(
      bytes: arguments.map { Array($0.utf8) }, environment: Environment(bytes: environment),
      console: Console(input: InputChannel(), output: output, errors: errors))
    return CommandResult(code, output: output.text, errors: errors.text)
  }

  @Test func aRosterPathInTheEnvironmentThatIsNotUTF8IsRefused() throws {
    let harness = try CommandLineHarness()
    let path = Array(harness.path("caf").utf8) + [0xE9] + Array(".json".utf8)
    let result = run(["set", "cat-bot", "--weapon", "fire"], environment: ["MONSTERS_FILE": path])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: MONSTERS_FILE, '\(harness.path("caf"))\u{FFFD}.json', is not valid UTF-8.\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder).isEmpty)
  }

  @Test func otherVariablesThatAreNotUTF8AreNoReasonToStop() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = run(
      ["list", "--format", "names"],
      environment: ["MONSTERS_FILE": Array(harness.rosterPath.utf8), "LANG": [0xFF]])
    #expect(result == CommandResult(.success, output: seededNames))
  }

  @Test func noColorThatIsNotUTF8StillTurnsColourOff() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "Cat-Bot", "--name-color", "red"]).code == .success)
    let environment = [
      "MONSTERS_FILE": Array(harness.rosterPath.utf8), "TERM": Array("xterm".utf8),
    ]
    let coloured = run(["show", "Cat-Bot"], environment: environment, terminal: true)
    #expect(coloured.output.contains("\u{1B}["))
    let plain = run(
      ["show", "Cat-Bot"], environment: environment.merging(["NO_COLOR": [0xFF]]) { $1 },
      terminal: true)
    #expect(plain.code == .success && !plain.output.contains("\u{1B}"))
  }

  @Test func aVariableGivenAsBytesReadsAsTextWithItsBadBytesReplaced() {
    let environment = Environment(bytes: ["LANG": [0x43, 0xFF], "TERM": Array("xterm".utf8)])
    #expect(environment["LANG"] == "C\u{FFFD}")
    #expect(environment.bytes(of: "LANG") == [0x43, 0xFF])
    #expect(environment["TERM"] == "xterm")
    #expect(environment["HOME"] == nil && environment.bytes(of: "HOME") == nil)
    #expect(environment.variables == ["LANG": "C\u{FFFD}", "TERM": "xterm"])
  }

  @Test func aVariableGivenAsTextReadsAsItIs() {
    let environment = Environment(["NO_COLOR": "", "TERM": "dumb"])
    #expect(environment["NO_COLOR"] == "")
    #expect(environment.bytes(of: "TERM") == Array("dumb".utf8))
    #expect(environment["MONSTERS_FILE"] == nil)
    #expect(environment.variables == ["NO_COLOR": "", "TERM": "dumb"])
  }

  /// A name the environment holds twice (as `execve` allows) is read as its last entry, by
  /// the run and by code that reads every variable alike.
  @Test func aVariableGivenTwiceIsItsLastEntry() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let binary = try #require(BuiltTool.url)
    let run = try SpawnedProcess.run(
      binary, arguments: [Array("list".utf8), Array("--format=names".utf8)],
      environmentEntries: [
        Array("MONSTERS_FILE=\(harness.path("no-such.json"))".utf8),
        Array("MONSTERS_FILE=\(harness.rosterPath)".utf8),
        Array("MONSTERS_FILES=\(harness.path("no-such.json"))".utf8),
      ])
    #expect(run.termination == .exited(0), "\(String(decoding: run.errors, as: UTF8.self))")
    #expect(String(decoding: run.output, as: UTF8.self) == seededNames)
  }

  @Test func theProcessEnvironmentIsReadAsGetenvReadsIt() throws {
    let environment = Environment.process
    let path = try #require(Platform.environmentValue("PATH"))
    #expect(environment["PATH"] == path)
    #expect(environment.variables["PATH"] == path)
    // A name that is the start of another's is not that other.
    #expect(environment["PAT"] == Platform.environmentValue("PAT"))
    #expect(environment["MONSTERS_NO_SUCH_VARIABLE"] == nil)
  }
}
