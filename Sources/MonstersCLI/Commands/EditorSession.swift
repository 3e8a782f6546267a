import MonsterKit
import MonstersSystem
import ProcessPlatform

/// The user's editor on a private copy of what `monsters edit` opens: a file only its user
/// may read (0600), in a folder of its own (0700) under `$TMPDIR` (else `/tmp`), named as
/// the roster is so that the editor shows JSON, and removed, with whatever the editor left
/// beside it (a swap file, a backup), when the session ends, also when a signal ends it.
///
/// For as long as the session lasts, the signals that would end the process are held, so
/// that none ends it with the file left behind: Ctrl-C and Ctrl-\ while the editor runs are
/// the editor's (as git leaves them to it); another signal (a hang-up, `kill`) is passed to
/// the editor, and ends the session once the editor has ended, nothing written.
final class EditorSession {
  /// How the editor ended.
  enum Ending: Equatable {
    /// It exited with 0.
    case saved
    /// It exited with another status, or a signal ended it: why, in words.
    case failed(String)
    /// A signal that ends `monsters` came (its number): the edit stops, nothing written.
    case stopped(Int32)
  }

  /// The file the editor opens.
  let path: String
  /// Its name, in its folder.
  private let fileName: String
  private let folder: PrivateFolder
  /// The signals held while the session lasts, and the mask to put back after it.
  private let held: Platform.SignalSet
  private let savedMask: Platform.SignalSet
  private let signalDescriptor: Int32?
  private var ended = false

  /// The signals that end a process, and are held: a user's (Ctrl-C, Ctrl-\, `kill`, a
  /// hang-up), a timer's, and the rest. Not `SIGCHLD`, which others may wait for: the wait
  /// for the editor looks at it every ``pollMilliseconds``.
  private static var heldSignals: Platform.SignalSet {
    Platform.SignalSet(Platform.SignalNumber.ending.map(\.number))
  }

  /// How often the wait for the editor looks whether it has ended, when no signal wakes it.
  private static let pollMilliseconds = 50
  /// How long an editor passed a signal that ends `monsters` is waited for, to end too.
  private static let editorGrace = Duration.seconds(2)

  /// The signals a user gives the editor at the terminal, which the editor handles.
  private static let editorsOwn = [Platform.SignalNumber.interrupt, Platform.SignalNumber.quit]

  /// Holds the ending signals and makes the private file, empty.
  ///
  /// - Parameters:
  ///   - name: The file's name: the roster's.
  ///   - environment: Where `TMPDIR` is read.
  init(naming name: String, environment: Environment) throws(CommandFailure) {
    held = Self.heldSignals
    savedMask = Platform.changeSignalMask(.block, held)
    signalDescriptor = Platform.openSignalDescriptor(for: held)
    do throws(PrivateFolder.PlacedError) {
      folder = try PrivateFolder(prefix: "monsters-edit-", environment: environment)
    } catch {
      if let signalDescriptor { Platform.closeFile(signalDescriptor) }
      Platform.changeSignalMask(.replace, savedMask)
      throw .roster(.fileSystem(path: error.path, action: .write, errno: error.code))
    }
    fileName = name.isEmpty || name == "." || name == ".." ? "monsters.json" : name
    path = folder.file(fileName)
    do {
      try write([])
    } catch {
      end()
      throw error
    }
  }

  deinit {
    end()
  }

  // MARK: - The file

  /// Writes the file anew, readable and writable by its user alone.
  func write(_ bytes: [UInt8]) throws(CommandFailure) {
    do throws(SystemCallError) {
      // The editor may have replaced the file by another (a save by rename): the name is
      // written anew, never followed if it became a link.
      try folder.write(bytes, to: fileName)
    } catch {
      throw .roster(.fileSystem(path: path, action: .write, errno: error.code))
    }
  }

  /// What the editor saved: the file's bytes; none when the editor removed it.
  func read() throws(CommandFailure) -> [UInt8] {
    guard let status = try? Platform.fileStatus(atPath: path, followingLinks: false) else {
      return []
    }
    guard status.fileType == .regular else {
      throw .unreadableInput(path: path, errno: Platform.ErrorNumber.invalidArgument)
    }
    let descriptor: Int32
    do throws(SystemCallError) {
      descriptor = try Platform.openFile(path, [.readOnly, .noFollow, .closeOnExec])
    } catch {
      throw .unreadableInput(path: path, errno: error.code)
    }
    defer { Platform.closeFile(descriptor) }
    return try InputFile.read(descriptor, name: path, fileSystem: SystemFileSystem())
  }

