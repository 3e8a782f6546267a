import Foundation
import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning
import TestSupport
import Testing

/// A detached tmux session of 80x24 that runs the built `monsters pick` once, in a fresh
/// folder, between two `stty -g` that show whether it left the terminal as it found it.
final class PickerTmux {
  /// Where tmux is, if it is installed.
  static let executable = installedProgram("tmux")

  static var isAvailable: Bool { executable != nil }

  private static let spawnLock = NSLock()

  /// The seeded roster file, from Fixtures.
  static let seededRoster: String = {
    (try? String(
      contentsOf: fixturesFolder.appendingPathComponent("seeded.json"), encoding: .utf8)) ?? ""
  }()

  /// The built `monsters`: beside the test bundle, else in the package's `.build/debug`.
  static let monsters: String = {
    if let executable = Platform.executablePath() {
      let beside = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("monsters").path
      if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    }
    return packageRoot.appendingPathComponent(".build/debug/monsters").path
  }()

  /// The most bytes a Unix socket's path may have, with its NUL: `sun_path` holds 104 on
  /// macOS and the BSDs (108 on Linux).
  static let socketPathLimit = 104

  /// Makes a new folder for a session, in `/tmp`: not in `TMPDIR`, which on macOS
  /// (`/var/folders/…/T/`, some 50 bytes) leaves a socket's path in a folder named after a
  /// UUID over ``socketPathLimit``, and tmux unable to start.
  static func makeSessionFolder() throws -> String {
    try Platform.makeTemporaryFolder(prefix: "/tmp/picker-tmux-")
  }

  /// The socket of the session in a folder.
  static func socketPath(in folder: String) -> String {
    folder + "/tmux.socket"
  }

  /// The session's folder, which holds the roster, the socket and what the script records.
  let folder: String
  /// The roster file `monsters` edits.
  var rosterPath: String { folder + "/monsters.json" }

  /// The shell command that runs the picker between two `stty -g`, and records its exit
  /// status and process id.
  let commandLine: String

