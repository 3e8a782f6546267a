/// The benchmark's Markdown tables.
enum Report {
  /// One row per workload: medians of each tool, ratios, and `monsters`'s peak memory.
  static func table(_ results: [Result]) -> String {
    var lines = [
      "| work | size | file | monsters | jq | python3 | floor | vs jq | vs floor | monsters peak memory |",
      "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    for result in results {
      let workload = result.workload
      let peak = result.peakBytes["monsters"] ?? 0
      let floor = result.seconds[Bench.floor].map { "\(time($0)) (\(workload.floorName))" } ?? "-"
      lines.append(
        "| \(workload.title) | \(grouped(workload.size)) | \(bytes(workload.fileBytes)) "
          + "| \(result.seconds["monsters"].map(time) ?? "-") "
          + "| \(result.seconds["jq"].map(time) ?? "-") "
          + "| \(result.seconds["python3"].map(time) ?? "-") | \(floor) "
          + "| \(result.ratio("monsters", to: "jq").map(ratio) ?? "-") "
          + "| \(result.ratio("monsters", to: Bench.floor).map(ratio) ?? "-") "
          + "| \(bytes(peak)) (\(ratio(Double(peak) / Double(max(workload.fileBytes, 1)))) the file) |"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How `monsters`'s time grows from the second-largest size to the largest.
  static func growth(_ results: [Result]) -> String {
    let sizes = Set(results.map(\.workload.size)).filter { $0 > 6 }.sorted()
    guard sizes.count >= 2 else { return "" }
    let (small, large) = (sizes[sizes.count - 2], sizes[sizes.count - 1])
    var lines = [
      "| growth of monsters | \(grouped(small)) | \(grouped(large)) | ratio (size grew \(large / small)x) |",
      "|---|---:|---:|---:|",
    ]
    for title in titles(results) {
      guard let before = seconds(results, title, small), let after = seconds(results, title, large)
      else { continue }
      lines.append("| \(title) | \(time(before)) | \(time(after)) | \(ratio(after / before)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether each goal of the performance issue holds, at the largest size.
  static func goals(_ results: [Result]) -> String {
    var lines = ["Goals:"]
    func check(_ label: String, _ value: Double?, _ limit: Double) {
      guard let value else {
        lines.append("- [ ] \(label): not measured")
        return
      }
      lines.append(
        "- [\(value <= limit ? "x" : " ")] \(label): \(ratio(value)) (goal <= \(ratio(limit)))")
    }
    if let startup = results.first(where: { $0.workload.title == Bench.startupTitle }) {
      check("startup vs jq", startup.ratio("monsters", to: "jq"), 0.2)
      check("startup vs /bin/true", startup.ratio("monsters", to: Bench.floor), 1.5)
    }
    let largest = results.map(\.workload.size).max() ?? 0
    func at(_ title: String) -> Result? {
      results.first { $0.workload.title == title && $0.workload.size == largest }
    }
    if let set = at("set one weapon") {
      check("set at \(grouped(largest)) vs jq", set.ratio("monsters", to: "jq"), 0.1)
      check("set at \(grouped(largest)) vs cp + sync", set.ratio("monsters", to: Bench.floor), 5)
      check("set at \(grouped(largest)) peak memory vs file", memory(set), 1.5)
    }
    if let list = at("list --format names") {
      check("list at \(grouped(largest)) vs jq", list.ratio("monsters", to: "jq"), 0.1)
      check("list at \(grouped(largest)) peak memory vs file", memory(list), 1.5)
    }
    check("check at \(grouped(largest)) vs jq empty", at("check")?.ratio("monsters", to: "jq"), 0.1)
    let sizes = Set(results.map(\.workload.size)).filter { $0 > 6 }.sorted()
    if sizes.count >= 2 {
      let (small, large) = (sizes[sizes.count - 2], sizes[sizes.count - 1])
      for title in titles(results) {
        let growth = seconds(results, title, large).flatMap { after in
          seconds(results, title, small).map { after / $0 }
        }
        check("growth of \(title), \(grouped(small)) to \(grouped(large))", growth, 12)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func memory(_ result: Result) -> Double? {
    result.peakBytes["monsters"].map { Double($0) / Double(max(result.workload.fileBytes, 1)) }
  }

  private static func titles(_ results: [Result]) -> [String] {
    var seen: [String] = []
    for result in results where result.workload.size > 6 && !seen.contains(result.workload.title) {
      seen.append(result.workload.title)
    }
    return seen
  }

  private static func seconds(_ results: [Result], _ title: String, _ size: Int) -> Double? {
    results.first { $0.workload.title == title && $0.workload.size == size }?.seconds["monsters"]
  }

  static func time(_ seconds: Double) -> String {
    seconds >= 1
      ? format(seconds, 2) + " s" : format(seconds * 1000, seconds >= 0.01 ? 0 : 1) + " ms"
  }

  static func ratio(_ value: Double) -> String {
    format(value, value < 0.1 ? 3 : 2) + "x"
  }

  static func bytes(_ count: Int) -> String {
    if count >= 1 << 20 { return format(Double(count) / Double(1 << 20), 0) + " MiB" }
    if count >= 1 << 10 { return format(Double(count) / Double(1 << 10), 0) + " KiB" }
    return "\(count) B"
  }

  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }

  /// A number with a fixed count of decimals, without Foundation.
  static func format(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = scaled % Int(scale)
    guard decimals > 0 else { return String(whole) }
    let digits = String(fraction)
    return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
  }
}
