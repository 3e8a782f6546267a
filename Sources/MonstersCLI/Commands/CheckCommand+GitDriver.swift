import MonsterKit
import MonstersSystem

// `check`'s notes on merges git made without the `monsters` driver: a clone that lacks the
// driver its `.gitattributes` asks for (a fresh clone, where `monsters setup-git` has not
// run); a roster git merged line by line and left in conflict; and a roster git holds in
// conflict with no markers, which a driver that failed or did not run leaves.

extension CheckCommand {
  /// The text an attributes file holds when it may send a file to the `monsters` merge
  /// driver: files without it are not asked about, and no git is run for them.
  private static let driverAttribute = Array("merge=monsters".utf8)

  /// The files in a git folder that say an operation that merges (a merge, a cherry-pick, a
  /// revert, a rebase) is under way, or that one stopped in conflict (`AUTO_MERGE`, which
  /// git writes for those and for `stash pop`, `checkout -m` and `am -3`): git's index holds
  /// files in conflict only then.
  private static let operationsUnderWay = [
    "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "REBASE_HEAD", "rebase-merge", "rebase-apply",
    "AUTO_MERGE",
  ]

  /// Says on standard error what a merge git made without the `monsters` driver needs:
  ///
  /// - once for each repository, when git's attributes send a roster checked to the driver
  ///   but the repository's git config does not define it, with the fix;
  /// - for a roster with conflict markers git wrote, that `monsters merge --git` merges it
  ///   again monster by monster;
  /// - for a roster without markers that git's index holds in conflict, that a driver that
  ///   failed or did not run left one side only, and `monsters merge --git` merges it;
  /// - for a roster one side of the merge removed, which `monsters merge --git` cannot
  ///   merge, what it says: 'git add' or 'git rm' it.
  ///
  /// Git runs only for a roster in a work tree whose `.gitattributes` names the driver, or
  /// that holds conflict markers, or where a merge is under way.
  ///
  /// - Parameters:
  ///   - paths: The rosters checked.
  ///   - conflicted: The rosters among them that hold conflict markers.
  ///   - context: Where the notes go.
  static func noteMergesGitMade(
    for paths: [String], conflicted: Set<String>, _ context: CommandContext
  ) {
    var notedTrees: Set<String> = []
    var started: GitProcess?
    func git() -> GitProcess? {
      started = started ?? GitProcess(environment: context.environment.variables)
      return started
    }
    func note(_ text: String) {
      context.console.errors.writeLine(EditReport.notePrefix(context) + text)
    }
    for checked in paths where checked != CommandContext.standardInputPath {
      // git merges the file a symbolic link leads to, and holds that file in conflict.
      let path = context.rosterFile(named: checked).linkTargetPath()
      guard let tree = workTree(of: path) else { continue }
      let shown = escapedForTerminal(path)
      // The roster checked by default is the one `merge --git` merges by default; another
      // is named, quoted for a shell, and the command then stands in double quotes.
      let mergeAgain =
        checked == context.file.path
        ? "'monsters merge --git'"
        : "\"monsters merge --git \(escapedForTerminal(ManPage.Example.shellQuoted(path)))\""
      if tree.asksForTheDriver, !notedTrees.contains(tree.top) {
        guard let git = git() else { return }
        if git.sendsToTheDriver(path), !git.definesTheDriver(for: path) {
          notedTrees.insert(tree.top)
          note(
            "git's attributes send \(shown) to the 'monsters' merge driver, but this clone's "
              + "git config does not define it, so git merges it line by line; run 'monsters "
              + "setup-git' here (and after a conflict git made, 'monsters merge --git').")
          continue
        }
      }
      if tree.mayBeMerging || conflicted.contains(checked),
        let missing = git()?.sideRemoved(path)
      {
        // A removal on one side leaves nothing to merge again.
        note(
          "git's index holds \(shown) in conflict: "
            + MergeCommand.removedOnOneSide(shown, missing: missing))
      } else if conflicted.contains(checked) {
        // Conflicts `monsters merge` marked would be marked again by merging again.
        let markedByMerge =
          (try? SystemFileSystem().contents(of: path))?.withUnsafeBytes(
            ConflictMarkers.firstConflictIsMarkedByMerge(in:)) ?? false
        guard !markedByMerge, let git = git(), git.holdsInConflict(path) else { continue }
        note(
          "git merged \(shown) line by line and left it in conflict; \(mergeAgain) merges it "
            + "again monster by monster from git's index, and 'monsters setup-git' makes git "
            + "merge it so from now on.")
      } else if tree.mayBeMerging {
        guard let git = git(), let side = git.sideHeldWhole(path) else { continue }
        note(
          "git's index holds \(shown) in conflict, and the file is \(side) as the index has it, "
            + "with no conflict markers: where a merge driver failed or did not run (is "
            + "'monsters' on the PATH git sees?), \(mergeAgain) merges both sides from git's "
            + "index.")
      }
    }
  }

