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
  /// Only the workloads whose title holds one of these texts, such as `merge`, when set;
  /// the CI rows only with `ci`, and the rows of declared fields only with `fields`.
  var only: [String]?
  var wantsHelp = false

  static let usage = """
    usage: swift run -c release --package-path Tests/Tools monsters-bench
             [--sizes N,N,...] [--runs N] [--monsters PATH] [--only TEXT,...] [--keep]

      --sizes      roster sizes in monsters (default: 1000,10000,100000,1000000)
      --runs       runs of each command per size, alternating the tools (default: 5)
      --monsters   the binary to time (default: build it as README.md installs it,
                   with --static-swift-stdlib -Xswiftc -static-executable -Xlinker -s,
                   into .build/installed of the package, and time a copy of it, as installed)
      --only       time only the workloads whose title holds one of the texts, such as
                   merge or start,set (the checks of edits are then left out; the CI
                   rows, set --where and import, only with ci; the rows of a roster with
                   declared fields beside one without, only with fields)
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
      case "--keep": keep = true
      case "--only": only = try reader.value().split(separator: ",").map(String.init)
      case "-h", "--help": wantsHelp = true
      default: throw reader.unknownOption
      }
    }
  }
}
