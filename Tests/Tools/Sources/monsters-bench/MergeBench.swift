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
    return workloads(
      Sides(name: "lines", base: path, ours: ours, theirs: theirs), size: size,
      titles: ("merge, a line on each side", "diff, a line changed"))
  }

  /// The same two workloads on a roster of one monster with `size` keys of its own, one
  /// changed on each side (a third and two thirds of the way down): merging and comparing
  /// an object takes a pass over its keys, not a pass per key.
  func keyWorkloads(size: Int) throws -> [Workload] {
    let sides = Sides(
      name: "keys", base: "\(folder)/keys-base-\(size).json",
      ours: "\(folder)/keys-ours-\(size).json", theirs: "\(folder)/keys-theirs-\(size).json")
    for (path, changed) in [(sides.base, -1), (sides.ours, size / 3), (sides.theirs, size * 2 / 3)]
    {
      try BenchRoster.writeMonster(keys: size, changing: changed, to: path)
    }
    return workloads(
      sides, size: size,
      titles: ("merge, a key of a monster on each side", "diff, a key of a monster changed"))
  }

  /// The three files of a merge; `name` tells its merged copies from the others'.
  struct Sides {
    var name: String
    var base: String
    var ours: String
    var theirs: String
  }

  /// Where a tool writes its merge of the sides named `name`.
  private func merged(_ name: String, _ tool: String, _ size: Int) -> String {
    "\(folder)/merged-\(name)-\(tool)-\(size).json"
  }

  private func workloads(
    _ sides: Sides, size: Int, titles: (merge: String, diff: String)
  ) -> [Workload] {
    var merge = [
      (
        "monsters",
        Command(
          program: monsters,
          arguments: ["merge", sides.base, merged(sides.name, "monsters", size), sides.theirs])
      )
    ]
    if let git {
      merge.append(
        (
          Bench.floor,
          Command(
            program: git,
            arguments: [
              "merge-file", merged(sides.name, Bench.floor, size), sides.base, sides.theirs,
            ])
        ))
    }
    let diff = [
      ("monsters", Command(program: monsters, arguments: ["diff", sides.base, sides.ours])),
      (
        Bench.floor,
        Command(program: which("diff") ?? "/usr/bin/diff", arguments: [sides.base, sides.ours])
      ),
    ]
    let bytes = fileSize(sides.base)
    return [
      Workload(
        title: titles.merge, size: size, fileBytes: bytes, commands: merge,
        floorName: Self.mergeTool,
        prepare: { tool in
          _ = Command(program: "/bin/cp", arguments: [sides.ours, merged(sides.name, tool, size)])
            .run()
        }),
      Workload(
        title: titles.diff, size: size, fileBytes: bytes, commands: diff, floorName: Self.diffTool,
        status: 1),
    ]
  }

  /// Checks that `monsters merge` and `git merge-file` wrote the same files: with one line
  /// changed on each side, far apart, both merge cleanly to the same bytes.
  func checkMerges(size: Int) throws {
    guard git != nil else { return }
    for name in ["lines", "keys"] {
      let compare = Command(
        program: "/usr/bin/cmp",
        arguments: [merged(name, "monsters", size), merged(name, Bench.floor, size)]
      ).run()
      guard compare.status == 0 else {
        throw BenchError("monsters merge and git merge-file differ on the \(name) of \(size)")
      }
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
