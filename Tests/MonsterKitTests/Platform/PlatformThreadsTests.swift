import Synchronization
import Testing

@testable import MonsterKit

@Suite struct PlatformThreadsTests {
  /// The second piece of work, on the calling thread, waits for the first: it can only see
  /// it done if the first runs at the same time, on a thread of its own.
  @Test func theFirstPieceOfWorkRunsWhileTheSecondDoes() {
    let firstDone = Atomic(false)
    var secondSawTheFirst = false
    Platform.runConcurrently(
      { firstDone.store(true, ordering: .releasing) },
      {
        let deadline = Platform.monotonicNanoseconds() + 10_000_000_000
        while !firstDone.load(ordering: .acquiring) && Platform.monotonicNanoseconds() < deadline {
          Platform.sleep(nanoseconds: 100_000)
        }
        secondSawTheFirst = firstDone.load(ordering: .acquiring)
      })
    let firstRan = firstDone.load(ordering: .acquiring)
    #expect(secondSawTheFirst)
    #expect(firstRan)
  }
}
