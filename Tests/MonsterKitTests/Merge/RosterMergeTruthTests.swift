import Foundation
import MonsterKit
import TestSupport
import Testing

/// Merges and diffs of random rosters, edited on both sides as teams edit them, held to
/// the right answer, which each scenario knows monster by monster (see `MergeScenario`):
/// a clean merge is never wrong, a diff names exactly what was changed, keeping a side of
/// every conflict keeps what `monsters resolve` promises, and a conflict where the truth is
/// clean is rare.
///
/// A test run checks three runs of a thousand scenarios. The long run is the same test with
/// the count in the environment variable `MONSTERS_MERGE_SCENARIOS`, spread over the
/// machine's cores, in the release build; it prints what it found:
///
///     MONSTERS_MERGE_SCENARIOS=1000000 swift test -c release --filter RosterMergeTruthTests
@Suite struct RosterMergeTruthTests {
  /// How many scenarios each of a test run's three runs checks.
  static let scenariosPerRun = 1000
  /// The environment variable that asks for a long run: how many scenarios in all.
  static let countVariable = "MONSTERS_MERGE_SCENARIOS"
  /// The most spurious conflicts allowed, as a share of the scenarios whose truth is clean.
  static let spuriousLimit = 0.05

  /// What one run found, or all of them: how many scenarios came to each count, and the
  /// first that was wrong.
  struct Tally: Sendable {
    /// What a scenario is counted as; one scenario may be counted more than once.
    enum Count: Hashable, Sendable {
      case scenarios
      /// Clean merges, exactly the truth.
      case exact
      /// True conflicts, marked.
      case conflicts
      /// Conflicts where the truth is clean.
      case spurious
      /// Clean merges that took a monster removed and a new one added under its name for
      /// one monster changed, which the files cannot tell apart.
      case byName
      /// Clean merges with the right monsters in another order, where names were given to
      /// other monsters, and those of them where every monster has a description and an
      /// icon of its own (a monster that left and a new one under its name holding
      /// nothing of it, which the files cannot tell from it edited).
      case reordered, reorderedDistinct
      /// The scenarios where a side gave a name of the ancestor to another monster, and
      /// the spurious conflicts among them.
      case reusing, reusingSpurious
      /// The scenarios whose merge, diff or resolve was wrong.
      case wrong
    }

    private var counts: [Count: Int] = [:]
    /// The first scenario that was wrong.
    var violation: String?

    subscript(count: Count) -> Int {
      get { counts[count, default: 0] }
      set { counts[count] = newValue }
    }

    /// The clean merges, each the truth or a reading the files cannot tell from it.
    var clean: Int { self[.exact] + self[.byName] + self[.reordered] }
    /// The sides of conflicts kept and held to what `monsters resolve` promises: both
    /// sides of every merge that marked conflicts.
    var resolvesJudged: Int { 2 * (self[.conflicts] + self[.spurious]) }

    mutating func add(_ other: Tally) {
      counts.merge(other.counts, uniquingKeysWith: +)
      violation = violation ?? other.violation
    }
  }

  /// Checks a run of scenarios from a seed of its own.
  static func run(_ run: UInt64, count: Int) -> Tally {
    var generator = SeededGenerator(seed: 0x7472_7574_68 + run)
    var tally = Tally()
    for round in 0..<count {
      let scenario = MergeScenario(using: &generator)
      tally[.scenarios] += 1
      if scenario.reusesNames { tally[.reusing] += 1 }
      do throws(MergeScenario.Violation) {
        switch try scenario.check() {
        case .exact: tally[.exact] += 1
        case .byName: tally[.byName] += 1
        case .reordered:
          tally[.reordered] += 1
          if scenario.isDistinct { tally[.reorderedDistinct] += 1 }
        case .conflict, .ambiguousConflict: tally[.conflicts] += 1
        case .spuriousConflict:
          tally[.spurious] += 1
          if scenario.reusesNames { tally[.reusingSpurious] += 1 }
        }
      } catch {
        tally[.wrong] += 1
        if tally.violation == nil { tally.violation = "run \(run), scenario \(round): \(error)" }
      }
    }
    return tally
  }

