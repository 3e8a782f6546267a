import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

@Suite struct PlatformThreadsTests {
  /// The calling thread waits for the started one's work: it can only see it done if the
  /// work runs at the same time, on a thread of its own.
  @Test func startedWorkRunsWhileTheCallingThreadDoes() throws {
    let workDone = Atomic(false)
    let thread = try #require(Platform.startThread { workDone.store(true, ordering: .releasing) })
    let deadline = Platform.monotonicNanoseconds() + 10_000_000_000
    while !workDone.load(ordering: .acquiring) && Platform.monotonicNanoseconds() < deadline {
      Platform.sleep(nanoseconds: 100_000)
    }
    let callerSawTheWork = workDone.load(ordering: .acquiring)
    Platform.join(thread)
    #expect(callerSawTheWork)
  }
}
