import MonsterKit
import MonstersSystem

/// `monsters setup-git`: makes git merge and diff the roster with `monsters`.
enum SetupGitCommand {
  static let globalOption = OptionSpec(
    "global", help: "Configure your git for every repository instead of this one.")

  /// The git config this command sets: the merge driver and the diff driver.
  ///
  /// git passes the driver temporary files (`%O`, `%A`, `%B`, which never start with `-`)
  /// and the roster's path quoted for the shell (`%P`), and from git 2.44 what each side
  /// is (`%X`, `%Y`; an older git passes them as they are, which `merge` takes for none);
  /// `--opt=value` and `--` keep a path that starts with `-` a path. The diff driver is a
  /// text conversion, which `git diff` and `git log -p` both apply (an external diff
  /// command would need `git log --ext-diff`): one monster a line, so that git's line diff
  /// reads monster by monster.
  static let settings: [(key: String, value: String)] = [
    ("merge.monsters.name", "monsters: merge rosters monster by monster"),
    (
      "merge.monsters.driver",
      "monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B"
    ),
    ("diff.monsters.textconv", "monsters diff --textconv --"),
  ]

  static let subcommand = Subcommand(name: "setup-git", run: run) {
    CommandSpec(
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
      details: """
        It reads the git config as git does, with the files it includes: where one included after \
        the drivers' settings gives git another, it names that file on standard error. git keeps a \
        roster that is a symbolic link as a link, and merges and diffs the file it leads to: \
        setup-git names that file in .gitattributes, and merge --git and check look for that file \
        in git's index.

        GUI clients that run git (VS Code, GitHub Desktop, Sourcetree, Fork) use the clone's git \
        config, so they need setup-git run once in the clone, and monsters on the PATH they see: a \
        client started from the desktop may not see your shell's, so install monsters where the \
        system looks (/usr/local/bin), or give merge.monsters.driver the full path (git config \
        merge.monsters.driver "/usr/local/bin/monsters merge --marker-size=%L --path=%P \
        --ours-label=%X --theirs-label=%Y -- %O %A %B"; setup-git run again keeps it). Clients that merge without git's command line (those \
        built on libgit2) run no merge driver at all: finish their conflict with monsters merge \
        --git.
        """,
      options: [globalOption])
  }.examples {
    [
      CommandExample(
        "Make git merge and diff this repository's roster with monsters.",
        "setup-git"),
      CommandExample(
        "The same for every repository of yours, in your global git config.",
        "setup-git --global"),
    ]
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    guard let git = GitProcess(environment: context.environment.variables) else {
      throw .git("git is not installed, or not on PATH.")
    }
    // git tracks the file a symbolic link leads to, and merges and diffs that file.
    let roster = context.file.linkTargetPath()
    let isGlobal = context.invocation.has(globalOption)
    let place = try placement(of: roster, global: isGlobal, git: git, context: context)
    let line = GitAttributes.pattern(for: place.target.path) + " " + GitAttributes.attributes
    let shown = escapedForTerminal(place.shownFile)
    switch try addLine(
      line, for: place.target, to: place.attributesPath, git: git, checkingIn: roster)
    {
    case .added:
      context.output.writeLine("Added to \(shown): \(escapedForTerminal(line))")
    case .present:
      context.output.writeLine(
        "\(shown) sends \(escapedForTerminal(place.target.path)) to the drivers already: "
          + escapedForTerminal(line))
    case .lastLine:
      context.output.writeLine("\(shown) ends with the line already: \(escapedForTerminal(line))")
    }
    if !isGlobal && git.driverRouting(of: roster) == .otherAttributes {
      context.console.errors.writeLine(
        EditReport.notePrefix(context) + "git still does not send "
          + "\(escapedForTerminal(place.target.path)) to the drivers: an attributes file it "
          + "reads after \(shown) (a .gitattributes in a folder nearer the roster, or "
          + ".git/info/attributes) gives it other merge or diff attributes; take those out.")
    }
    try configure(git, scope: place.configScope, global: isGlobal, context: context)
    if GitProcess.find("monsters", environment: context.environment.variables) == nil {
      context.console.errors.writeLine(
        EditReport.notePrefix(context)
          + "'monsters' is not on PATH, where git looks for it; put it there before a "
          + "merge.")
    }
  }

