import MonsterKit

/// `monsters setup-git`: makes git merge and diff the roster with `monsters`.
enum SetupGitCommand {
  static let globalOption = OptionSpec(
    "global", help: "Configure your git for every repository instead of this one.")

  /// The git config this command sets: the merge driver and the diff driver.
  ///
  /// git passes the driver temporary files (`%O`, `%A`, `%B`, which never start with `-`)
  /// and the roster's path quoted for the shell (`%P`); `--opt=value` and `--` keep a
  /// path that starts with `-` a path. The diff driver is a text conversion, which
  /// `git diff` and `git log -p` both apply (an external diff command would need
  /// `git log --ext-diff`): one monster a line, so that git's line diff reads monster by
  /// monster.
  static let settings: [(key: String, value: String)] = [
    ("merge.monsters.name", "monsters: merge rosters monster by monster"),
    ("merge.monsters.driver", "monsters merge --marker-size=%L --path=%P -- %O %A %B"),
    ("diff.monsters.textconv", "monsters diff --textconv --"),
  ]

  static let subcommand = Subcommand(name: "setup-git", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Make git merge and diff the roster with monsters.",
      discussion: """
        In the git repository that holds the roster file (--file, else $MONSTERS_FILE, \
        else monsters.json), adds '<roster> merge=monsters diff=monsters' to the \
        .gitattributes at its top (once, however often this runs), and sets the merge \
        and diff drivers in the repository's git config: git merge then merges the \
        roster with 'monsters merge', and git diff and git log -p show its changes one \
        monster a line. Prints what it did. git runs 'monsters' from PATH.

        With --global, writes your global git config and your global attributes file \
        (core.attributesFile, else ~/.config/git/attributes) instead, for every roster \
        file of that name.
        """,
      options: [globalOption])
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    guard let git = GitProcess(environment: context.environment.variables) else {
      throw .git("git is not installed, or not on PATH.")
    }
    let roster = context.file.path
    let isGlobal = context.invocation.has(globalOption)
    let attributesPath: String
    let shownFile: String
    let target: AttributesTarget
    let configScope: [String]
    if isGlobal {
      attributesPath = try globalAttributesFile(git, environment: context.environment.variables)
      shownFile = attributesPath
      target = AttributesTarget(path: baseName(of: roster), everywhere: true)
      configScope = ["config", "--global"]
    } else {
      let folder = directory(of: roster)
      let top = try ask(git, ["-C", folder, "rev-parse", "--show-toplevel"]) {
        "\(escapedForTerminal(folder)) is not in a git repository (run 'git init', or use "
          + "--global): \($0)"
      }
      let prefix = try ask(git, ["-C", folder, "rev-parse", "--show-prefix"]) { $0 }
      attributesPath = top + "/.gitattributes"
      shownFile = roster.hasPrefix(codePoint: "/") ? attributesPath : try shownPath(of: top, git)
      target = AttributesTarget(path: prefix + baseName(of: roster), everywhere: false)
      configScope = ["-C", top, "config", "--local"]
    }
    let line = GitAttributes.pattern(for: target.path) + " " + GitAttributes.attributes
    let shown = escapedForTerminal(shownFile)
    if try addLine(line, for: target, to: attributesPath, git: git, checkingIn: roster) {
      context.output.writeLine("Added to \(shown): \(escapedForTerminal(line))")
    } else {
      context.output.writeLine(
        "\(shown) sends \(escapedForTerminal(target.path)) to the drivers already: "
          + escapedForTerminal(line))
    }
    let scope = isGlobal ? "your global git config" : "the repository's git config"
    var changed: [String] = []
    var kept: [String] = []
    for (key, value) in settings {
      let current = try? ask(git, configScope + ["--get", key]) { $0 }
      if current == value {
        kept.append("  \(key) = \(value)")
        continue
      }
      _ = try ask(git, configScope + [key, value]) { "git config could not set \(key): \($0)" }
      changed.append("  \(key) = \(value)")
    }
    if !changed.isEmpty {
      context.output.writeLine("Set in \(scope):")
      for line in changed { context.output.writeLine(line) }
    }
    if !kept.isEmpty {
      context.output.writeLine("Already set in \(scope):")
      for line in kept { context.output.writeLine(line) }
    }
    if GitProcess.find("monsters", environment: context.environment.variables) == nil {
      context.console.errors.writeLine(
        EditReport.notePrefix(context)
          + "'monsters' is not on PATH, where git looks for it; put it there before a "
          + "merge.")
    }
  }

  /// What git printed, trimmed; a failure of git is `message` of what it printed on
  /// standard error.
  private static func ask(
    _ git: GitProcess, _ arguments: [String], failure message: (String) -> String
  ) throws(CommandFailure) -> String {
    try git.ask(arguments, failure: message).output
  }

  /// The global attributes file: `core.attributesFile`, else git's default,
  /// `$XDG_CONFIG_HOME/git/attributes` or `~/.config/git/attributes`.
  private static func globalAttributesFile(_ git: GitProcess, environment: [String: String])
    throws(CommandFailure) -> String
  {
    let home = environment["HOME"] ?? ""
    let configured = try? ask(
      git, ["config", "--global", "--get", "core.attributesFile"], failure: { $0 })
    if let configured, !configured.isEmpty {
      guard configured.utf8.starts(with: "~/".utf8) else { return configured }
      return home + String(decoding: configured.utf8.dropFirst(), as: UTF8.self)
    }
    let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
    guard !base.isEmpty, base != "/.config" || !home.isEmpty else {
      throw .git("Neither HOME nor XDG_CONFIG_HOME is set: no place for global git attributes.")
    }
    for folder in [base, base + "/git"] {
      do throws(SystemCallError) {
        try Platform.makeFolder(atPath: folder, mode: 0o777)
      } catch  where error.code == Platform.ErrorNumber.exists {
        // There already.
      } catch {
        throw .roster(.fileSystem(path: folder, action: .create, errno: error.code))
      }
    }
    return base + "/git/attributes"
  }

  /// The file an attributes line is for: its path from the attributes file's folder, and
  /// whether the line is to match every file of that name (a global attributes file).
  private struct AttributesTarget {
    var path: String
    var everywhere: Bool
  }

  /// The `.gitattributes` at the top of the work tree as the user names it: from the
  /// current folder when that is in the same work tree (`.gitattributes`,
  /// `../.gitattributes`), else by the top's own path.
  private static func shownPath(of top: String, _ git: GitProcess) throws(CommandFailure)
    -> String
  {
    guard let here = try? ask(git, ["rev-parse", "--show-toplevel"], failure: { $0 }),
      here == top, let up = try? ask(git, ["rev-parse", "--show-cdup"], failure: { $0 })
    else { return top + "/.gitattributes" }
    return up + ".gitattributes"
  }

  /// Adds a line to an attributes file unless a line of it sends the file to both drivers
  /// already: one of the same pattern, written otherwise (`/monsters.json` for a roster
  /// at the top), or one with a wildcard that git finds gives the roster both attributes.
  /// The line ends as the file's lines do, CRLF or LF.
  ///
  /// - Returns: Whether the line was added.
  private static func addLine(
    _ line: String, for target: AttributesTarget, to path: String, git: GitProcess,
    checkingIn roster: String
  ) throws(CommandFailure) -> Bool {
    let fileSystem = SystemFileSystem()
    if let status = try? fileSystem.lstat(path), status.fileType == .symbolicLink {
      throw .git(
        "\(escapedForTerminal(path)) is a symbolic link, which git does not read attributes "
          + "through; make it a file.")
    } else if let status = try? fileSystem.lstat(path), status.fileType != .regular {
      throw .git("\(escapedForTerminal(path)) is not a regular file; make it one.")
    }
    let existing: [UInt8]
    do throws(SystemCallError) {
      existing = try fileSystem.contents(of: path) ?? []
    } catch {
      throw .unreadableInput(path: path, errno: error.code)
    }
    let lines = GitAttributes.lines(of: existing).filter(\.setsBothDrivers)
    for existingLine in lines {
      let matches = GitAttributes.literallyMatches(existingLine.pattern, path: target.path)
      if matches == .matches
        && (!target.everywhere || !existingLine.pattern.contains(codePoint: "/"))
      {
        return false
      }
    }
    // A wildcard only git can match: the repository's own attributes, without the user's.
    if !target.everywhere,
      lines.contains(where: {
        GitAttributes.literallyMatches($0.pattern, path: target.path) == .wildcard
      }),
      let answer = try? git.ask(
        [
          "-C", directory(of: roster), "-c", "core.attributesFile=/dev/null", "check-attr", "-z",
          "merge", "diff", "--", baseName(of: roster),
        ], failure: { $0 }),
      answer.outputBytes.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) })
        .filter({ $0 == "monsters" }).count == 2
    {
      return false
    }
    let lineBreak = GitAttributes.lineBreak(of: existing)
    let addition =
      (existing.isEmpty || existing.last == UInt8(ascii: "\n") ? "" : lineBreak) + line
      + lineBreak
    do throws(SystemCallError) {
      // Not through a symbolic link, which git does not follow for .gitattributes either:
      // a repository cannot make this write to another file. Nor waiting for a reader of a
      // FIFO planted meanwhile.
      let descriptor = try fileSystem.open(
        path, options: [.writeOnly, .create, .append, .closeOnExec, .noFollow, .nonBlocking],
        mode: 0o666)
      defer { fileSystem.close(descriptor) }
      try Array(addition.utf8).withUnsafeBufferPointer { (buffer) throws(SystemCallError) in
        try fileSystem.writeAll(UnsafeRawBufferPointer(buffer), to: descriptor)
      }
    } catch {
      throw .roster(.fileSystem(path: path, action: .write, errno: error.code))
    }
    return true
  }

}
