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

  /// The attributes the roster gets in `.gitattributes`.
  static let attributes = "merge=monsters diff=monsters"

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
    let pattern: String
    let configScope: [String]
    if isGlobal {
      attributesPath = try globalAttributesFile(git, environment: context.environment.variables)
      pattern = attributePattern(baseName(of: roster))
      configScope = ["config", "--global"]
    } else {
      let folder = directory(of: roster)
      let top = try ask(git, ["-C", folder, "rev-parse", "--show-toplevel"]) {
        "\(escapedForTerminal(folder)) is not in a git repository (run 'git init', or use "
          + "--global): \($0)"
      }
      let prefix = try ask(git, ["-C", folder, "rev-parse", "--show-prefix"]) { $0 }
      // The top's file as the user names the roster: relative when the roster's path is.
      let up = try ask(git, ["-C", folder, "rev-parse", "--show-cdup"]) { $0 }
      attributesPath =
        folder.hasPrefix("/")
        ? top + "/.gitattributes"
        : (folder == "." ? "" : folder + "/") + up + ".gitattributes"
      pattern = attributePattern(prefix + baseName(of: roster))
      configScope = ["-C", top, "config", "--local"]
    }
    let line = pattern + " " + attributes
    let shownFile = escapedForTerminal(attributesPath)
    if try addLine(line, pattern: pattern, to: attributesPath) {
      context.output.writeLine("Added to \(shownFile): \(escapedForTerminal(line))")
    } else {
      context.output.writeLine("\(shownFile) has the line already: \(escapedForTerminal(line))")
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
        "Note: 'monsters' is not on PATH, where git looks for it; put it there before a "
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
      return configured.hasPrefix("~/") ? home + configured.dropFirst() : configured
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
        throw .roster(.fileSystem(path: folder, action: "create", errno: error.code))
      }
    }
    return base + "/git/attributes"
  }

  /// A path as a `.gitattributes` pattern that matches it alone: glob characters escaped,
  /// and in C-style quotes when it holds a space, a quote or a control character.
  static func attributePattern(_ path: String) -> String {
    var escaped = ""
    for (offset, character) in path.enumerated() {
      if "*?[\\".contains(character) || (offset == 0 && "!#".contains(character)) {
        escaped.append("\\")
      }
      escaped.append(character)
    }
    let needsQuotes = escaped.unicodeScalars.contains {
      $0 == " " || $0 == "\"" || $0.properties.generalCategory == .control
    }
    guard needsQuotes else { return escaped }
    var quoted = "\""
    for byte in escaped.utf8 {
      switch byte {
      case UInt8(ascii: "\""): quoted += "\\\""
      case UInt8(ascii: "\\"): quoted += "\\\\"
      case UInt8(ascii: "\n"): quoted += "\\n"
      case UInt8(ascii: "\t"): quoted += "\\t"
      case 0..<0x20, 0x7F:
        let octal = String(byte, radix: 8)
        quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      default: quoted.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return quoted + "\""
  }

  /// Adds a line to an attributes file unless a line gives the pattern both attributes.
  ///
  /// - Returns: Whether the line was added.
  private static func addLine(_ line: String, pattern: String, to path: String)
    throws(CommandFailure) -> Bool
  {
    let fileSystem = SystemFileSystem()
    if let status = try? fileSystem.lstat(path), status.fileType == .symbolicLink {
      throw .git(
        "\(escapedForTerminal(path)) is a symbolic link, which git does not read attributes "
          + "through; make it a file.")
    }
    let existing: [UInt8]
    do throws(SystemCallError) {
      existing = try fileSystem.contents(of: path) ?? []
    } catch {
      throw .unreadableInput(path: path, errno: error.code)
    }
    let text = String(decoding: existing, as: UTF8.self)
    for existingLine in text.split(separator: "\n") {
      let words = existingLine.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if words.first.map(String.init) == pattern && words.contains("merge=monsters")
        && words.contains("diff=monsters")
      {
        return false
      }
    }
    let addition =
      (existing.isEmpty || existing.last == UInt8(ascii: "\n") ? "" : "\n") + line + "\n"
    do throws(SystemCallError) {
      // Not through a symbolic link, which git does not follow for .gitattributes either:
      // a repository cannot make this write to another file.
      let descriptor = try fileSystem.open(
        path, options: [.writeOnly, .create, .append, .closeOnExec, .noFollow], mode: 0o666)
      defer { fileSystem.close(descriptor) }
      var bytes = Array(addition.utf8)[...]
      while !bytes.isEmpty {
        let written = try bytes.withUnsafeBytes { buffer in
          Result { () throws(SystemCallError) in try fileSystem.write(descriptor, buffer) }
        }.get()
        bytes = bytes.dropFirst(written)
      }
    } catch {
      throw .roster(.fileSystem(path: path, action: "write", errno: error.code))
    }
    return true
  }

  /// The folder part of a path: `.` for a bare name.
  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last part of a path.
  private static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
