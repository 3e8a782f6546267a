import Foundation
import MonsterKit
import MonstersCLI
import MonstersSystem
import ProcessPlatform
import TestSupport
import Testing

@Suite struct PickerCommandTests {
  private struct Run {
    var code: ExitCode
    var output: String
    var errors: String
  }

  private func run(
    _ arguments: [String], input: InputChannel, outputIsTerminal: Bool,
    environment: [String: String] = [:]
  ) -> Run {
    let output = OutputChannel(capturingAsTerminal: outputIsTerminal)
    let errors = OutputChannel(capturingAsTerminal: false)
    let code = MonstersCommandLine.run(
      arguments, environment: environment,
      console: Console(input: input, output: output, errors: errors))
    return Run(code: code, output: output.text, errors: errors.text)
  }

  /// A pseudo-terminal's two ends; the test closes them.
  private func openTerminal() throws -> (main: Int32, secondary: Int32) {
    try Platform.openPseudoTerminal()
  }

  private let notATerminal = """
    Error: 'monsters pick' needs a terminal on standard input and output. In a script, \
    use 'monsters set <monster> --weapon <weapon>'.
    Usage: monsters pick [<monster>]
      See 'monsters pick --help' for more information.

    """

  @Test(arguments: [["pick"], ["pick", "Cat-Bot"]])
  func needsATerminalAndNamesTheScriptableWay(arguments: [String]) {
    let result = run(
      ["--file", "/nonexistent/monsters.json"] + arguments, input: InputChannel(),
      outputIsTerminal: false)
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(result.errors == notATerminal)
  }

  @Test func needsATerminalOnStandardInputToo() {
    let result = run(["pick"], input: InputChannel(text: "q"), outputIsTerminal: true)
    #expect(result.code == .usage)
    #expect(result.errors == notATerminal)
  }

  @Test func needsATerminalOnStandardOutputToo() throws {
    let terminal = try openTerminal()
    defer {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }
    let result = run(
      ["pick"], input: InputChannel(descriptor: terminal.secondary), outputIsTerminal: false)
    #expect(result.code == .usage)
    #expect(result.errors == notATerminal)
  }

  @Test func refusesADumbTerminal() throws {
    let terminal = try openTerminal()
    defer {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }
    let result = run(
      ["pick"], input: InputChannel(descriptor: terminal.secondary), outputIsTerminal: true,
      environment: ["TERM": "dumb"])
    #expect(result.code == .usage)
    #expect(result.errors == notATerminal)
  }

  @Test func reportsAnUnknownMonsterBeforeTouchingTheTerminal() throws {
    let terminal = try openTerminal()
    defer {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }
    let before = try Platform.terminalModes(terminal.secondary)
    let result = run(
      ["--file", fixturesFolder.appendingPathComponent("seeded.json").path, "pick", "Cat-Bott"],
      input: InputChannel(descriptor: terminal.secondary), outputIsTerminal: true)
    #expect(result.code == .failure)
    #expect(result.output.isEmpty)
    #expect(result.errors == "Error: No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?\n")
    #expect(try Platform.terminalModes(terminal.secondary) == before)
  }

  @Test func reportsABadRosterFileBeforeTouchingTheTerminal() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("picker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("monsters.json").path
    try "{\"version\": 1, \"monsters\": [}".write(toFile: file, atomically: true, encoding: .utf8)
    let terminal = try openTerminal()
    defer {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }
    let result = run(
      ["--file", file, "pick"], input: InputChannel(descriptor: terminal.secondary),
      outputIsTerminal: true)
    #expect(result.code == .dataError)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("Error: \(file):1:"))
  }

  @Test func helpNamesTheKeysAndTheScriptableWayInEightyColumns() {
    let result = run(["help", "pick"], input: InputChannel(), outputIsTerminal: false)
    #expect(result.code == .success)
    #expect(result.output.contains("USAGE: monsters pick [<monster>]"))
    #expect(result.output.contains("'monsters set <monster> --weapon <weapon>'"))
    for line in result.output.split(separator: "\n") {
      #expect(line.count <= 80)
    }
  }
}
