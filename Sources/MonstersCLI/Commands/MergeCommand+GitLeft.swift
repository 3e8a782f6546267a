import MonsterKit

// `monsters merge --git` over a work-tree file that is no longer what git left: refused,
// unless `--force`, so that a second run does not undo what was done since the first.

extension MergeCommand {
  static let forceOption = OptionSpec(
    "force",
    help: "With --git, merge even over a roster changed since git (or a merge) left it.")

  /// What git may have left in the work tree for a roster in conflict, found from the
  /// stages and the file as it is now: the merge driver's file, as `monsters merge` makes
  /// it from the stages (and an earlier `merge --git` wrote it); git's own line merge, made
  /// again with `git merge-file` and the labels, marker size and style the file's first
  /// markers show; or ours, as git leaves it where the driver failed. (Theirs is no such
  /// file: kept whole, it is a conflict resolved.)
  struct LeftByGit {
    private var candidates: [[UInt8]]

    init(
      base: [UInt8], ours: [UInt8], theirs: [UInt8], now: [UInt8], markers: ConflictMarkers,
      git: GitProcess, environment: Environment
    ) {
      candidates = [ours, Self.driversFile(base, ours, theirs, markers)]
      candidates += Self.lineMerges(
        base, ours, theirs, now: now, git: git, environment: environment)
    }

    /// Whether a file is one of them.
    func contains(_ bytes: [UInt8]) -> Bool {
      candidates.contains(bytes)
    }

    /// The first line where a file differs from the nearest of them: its number, from 1,
    /// and its text.
    func firstDifference(in bytes: [UInt8]) -> (line: Int, text: String) {
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      var best = (line: 1, text: "")
      for candidate in candidates {
        let theirs = candidate.split(
          separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let same = zip(lines, theirs).prefix { $0 == $1 }.count
        if same + 1 > best.line || best.text.isEmpty {
          let text = same < lines.count ? String(decoding: lines[same], as: UTF8.self) : ""
          best = (same + 1, text)
        }
      }
      return best
    }

    /// The file the merge driver writes for the stages.
    private static func driversFile(
      _ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], _ markers: ConflictMarkers
    ) -> [UInt8] {
      func roster(_ bytes: [UInt8]) -> Roster? {
        bytes.isEmpty ? Roster() : try? Roster(jsonBytes: bytes)
      }
      guard let base = roster(base), let mine = roster(ours), let other = roster(theirs) else {
        return markers.wholeFiles(ours: ours, theirs: theirs)
      }
      return RosterMerge(base: base, ours: mine, theirs: other).fileBytes(markers: markers)
    }

    /// git's line merge of the stages, as the file's first markers show git made it: their
    /// labels and size, with the ancestor's part (`diff3`, `zdiff3`) or without.
    private static func lineMerges(
      _ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], now: [UInt8], git: GitProcess,
      environment: Environment
    ) -> [[UInt8]] {
      guard let marks = Marks(now),
        let folder = try? PrivateFolder(prefix: "monsters-merge-", environment: environment)
      else { return [] }
      defer { folder.remove() }
      let names = ["ours", "base", "theirs"]
      for (name, bytes) in zip(names, [ours, base, theirs]) {
        guard (try? folder.write(bytes, to: name)) != nil else { return [] }
      }
      let files = names.map(folder.file)
      let styles = marks.ancestor == nil ? [[String]()] : [["--diff3"], ["--zdiff3"]]
      return styles.compactMap { style in
        let arguments =
          ["merge-file", "-p", "--marker-size=\(marks.size)"] + style
          + ["-L", marks.ours, "-L", marks.ancestor ?? "base", "-L", marks.theirs] + files
        // git merge-file exits with the number of conflicts, or below 0 for an error.
        guard let run = try? git.run(arguments), run.status >= 0, run.status < 128 else {
          return nil
        }
        return run.outputBytes
      }
    }
  }

  /// The first conflict markers of a file: their size and labels.
  private struct Marks {
    var size: Int
    var ours: String
    var ancestor: String?
    var theirs: String

    init?(_ bytes: [UInt8]) {
      var (opening, ancestor, closing): (String?, String?, String?) = (nil, nil, nil)
      var size = 0
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        let text = String(decoding: line, as: UTF8.self)
        let run = text.prefix { $0 == text.first }.count
        guard run >= ConflictMarkers.standardSize, let first = text.first else { continue }
        let label = String(text.dropFirst(run + 1))
        switch first {
        case "<" where opening == nil:
          (opening, size) = (label, run)
        case "|" where opening != nil && ancestor == nil && run == size:
          ancestor = label
        case ">" where opening != nil && run == size:
          closing = label
        default:
          continue
        }
        if closing != nil { break }
      }
      guard let opening, let closing else { return nil }
      (self.size, ours, self.ancestor, theirs) = (size, opening, ancestor, closing)
    }
  }
}
