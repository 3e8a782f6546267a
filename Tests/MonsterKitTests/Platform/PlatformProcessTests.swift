import Foundation
import MonstersSystem
import ProcessPlatform
import Testing

@testable import MonsterKit

/// Starting programs and reading how they ended, the environment, and terminals: what the
/// command line, the benchmark and the tests use.
@Suite struct PlatformProcessTests {
  @Test func aProgramsExitAndItsSignalAreToldApart() throws {
    let exited = try Platform.spawn("/bin/sh", arguments: ["-c", "exit 3"])
    let report = try #require(Platform.waitForExit(exited))
    #expect(report.termination == .exited(3))
    #expect(report.status == 3)
    let sleeper = try Platform.spawn("/bin/sleep", arguments: ["10"])
    #expect(Platform.waitForExit(sleeper, waiting: false) == nil)
    #expect(Platform.sendSignal(Platform.SignalNumber.kill, to: sleeper))
    let killed = try #require(Platform.waitForExit(sleeper))
    #expect(killed.termination == .signaled(Platform.SignalNumber.kill))
    #expect(killed.status == 128 + Platform.SignalNumber.kill)
  }

  @Test func aProgramGetsItsArgumentsEnvironmentAndFiles() throws {
    let folder = try TemporaryFolder()
    let output = folder.file("out")
    let process = try Platform.spawn(
      "/bin/sh",
      argumentBytes: [
        Array("-c".utf8), Array("printf '%s|%s' \"$0\" \"$WORD\"".utf8), [0xFF, 0x41],
      ],
      environment: [Array("WORD=caf\u{E9}".utf8)],
      fileActions: [.open(1, path: output, options: [.writeOnly, .create, .truncate], mode: 0o600)])
    #expect(Platform.waitForExit(process)?.termination == .exited(0))
    #expect(try contents(of: output) == [0xFF, 0x41] + Array("|caf\u{E9}".utf8))
  }

  @Test func aMissingProgramIsAnError() {
    #expect(throws: SystemCallError(Platform.ErrorNumber.noSuchFile)) {
      try Platform.spawn("/nonexistent/program", arguments: [])
    }
  }

  @Test func theEnvironmentIsTheOneFoundationReads() {
    var variables: [String: String] = [:]
    Platform.forEachEnvironmentVariable { name, value in
      variables[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
    }
    #expect(variables["PATH"] != nil)
    #expect(variables["PATH"] == ProcessInfo.processInfo.environment["PATH"])
    #expect(Platform.environmentValue("PATH") == variables["PATH"])
    for (name, value) in variables {
      #expect(Platform.environmentBytes(named: name) == Array(value.utf8), "\(name)")
    }
    // A prefix of a name, or a name and more, is another name.
    #expect(Platform.environmentBytes(named: "PAT") == (variables["PAT"].map { Array($0.utf8) }))
    #expect(
      Platform.environmentBytes(named: "PATHX") == (variables["PATHX"].map { Array($0.utf8) }))
    #expect(Platform.environmentBytes(named: "MONSTERS_NO_SUCH_VARIABLE") == nil)
  }

  @Test func theExecutableIsAFileThatRuns() throws {
    let path = try #require(Platform.executablePath())
    #expect(path.hasPrefix("/"))
    #expect(Platform.isExecutable(path))
    #expect(!Platform.isExecutable("/nonexistent"))
  }

  @Test func theMachineIsDescribed() {
    let description = Platform.machineDescription()
    #expect(description.contains(" cores, "))
    #expect(description.contains(" GiB, "))
  }

  @Test func aPseudoTerminalHasTheSizeAskedAndModesThatComeBack() throws {
    let terminal = try Platform.openPseudoTerminal(columns: 100, rows: 30)
    defer {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }
    let pipe = try Platform.makePipe()
    defer {
      Platform.closeFile(pipe.read)
      Platform.closeFile(pipe.write)
    }
    #expect(Platform.isTerminal(terminal.secondary))
    #expect(!Platform.isTerminal(pipe.read))
    #expect(try #require(Platform.terminalSize(terminal.secondary)) == (columns: 100, rows: 30))
    try Platform.setTerminalSize(terminal.secondary, columns: 80, rows: 24)
    #expect(try #require(Platform.terminalSize(terminal.secondary)) == (columns: 80, rows: 24))
    #expect(Platform.terminalSize(pipe.read) == nil)
    let original = try Platform.terminalModes(terminal.secondary)
    try Platform.setTerminalModes(original.rawMode, terminal.secondary)
    let raw = try Platform.terminalModes(terminal.secondary)
    #expect(raw == original.rawMode)
    #expect(raw != original)
    try Platform.setTerminalModes(original, terminal.secondary)
    #expect(try Platform.terminalModes(terminal.secondary) == original)
    #expect(throws: SystemCallError.self) { try Platform.terminalModes(pipe.read) }
  }

  /// xnu marks the input for retyping (`PENDIN`) whenever line editing is turned back on,
  /// so that the modes a program puts back read with that mark: they are the modes it put
  /// back all the same. Linux keeps the mark as it was set, which shows the same here.
  @Test func theKernelsMarkForRetypingIsNotAMode() throws {
    let terminal = try Platform.openPseudoTerminal()
    defer {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }
    let original = try Platform.terminalModes(terminal.secondary)
    var marked = original
    marked.inputPendingRetype = !original.inputPendingRetype
    #expect(marked == original)
    try Platform.setTerminalModes(original.rawMode, terminal.secondary)
    try Platform.setTerminalModes(marked, terminal.secondary)
    #expect(try Platform.terminalModes(terminal.secondary) == original)
    #expect(try Platform.terminalModes(terminal.secondary) != original.rawMode)
  }
}
