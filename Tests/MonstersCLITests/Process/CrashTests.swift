import Foundation
import MonsterKit
import MonstersSystem
import TestSupport
import Testing

/// A roster of 200,000 monsters in canonical form, made at run time. Every monster's text
/// has the same width, so that where a description lies in the file can be computed, and a
/// description can be replaced by another of the same length without moving anything else.
struct LargeRoster {
  static let count = 200_000
  private static let header = Array("{\n  \"version\": 1,\n  \"monsters\": [\n".utf8)
  private static let footer = Array("\n  ]\n}\n".utf8)
  /// One monster's object and the `,\n` after it; `#` marks where its number goes.
  private static let record = Array(
    """
        {
          "name": "Monster-######",
          "description": "Number ######",
          "icon": "m######.png",
          "weapon": "smoke"
        },

    """.utf8)
  static let descriptionWidth = "Number 000000".utf8.count

  /// The file's bytes.
  let bytes: Data

  init() {
    let marks = Self.record.indices.filter { Self.record[$0] == UInt8(ascii: "#") }
    var bytes = [UInt8]()
    bytes.reserveCapacity(Self.header.count + Self.count * Self.record.count)
    bytes += Self.header
    var record = Self.record
    for number in 0..<Self.count {
      var digits = number
      for place in 0..<6 {
        let digit = UInt8(ascii: "0") + UInt8(digits % 10)
        digits /= 10
        for group in 0..<3 {
          record[marks[group * 6 + 5 - place]] = digit
        }
      }
      bytes += record
    }
    bytes.removeLast(2)  // The last monster's ",\n".
    bytes += Self.footer
    self.bytes = Data(bytes)
  }

  /// The name of the monster at a position.
  static func name(_ number: Int) -> String {
    String(format: "Monster-%06d", number)
  }

  /// Where the description of the monster at a position lies in the file.
  static func descriptionRange(_ number: Int) -> Range<Int> {
    let recordStart = header.count + number * record.count
    let field = Array("\"description\": \"".utf8)
    let offset = record.firstRange(of: field).map { $0.upperBound } ?? 0
    return recordStart + offset..<recordStart + offset + descriptionWidth
  }
}

/// `kill -9` of edits of a large roster, at moments spread over the whole edit, while the
/// paths around the roster are interfered with at other moments.
@Suite struct CrashTests {
  static let kills = 50

  /// What a kill left, or that the edit had ended before it.
  enum Outcome: String, CaseIterable {
    /// The old roster and no temporary file: the kill came before the write began.
    case beforeTheWrite = "before the write"
    /// The old roster and a half-written temporary file.
    case duringTheWrite = "during it"
    /// The new roster: the kill came after the rename.
    case afterTheRename = "after the rename"
    /// The edit had ended before its kill.
    case finished = "edits ended before their kill"
  }

  /// What the kills left, and the interferences made while an edit ran, for the test's
  /// summary.
  struct Tally: CustomStringConvertible {
    var outcomes: [Outcome: Int] = [:]
    var interferences: [PathInterference: Int] = [:]

    var description: String {
      let left = Outcome.allCases.map { "\(outcomes[$0, default: 0]) \($0.rawValue)" }
      let made = PathInterference.allCases.dropFirst().map {
        "\(interferences[$0, default: 0]) \($0)"
      }
      return left.joined(separator: ", ") + "; while edits ran: "
        + made.joined(separator: ", ")
    }
  }

  @Test func killedEditsLeaveAWholeRosterAndNoStaleLock() throws {
    let harness = try CommandLineHarness()
    let binary = try #require(BuiltTool.url)
    let path = harness.rosterPath
    let victim = harness.path("elsewhere/victim")
    var expected = LargeRoster().bytes
    // The edits below rewrite it byte for byte as expected only if it is canonical.
    try expected.write(to: URL(fileURLWithPath: path))

    var round = 0
    /// Starts the edit of one round: the description of a monster of its own, to a text of
    /// the same width; returns the edit, when it started, and the bytes the file has once it
    /// is done.
    func startEdit() throws -> (SpawnedProcess, ContinuousClock.Instant, Data) {
      round += 1
      let number = round * 7919 % LargeRoster.count
      let text = "Round " + String(format: "%07d", round)
      var after = expected
      after.replaceSubrange(LargeRoster.descriptionRange(number), with: Data(text.utf8))
      let arguments = [
        "--lock-timeout", "600", "set", LargeRoster.name(number), "--description", text,
      ]
      let start = ContinuousClock.now
      let process = try SpawnedProcess(
        binary, arguments: arguments.map { Array($0.utf8) },
        environment: ["MONSTERS_FILE": path])
      return (process, start, after)
    }

    // How long one edit takes here, start to end, uninterrupted: the median of three, and
    // of the edits below that end before their kill, as the machine gets busier or idler.
    var durations: [Duration] = []
    for _ in 0..<3 {
      let (process, start, after) = try startEdit()
      #expect(process.wait() == .exited(0))
      durations.append(ContinuousClock.now - start)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == after)
      expected = after
    }

