import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// Signals taken as events, both ways: a test thread blocks a signal, raises it (a signal
/// for this thread alone, so that no other test sees it), and takes it.
@Suite struct PlatformSignalsTests {
  static let waysToWait: [Platform.SignalWaiting] = [.signalDescriptor, .pendingCheck]

  /// Runs `body` with `signals` blocked on this thread, then drains them and puts the mask
  /// back.
  private func withBlocked(_ signals: [Int32], _ body: (Platform.SignalSet) throws -> Void)
    rethrows
  {
    let set = Platform.SignalSet(signals)
    let previous = Platform.changeSignalMask(.block, set)
    defer {
      while Platform.takePendingSignal(in: set, .pendingCheck) != nil {}
      Platform.changeSignalMask(.replace, previous)
    }
    try body(set)
  }

  @Test(arguments: waysToWait)
  func aBlockedSignalIsTakenOnceAndInTheOrderAsked(_ waiting: Platform.SignalWaiting) {
    let signal = Platform.SignalNumber.self
    withBlocked([signal.windowChanged, signal.user1]) { set in
      #expect(Platform.takePendingSignal(in: set, waiting) == nil)
      Platform.raiseSignal(signal.windowChanged)
      Platform.raiseSignal(signal.user1)
      var taken: [Int32] = []
      while let number = Platform.takePendingSignal(in: set, waiting) { taken.append(number) }
      #expect(Set(taken) == [signal.windowChanged, signal.user1])
      #expect(taken.count == 2)
    }
  }

  @Test(arguments: waysToWait)
  func aSignalOutsideTheSetStaysPending(_ waiting: Platform.SignalWaiting) {
    let signal = Platform.SignalNumber.self
    withBlocked([signal.windowChanged, signal.user1]) { _ in
      Platform.raiseSignal(signal.user1)
      #expect(
        Platform.takePendingSignal(in: Platform.SignalSet([signal.windowChanged]), waiting) == nil)
      #expect(
        Platform.takePendingSignal(in: Platform.SignalSet([signal.user1]), waiting) == signal.user1)
    }
  }

  @Test func theSignalDescriptorIsReadableWhileASignalIsPending() throws {
    let signal = Platform.SignalNumber.windowChanged
    try withBlocked([signal]) { set in
      #if os(Linux)
        let descriptor = try #require(Platform.openSignalDescriptor(for: set))
        defer { Platform.closeFile(descriptor) }
        #expect(try Platform.waitUntilReadable([descriptor], milliseconds: 0) == [false])
        Platform.raiseSignal(signal)
        #expect(try Platform.waitUntilReadable([descriptor], milliseconds: 1000) == [true])
        #expect(Platform.takePendingSignal(in: set, .signalDescriptor) == signal)
        #expect(try Platform.waitUntilReadable([descriptor], milliseconds: 0) == [false])
      #else
        #expect(Platform.openSignalDescriptor(for: set) == nil)
      #endif
    }
  }

  @Test func theMaskIsPutBackAsItWas() {
    let signal = Platform.SignalNumber.self
    let before = Platform.changeSignalMask(.block, Platform.SignalSet())
    let previous = Platform.changeSignalMask(.block, Platform.SignalSet([signal.user1]))
    #expect(!previous.contains(signal.user1) || before.contains(signal.user1))
    let during = Platform.changeSignalMask(.replace, previous)
    #expect(during.contains(signal.user1))
    #expect(
      Platform.changeSignalMask(.block, Platform.SignalSet()).contains(signal.user1)
        == before.contains(signal.user1))
  }

  @Test func aSetHoldsWhatWasAddedOnce() {
    var set = Platform.SignalSet([Platform.SignalNumber.interrupt])
    set.insert(Platform.SignalNumber.terminate)
    set.insert(Platform.SignalNumber.interrupt)
    #expect(set.members == [Platform.SignalNumber.interrupt, Platform.SignalNumber.terminate])
    #expect(set.contains(Platform.SignalNumber.terminate))
    #expect(!set.contains(Platform.SignalNumber.hangUp))
  }

  /// A timer's `SIGALRM` or a `kill -USR2` ends a process as `SIGTERM` does: an edit holds
  /// them all while it writes, as it holds Ctrl-C, but not the signals a fault raises. (The
  /// test's thread may block signals already: the ones looked at are let through first;
  /// nothing sends them to a test.)
  @Test func everySignalThatEndsAProcessFromOutsideIsHeldWhileAFileIsReplaced() {
    var looked = [SIGALRM, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU]
    #if os(Linux)
      // 50: a real-time signal (from SIGRTMIN, 34 or 35, to SIGRTMAX, 64).
      looked += [SIGPWR, SIGSTKFLT, 50]
    #endif
    let before = Platform.changeSignalMask(.unblock, Platform.SignalSet(looked))
    defer { Platform.changeSignalMask(.replace, before) }
    let held = Platform.holdingEndingSignals {
      Platform.changeSignalMask(.block, Platform.SignalSet())
    }
    for signal in looked + [SIGHUP, SIGINT, SIGQUIT, SIGTERM] {
      #expect(held.contains(signal), "signal \(signal)")
    }
    for signal in Platform.faultSignals {
      #expect(held.contains(signal) == before.contains(signal), "signal \(signal)")
    }
    let after = Platform.changeSignalMask(.block, Platform.SignalSet())
    for signal in looked { #expect(!after.contains(signal), "signal \(signal)") }
  }

  @Test func theDefaultActionOfUser1IsNotIgnored() {
    #expect(!Platform.isIgnored(Platform.SignalNumber.user1))
  }

  @Test func theMonotonicClockGoesOnThroughASleep() {
    let start = Platform.monotonicNanoseconds()
    Platform.sleep(nanoseconds: 2_000_000)
    #expect(Platform.monotonicNanoseconds() - start >= 2_000_000)
    Platform.sleep(nanoseconds: -5)
  }
}
