/// The edits a CI job makes on a large roster, timed beside a single `set` on the same
/// roster: `set --where` that changes a fifth of the monsters, and an `import` of 10,000 new
/// ones. Each must take at most 1.5 times as long as the single `set`.
struct CIBench {
  /// One edit's median, and the single `set`'s in the same runs.
  struct Row {
    var title: String
    var size: Int
    var fileBytes: Int
    var seconds: Double
    var singleSet: Double
    var peakBytes: Int

    var ratio: Double { singleSet > 0 ? seconds / singleSet : 0 }
  }

  /// How many monsters the import adds.
  static let importedCount = 10_000
  /// The most an edit may take, as a multiple of the single `set`.
  static let goal = 1.5

  let monsters: String
  let folder: String
  let runs: Int

  /// Times the edits on a generated roster of `size` monsters at `path`.
  func measure(path: String, size: Int) throws -> [Row] {
    let tsv = folder + "/import-\(size).tsv"
    try writeImport(to: tsv)
    let name = BenchRoster.name(size / 2)
    // The generated roster gives each weapon to a fifth of its monsters.
    let edits: [(title: String, arguments: [String])] = [
      ("set one weapon", ["set", name, "--weapon", "fire"]),
      (
        "set --where weapon=ninjaStar (\(Report.grouped(size / 5)) monsters)",
        ["set", "--where", "weapon=ninjaStar", "--weapon", "fire"]
      ),
      ("import \(Report.grouped(Self.importedCount)) new monsters", ["import", tsv]),
    ]
    var times = [[Double]](repeating: [], count: edits.count)
    var peaks = [[Double]](repeating: [], count: edits.count)
    for run in 0..<runs {
      for step in edits.indices {
        let edit = (run + step) % edits.count
        let copy = folder + "/ci-edit-\(size).json"
        guard Command(program: "/bin/cp", arguments: [path, copy]).run().status == 0 else {
          throw BenchError("cannot copy \(path)")
        }
        let measurement = Command(
          program: monsters, arguments: ["-f", copy] + edits[edit].arguments
        )
        .run()
        if measurement.status != 0 {
          throw BenchError("'\(edits[edit].title)' exited with \(measurement.status)")
        }
        let check = Command(program: monsters, arguments: ["-f", copy, "check"]).run()
        guard check.status == 0 else { throw BenchError("'\(edits[edit].title)' broke the roster") }
        times[edit].append(measurement.seconds)
        peaks[edit].append(Double(measurement.peakBytes))
      }
    }
    let single = median(times[0])
    return edits.indices.dropFirst().map { edit in
      Row(
        title: edits[edit].title, size: size, fileBytes: fileSize(path),
        seconds: median(times[edit]), singleSet: single,
        peakBytes: Int(median(peaks[edit])))
    }
  }

  /// A TSV listing of new monsters, as `list --format tsv` prints one.
  private func writeImport(to path: String) throws {
    var text = "name\tweapon\tdescription\ticon\tnameColor\n"
    for number in 0..<Self.importedCount {
      text +=
        "Imported-Bot-\(number)\tsmoke\tBrought in by a CI job, number \(number)\t"
        + "meetimportedbot\(number).png\t\(number % 3 == 0 ? "red" : "")\n"
    }
    try writeFile(Array(text.utf8), to: path)
  }

  /// The rows as a Markdown table, and whether each meets its goal.
  static func table(_ rows: [Row]) -> String {
    guard !rows.isEmpty else { return "" }
    var lines = [
      "| CI edit | size | file | time | single set, same runs | ratio (goal <= \(Report.ratio(goal))) | peak memory |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows {
      lines.append(
        "| \(row.title) | \(Report.grouped(row.size)) | \(Report.bytes(row.fileBytes)) "
          + "| \(Report.time(row.seconds)) "
          + "| \(Report.time(row.singleSet)) | \(Report.ratio(row.ratio)) "
          + "\(row.ratio <= goal ? "(met)" : "(NOT met)") | \(Report.bytes(row.peakBytes)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