  /// Where the roster's attributes and the drivers' settings go.
  private struct Placement {
    /// The attributes file to add the roster's line to.
    var attributesPath: String
    /// That file as the messages name it.
    var shownFile: String
    /// The roster, as the attributes file names it.
    var target: AttributesTarget
    /// The arguments of `git config` that set in the right config file.
    var configScope: [String]
  }

  /// The files to change: the user's global attributes file and git config, or those of the
  /// work tree the roster is in.
  private static func placement(
    of roster: String, global: Bool, git: GitProcess, context: CommandContext
  ) throws(CommandFailure) -> Placement {
    if global {
      let attributesPath = try globalAttributesFile(
        git, environment: context.environment.variables)
      return Placement(
        attributesPath: attributesPath, shownFile: attributesPath,
        target: AttributesTarget(path: baseName(of: roster), everywhere: true),
        configScope: ["config", "--global"])
    }
    let folder = directory(of: roster)
    let link =
      roster == context.file.path
      ? ""
      : "\(escapedForTerminal(context.file.path)) is a symbolic link to "
        + "\(escapedForTerminal(roster)), the file git would merge, and "
    let top = try ask(git, ["-C", folder, "rev-parse", "--show-toplevel"]) {
      "\(link)\(escapedForTerminal(folder)) is not in a git work tree (run 'git init', or use "
        + "--global): \($0)"
    }
    let prefix = try ask(git, ["-C", folder, "rev-parse", "--show-prefix"]) { $0 }
    let attributesPath = top + "/.gitattributes"
    return Placement(
      attributesPath: attributesPath,
      shownFile: roster.hasPrefix(codePoint: "/") ? attributesPath : try shownPath(of: top, git),
      target: AttributesTarget(path: prefix + baseName(of: roster), everywhere: false),
      configScope: ["-C", top, "config", "--local"])
  }

  /// Sets the drivers in git's config, keeping a setting that runs them already, and says
  /// what it set, what it kept, and what a file git includes after it would override.
  private static func configure(
    _ git: GitProcess, scope configScope: [String], global: Bool, context: CommandContext
  ) throws(CommandFailure) {
    let scope = global ? "your global git config" : "the repository's git config"
    var changed: [String] = []
    var kept: [String] = []
    var overridden: [String] = []
    // As git reads the config: with the files it includes, whose settings may come after.
    let reading = configScope + ["--includes", "--show-origin", "--get"]
    for (key, value) in settings {
      let current = try? ask(git, reading + [key], failure: { $0 })
      if let current, runsTheSameCommand(settingValue(current), as: value) {
        kept.append("  \(key) = \(escapedForTerminal(settingValue(current)))")
        continue
      }
      let value = updated(current.map(settingValue), to: value)
      _ = try ask(git, configScope + [key, value]) { "git config could not set \(key): \($0)" }
      changed.append("  \(key) = \(escapedForTerminal(value))")
      if let after = try? ask(git, reading + [key], failure: { $0 }),
        !runsTheSameCommand(settingValue(after), as: value)
      {
        overridden.append(
          "\(key) = \(escapedForTerminal(settingValue(after))) from "
            + escapedForTerminal(settingOrigin(after)))
      }
    }
    if !changed.isEmpty {
      context.output.writeLine("Set in \(scope):")
      for line in changed { context.output.writeLine(line) }
    }
    if !kept.isEmpty {
      context.output.writeLine("Already set in \(scope):")
      for line in kept { context.output.writeLine(line) }
    }
    for setting in overridden {
      context.console.errors.writeLine(
        EditReport.notePrefix(context) + "git still reads \(setting), a file included in "
          + "\(scope) after the setting; take it out there.")
    }
  }

  /// Whether a value set already is the one this command sets, or runs it from a full path
  /// (`/opt/bin/monsters merge ...`), as a client that does not see the shell's `PATH`
  /// needs: running this again keeps that path.
  private static func runsTheSameCommand(_ current: String, as value: String) -> Bool {
    current == value || (value.hasPrefix("monsters ") && current.hasSuffix("/" + value))
  }

  /// The values this command set before, which running it again brings up to date: the
  /// merge driver before it passed what each side is (`%X`, `%Y`).
  static let earlierValues = ["monsters merge --marker-size=%L --path=%P -- %O %A %B"]

  /// The value to set over the one set now: `value`, run from the same full path where an
  /// earlier value this command set ran from one.
  private static func updated(_ current: String?, to value: String) -> String {
    guard let current, value.hasPrefix("monsters ") else { return value }
    for earlier in earlierValues where current.hasSuffix("/" + earlier) {
      return String(current.dropLast(earlier.count)) + value
    }
    return value
  }

