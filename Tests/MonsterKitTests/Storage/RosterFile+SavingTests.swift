import Foundation
import ProgramRunning
import Synchronization
import TestSupport
import Testing

@testable import MonsterKit

/// Saving roster values while others save and edit the same file, and while the file fails
/// or is replaced: no save or edit is lost, and a save that cannot be made leaves the file
/// as it was.
@Suite struct RosterFileSavingTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster(seeded: true)
  }

  /// Saves of one editor, each adding a monster and changing the one it owns, each based on
  /// the snapshot the last save returned, so that every save meets the other editors' saves.
  private static func saves(
    of editor: Int, count: Int, file: RosterFile
  ) throws -> RosterFile.Snapshot {
    var snapshot = try file.snapshot()
    var roster = snapshot.roster
    try roster.add(Monster(name: "Own-\(editor)", description: "0", weapon: .sword))
    snapshot = try file.save(roster, basedOn: snapshot)
    for number in 1...count {
      var roster = snapshot.roster
      try roster.add(Monster(name: "Saver-\(editor)-\(number)", description: "", weapon: .fire))
      try roster.apply(.set("Own-\(editor)", .init(description: "\(number)")))
      snapshot = try file.save(roster, basedOn: snapshot)
    }
    return snapshot
  }

  @Test(arguments: [false, true])
  func savesOfSeveralEditorsAtOnceAreAllKept(locksAsNFS: Bool) throws {
    let file = RosterFile(path: path, fileSystem: FaultyFileSystem(locksAsNFS: locksAsNFS))
    let (editors, count) = (4, 8)
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: editors) { editor in
      do {
        _ = try Self.saves(of: editor, count: count, file: file)
      } catch {
        failures.append("editor \(editor): \(error)")
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    let roster = try file.read()
    #expect(roster.count == Roster.seeded.count + editors * (count + 1))
    for editor in 0..<editors {
      #expect(roster.monster(named: "Own-\(editor)")?.description == "\(count)")
      for number in 1...count {
        #expect(roster.monster(named: "Saver-\(editor)-\(number)") != nil)
      }
    }
    #expect(try folder.entries() == ["monsters.json"])
  }

  @Test func savesAndEditsOfAnotherProcessAtOnceAreAllKept() throws {
    let binary = try #require(builtProduct("monsters"))
    let edits = 15
    let script =
      "for i in $(seq 1 \(edits)); do \"$0\" -f \"$1\" add Shell-$i --weapon smoke > /dev/null "
      + "|| exit 1; done"
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", script, binary.path, path]
    try shell.run()
    let file = RosterFile(path: path)
    let last = try Self.saves(of: 0, count: 15, file: file)
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    let roster = try file.read()
    for number in 1...edits { #expect(roster.monster(named: "Shell-\(number)") != nil) }
    for number in 1...15 { #expect(roster.monster(named: "Saver-0-\(number)") != nil) }
    #expect(roster.monster(named: "Own-0")?.description == "15")
    #expect(last.roster.count <= roster.count)
  }

  @Test(arguments: [SystemCall.rename, .write, .fsync, .openTemporary])
  func aSaveThatFailsToWriteLeavesTheFileAsItWasAndCanBeMadeAgain(_ call: SystemCall) throws {
    let healthy = RosterFile(path: path)
    let snapshot = try healthy.snapshot()
    var roster = snapshot.roster
    try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
    try healthy.apply([.set("Dog-Bot", .init(description: "Woof"))])
    let before = try contents(of: path)
    let failing = RosterFile(
      path: path,
      fileSystem: FaultyFileSystem(fault: .init(call: call, number: 1, errno: 28)))
    #expect(throws: RosterError.fileSystem(path: path, action: .write, errno: 28)) {
      try failing.save(roster, basedOn: snapshot)
    }
    #expect(try contents(of: path) == before)
    #expect(try folder.entries() == ["monsters.json"])
    let saved = try healthy.save(roster, basedOn: snapshot)
    #expect(saved.roster.monster(named: "Cat-Bot")?.weapon == .fire)
    #expect(saved.roster.monster(named: "Dog-Bot")?.description == "Woof")
  }

  @Test func aFileThatIsNoLongerARosterIsRefusedAndLeftAsItIs() throws {
    let file = RosterFile(path: path)
    let snapshot = try file.snapshot()
    try write("{\"version\": 1, \"monsters\": [", to: path)
    #expect(
      throws: RosterError.syntax(
        path: path, line: 1, column: 29, message: "unexpected end of file; expected a value or ']'")
    ) {
      try file.save(snapshot.roster, basedOn: snapshot)
    }
    #expect(try contents(of: path) == Array("{\"version\": 1, \"monsters\": [".utf8))
  }

  @Test func aFIFOOrAFolderInTheRostersPlaceIsRefusedAtOnce() throws {
    let file = RosterFile(path: path)
    let snapshot = try file.snapshot()
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: RosterError.notEditable(path: path)) {
      try file.save(snapshot.roster, basedOn: snapshot)
    }
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: RosterError.self) { try file.save(snapshot.roster, basedOn: snapshot) }
  }

  @Test func aSnapshotOfAFileMovedElsewhereIsOfAnotherFile() throws {
    let file = RosterFile(path: path)
    let snapshot = try file.snapshot()
    let moved = folder.file("moved.json")
    try FileManager.default.moveItem(atPath: path, toPath: moved)
    #expect(throws: RosterError.notTheFileRead(path: moved)) {
      try RosterFile(path: moved).save(snapshot.roster, basedOn: snapshot)
    }
  }

  /// While another editor replaces the file as soon as it gets the lock, each version a
  /// save returns is of the file that save wrote: taken before the lock was let go.
  @Test func theVersionASaveReturnsIsOfTheFileItWrote() throws {
    let file = RosterFile(path: path)
    let running = Mutex(true)
    let other = Thread {
      var number = 0
      while running.withLock({ $0 }) {
        number += 1
        _ = try? file.apply([
          .set("Ice-Bot", .init(description: String(repeating: "x", count: number % 50)))
        ])
      }
    }
    other.start()
    defer { running.withLock { $0 = false } }
    var snapshot = try file.snapshot()
    for number in 0..<20 {
      var roster = snapshot.roster
      try roster.add(Monster(name: "Bot-\(number)", description: "", weapon: .fire))
      snapshot = try file.save(roster, basedOn: snapshot)
      #expect(snapshot.version?.size == snapshot.roster.canonicalJSON().count)
    }
  }
}

/// Failures of concurrent work, collected under a lock.
final class Failures: Sendable {
  private let failures = Mutex<[String]>([])

  func append(_ failure: String) {
    failures.withLock { $0.append(failure) }
  }

  var all: [String] {
    failures.withLock { $0 }
  }
}