  /// Starts `monsters --file monsters.json pick ARGUMENTS` (without `--file` when there is
  /// no file, which only the default roster may be) in a new tmux session, or an
  /// interactive bash, with job control, ready to run ``commandLine``.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `pick`.
  ///   - roster: The roster file's text, or `nil` for no file.
  ///   - lockTimeout: A `--lock-timeout`, if any.
  ///   - interactiveShell: Whether to start bash rather than the picker.
  ///   - shell: A shell command line to start instead, in the folder, with the built
  ///     `monsters` first on `PATH`.
  init(
    pick arguments: [String], roster: String? = nil, lockTimeout: String? = nil,
    interactiveShell: Bool = false, shell: String? = nil
  ) throws {
    let folder = try Self.makeSessionFolder()
    self.folder = folder
    if let roster {
      try roster.write(toFile: folder + "/monsters.json", atomically: true, encoding: .utf8)
    }
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.monsters), "build monsters first")
    // Without a file, the roster is the default one, which may be missing.
    var command = [Self.monsters] + (roster == nil ? [] : ["--file", folder + "/monsters.json"])
    if let lockTimeout { command += ["--lock-timeout", lockTimeout] }
    command += ["pick"] + arguments
    // A subshell, so that an interactive shell runs the lines as one job.
    commandLine =
      "("
      + [
        "stty -g > before",
        "sh -c 'echo $$ > pid; exec \"$@\"' sh \(command.map(Self.quoted).joined(separator: " "))",
        "echo $? > code.partial && mv code.partial code",
        "stty -g > after.partial && mv after.partial after",
      ].joined(separator: "; ") + ")"
    let binaries = (Self.monsters as NSString).deletingLastPathComponent
    let script =
      if let shell {
        "cd \(Self.quoted(folder)) && PATH=\(Self.quoted(binaries)):$PATH exec \(shell)\n"
      } else if interactiveShell {
        "cd \(Self.quoted(folder)) && PS1='$ ' exec bash --norc --noprofile -i\n"
      } else {
        "cd \(Self.quoted(folder)) || exit 1\n\(commandLine)\nexec sleep 60\n"
      }
    try script.write(toFile: folder + "/run.sh", atomically: true, encoding: .utf8)
    // The server this starts stays, so it must not hold a pipe of ours open.
    try tmux(
      capturing: false, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s",
      "picker", "-e", "LANG=C.UTF-8", "-e", "LC_ALL=", "-e", "NO_COLOR=",
      "sh " + Self.quoted(folder + "/run.sh"))
  }

  deinit {
    _ = try? tmux("kill-server")
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs a tmux command on this session's server, and returns what it printed.
  @discardableResult
  func tmux(capturing: Bool = true, _ arguments: String...) throws -> String {
    try tmux(arguments, capturing: capturing)
  }

  /// Runs tmux with `posix_spawn` and `waitpid`, and returns what it printed.
  @discardableResult
  func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
    let executable = try #require(Self.executable)
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    // A test runs on a thread that blocks signals; tmux, and the picker it starts, must not
    // inherit that mask, or SIGTERM would not reach them.
    let signal = Platform.SignalNumber.self
    let defaults = Platform.SignalSet([
      signal.interrupt, signal.terminate, signal.hangUp, signal.brokenPipe, signal.childEnded,
    ])

    // The pipe is close-on-exec, so that no tmux server started meanwhile keeps it open;
    // the lock keeps other sessions from spawning before it is.
    Self.spawnLock.lock()
    let pipe: (read: Int32, write: Int32)
    let spawned: Result<Platform.ProcessID, SystemCallError>
    do {
      pipe = try Platform.makePipe()
    } catch {
      Self.spawnLock.unlock()
      throw error
    }
    Platform.setCloseOnExec(pipe.read)
    Platform.setCloseOnExec(pipe.write)
    spawned = Result { () throws(SystemCallError) in
      try Platform.spawn(
        executable, arguments: ["-S", Self.socketPath(in: folder)] + arguments,
        environment: environment.map { "\($0.key)=\($0.value)" },
        fileActions: [
          .open(0, path: "/dev/null", options: .readOnly, mode: 0),
          capturing
            ? .duplicate(pipe.write, as: 1)
            : .open(1, path: "/dev/null", options: .writeOnly, mode: 0),
          .duplicate(pipe.write, as: 2),
        ],
        signalMask: Platform.SignalSet(), defaultSignals: defaults)
    }
    Platform.closeFile(pipe.write)
    Self.spawnLock.unlock()
    defer { Platform.closeFile(pipe.read) }
    let child = try spawned.get()
    var output: [UInt8] = []
    while let bytes = try? Platform.readBytes(pipe.read, upTo: 4096), !bytes.isEmpty {
      output += bytes
    }
    _ = Platform.waitForExit(child)
    return String(decoding: output, as: UTF8.self)
  }

  /// Sends keys, by tmux's names (`Left`, `Enter`, `C-c`) or, `literally`, as text.
  func send(_ keys: String..., literally: Bool = false) throws {
    for key in keys {
      try tmux(["send-keys", "-t", "picker"] + (literally ? ["-l"] : []) + [key])
    }
  }

  /// The screen's text, one line per row, without trailing blanks.
  func screen() throws -> String {
    try tmux("capture-pane", "-p", "-t", "picker")
  }

  /// The screen's text, a line that tmux wrapped joined again, with its blanks: what was
  /// printed, whatever the width of the session's paths made tmux wrap where.
  func unwrappedScreen() throws -> String {
    try tmux("capture-pane", "-p", "-J", "-t", "picker")
  }

  /// Waits up to five seconds for the screen to pass a test.
  func waitForScreen(
    _ test: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try wait(sourceLocation: sourceLocation) { test(try screen()) }
  }

  /// Waits for `monsters` to end, and returns its exit status.
  func exitCode(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32? {
    try wait(sourceLocation: sourceLocation) {
      FileManager.default.fileExists(atPath: folder + "/after")
    }
    let text = try String(contentsOfFile: folder + "/code", encoding: .utf8)
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The process id of `monsters`.
  func pickerProcess() throws -> Platform.ProcessID {
    try wait { FileManager.default.fileExists(atPath: folder + "/pid") }
    let text = try String(contentsOfFile: folder + "/pid", encoding: .utf8)
    return try #require(
      Platform.ProcessID(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// Checks that the terminal is as it was: the same modes, the main screen, the cursor
  /// shown, mouse reporting off.
  func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try String(contentsOfFile: folder + "/before", encoding: .utf8)
    let after = try String(contentsOfFile: folder + "/after", encoding: .utf8)
    #expect(!before.isEmpty, sourceLocation: sourceLocation)
    #expect(after == before, "stty -g", sourceLocation: sourceLocation)
    let state = try tmux("display-message", "-p", "-t", "picker", "#{alternate_on} #{cursor_flag}")
    #expect(state == "0 1\n", "alternate screen, cursor shown", sourceLocation: sourceLocation)
    #expect(try !isReportingMouse(), "mouse reporting", sourceLocation: sourceLocation)
  }

  /// Whether the program in the pane has mouse reporting on, in any mode or format.
  func isReportingMouse() throws -> Bool {
    try tmux(
      "display-message", "-p", "-t", "picker",
      "#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag}")
      != "0000\n"
  }

  /// Sends a click of the left button at a cell, counted from 1, as a terminal reports it
  /// in the SGR format: a press, then a release.
  func click(column: Int, row: Int) throws {
    try send("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m", literally: true)
  }

  /// Sends a step of the mouse wheel towards the user at a cell, counted from 1.
  func wheelDown(column: Int, row: Int) throws {
    try send("\u{1B}[<65;\(column);\(row)M", literally: true)
  }

  /// The weapon of each monster in the roster file.
  func weapons() throws -> [String: String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: rosterPath))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let monsters = try #require(object["monsters"] as? [[String: Any]])
    var weapons: [String: String] = [:]
    for monster in monsters {
      if let name = monster["name"] as? String { weapons[name] = monster["weapon"] as? String }
    }
    return weapons
  }

  private func wait(
    sourceLocation: SourceLocation = #_sourceLocation, until condition: () throws -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if try condition() { return }
      usleep(20_000)
    }
    Issue.record("Timed out; the screen was:\n\(try screen())", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
