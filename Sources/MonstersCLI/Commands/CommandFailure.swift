import MonsterKit
import MonstersSystem

/// Why an input is not read.
enum UnusableInput {
  /// It is a device that is no terminal, such as `/dev/zero`, which could be read for ever.
  case device
  /// It holds more than ``RosterFile/sizeLimit`` bytes.
  case tooLarge
}

/// Why a command failed. Its ``exitCode`` is the one place an error becomes an exit code.
indirect enum CommandFailure: Error {
  /// The command line is wrong; the subcommand, when known, gives the usage line.
  case usage(UsageError, command: CommandSpec?)
  /// Reading, editing or writing the roster failed.
  case roster(RosterError)
  /// The roster file that `--file` or `MONSTERS_FILE` names does not exist.
  case missingRoster(path: String)
  /// An input file, such as an `apply` script, does not exist.
  case missingInput(path: String)
  /// An input file could not be read: the path and the `errno`.
  case unreadableInput(path: String, errno: Int32)
  /// An input is not one to read whole: a device, or more than an input may hold.
  case unusableInput(path: String, UnusableInput)
  /// `check` or `fmt --check` found problems in these files, and has printed them.
  case problemsFound(count: Int, paths: [String])
  /// Standard output could not be written: the `errno`, and what the run had done to the
  /// roster by then, which the message tells a script that may run it again.
  case outputFailed(Int32, edit: RunRecord.State = .noEdit)
  /// An `import` input cannot be read as monsters: its name, and where and why.
  case invalidInput(path: String, MonsterImportError)
  /// A line of an `apply` script, or of an `import` input, failed.
  case scriptLine(path: String, line: Int, failure: CommandFailure)
  /// Several lines of an `import` input failed, each as its own failure (a line may have
  /// more than one): `lines` lines in all, of which the first `named` have been reported.
  case inputLines(path: String, [CommandFailure], lines: Int, named: Int)
  /// `fmt --check` found files that are not in canonical form, and has listed them.
  case notCanonical(paths: [String])
  /// `--dry-run --exit-code` found that the edit would change the file, and has printed
  /// the diff.
  case wouldChange
  /// With `--exit-code`, an edit that could not be made (no such monster, a name taken),
  /// which exits 2, so that a script tells it from an edit that would change the file.
  case editNotMade(CommandFailure)
  /// A failure already reported on standard error, as one of several (one per file); its
  /// exit code is the run's.
  case reported(CommandFailure)
  /// A failure, with a hint at what was meant after its message.
  case hinted(CommandFailure, hint: String)
  /// `pick <monster>` was closed without a pick (Esc, `q`, Close).
  case closedWithoutPick
  /// The picker was closed by Ctrl-C (`SIGINT`), or ended by a signal: its number.
  case interrupted(signal: Int32)
  /// A pick in the picker that the roster refused because the file at the path changed
  /// while the picker was open (the monster renamed or removed, the weapon no longer
  /// declared): why.
  case pickOutdated(path: String, RosterError)

  /// Reading one of the rosters a command compares or merges failed: which one (`OLD`,
  /// `OURS`), and how.
  case side(String, failure: CommandFailure)
  /// `diff` found differences, and has printed them.
  case differencesFound
  /// `merge` left conflicts, marked in the file, and has listed them.
  case mergeConflicts(count: Int, path: String)
  /// git is missing, or could not do what `setup-git` asked: what went wrong.
  case git(String)
  /// `resolve` could not keep the side asked.
  case resolution(MarkedRoster.ResolutionError)
  /// `log` was asked for the history of a roster that is in no git work tree.
  case notInGitWorkTree(path: String)
  /// `edit` ended without a change: the file was saved unchanged or empty, or the editor
  /// failed (why, when it did). Nothing was written.
  case editCancelled(path: String, editorFailure: String?)

  /// The failure of an edit the roster refused: a name it cannot take, a weapon, field or
  /// value it does not have, or a stream to edit, is a value the command line should not
  /// have given, a usage error; a named file that is missing is ``missingRoster(path:)``;
  /// any other error is ``roster(_:)``.
  ///
  /// - Parameters:
  ///   - error: Why the roster refused the edit.
  ///   - command: The subcommand whose usage line follows a usage error, or `nil` for the
  ///     usage of `monsters` itself.
  init(refusedEdit error: RosterError, command: CommandSpec?) {
    switch error {
    case .invalidName, .notEditable, .invalidValue, .missingValue, .invalidDeclaration:
      self = .usage(.invalidValue(error.description), command: command)
    case .unknownWeapon(let text, let weapons):
      self = .usage(.unknownWord(text, kind: "weapon", choices: weapons), command: command)
    case .unknownField(let text, let fields) where fields.isEmpty:
      self = .usage(
        .invalidValue(
          "Unknown field '\(escapedForMessage(text))': the roster declares no field. "
            + "'monsters fields add \(escapedForMessage(text))' declares one."), command: command)
    case .unknownField(let text, let fields):
      // The built-in fields in the order listings show them, then the declared ones.
      let listed = MonsterField.listed.map(\.key)
      let choices = listed.filter(fields.contains) + fields.filter { !listed.contains($0) }
      self = .usage(
        .unknownWord(text, kind: UsageError.fieldKind, choices: choices), command: command)
    case .missingFile(let path): self = .missingRoster(path: path)
    default: self = .roster(error)
    }
  }

  /// The failure a command that took `--exit-code` ends with: one that exits 1 for want
  /// of a monster or a name is ``editNotMade(_:)``; "would change" and every other code
  /// stay as they are.
  func withExitCodeOption() -> CommandFailure {
    switch self {
    case .wouldChange: self
    case _ where exitCode == .failure: .editNotMade(self)
    default: self
    }
  }

  /// The exit code this failure ends the run with.
  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .roster(let error):
      switch error {
      case .noSuchMonster, .monsterGone, .nameTaken, .fileExists, .weaponTaken, .fieldTaken,
        .weaponInUse,
        .fieldInUse, .undeclaredKey, .valueInUse, .saveConflict, .notTheFileRead:
        .failure
      case .invalidName, .notEditable, .unknownWeapon, .unknownField, .invalidValue,
        .missingValue, .invalidDeclaration:
        .usage
      case .syntax, .invalidRoster, .unresolvedConflict: .dataError
      case .missingFile: .noInput
      case .fileTooLarge, .fileSystem, .notARegularFile, .changedWhileReading: .ioError
      case .lockTimeout: .lockBusy
      }
    case .missingRoster, .missingInput: .noInput
    case .unreadableInput, .unusableInput: .ioError
    case .problemsFound: .failure
    case .outputFailed(let code, _):
      code == Platform.ErrorNumber.brokenPipe ? .success : .ioError
    case .scriptLine(_, _, let failure): failure.exitCode
    // A line that cannot be read (65) outweighs a name that is taken (1).
    case .inputLines(_, let failures, _, _):
      failures.map(\.exitCode).max { $0.rawValue < $1.rawValue } ?? .failure
    case .wouldChange, .notCanonical: .failure
    case .invalidInput(_, let error): error.kind == .fieldNamedTwice ? .usage : .dataError
    case .reported(let failure): failure.exitCode
    case .editNotMade: .editNotMade
    case .hinted(let failure, _): failure.exitCode
    case .side(_, let failure): failure.exitCode
    case .differencesFound, .mergeConflicts, .git: .failure
    case .resolution(let error):
      switch error {
      case .sideNotARoster: .dataError
      case .notMonsterByMonster, .sameName, .noConflict, .wouldNotFit, .wholeFile,
        .noDeclarationConflict:
        .failure
      case .file(let error): CommandFailure.roster(error).exitCode
      }
    case .closedWithoutPick, .pickOutdated: .failure
    case .notInGitWorkTree: .noInput
    case .editCancelled: .failure
    case .interrupted(let signal):
      switch signal {
      case Platform.SignalNumber.hangUp: .hangUp
      case Platform.SignalNumber.terminate: .terminated
      case Platform.SignalNumber.quit: .quit
      case Platform.SignalNumber.interrupt: .interrupted
      default: .signal(signal)
      }
    }
  }

  /// The message, without `Error: `, or `nil` when the failure is to pass quietly.
  var message: String? {
    switch self {
    case .usage(let error, _): error.description
    case .roster(let error):
      error.message(hint: Self.hint(for: error), program: "monsters")
    case .missingRoster(let path): Self.missingRosterMessage(path)
    case .missingInput(let path): "\(escapedForMessage(path)): no such file."
    case .unreadableInput(let path, let code):
      "Cannot read \(escapedForMessage(path)): \(Platform.errorDescription(code))."
    case .unusableInput(let path, .device):
      "Cannot read \(escapedForMessage(path)): it is a device; an input is read from a file, "
        + "a pipe or a terminal."
    case .unusableInput(let path, .tooLarge):
      "Cannot read \(escapedForMessage(path)): it is larger than 4 GiB, more than an input "
        + "may be."
    case .problemsFound(let count, let paths):
      "\(count) \(count == 1 ? "problem" : "problems") in "
        + (paths.count == 1 ? escapedForMessage(paths[0]) : "\(paths.count) files") + "."
    case .outputFailed(let code, let edit):
      // A reader that stopped reading (`| head -1`) is no error.
      code == Platform.ErrorNumber.brokenPipe
        ? nil : "Cannot write the output: \(Platform.errorDescription(code))." + Self.note(edit)
    case .scriptLine(let path, let line, let failure):
      failure.message.map { "\(escapedForMessage(path)):\(line): \($0)" }
    case .invalidInput(let path, let error): "\(escapedForMessage(path)):\(error)"
    case .inputLines(let path, _, let lines, let named):
      "\(lines) \(lines == 1 ? "line" : "lines") of \(escapedForMessage(path)) cannot be imported"
        + (named < lines ? " (\(lines - named) more than named above)" : "")
        + "; nothing was written."
    case .notCanonical(let paths):
      paths.count == 1
        ? "\(escapedForMessage(paths[0])) is not in canonical form; 'monsters fmt' writes it."
        : "\(paths.count) files are not in canonical form; 'monsters fmt' writes them."
    case .wouldChange, .reported, .closedWithoutPick, .interrupted: nil
    case .pickOutdated(let path, let error):
      "\(escapedForMessage(path)) changed while the picker was open: "
        + (CommandFailure.roster(error).message ?? "") + " Nothing was saved."
    case .hinted(let failure, let hint):
      failure.message.map { $0 + (hint.hasPrefix("\n") ? "" : " ") + hint }
    case .editNotMade(let failure): failure.message
    case .side(let side, let failure):
      failure.message.map { "\(side): \($0)" }
    case .differencesFound:
      nil
    case .mergeConflicts(let count, let path):
      "\(count) \(count == 1 ? "conflict" : "conflicts") in \(escapedForMessage(path)), "
        + "marked in the file; resolve \(count == 1 ? "it" : "them") and run 'monsters check'."
    case .git(let message):
      message
    case .resolution(.file(let error)):
      CommandFailure.roster(error).message
    case .resolution(let error):
      error.description
    case .notInGitWorkTree(let path):
      "\(escapedForMessage(path)) is not in a git work tree: 'monsters log' reads the history "
        + "git keeps of it (run it in a clone, or name a roster in one with --file)."
    case .editCancelled(let path, nil):
      "Edit cancelled: the file was saved unchanged or empty; \(escapedForMessage(path)) is "
        + "as it was."
    case .editCancelled(let path, let failure?):
      "\(failure); nothing was written: \(escapedForMessage(path)) is as it was."
    }
  }

  /// What the message of an output that failed says of the roster: whether the edit is on
  /// disk.
  private static func note(_ edit: RunRecord.State) -> String {
    switch edit {
    case .noEdit: ""
    case .saved(let paths) where paths.count == 1:
      " The edit was saved: \(escapedForMessage(paths[0])) holds it."
    case .saved(let paths):
      " The edits were saved: \(paths.dropLast().map(escapedForMessage).joined(separator: ", "))"
        + " and \(escapedForMessage(paths[paths.count - 1])) hold them."
    case .unsaved(let path): " Nothing was saved: \(escapedForMessage(path)) is as it was."
    }
  }

  /// That a named roster file is not there, and the command that creates it; where its
  /// folder is not there either, the command that makes the folder first. A symbolic link
  /// that leads nowhere is there: the file missing is its target, which the command creates
  /// (`init` writes through no link that leads nowhere).
  private static func missingRosterMessage(_ path: String) -> String {
    var missing = path
    var lead = "No roster file at \(escapedForMessage(path))"
    var createOne = "Create one with: "
    if let target = RosterFile(path: path).danglingLinkTarget() {
      missing = target.hasPrefix("./") ? String(target.dropFirst(2)) : target
      lead =
        "\(escapedForMessage(path)) is a symbolic link to \(escapedForMessage(missing)), "
        + "which does not exist"
      createOne = "Create it with: "
    }
    let create = "monsters init --file " + ManPage.Example.shellQuoted(missing)
    guard let folder = missing.split(atLast: "/")?.head, !folder.isEmpty else {
      return lead + ". " + createOne + escapedForMessage(create)
    }
    do throws(SystemCallError) {
      _ = try SystemFileSystem().lstat(folder)
    } catch  where error.code == Platform.ErrorNumber.noSuchFile {
      return lead + ", nor a folder \(escapedForMessage(folder)) for it. Create both with: "
        + escapedForMessage("mkdir -p \(ManPage.Example.shellQuoted(folder)) && \(create)")
    } catch {}
    return lead + ". " + createOne + escapedForMessage(create)
  }

  /// What the command line adds to a roster error's message, which names no flag: the
  /// option or command that helps.
  private static func hint(for error: RosterError) -> String? {
    switch error {
    case .fileExists: "use --force to replace it with the seeded roster"
    case .invalidRoster, .unresolvedConflict: "run 'monsters check'"
    case .lockTimeout: "raise --lock-timeout"
    case .weaponInUse(let name, _, let count):
      "give \(count == 1 ? "it" : "them") another weapon first ('monsters set --where "
        + "weapon=\(escapedForMessage(name)) --weapon W')"
    case .fieldInUse: "'--force' takes it from them too"
    case .undeclaredKey(let key, _, _):
      "declare it ('monsters fields add \(escapedForMessage(key))') or keep such keys "
        + "('monsters fields other-keys keep') first"
    case .fileSystem(let path, .write, Platform.ErrorNumber.notPermitted):
      stickyFolderHint(path)
    case .fileSystem(let path, .write, Platform.ErrorNumber.accessDenied):
      closedFolderHint(path)
    default: nil
    }
  }

  /// Why a roster its user may write cannot be replaced, where that is a sticky folder's
  /// doing: in a folder with the sticky bit (as `/tmp` has), only a file's owner may rename
  /// over it, and an edit replaces the roster by a rename. `nil` elsewhere.
  private static func stickyFolderHint(_ path: String) -> String? {
    let fileSystem = SystemFileSystem()
    guard let folderStatus = try? fileSystem.lstat(directory(of: path)),
      folderStatus.permissions & 0o1000 != 0,
      let fileStatus = try? fileSystem.lstat(path), fileStatus.fileType == .regular,
      fileStatus.owner != Platform.effectiveUserID
    else { return nil }
    let owner = fileStatus.owner == 0 ? "root" : "user \(fileStatus.owner)"
    return "its folder is sticky (as /tmp is), where only a file's owner may replace it, and "
      + "an edit replaces the roster: have its owner (\(owner)) edit it, or keep the roster in "
      + "a folder that is not sticky"
  }

  /// Why a roster its user may write cannot be replaced, where that is its folder's doing:
  /// an edit writes a new file beside the roster and renames it over it, which needs the
  /// folder writable too. `nil` elsewhere.
  private static func closedFolderHint(_ path: String) -> String? {
    let folder = directory(of: path)
    guard Platform.isWritable(path), !Platform.isWritable(folder) else { return nil }
    let named = folder == "." ? "the current folder" : "its folder \(escapedForMessage(folder))"
    return "the file may be written, but not \(named), and an "
      + "edit replaces the roster with a new file there: have the folder made writable for "
      + "you, or keep the roster in a folder you may write"
  }

  /// Whose usage line follows a usage error's message.
  enum UsageSubject {
    /// `monsters` itself: the subcommand is not known.
    case monsters
    /// A subcommand.
    case subcommand(CommandSpec)
  }

  /// For a usage error, whose usage line follows the message; `nil` for other failures.
  var usageSubject: UsageSubject? {
    switch self {
    case .usage(_, let command?): .subcommand(command)
    case .usage(_, nil): .monsters
    case .scriptLine(_, _, let failure), .side(_, let failure): failure.usageSubject
    case .hinted(let failure, _), .editNotMade(let failure): failure.usageSubject
    default: nil
    }
  }
}