  // MARK: - The editor

  /// The editor's command: `$VISUAL`, else `$EDITOR`, else `vi`, as a line for the shell,
  /// which may hold options (`code --wait`).
  static func command(in environment: Environment) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let command = environment[name], command.contains(where: { !$0.isWhitespace }) {
        return command
      }
    }
    return "vi"
  }

  /// Runs the editor on the file, as git does: `sh -c '<editor> "$@"' <editor> <file>`,
  /// with the terminal as its standard input, and waits for it to end.
  ///
  /// - Parameters:
  ///   - command: The editor's command line.
  ///   - environment: Its environment.
  ///   - input: The terminal the editor reads.
  func runEditor(_ command: String, environment: [String: String], input: Int32?) -> Ending {
    var actions: [Platform.SpawnFileAction] = []
    if let input, input != 0 { actions.append(.duplicate(input, as: 0)) }
    let process: Platform.ProcessID
    do throws(SystemCallError) {
      process = try Platform.spawn(
        "/bin/sh", arguments: ["-c", command + " \"$@\"", command, path],
        environment: environment.map { "\($0.key)=\($0.value)" }, fileActions: actions,
        signalMask: Platform.SignalSet(),
        defaultSignals: Platform.SignalSet(Self.editorsOwn + [Platform.SignalNumber.terminate]))
    } catch {
      return .failed("Cannot run the editor: /bin/sh: \(Platform.errorDescription(error.code))")
    }
    return wait(for: process, command: command)
  }

  /// Waits for the editor, passing it a signal that would end `monsters`.
  private func wait(for process: Platform.ProcessID, command: String) -> Ending {
    var stopping: (signal: Int32, since: ContinuousClock.Instant)?
    while true {
      if let stopping, ContinuousClock.now - stopping.since > Self.editorGrace {
        // An editor that does not end when told is left to the user.
        return .stopped(stopping.signal)
      }
      if let report = Platform.waitForExit(process, waiting: false) {
        // Ctrl-C or Ctrl-\ typed while the editor ran was the editor's to handle.
        while takeSignal(Self.editorsOwn) != nil {}
        if let stopping { return .stopped(stopping.signal) }
        switch report.termination {
        case .exited(0): return .saved
        // A shell between (sh -c) reports its command's end by Ctrl-C so, as git reads it.
        case .exited(let status) where Self.editorsOwn.contains(status - 128):
          return .stopped(status - 128)
        case .exited(let status):
          return .failed("The editor (\(escapedForMessage(command))) exited with \(status)")
        case .signaled(let signal):
          if Self.editorsOwn.contains(signal) { return .stopped(signal) }
          return .failed(
            "The editor (\(escapedForMessage(command))) was ended by "
              + PickCommand.signalName(signal))
        }
      }
      if let signal = takeSignal(held.members.filter { !Self.editorsOwn.contains($0) }) {
        if stopping == nil { stopping = (signal, ContinuousClock.now) }
        Platform.sendSignal(signal, to: process)
      }
      // Woken by a signal, or looked at again a moment later.
      if let signalDescriptor {
        _ = try? Platform.waitUntilReadable([signalDescriptor], milliseconds: Self.pollMilliseconds)
      } else {
        Platform.sleep(nanoseconds: Int64(Self.pollMilliseconds) * 1_000_000)
      }
    }
  }

  /// Takes one of some signals if it is pending.
  private func takeSignal(_ signals: [Int32]) -> Int32? {
    Platform.takePendingSignal(
      in: Platform.SignalSet(signals), .preferred, descriptor: signalDescriptor)
  }

  /// A signal that ends `monsters` that came since the editor ended, if one did: the edit
  /// stops where it is.
  func pendingStop() -> Int32? {
    takeSignal(held.members)
  }

  // MARK: - The end

  /// Removes the file and its folder, with what the editor left in it, and lets signals
  /// come again.
  func end() {
    guard !ended else { return }
    ended = true
    folder.remove()
    if let signalDescriptor { Platform.closeFile(signalDescriptor) }
    Platform.changeSignalMask(.replace, savedMask)
  }
}
