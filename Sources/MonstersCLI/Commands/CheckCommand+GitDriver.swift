import MonsterKit

// `check`'s note for a clone that lacks the merge driver its `.gitattributes` asks for: a
// fresh clone, where `monsters setup-git` has not run, merges the roster line by line.

extension CheckCommand {
  /// The text an attributes file holds when it may send a file to the `monsters` merge
  /// driver: files without it are not asked about, and no git is run for them.
  private static let driverAttribute = Array("merge=monsters".utf8)

  /// Says on standard error, once for each repository, when git's attributes send a roster
  /// checked to the `monsters` merge driver but the repository's git config does not
  /// define it, with the fix.
  ///
  /// Reads the `.gitattributes` files from each roster's folder up to the top of its work
  /// tree first: git runs only where one of them names the driver.
  static func noteMissingMergeDriver(for paths: [String], _ context: CommandContext) {
    var noted: Set<String> = []
    var git: GitProcess?
    for path in paths where path != CommandContext.standardInputPath {
      guard let top = workTreeAskingForTheDriver(of: path), !noted.contains(top) else { continue }
      guard let found = git ?? GitProcess(environment: context.environment.variables) else {
        return
      }
      git = found
      let folder = directory(of: path)
      let name = baseName(of: path)
      guard
        let attribute = try? found.ask(
          ["-C", folder, "check-attr", "-z", "merge", "--", name], failure: { $0 }),
        attribute.outputBytes.split(separator: 0).last.map(Array.init) == Array("monsters".utf8)
      else { continue }
      let configured = try? found.ask(
        ["-C", folder, "config", "--get", "merge.monsters.driver"], failure: { $0 })
      guard configured == nil else { continue }
      noted.insert(top)
      context.console.errors.writeLine(
        EditReport.notePrefix(context)
          + "git's attributes send \(escapedForTerminal(path)) to the 'monsters' merge "
          + "driver, but this clone's git config does not define it, so git merges it line "
          + "by line; run 'monsters setup-git' here (and after a conflict git made, "
          + "'monsters merge --git').")
    }
  }

  /// The top of the work tree a roster is in, as a path from its folder up, when an
  /// attributes file on the way names the `monsters` merge driver; `nil` otherwise, or
  /// outside a work tree.
  private static func workTreeAskingForTheDriver(of path: String) -> String? {
    let fileSystem = SystemFileSystem()
    var folder = directory(of: path)
    var asks = false
    // As git finds `.git`: in the folder, then in each above it, up to the root.
    for _ in 0..<256 {
      if let text = try? fileSystem.contents(of: folder + "/.gitattributes"),
        text.firstRange(of: driverAttribute) != nil
      {
        asks = true
      }
      if (try? Platform.fileStatus(atPath: folder + "/.git", followingLinks: false)) != nil {
        return asks ? folder : nil
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
