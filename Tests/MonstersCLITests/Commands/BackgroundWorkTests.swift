import MonstersSystem
#if os(Linux)
  import Glibc
  import MonsterKit
  import Testing

  @testable import MonstersCLI

  /// Where the process's memory is limited, background work (a side of `diff` read, a
  /// merge's ancestor indexed) runs on the calling thread, so that two reads that each ask
  /// for their memory first cannot both be granted the same room. Linux only: the test sets
  /// a limit on its own process (1 TiB, which it never nears) and puts the old one back.
  @Suite(.serialized) struct BackgroundWorkTests {
    @Test func underAMemoryLimitTheWorkRunsOnTheCallingThread() throws {
      let caller = pthread_self()
      let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
      var saved = rlimit()
      #expect(getrlimit(resource, &saved) == 0)
      if !Platform.memoryIsLimited {
        let elsewhere = BackgroundWork { .success(pthread_equal(pthread_self(), caller) == 0) }
        #expect(try elsewhere.value().get(), "without a limit, the work has a thread of its own")
      }
      var limited = saved
      limited.rlim_cur = 1 << 40
      #expect(setrlimit(resource, &limited) == 0)
      defer { _ = setrlimit(resource, &saved) }
      #expect(Platform.memoryIsLimited)
      let here = BackgroundWork { .success(pthread_equal(pthread_self(), caller) != 0) }
      #expect(try here.value().get())
    }
  }
#endif
