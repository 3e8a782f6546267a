import MonsterKit
import TestSupport
import Testing

/// Merges and diffs of random rosters, edited on both sides as teams edit them, held to
/// the right answer, which each scenario knows monster by monster (see `MergeScenario`):
/// a clean merge is never wrong, a diff names exactly what was changed, and a conflict where
/// the truth is clean is rare.
@Suite struct RosterMergeTruthTests {
  /// How many scenarios each of the test's runs checks; `monsters-bench merge-truth` checks
  /// millions.
  static let scenarios = 1000

  /// What one run found.
  struct Tally: Sendable {
    var clean = 0
    var spurious = 0
    var violation: String?
  }

  /// Checks a run of scenarios from a seed of its own, stopping at the first wrong one.
  static func run(_ run: UInt64) -> Tally {
    var generator = SeededGenerator(seed: 0x7472_7574_68 + run)
    var tally = Tally()
    for round in 0..<scenarios {
      let scenario = MergeScenario(using: &generator)
      do throws(MergeScenario.Violation) {
        switch try scenario.check() {
        case .exact, .byName, .reordered: tally.clean += 1
        case .conflict, .ambiguousConflict: break
        case .spuriousConflict: tally.spurious += 1
        }
      } catch {
        tally.violation = "run \(run), scenario \(round): \(error)"
        break
      }
    }
    return tally
  }

  /// Three runs, each from a seed of its own, side by side: none wrong, and spurious
  /// conflicts at most 5% of the scenarios whose truth is clean, over the three (a run of a
  /// thousand alone varies by about a point).
  @Test func cleanMergesAreTheTruthAndSpuriousConflictsAreRare() async {
    let tallies = await withTaskGroup(of: Tally.self) { group in
      for run in 0..<UInt64(3) { group.addTask { Self.run(run) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    for tally in tallies {
      if let violation = tally.violation { Issue.record(Comment(rawValue: violation)) }
      // The scenarios reach both: many clean merges, and true conflicts.
      #expect(tally.clean > Self.scenarios / 3)
    }
    let (clean, spurious) = tallies.reduce((0, 0)) { ($0.0 + $1.clean, $0.1 + $1.spurious) }
    #expect(Double(spurious) <= 0.05 * Double(clean + spurious), "\(spurious) spurious conflicts")
  }
}