  /// The value of a line `git config --show-origin --get` printed: what follows the tab.
  private static func settingValue(_ line: String) -> String {
    line.firstIndex(of: "\t").map { String(line[line.index(after: $0)...]) } ?? line
  }

  /// The file of a line `git config --show-origin --get` printed, without git's `file:`.
  private static func settingOrigin(_ line: String) -> String {
    let origin = line.firstIndex(of: "\t").map { String(line[..<$0]) } ?? ""
    return origin.hasPrefix("file:") ? String(origin.dropFirst("file:".count)) : origin
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

  /// What ``addLine(_:for:to:git:checkingIn:)`` did.
  private enum LineOutcome {
    /// It added the line.
    case added
    /// It added nothing: the file sends the roster to both drivers already.
    case present
    /// It added nothing: the file ends with the line already, though git does not send the
    /// roster to the drivers by it (another attributes file overrides it), and a second
    /// line would change nothing.
    case lastLine
  }

  /// Adds a line to an attributes file unless git sends the file to both drivers already.
  /// In a repository, git itself says (`git check-attr`), which reads every line as it
  /// does: one written otherwise (`/monsters.json`), a wildcard, and a later line that takes
  /// either attribute away (`-merge`, `!merge`) or a line git rejects. For the global
  /// attributes file, or where git cannot answer, a line of the same pattern that sets
  /// both counts. The line ends as the file's lines do, CRLF or LF.
  ///
  /// - Returns: Whether the line was added, and if not, why.
  private static func addLine(
    _ line: String, for target: AttributesTarget, to path: String, git: GitProcess,
    checkingIn roster: String
  ) throws(CommandFailure) -> LineOutcome {
    let fileSystem = SystemFileSystem()
    // Before git reads it, which would wait for a writer of a FIFO.
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
    switch target.everywhere ? .unknown : git.driverRouting(of: roster) {
    case .bothDrivers:
      return .present
    case .otherAttributes:
      // Added before, and overridden elsewhere: once is enough.
      if lastLine(of: existing) == line { return .lastLine }
    case .unknown:
      if literallySendsToBothDrivers(existing, target) { return .present }
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
    return .added
  }

  /// Whether a line of an attributes file of the same pattern as the target's sends it to
  /// both drivers: written the same, or otherwise (`/monsters.json` for a roster at the top
  /// of a repository).
  private static func literallySendsToBothDrivers(_ bytes: [UInt8], _ target: AttributesTarget)
    -> Bool
  {
    GitAttributes.lines(of: bytes).filter(\.setsBothDrivers).contains { line in
      GitAttributes.literallyMatches(line.pattern, path: target.path) == .matches
        && (!target.everywhere || !line.pattern.contains(codePoint: "/"))
    }
  }

  /// The last line of a file that is not blank, without its line break.
  private static func lastLine(of bytes: [UInt8]) -> String? {
    bytes.split(separator: UInt8(ascii: "\n")).last { line in
      line.contains {
        $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r")
      }
    }.map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...], as: UTF8.self)
    }
  }
}

/// Where git's attributes send a file, as far as the `monsters` drivers go.
enum DriverRouting {
  /// To both drivers: `merge=monsters` and `diff=monsters`.
  case bothDrivers
  /// Elsewhere: other `merge` or `diff` attributes, or none.
  case otherAttributes
  /// git cannot say (outside a repository, or git failed).
  case unknown
}

extension GitProcess {
  /// Where git sends a file, as `git check-attr` reports its `merge` and `diff` attributes
  /// by the repository's attributes files (not the user's global one, which another clone
  /// lacks).
  func driverRouting(of path: String) -> DriverRouting {
    guard
      let answer = try? ask(
        [
          "-C", directory(of: path), "-c", "core.attributesFile=/dev/null", "check-attr", "-z",
          "merge", "diff", "--", baseName(of: path),
        ], failure: { $0 })
    else { return .unknown }
    // With -z, git prints the path, the attribute and its value for each attribute.
    let fields = answer.outputBytes.split(separator: 0, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    var values: [String: String] = [:]
    for start in stride(from: 0, to: fields.count - 2, by: 3) {
      values[fields[start + 1]] = fields[start + 2]
    }
    return values["merge"] == "monsters" && values["diff"] == "monsters"
      ? .bothDrivers : .otherAttributes
  }
}