  /// How many scenarios each run checks: three runs of a thousand, or the long run's count
  /// shared among as many runs as the machine has cores, three at least.
  static func shares() throws -> (counts: [Int], isLongRun: Bool) {
    guard let text = ProcessInfo.processInfo.environment[countVariable] else {
      return (Array(repeating: scenariosPerRun, count: 3), false)
    }
    let total = try #require(Int(text), "\(countVariable)=\(text) is not a count")
    let runs = max(3, ProcessInfo.processInfo.activeProcessorCount)
    return ((0..<runs).map { total / runs + ($0 < total % runs ? 1 : 0) }, true)
  }

  /// The runs side by side, each from a seed of its own: none wrong, and spurious
  /// conflicts at most 5% of the scenarios whose truth is clean, over all of them (a run of
  /// a thousand alone varies by about a point).
  @Test func cleanMergesAreTheTruthAndSpuriousConflictsAreRare() async throws {
    let (counts, isLongRun) = try Self.shares()
    let start = ContinuousClock.now
    let tallies = await withTaskGroup(of: Tally.self) { group in
      for (run, count) in counts.enumerated() {
        group.addTask { Self.run(UInt64(run), count: count) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    var sum = Tally()
    for tally in tallies {
      sum.add(tally)
      if let violation = tally.violation { Issue.record(Comment(rawValue: violation)) }
      // The scenarios reach both: many clean merges, and true conflicts.
      #expect(tally.clean > tally[.scenarios] / 3)
    }
    if isLongRun { print(Self.summary(sum, seconds: start.duration(to: .now))) }
    #expect(sum[.wrong] == 0, "\(sum[.wrong]) scenarios with a wrong merge, diff or resolve")
    #expect(
      Double(sum[.spurious]) <= Self.spuriousLimit * Double(sum.clean + sum[.spurious]),
      "\(sum[.spurious]) spurious conflicts")
  }

  /// What a long run found, as a Markdown table and a paragraph.
  static func summary(_ sum: Tally, seconds duration: Duration) -> String {
    let rate = Double(sum[.spurious]) / Double(max(sum.clean + sum[.spurious], 1))
    let seconds = Double(duration.components.seconds)
    let verdict =
      sum[.wrong] > 0
      ? "A MERGE, DIFF OR RESOLVE WAS WRONG:\n\(sum.violation ?? "")"
      : rate > spuriousLimit
        ? "Too many spurious conflicts: over \(spuriousLimit * 100)% of clean truths."
        : "Every clean merge was the truth (or, where the files cannot tell, a reading "
          + "counted above); every diff named the changes made; every side kept of the "
          + "conflicts kept what resolve promises."
    return """
      | scenarios | clean merges, exactly the truth | true conflicts, marked | \
      spurious conflicts | spurious rate (of clean truths) | wrong | resolves judged | time |
      |---:|---:|---:|---:|---:|---:|---:|---:|
      | \(grouped(sum[.scenarios])) | \(grouped(sum[.exact])) | \(grouped(sum[.conflicts])) \
      | \(grouped(sum[.spurious])) | \(String(format: "%.3f", rate * 100))% \
      | \(grouped(sum[.wrong])) | \(grouped(sum.resolvesJudged)) | \(grouped(Int(seconds))) s |

      Scenarios where a side gave a name of the ancestor to another monster (swapped names, \
      renamed onto a freed name, added a new monster under one): \(grouped(sum[.reusing])), \
      with \(grouped(sum[.reusingSpurious])) spurious conflicts. Clean merges that took a \
      monster removed and a new one added under its name for one monster changed, which the \
      files cannot tell apart: \(grouped(sum[.byName])). Clean merges with the right monsters \
      in another order, where names were given to other monsters: \(grouped(sum[.reordered])), \
      \(grouped(sum[.reorderedDistinct])) of them where each monster has a description and an \
      icon of its own (a monster gone and a new one under its name that holds nothing of it).

      \(verdict)
      """
  }

  /// A count with its thousands grouped by commas: 1,000,000.
  static func grouped(_ count: Int) -> String {
    var digits = String(count)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }
}
