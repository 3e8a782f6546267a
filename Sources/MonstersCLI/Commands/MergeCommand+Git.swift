import MonsterKit

// `monsters merge --git [PATH]`: the merge git made without the driver, made again monster
// by monster from the versions git keeps in its index.

extension MergeCommand {
  /// The stages git keeps for a path in conflict: the common ancestor (none when both sides
  /// added the file), ours and theirs.
  private struct Stages {
    /// The path as git names it, from the top of the work tree, as `%P` gives it.
    var name: String
    var base: [UInt8]
    var ours: [UInt8]
    var theirs: [UInt8]
  }

  /// Merges again from git's index the roster that a plain git merge left in conflict, and
  /// writes the result over it, under its lock.
  static func mergeFromGit(_ context: CommandContext) throws(CommandFailure) {
    guard let git = GitProcess(environment: context.environment.variables) else {
      throw .git("git is not installed, or not on PATH.")
    }
    let named = context.invocation.argument(0) ?? context.file.path
    if named == CommandContext.standardInputPath
      || context.file.stream != nil
        && context.invocation.argument(0) == nil
    {
      throw context.usageError(
        .invalidValue("merge --git writes the roster in the work tree: name a file, not '-'."))
    }
    // git holds in conflict the file a symbolic link leads to, not the link.
    let path = context.rosterFile(named: named).linkTargetPath()
    let stages = try Self.stages(of: path, git)
    let shown = escapedForTerminal(path)
    let asked = context.invocation.value(markerSizeOption) != nil
    let size = asked ? markerSize(context) : attributeMarkerSize(of: path, git)
    let refusal: CommandFailure? =
      size != nil
      ? nil
      : asked
        ? markerSizeFailure(context)
        : .git(
          "git's conflict-marker-size for \(shown) is longer than the longest markers written, "
            + "\(ConflictMarkers.maximumSize).")
    let markers = ConflictMarkers(size: size ?? ConflictMarkers.standardSize, naming: stages.name)
    func side(_ label: String, _ bytes: [UInt8]) -> RosterSide {
      RosterSide(label: label, path: path, shownAs: "\(path) (\(label.lowercased()))", bytes: bytes)
    }
    var file = context.rosterFile(named: path)
    file.path = path
    // The file git left is merged over; one changed since (by hand, or by resolve after an
    // earlier merge --git) is not, unless asked.
    let checking: (([UInt8]) throws(CommandFailure) -> Void)? =
      context.invocation.has(forceOption)
      ? nil
      : { (now) throws(CommandFailure) in
        let left = LeftByGit(
          base: stages.base, ours: stages.ours, theirs: stages.theirs, now: now,
          markers: markers, git: git, environment: context.environment)
        guard !left.contains(now) else { return }
        let (line, text) = left.firstDifference(in: now)
        throw .git(
          "\(shown) changed since git left it in conflict (line \(line) is now "
            + "'\(escapedForMessage(text))'): merging again would undo that. Keep it, or "
            + "merge over it with 'monsters merge --git --force'.")
      }
    try merge(
      base: side("BASE", stages.base), ours: side("OURS", stages.ours),
      theirs: side("THEIRS", stages.theirs), into: file, markers: markers,
      refusing: refusal, shownName: path, console: context.console, checking: checking)
    context.output.writeLine(
      "Merged \(shown) again from git's index, monster by monster, with no conflict; to "
        + "mark it resolved: git add \(escapedForTerminal(ManPage.Example.shellQuoted(path)))")
  }

  /// Why `merge --git` cannot merge a roster one side of the merge removed, and what to do
  /// instead: `check` says the same of such a roster.
  ///
  /// - Parameters:
  ///   - shown: The roster's path, escaped for a terminal.
  ///   - missing: The side git's index has no version of, `ours` or `theirs`.
  static func removedOnOneSide(_ shown: String, missing: String) -> String {
    "\(shown) was removed on one side of the merge (git's index has no \(missing)): there are "
      + "no monsters to merge; 'git add' or 'git rm' it."
  }

  /// The versions of a path in conflict that git's index holds.
  private static func stages(of path: String, _ git: GitProcess) throws(CommandFailure)
    -> Stages
  {
    let shown = escapedForTerminal(path)
    let listed = try git.conflictStages(of: path) { "Cannot read git's index for \(shown): \($0)" }
    var objects: [Int: String] = [:]
    for entry in listed { objects[entry.stage] = entry.object }
    let names = Set(listed.map(\.name))
    guard let name = names.first else {
      throw .git(
        "\(shown) is not in conflict in git's index, so there is nothing to merge again: git "
          + "keeps the versions of a conflict there from the merge that stopped until 'git add'.")
    }
    guard names.count == 1 else {
      throw .git("\(shown) names \(names.count) files in conflict; name one roster.")
    }
    guard let ours = objects[2], let theirs = objects[3] else {
      throw .git(removedOnOneSide(shown, missing: objects[2] == nil ? "ours" : "theirs"))
    }
    func blob(_ object: String) throws(CommandFailure) -> [UInt8] {
      try git.ask(["cat-file", "blob", object]) { "Cannot read \(shown) from git: \($0)" }
        .outputBytes
    }
    return Stages(
      name: name, base: try objects[1].map(blob) ?? [], ours: try blob(ours),
      theirs: try blob(theirs))
  }

  /// The marker size git's `conflict-marker-size` attribute gives the path, as git gives it
  /// to a driver: 7 when unset or not a positive number.
  private static func attributeMarkerSize(of path: String, _ git: GitProcess) -> Int? {
    guard
      let run = try? git.ask(
        ["check-attr", "-z", "conflict-marker-size", "--", path], failure: { $0 })
    else { return ConflictMarkers.standardSize }
    // `<path> NUL conflict-marker-size NUL <value> NUL`.
    let fields = run.outputBytes.split(separator: 0, omittingEmptySubsequences: false)
    guard fields.count >= 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size > 0
    else { return ConflictMarkers.standardSize }
    return size <= ConflictMarkers.maximumSize ? size : nil
  }
}
