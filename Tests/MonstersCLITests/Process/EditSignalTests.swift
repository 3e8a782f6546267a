import Foundation
import MonsterKit
import MonstersSystem
import ProcessPlatform
import TestSupport
import Testing

/// The built `monsters edit`, on a pseudo-terminal, sent signals while its editor is open:
/// what only a real process shows.
@Suite struct EditSignalTests {
  /// A roster, a folder for the temporary files, and `monsters edit` started on a
  /// pseudo-terminal with an editor script.
  private final class Session {
    let harness: CommandLineHarness
    let terminal: (main: Int32, secondary: Int32)
    let process: Platform.ProcessID
    private var ended: Platform.Termination?
    var temporary: String { harness.path("tmp") }

    /// Starts `monsters edit` with an editor whose script is `body` (`$DIR` is the
    /// harness's folder), and waits until the editor has the file open.
    init(editor body: String) throws {
      harness = try CommandLineHarness()
      #expect(harness.run(["init"]).code == .success)
      try FileManager.default.createDirectory(
        atPath: harness.path("tmp"), withIntermediateDirectories: false)
      let script = harness.path("editor.sh")
      try harness.write(
        "DIR='\(harness.folder)'\necho \"$1\" > \"$DIR/opened.tmp\"\nmv \"$DIR/opened.tmp\" "
          + "\"$DIR/opened\"\n" + body + "\n", to: script)
      terminal = try Platform.openPseudoTerminal()
      let binary = try #require(BuiltTool.url, "the monsters binary could not be found or built")
      let environment = [
        "PATH=/usr/bin:/bin", "EDITOR=sh '\(script)'", "TMPDIR=\(harness.path("tmp"))",
        "MONSTERS_FILE=\(harness.rosterPath)", "TERM=xterm",
      ]
      process = try Platform.spawn(
        binary.path, arguments: ["edit"], environment: environment,
        fileActions: [
          .duplicate(terminal.secondary, as: 0), .duplicate(terminal.secondary, as: 1),
          .duplicate(terminal.secondary, as: 2),
        ], signalMask: Platform.SignalSet())
      let deadline = ContinuousClock.now + .seconds(20)
      while !FileManager.default.fileExists(atPath: harness.path("opened"))
        && ContinuousClock.now < deadline
      {
        Platform.sleep(nanoseconds: 10_000_000)
      }
    }

    deinit {
      if ended == nil {
        Platform.sendSignal(Platform.SignalNumber.kill, to: process)
        _ = Platform.waitForExit(process)
      }
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }

    /// The file the editor was given.
    var opened: String? {
      (try? String(contentsOfFile: harness.path("opened"), encoding: .utf8))?
        .trimmingCharacters(in: .newlines)
    }

    /// Waits for `monsters` to end, for at most 20 seconds.
    func wait() -> Platform.Termination? {
      let deadline = ContinuousClock.now + .seconds(20)
      while ContinuousClock.now < deadline {
        if let report = Platform.waitForExit(process, waiting: false) {
          ended = report.termination
          return ended
        }
        Platform.sleep(nanoseconds: 10_000_000)
      }
      return nil
    }

    /// What `monsters` wrote on the terminal.
    func screen() -> String {
      var bytes: [UInt8] = []
      while (try? Platform.waitUntilReadable([terminal.main], milliseconds: 0))?.first == true,
        let chunk = try? Platform.readBytes(terminal.main, upTo: 4096), !chunk.isEmpty
      {
        bytes += chunk
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  @Test(arguments: [
    (Platform.SignalNumber.terminate, "SIGTERM"), (Platform.SignalNumber.hangUp, "SIGHUP"),
  ])
  func aSignalThatEndsItEndsTheEditorAndLeavesNothingBehind(signal: Int32, name: String)
    throws
  {
    let session = try Session(editor: "exec sleep 30")
    let before = session.harness.rosterBytes()
    let opened = try #require(session.opened)
    #expect(FileManager.default.fileExists(atPath: opened))
    #expect(Platform.sendSignal(signal, to: session.process))
    #expect(session.wait() == .exited(128 + signal))
    #expect(
      session.screen().contains(
        "monsters edit: Stopped by \(name); nothing was written: \(session.harness.rosterPath) "
          + "is as it was."))
    #expect(try FileManager.default.contentsOfDirectory(atPath: session.temporary) == [])
    #expect(session.harness.rosterBytes() == before)
  }

  @Test func ctrlCWhileTheEditorIsOpenIsTheEditorsToHandle() throws {
    let session = try Session(
      editor: """
        trap '' INT
        while [ ! -f "$DIR/go" ]; do sleep 0.05; done
        sed -i.bak 's/"weapon": "sword"/"weapon": "fire"/' "$1"
        """)
    #expect(Platform.sendSignal(Platform.SignalNumber.interrupt, to: session.process))
    #expect(Platform.sendSignal(Platform.SignalNumber.quit, to: session.process))
    try session.harness.write("", to: session.harness.path("go"))
    #expect(session.wait() == .exited(0))
    #expect(session.screen().contains("Cat-Bot: weapon sword -> fire"))
    #expect(session.harness.run(["show", "cat-bot", "--field", "weapon"]).output == "fire\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: session.temporary) == [])
  }

  @Test func anEditorEndedByCtrlCWritesNothing() throws {
    let session = try Session(editor: "kill -INT $$")
    let before = session.harness.rosterBytes()
    #expect(session.wait() == .exited(130))
    #expect(session.harness.rosterBytes() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: session.temporary) == [])
  }
}
