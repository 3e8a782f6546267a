import MonstersSystem
import ProcessPlatform
import ProgramRunning
import Testing

@testable import MonsterKit

/// `peak-meter`: a program's peak memory, how it ended and how long it ran, whatever the
/// memory of the process that asks.
@Suite struct PeakMeterTests {
  /// The meter's own memory, the least a peak it reports can be, is a few megabytes at
  /// most: a C program started afresh.
  static let mostFloor = 8 << 20

  /// This process holds 300 MB, every page written, while it has `/usr/bin/true` measured:
  /// the peak is `true`'s own, not this process's. (Started by this process directly, on
  /// Linux, `true` reports more than 300 MB.)
  @Test func aTinyProgramsPeakLeavesOutTheMemoryOfTheProcessThatStartsIt() throws {
    let size = 300 << 20
    let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
    defer { memory.deallocate() }
    memory.initializeMemory(as: UInt8.self, repeating: 1, count: size)
    let report = try MeteredProcess("/usr/bin/true", argumentBytes: []).wait()
    #expect(report.termination == .exited(0))
    #expect(report.peakBytes < 16 << 20, "peak \(report.peakBytes) bytes")
    #expect(report.floorBytes < Self.mostFloor, "floor \(report.floorBytes) bytes")
    #expect(report.peakBytes > 0)
    #expect(memory.load(fromByteOffset: size - 1, as: UInt8.self) == 1)
  }

  /// A program that fills a buffer of 100 MiB is seen to hold it.
  @Test func aProgramsOwnPeakIsSeen() throws {
    let mebibytes = 100
    let report = try MeteredProcess(
      "/bin/dd",
      argumentBytes: ["if=/dev/zero", "of=/dev/null", "bs=\(mebibytes << 20)", "count=1"].map {
        Array($0.utf8)
      },
      fileActions: [.open(2, path: "/dev/null", options: .writeOnly, mode: 0)]
    ).wait()
    #expect(report.termination == .exited(0))
    #expect(report.peakBytes >= mebibytes << 20, "peak \(report.peakBytes) bytes")
    #expect(report.peakBytes < (mebibytes << 20) + Self.mostFloor + (16 << 20))
    #expect(report.seconds > 0 && report.seconds < 60)
  }

  @Test func anExitStatusASignalAndAMissingProgramAreTold() throws {
    let exited = try MeteredProcess(
      "/bin/sh", argumentBytes: [Array("-c".utf8), Array("exit 3".utf8)])
    #expect(try exited.wait().termination == .exited(3))
    #expect(try exited.wait().status == 3)
    let killed = try MeteredProcess(
      "/bin/sh", argumentBytes: [Array("-c".utf8), Array("kill -9 $$".utf8)]
    ).wait()
    #expect(killed.termination == .signaled(Platform.SignalNumber.kill))
    #expect(throws: MeteredProcess.MeterError.self) {
      try MeteredProcess("/nonexistent/program", argumentBytes: []).wait()
    }
  }

  /// A `SIGTERM` sent to the meter ends the program, which is then reported.
  @Test func aSignalToTheMeterReachesTheProgram() throws {
    let pipe = try Platform.makePipe()
    Platform.setCloseOnExec(pipe.read)
    Platform.setCloseOnExec(pipe.write)
    defer { Platform.closeFile(pipe.read) }
    let sleeper: MeteredProcess
    do {
      defer { Platform.closeFile(pipe.write) }
      sleeper = try MeteredProcess(
        "/bin/sh", argumentBytes: [Array("-c".utf8), Array("echo started; exec sleep 30".utf8)],
        fileActions: [.duplicate(pipe.write, as: 1)], signalMask: Platform.SignalSet())
    }
    let started = ContinuousClock.now
    // Once the program runs, the meter passes signals on.
    #expect(try Platform.readBytes(pipe.read, upTo: 8) == Array("started\n".utf8))
    #expect(try sleeper.poll() == nil)
    #expect(Platform.sendSignal(Platform.SignalNumber.terminate, to: sleeper.pid))
    let report = try sleeper.wait()
    #expect(report.termination == .signaled(Platform.SignalNumber.terminate))
    #expect(ContinuousClock.now - started < .seconds(20))
  }
}
