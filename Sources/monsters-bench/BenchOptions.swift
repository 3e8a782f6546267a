/// The benchmark's command line.
struct BenchOptions {
  /// The roster sizes, in monsters.
  var sizes = [1000, 10_000, 100_000, 1_000_000]
  /// How many times each command runs, per size.
  var runs = 5
  /// The `monsters` binary; by default a fully static release build, made first.
  var monsters: String?
  /// Whether to keep the temporary folder of rosters.
  var keep = false
  /// The groups of work to time; all when not told.
  var groups = Set(Group.allCases)

  /// A group of the benchmark's work, which `--only` names.
  enum Group: String, CaseIterable {
    /// Starting: `list` of the seeded roster beside `/bin/true`.
    case start
    /// Reading a large roster: `list`, `show`, `check`.
    case read
    /// `set` of one monster.
    case set
    /// `merge` and `diff`, of rosters and of monsters with many keys of their own.
    case merge
    /// The edits of a CI job beside a `set` of one: `set --where`, `import`.
    case ci
  }
  var wantsHelp = false

  static let usage = """
    usage: swift run -c release monsters-bench [--sizes N,N,...] [--runs N] [--monsters PATH]
                                               [--only GROUP,...] [--keep]

      --sizes      roster sizes in monsters (default: 1000,10000,100000,1000000)
      --runs       runs of each command per size, alternating the tools (default: 5)
      --monsters   the binary to time (default: build it as README.md installs it,
                   with --static-swift-stdlib -Xswiftc -static-executable, into
                   .build/installed)
      --only       the groups of work to time: start, read, set, merge, ci (default: all)
      --keep       keep the folder of generated rosters
    """

  init(_ arguments: [String]) throws {
    var reader = BenchArguments(arguments)
    while let option = reader.next() {
      switch option {
      case "--sizes":
        sizes = try reader.value().split(separator: ",").map { text in
          try BenchArguments.count(text, for: option)
        }
      case "--runs": runs = try reader.count()
      case "--monsters": monsters = try reader.value()
      case "--only":
        groups = Set(
          try reader.value().split(separator: ",").map { name in
            guard let group = Group(rawValue: String(name)) else {
              throw BenchError(
                "--only takes \(Group.allCases.map(\.rawValue).joined(separator: ", ")), "
                  + "not '\(name)'")
            }
            return group
          })
      case "--keep": keep = true
      case "-h", "--help": wantsHelp = true
      default: throw reader.unknownOption
      }
    }
  }
}
