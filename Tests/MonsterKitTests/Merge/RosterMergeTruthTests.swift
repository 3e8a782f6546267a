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

  /// Three runs of scenarios, each from a seed of its own, side by side.
  @Test(arguments: 0..<3)
  func cleanMergesAreTheTruthAndSpuriousConflictsAreRare(_ run: UInt64) {
    var generator = SeededGenerator(seed: 0x7472_7574_68 + run)
    var spurious = 0
    var clean = 0
    for round in 0..<Self.scenarios {
      let scenario = MergeScenario(using: &generator)
      do throws(MergeScenario.Violation) {
        switch try scenario.check() {
        case .exact, .byName, .reordered: clean += 1
        case .conflict, .ambiguousConflict: break
        case .spuriousConflict: spurious += 1
        }
      } catch {
        Issue.record("scenario \(round): \(error)")
        return
      }
    }
    #expect(Double(spurious) <= 0.05 * Double(clean + spurious), "\(spurious) spurious conflicts")
    // The scenarios reach both: many clean merges, and true conflicts.
    #expect(clean > Self.scenarios / 3)
  }
}
