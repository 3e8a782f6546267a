import Foundation
import Glibc
import Synchronization
import Testing

@testable import MonsterKit

/// Getting the file's bytes, however the reads come.
@Suite struct RosterFileLoadingTests {
  let folder: TemporaryFolder
  /// `monsters.json` in the test's own folder; it does not exist until a test writes it.
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("monsters.json")
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

}
