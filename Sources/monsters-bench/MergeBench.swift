/// `merge` and `diff` of rosters, timed against `git merge-file` and `diff(1)` on the same
/// files: a roster, and two copies of it with one line changed in each (a description in
/// the first third of ours, a weapon in the last third of theirs), made by `monsters set`.
struct MergeBench {
  let monsters: String
  let folder: String
  /// git, if it is installed.
  let git: String?

  /// The name the table gives the other tool, in its floor column.
  static let mergeTool = "git merge-file"
  static let diffTool = "diff"

  init(monsters: String, folder: String) {
    self.monsters = monsters
    self.folder = folder
    git = which("git")
  }

  /// The two workloads of a roster: a three-way merge and a diff.
  func workloads(path: String, size: Int) throws -> [Workload] {
    let ours = "\(folder)/ours-\(size).json"
    let theirs = "\(folder)/theirs-\(size).json"
    try edit(path, into: ours, "set", BenchRoster.name(size / 3), "--description", "ours")
    try edit(path, into: theirs, "set", BenchRoster.name(size * 2 / 3), "--weapon", "smoke")
    func copy(_ tool: String) -> String { "\(folder)/merged-\(tool)-\(size).json" }
    var merge = [
      (
        "monsters",
        Command(program: monsters, arguments: ["merge", path, copy("monsters"), theirs])
      )
    ]
    if let git {
      merge.append(
        (
          Bench.floor,
          Command(program: git, arguments: ["merge-file", copy(Bench.floor), path, theirs])
        ))
    }
    let diff = [
      ("monsters", Command(program: monsters, arguments: ["diff", path, ours])),
      (Bench.floor, Command(program: which("diff") ?? "/usr/bin/diff", arguments: [path, ours])),
    ]
    let bytes = fileSize(path)
    return [
      Workload(
        title: "merge, a line on each side", size: size, fileBytes: bytes, commands: merge,
        floorName: Self.mergeTool,
        prepare: { tool in
          _ = Command(program: "/bin/cp", arguments: [ours, copy(tool)]).run()
        }),
      Workload(
        title: "diff, a line changed", size: size, fileBytes: bytes, commands: diff,
        floorName: Self.diffTool),
    ]
  }

  /// Checks that `monsters merge` and `git merge-file` wrote the same file: with one line
  /// changed on each side, far apart, both merge cleanly to the same bytes.
  func checkMerges(size: Int) throws {
    guard git != nil else { return }
    let compare = Command(
      program: "/usr/bin/cmp",
      arguments: [
        "\(folder)/merged-monsters-\(size).json", "\(folder)/merged-\(Bench.floor)-\(size).json",
      ]
    ).run()
    guard compare.status == 0 else {
      throw BenchError("monsters merge and git merge-file differ on the roster of \(size)")
    }
  }

  /// A copy of a roster with one edit made by `monsters`.
  private func edit(_ path: String, into copy: String, _ arguments: String...) throws {
    _ = Command(program: "/bin/cp", arguments: [path, copy]).run()
    guard Command(program: monsters, arguments: ["-f", copy] + arguments).run().status == 0 else {
      throw BenchError("monsters \(arguments.joined(separator: " ")) failed on \(copy)")
    }
  }

  /// Whether the goals of `merge` and `diff` hold, at the largest size: `merge` at most a
  /// tenth of `git merge-file`, `diff` at most three times `diff(1)`.
  static func goals(_ results: [Result]) -> String {
    let largest = results.map(\.workload.size).max() ?? 0
    var lines: [String] = []
    for (title, tool, limit) in [
      ("merge, a line on each side", mergeTool, 0.1), ("diff, a line changed", diffTool, 3.0),
    ] {
      let label = "\(title.split(separator: ",")[0]) at \(Report.grouped(largest)) vs \(tool)"
      guard
        let ratio = results.first(where: {
          $0.workload.title == title && $0.workload.size == largest
        })?
        .ratio("monsters", to: Bench.floor)
      else {
        lines.append("- [ ] \(label): not measured")
        continue
      }
      lines.append(
        "- [\(ratio <= limit ? "x" : " ")] \(label): \(Report.ratio(ratio)) (goal <= "
          + "\(Report.ratio(limit)))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
