/// A benchmark's command line, read one option at a time: flags, and options followed by
/// their value.
struct BenchArguments {
  private let arguments: [String]
  private var index = -1

  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// The next option, or `nil` after the last.
  mutating func next() -> String? {
    index += 1
    return index < arguments.count ? arguments[index] : nil
  }

  /// The value of the option just read: the next argument.
  mutating func value() throws -> String {
    guard index + 1 < arguments.count else {
      throw BenchError("\(arguments[index]) needs a value")
    }
    index += 1
    return arguments[index]
  }

  /// The value of the option just read as a count: a positive whole number, which may be
  /// written with underscores (`1_000_000`).
  mutating func count() throws -> Int {
    let option = arguments[index]
    return try Self.count(try value(), for: option)
  }

  /// A count given as text, such as one of the sizes of `--sizes 1000,1_000_000`.
  static func count(_ text: some StringProtocol, for option: String) throws -> Int {
    guard let count = Int(String(text.filter { $0 != "_" })), count > 0 else {
      throw BenchError("\(option) takes a positive whole number, not '\(text)'")
    }
    return count
  }

  /// The error for the option just read, which is not one the benchmark knows.
  var unknownOption: BenchError {
    BenchError("unknown option '\(arguments[index])'")
  }

  /// Reads every option into `options`: `read` is given each option in turn, the reader to
  /// take its value from, and the options to set.
  static func reading<Options>(
    _ arguments: [String], into options: Options,
    _ read: (String, inout BenchArguments, inout Options) throws -> Void
  ) throws -> Options {
    var options = options
    var reader = BenchArguments(arguments)
    while let option = reader.next() {
      try read(option, &reader, &options)
    }
    return options
  }
}

extension BenchArguments {
  /// Runs a benchmark's subcommand: its usage for `-h` or `--help`; else its options read by
  /// `parse` and given to `run`, a bad option or a failure printed with the usage.
  ///
  /// - Returns: The exit status: 0, or 64 for a usage error or a failure.
  static func runSubcommand<Options>(
    _ arguments: [String], usage: String, parse: ([String]) throws -> Options,
    run: (Options) throws -> Void
  ) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(usage)
      return 0
    }
    do {
      try run(try parse(arguments))
      return 0
    } catch {
      print("monsters-bench: \(error)")
      print(usage)
      return 64
    }
  }
}

extension BenchArguments {
  /// Runs the generation a benchmark asks of this program as a process of its own (whose
  /// memory the rows then do not share): a failure is printed.
  ///
  /// - Returns: The exit status: 0, or 1 when it failed.
  static func generating(_ generate: () throws -> Void) -> Int32 {
    do {
      try generate()
      return 0
    } catch {
      print("monsters-bench: \(error)")
      return 1
    }
  }
}