  /// The git folder a `.git` file names (`gitdir: <path>`, a relative path from the work
  /// tree's top), or `nil` for a file that says no such thing.
  private static func gitFolder(in file: String, of top: String) -> String? {
    guard let text = try? SystemFileSystem().contents(of: file) else { return nil }
    let prefix = Array("gitdir: ".utf8)
    guard text.starts(with: prefix) else { return nil }
    var path = text.dropFirst(prefix.count)
    while let last = path.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
      path.removeLast()
    }
    guard !path.isEmpty else { return nil }
    let named = String(decoding: path, as: UTF8.self)
    return named.hasPrefix(codePoint: "/") ? named : top + "/" + named
  }

  /// The work tree a roster is in, found as git finds `.git`: its top (a path from the
  /// roster's folder up), whether an attributes file on the way names the `monsters` merge
  /// driver, and whether a merge may be under way; `nil` outside a work tree.
  private static func workTree(of path: String)
    -> (top: String, asksForTheDriver: Bool, mayBeMerging: Bool)?
  {
    let fileSystem = SystemFileSystem()
    var folder = directory(of: path)
    var asks = false
    // In the folder, then in each above it, up to the root.
    for _ in 0..<256 {
      if let text = try? fileSystem.contents(of: folder + "/.gitattributes"),
        text.firstRange(of: driverAttribute) != nil
      {
        asks = true
      }
      let dotGit = folder + "/.git"
      if let found = try? Platform.fileStatus(atPath: dotGit, followingLinks: false) {
        // A `.git` file names the git folder elsewhere (a linked work tree, a submodule);
        // one that cannot be read leaves git to be asked.
        guard
          let gitFolder = found.fileType == .directory ? dotGit : gitFolder(in: dotGit, of: folder)
        else { return (folder, asks, true) }
        let merging = operationsUnderWay.contains {
          (try? Platform.fileStatus(atPath: gitFolder + "/" + $0, followingLinks: false)) != nil
        }
        return (folder, asks, merging)
      }
      let parent = folder == "/" ? "/" : folder + "/.."
      guard let here = try? Platform.fileStatus(atPath: folder, followingLinks: true),
        let above = try? Platform.fileStatus(atPath: parent, followingLinks: true),
        !above.isSameFile(as: here)
      else { return nil }
      folder = parent
    }
    return nil
  }

}

extension GitProcess {
  /// Whether git's attributes send a file to the `monsters` merge driver.
  fileprivate func sendsToTheDriver(_ path: String) -> Bool {
    let attribute = try? ask(
      ["-C", directory(of: path), "check-attr", "-z", "merge", "--", baseName(of: path)],
      failure: { $0 })
    return attribute?.outputBytes.split(separator: 0).last.map(Array.init)
      == Array("monsters".utf8)
  }

  /// Whether the git config of a file's repository defines the `monsters` merge driver.
  fileprivate func definesTheDriver(for path: String) -> Bool {
    (try? ask(
      ["-C", directory(of: path), "config", "--get", "merge.monsters.driver"], failure: { $0 }))
      != nil
  }

  /// The versions of a file that git's index holds in conflict; none when it holds none.
  fileprivate func stagesInConflict(of path: String) -> [ConflictStage] {
    (try? conflictStages(
      of: baseName(of: path), options: ["-C", directory(of: path)], failure: { $0 })) ?? []
  }

  /// Whether git's index holds a file in conflict: the versions of a merge not finished.
  fileprivate func holdsInConflict(_ path: String) -> Bool {
    !stagesInConflict(of: path).isEmpty
  }

  /// The side of a merge, `ours` or `theirs`, that git's index holds no version of a file in
  /// conflict from: the side that removed it; `nil` for a file with both, or not in
  /// conflict.
  fileprivate func sideRemoved(_ path: String) -> String? {
    let stages = Set(stagesInConflict(of: path).map(\.stage))
    guard !stages.isEmpty else { return nil }
    return !stages.contains(2) ? "ours" : !stages.contains(3) ? "theirs" : nil
  }

  /// The side of a merge, `ours` or `theirs`, that a file git's index holds in conflict is,
  /// byte for byte: what a merge driver that failed or did not run leaves; `nil` for a file
  /// that is neither, or not in conflict.
  fileprivate func sideHeldWhole(_ path: String) -> String? {
    let sides = stagesInConflict(of: path).filter { $0.stage != 1 }
    guard !sides.isEmpty,
      let hashed = try? ask(
        ["-C", directory(of: path), "hash-object", "--", baseName(of: path)], failure: { $0 })
    else { return nil }
    let object = GitProcess.text(hashed.outputBytes)
    return sides.first { $0.object == object }.map { $0.stage == 2 ? "ours" : "theirs" }
  }

}