    /// `check`, run as a user would, passes on the roster as it is now, and points out each
    /// file a killed edit left at a temporary name.
    func expectCheckPasses(_ label: String) throws {
      let result = try BuiltTool.monsters(["check"], in: harness.folder)
      #expect(
        result
          == ProcessResult(
            status: 0, output: "monsters.json: a valid roster, in canonical form.\n",
            errors: leftoverNotes(in: harness.folder, command: "check")), "\(label)")
    }
    // Every state a kill leaves is checked once, when it first appears: the first roster
    // here, and each edit's new roster below; a kill that leaves the old one leaves a
    // roster checked already.
    try expectCheckPasses("the roster before the kills")

    var generator = SeededGenerator(seed: 20_260_101)
    var tally = Tally()
    var killed = 0
    while killed < Self.kills && round < 4 * Self.kills {
      let writtenBefore = Set(halfWrittenFiles(in: harness.folder))
      // A little past the typical end, so that the end of a slower edit is reached too.
      let duration = durations.sorted()[durations.count / 2] * 1.15
      let delay = duration * Double.random(in: 0..<1, using: &generator)
      let moment = duration * Double.random(in: 0..<1, using: &generator)
      let interference = PathInterference.allCases[round % PathInterference.allCases.count]
      let (process, start, after) = try startEdit()
      var termination: Termination?
      if interference == .temporaryFilesRemoved || interference == .temporaryFilesReplaced {
        // Aimed at the edit's own file: once it is being written, if that is before the kill.
        termination = waitForAWrite(
          process, in: harness.folder, besides: writtenBefore, until: start + delay)
      } else {
        termination = process.wait(until: start + min(delay, moment))
      }
      var script: SpawnedProcess?
      let interferes = termination == nil && ContinuousClock.now < start + delay
      if interferes {
        script = try interference.perform(in: harness.folder, victim: victim)
        tally.interferences[interference, default: 0] += 1
        termination = process.wait(until: start + delay)
      }
      if termination == nil {
        process.kill()
        termination = process.wait()
      } else if !interferes {
        durations.append(ContinuousClock.now - start)
      }
      #expect(script?.wait() ?? .exited(0) == .exited(0))
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      let label =
        "round \(round), killed after \(delay), \(interference) after \(moment): "
        + "\(String(describing: termination))"
      switch termination {
      case .signaled(Platform.SignalNumber.kill):
        killed += 1
        if bytes == after {
          tally.outcomes[.afterTheRename, default: 0] += 1
        } else if !Set(halfWrittenFiles(in: harness.folder)).subtracting(writtenBefore).isEmpty {
          tally.outcomes[.duringTheWrite, default: 0] += 1
          // What the kill left stands beside the roster until the next edit, and `list`
          // says so.
          let list = try BuiltTool.monsters(["list", "--format", "names"], in: harness.folder)
          #expect(list.status == 0, "\(label)")
          let notes = leftoverNotes(in: harness.folder, command: "list")
          #expect(list.errors == notes, "\(label)")
          for name in halfWrittenFiles(in: harness.folder) {
            #expect(notes.contains(name), "\(label): \(name) is not pointed out")
          }
        } else {
          tally.outcomes[.beforeTheWrite, default: 0] += 1
        }
      case .exited(0):
        tally.outcomes[.finished, default: 0] += 1
        #expect(bytes == after, "\(label)")
      default:
        Issue.record("\(label): unexpected end")
      }
      // The file is the old roster or the new one, byte for byte: both are valid.
      #expect(bytes == expected || bytes == after, "\(label)")
      if bytes == after && bytes != expected {
        try expectCheckPasses(label)
        expected = after
      }
      // The kernel let go of the killed edit's lock, and nothing was made elsewhere.
      #expect(lockIsFree(harness.folder), "\(label): the lock is held")
      #expect(access(victim, F_OK) != 0, "\(label): \(victim) was created")
    }
    #expect(killed == Self.kills)

    // An edit that will not wait long for the lock goes through, and removes the temporary
    // files killed edits left, and what was planted at their names.
    PathInterference.clearOldLock(in: harness.folder)
    let last = try BuiltTool.monsters(
      ["--lock-timeout", "2", "set", "Monster-000000", "--weapon", "fire"], in: harness.folder)
    #expect(
      last
        == ProcessResult(status: 0, output: "Monster-000000: weapon smoke -> fire.\n", errors: ""))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder).sorted() == [
        "monsters.json"
      ])
    try expectCheckPasses("the roster after the last edit")
    let duration = durations.sorted()[durations.count / 2]
    print("CrashTests: \(killed) kills over edits of \(duration) each: \(tally)")
  }

  /// Ctrl-C, `kill` or a hang-up while an edit writes its temporary file takes effect once
  /// the file is in place: the edit ends by the signal, its roster saved and nothing left
  /// beside it; so does any other signal that ends a process, such as `kill -USR1`, and
  /// Ctrl-\ (`SIGQUIT`), which the Swift runtime's crash reporter would otherwise take for a
  /// crash, printing a backtrace and letting the edit go on. The signal comes as soon as the
  /// temporary file is seen being written. (The edit runs with no core file allowed, which
  /// `SIGQUIT` would write.)
  @Test(
    arguments: [
      Platform.SignalNumber.interrupt, Platform.SignalNumber.terminate,
      Platform.SignalNumber.hangUp, Platform.SignalNumber.user1, Platform.SignalNumber.quit,
    ])
  func anEditAskedToEndAsItWritesLeavesNothingBesideTheRoster(_ signal: Int32) throws {
    let harness = try CommandLineHarness()
    let binary = try #require(BuiltTool.url)
    let path = harness.rosterPath
    var expected = LargeRoster().bytes
    try expected.write(to: URL(fileURLWithPath: path))
    var caught = 0
    // An edit that ends before its temporary file is seen is tried again.
    for round in 1...10 where caught == 0 {
      let number = round * 7919 % LargeRoster.count
      let text = "Signal " + String(format: "%06d", round)
      var after = expected
      after.replaceSubrange(LargeRoster.descriptionRange(number), with: Data(text.utf8))
      let process = try SpawnedProcess(
        URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", #"ulimit -c 0 && exec "$0" "$@""#, binary.path, "set", LargeRoster.name(number),
          "--description", text,
        ].map { Array($0.utf8) },
        environment: ["MONSTERS_FILE": path])
      var termination = waitForAWrite(
        process, in: harness.folder, besides: [], until: .now + .seconds(60))
      if termination == nil {
        Platform.sendSignal(signal, to: process.pid)
        termination = process.wait()
        #expect(termination == .signaled(signal), "round \(round)")
        caught += 1
      } else {
        #expect(termination == .exited(0), "round \(round)")
      }
      #expect(PathInterference.temporaryNames(in: harness.folder).isEmpty, "round \(round)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == after, "round \(round)")
      expected = after
    }
    #expect(caught == 1, "no edit was seen writing")
  }

  /// Waits until an edit writes a temporary file that is not among the files written
  /// before, or ends, or a moment comes.
  ///
  /// - Returns: How the edit ended, or `nil` if it is still running.
  private func waitForAWrite(
    _ process: SpawnedProcess, in folder: String, besides before: Set<String>,
    until deadline: ContinuousClock.Instant
  ) -> Termination? {
    repeat {
      if let termination = process.wait(until: .now) { return termination }
      if !Set(halfWrittenFiles(in: folder)).subtracting(before).isEmpty { return nil }
      Platform.sleep(nanoseconds: 200_000)
    } while ContinuousClock.now < deadline
    return nil
  }

  /// The temporary files in a folder that hold the start of a roster, as an edit writes it.
  private func halfWrittenFiles(in folder: String) -> [String] {
    PathInterference.temporaryNames(in: folder).filter { name in
      // Regular files only: opening a planted FIFO would wait for a writer.
      guard
        (try? Platform.fileStatus(atPath: folder + "/" + name, followingLinks: false))?
          .fileType == .regular
      else { return false }
      let handle = FileHandle(forReadingAtPath: folder + "/" + name)
      defer { try? handle?.close() }
      let start = (try? handle?.read(upToCount: 16)) ?? nil
      return start.map { $0.starts(with: Data("{\n  \"version\"".utf8)) } ?? false
    }
  }

  /// What `check` and `list` say of the files at temporary names in a folder: the files no
  /// edit is writing, as after a kill.
  private func leftoverNotes(in folder: String, command: String) -> String {
    PathInterference.temporaryNames(in: folder).sorted().filter { name in
      (try? Platform.fileStatus(atPath: folder + "/" + name, followingLinks: false))?
        .fileType == .regular
    }.map {
      "monsters \(command): \($0) is left from an edit of monsters.json that was killed; the "
        + "next edit removes it.\n"
    }.joined()
  }

  /// Whether a roster's folder can be locked at once, as it can when no process holds it.
  private func lockIsFree(_ folder: String) -> Bool {
    guard let descriptor = try? Platform.openFile(folder, [.readOnly, .closeOnExec]) else {
      return false
    }
    defer { Platform.closeFile(descriptor) }
    return (try? Platform.lockFile(descriptor, .exclusiveWithoutWaiting)) != nil
  }
}
