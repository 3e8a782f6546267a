import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

/// Getting the file's bytes, however the reads come.
@Suite struct RosterFileLoadingTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    (folder, path) = try TemporaryFolder.forRoster()
  }

  @Test(
    arguments: [
      (maximumRead: nil, reportedSize: 0),
      (maximumRead: nil, reportedSize: 10),
      (maximumRead: 7, reportedSize: nil),
      (maximumRead: 1000, reportedSize: 5),
    ] as [(maximumRead: Int?, reportedSize: Int?)])
  func contentsAreReadWholeHoweverTheReadsCome(maximumRead: Int?, reportedSize: Int?) throws {
    // Large enough to need several of the reader's 64 KiB chunks once past the size.
    let roster = try Roster(
      (0..<2000).map { Monster(name: "Bot-\($0)", description: "A robot", weapon: .fire) })
    let bytes = roster.canonicalJSON()
    try write(bytes, to: path)
    let fileSystem = FaultyFileSystem(maximumRead: maximumRead, reportedSize: reportedSize)
    let file = RosterFile(path: path, fileSystem: fileSystem)
    #expect(try file.contents() == bytes)
    #expect(try file.read() == roster)
  }

  // MARK: - Streams

  /// A pipe holding a roster's bytes, written by another thread; the read end's path.
  private func pipe(holding bytes: [UInt8]) throws -> (path: String, close: () -> Void) {
    let (readEnd, writeEnd) = try Platform.makePipe()
    Thread.detachNewThread {
      _ = bytes.withUnsafeBytes { buffer in
        Result { () throws(SystemCallError) in
          try SystemFileSystem().writeAll(buffer, to: writeEnd)
        }
      }
      Platform.closeFile(writeEnd)
    }
    return ("/dev/fd/\(readEnd)", { Platform.closeFile(readEnd) })
  }

  /// Where a process's descriptors have paths: `/dev/fd` on every system, and Linux's
  /// `/proc/self/fd`, which `/dev/fd` links to there.
  #if os(Linux)
    static let descriptorFolders = ["/dev/fd/", "/proc/self/fd/"]
  #else
    static let descriptorFolders = ["/dev/fd/"]
  #endif

  @Test(arguments: descriptorFolders)
  func aPipeIsReadToItsEnd(_ folder: String) throws {
    // Larger than a pipe holds at once.
    let roster = try Roster(
      (0..<2000).map { Monster(name: "Bot-\($0)", description: "A robot", weapon: .fire) })
    let (path, close) = try pipe(holding: roster.canonicalJSON())
    defer { close() }
    let file = RosterFile(path: folder + baseName(of: path), whenMissing: .error)
    #expect(try file.read() == roster)
  }

  @Test func aPipeIsReadButNotEdited() throws {
    let (path, close) = try pipe(holding: try Fixture.seeded())
    defer { close() }
    let file = RosterFile(path: path, whenMissing: .error)
    #expect(throws: RosterError.notEditable(path: path)) { try file.apply([catTakesFire]) }
    #expect(throws: RosterError.notEditable(path: path)) { try file.initialize(force: true) }
    let update = try file.apply([catTakesFire], dryRun: true)
    #expect(update.before == Roster.seeded)
    #expect(update.after.canonicalJSON() == (try seededWithCatTakingFire()))
  }

  @Test func aFIFOIsReadWithoutWaitingAndNeverEdited() throws {
    let fifo = folder.file("monsters.json")
    try Platform.makeFIFO(atPath: fifo, mode: 0o600)
    // No writer: it reads as empty at once, which is no roster.
    let empty = RosterError.syntax(
      path: fifo, line: 1, column: 1, message: "the file is empty; expected a JSON object")
    #expect(throws: empty) { try RosterFile(path: fifo).read() }
    #expect(throws: RosterError.notEditable(path: fifo)) {
      try RosterFile(path: fifo, lockTimeout: .zero).apply([catTakesFire])
    }
    #expect(throws: RosterError.notEditable(path: fifo)) {
      try RosterFile(path: fifo, lockTimeout: .zero).initialize(force: true)
    }
    #expect(try folder.entries() == ["monsters.json"])
    #expect(try status(of: fifo).fileType == .fifo)
  }

  @Test(arguments: ["/dev/zero", "/dev/null", "/dev/urandom"])
  func aDeviceIsNoRoster(_ device: String) throws {
    let file = RosterFile(path: device, lockTimeout: .zero)
    #expect(throws: RosterError.notARegularFile(path: device)) { try file.read() }
    #expect(throws: RosterError.notARegularFile(path: device)) { try file.apply([catTakesFire]) }
    #expect(throws: RosterError.notARegularFile(path: device)) { try file.problems() }
  }

  @Test func aRosterGivenAsAStreamIsReadButNotEdited() throws {
    var file = RosterFile(path: "<stdin>")
    file.stream = .bytes(try Fixture.seeded())
    #expect(try file.read() == Roster.seeded)
    #expect(try file.problems().isEmpty)
    #expect(throws: RosterError.notEditable(path: "<stdin>")) { try file.apply([catTakesFire]) }
    #expect(throws: RosterError.notEditable(path: "<stdin>")) { try file.initialize(force: false) }
    let (path, close) = try pipe(holding: try seededWithCatTakingFire())
    defer { close() }
    let descriptor = try #require(Int32(baseName(of: path)))
    file.stream = .descriptor(descriptor)
    #expect(try file.read().monster(named: "Cat-Bot")?.weapon.type == .fire)
  }
}
