import Dispatch
import MonsterKit
import Synchronization
import TestSupport

/// `monsters-bench merge-truth`: merges and diffs of millions of random scenarios held to
/// the right answer, which each knows monster by monster (`MergeScenario`, the property the
/// tests check a few thousand times): every clean merge must be exactly the truth, every
/// diff must name exactly the changes made; conflicts where the truth is clean are counted,
/// and must stay at or under 5% of the merges whose truth is clean.
///
/// Scenarios are spread over the machine's cores, each worker with a seed of its own, and
/// checked in the release build: a million take a few minutes on two cores.
enum MergeTruthBench {
  static let usage = """
    usage: swift run -c release --package-path Tests/Tools monsters-bench merge-truth
             [--scenarios N] [--seed N] [--workers N]

      --scenarios  how many scenarios to check (default: 1000000)
      --seed       the first worker's seed; worker k takes seed + k (default: 1)
      --workers    how many threads check scenarios at once (default: 2)
    """

  /// The most spurious conflicts allowed, as a share of the scenarios whose truth is clean.
  static let spuriousLimit = 0.05

  /// What a worker found.
  struct Tally: Sendable {
    var scenarios = 0
    var exact = 0
    var conflicts = 0
    var spurious = 0
    var byName = 0
    var reordered = 0
    /// The scenarios where a side gave a name of the ancestor to another monster, and the
    /// spurious conflicts among them.
    var reusing = 0
    var reusingSpurious = 0
    var violation: String?
  }

  /// Runs the check with the arguments after `merge-truth`; returns the exit status: 0 when
  /// the property holds, 1 when it does not, 64 for a usage error.
  static func main(_ arguments: [String]) -> Int32 {
    var scenarios = 1_000_000
    var seed: UInt64 = 1
    var workers = 2
    var reader = BenchArguments(arguments)
    do {
      while let option = reader.next() {
        switch option {
        case "--scenarios": scenarios = try reader.count()
        case "--seed": seed = UInt64(try reader.count())
        case "--workers": workers = try reader.count()
        case "-h", "--help":
          print(usage)
          return 0
        default: throw reader.unknownOption
        }
      }
    } catch {
      print("monsters-bench: \(error)")
      print(usage)
      return 64
    }
    let start = now()
    let found = Mutex<[Tally]>([])
    let (total, first, threads) = (scenarios, seed, workers)
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
      let share = total / threads + (worker < total % threads ? 1 : 0)
      let tally = check(share, seed: first + UInt64(worker))
      found.withLock { $0.append(tally) }
    }
    let tallies = found.withLock { $0 }
    let seconds = now() - start
    var sum = Tally()
    for tally in tallies {
      sum.scenarios += tally.scenarios
      sum.exact += tally.exact
      sum.conflicts += tally.conflicts
      sum.spurious += tally.spurious
      sum.byName += tally.byName
      sum.reordered += tally.reordered
      sum.reusing += tally.reusing
      sum.reusingSpurious += tally.reusingSpurious
      sum.violation = sum.violation ?? tally.violation
    }
    let truthClean = sum.exact + sum.spurious + sum.byName + sum.reordered
    let rate = Double(sum.spurious) / Double(max(truthClean, 1))
    print(
      """
      | scenarios | clean merges, exactly the truth | true conflicts, marked | \
      spurious conflicts | spurious rate (of clean truths) | time |
      |---:|---:|---:|---:|---:|---:|
      | \(Report.grouped(sum.scenarios)) | \(Report.grouped(sum.exact)) \
      | \(Report.grouped(sum.conflicts)) | \(Report.grouped(sum.spurious)) \
      | \(String(format: rate * 100, decimals: 3))% | \(Report.time(seconds)) |

      Scenarios where a side gave a name of the ancestor to another monster (swapped names, \
      renamed onto a freed name, added a new monster under one): \(Report.grouped(sum.reusing)), \
      with \(Report.grouped(sum.reusingSpurious)) spurious conflicts. Clean merges that took a \
      monster removed and a new one added under its name for one monster changed, which the \
      files cannot tell apart: \(Report.grouped(sum.byName)). Clean merges with the right \
      monsters in another order, where names were given to other monsters: \
      \(Report.grouped(sum.reordered)).
      """)
    if let violation = sum.violation {
      print("\nA MERGE OR DIFF WAS WRONG:\n\(violation)")
      return 1
    }
    guard rate <= spuriousLimit else {
      print("\nToo many spurious conflicts: over \(spuriousLimit * 100)% of clean truths.")
      return 1
    }
    print(
      "\nEvery clean merge was the truth (or, where the files cannot tell, a reading counted "
        + "above); every diff named the changes made.")
    return 0
  }

  /// Checks scenarios from one seed, stopping at the first wrong one.
  static func check(_ count: Int, seed: UInt64) -> Tally {
    var generator = SeededGenerator(seed: seed)
    var tally = Tally()
    for round in 0..<count {
      let scenario = MergeScenario(using: &generator)
      tally.scenarios += 1
      if scenario.reusesNames { tally.reusing += 1 }
      do throws(MergeScenario.Violation) {
        switch try scenario.check() {
        case .exact: tally.exact += 1
        case .conflict, .ambiguousConflict: tally.conflicts += 1
        case .spuriousConflict:
          tally.spurious += 1
          if scenario.reusesNames { tally.reusingSpurious += 1 }
        case .byName: tally.byName += 1
        case .reordered: tally.reordered += 1
        }
      } catch {
        tally.violation = "seed \(seed), scenario \(round): \(error)"
        break
      }
    }
    return tally
  }
}

extension String {
  /// A number with a fixed count of decimals, without Foundation.
  fileprivate init(format value: Double, decimals: Int) {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    self = "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
}
