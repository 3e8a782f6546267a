import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// The file calls of the platform layer, on real files: what each returns, and that a
/// failure is the call's `errno`.
@Suite struct PlatformFilesTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Writes bytes through the layer into a new file.
  private func makeFile(_ name: String, _ text: String, mode: Platform.Mode = 0o644) throws
    -> String
  {
    let path = folder.file(name)
    let descriptor = try Platform.openFile(
      path, [.writeOnly, .create, .exclusive, .closeOnExec], mode: mode)
    defer { Platform.closeFile(descriptor) }
    let bytes = Array(text.utf8)
    let written = try bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in try Platform.writeBytes(descriptor, buffer) }
    }.get()
    #expect(written == bytes.count)
    try Platform.synchronize(descriptor)
    return path
  }

  @Test func aFileWrittenReadsBackWithItsStatus() throws {
    let path = try makeFile("roster.json", "{}\n", mode: 0o640)
    let descriptor = try Platform.openFile(path, .readOnly)
    defer { Platform.closeFile(descriptor) }
    #expect(try Platform.readBytes(descriptor, upTo: 100) == Array("{}\n".utf8))
    #expect(try Platform.readBytes(descriptor, upTo: 100).isEmpty)
    let status = try Platform.fileStatus(descriptor)
    #expect(status.fileType == .regular)
    #expect(status.size == 3)
    #expect(status.permissions == 0o640 & ~(try currentUmask()))
    #expect(status.linkCount == 1)
    #expect(status.isSameFile(as: try Platform.fileStatus(atPath: path, followingLinks: true)))
  }

  @Test func theModificationTimeIsTheOneTheFileSaysAndMovesWithAWrite() throws {
    let path = try makeFile("roster.json", "one")
    let before = try Platform.fileStatus(atPath: path, followingLinks: true).modificationTime
    let seconds = try #require(
      (try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?
        .timeIntervalSince1970)
    #expect(abs(Double(before.seconds) + Double(before.nanoseconds) / 1e9 - seconds) < 0.001)
    // A time set by hand, to the nanosecond, is read back to the nanosecond.
    let set = Date(timeIntervalSince1970: 1_700_000_000.25)
    try FileManager.default.setAttributes([.modificationDate: set], ofItemAtPath: path)
    let after = try Platform.fileStatus(atPath: path, followingLinks: true).modificationTime
    #expect(after == Platform.Timestamp(seconds: 1_700_000_000, nanoseconds: 250_000_000))
    #expect(after != before)
  }

  @Test func fileTypesAreToldApart() throws {
    let file = try makeFile("file", "x")
    let link = folder.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "file")
    let fifo = folder.file("fifo")
    try Platform.makeFIFO(atPath: fifo, mode: 0o600)
    #expect(try Platform.fileStatus(atPath: file, followingLinks: false).fileType == .regular)
    #expect(try Platform.fileStatus(atPath: link, followingLinks: false).fileType == .symbolicLink)
    #expect(try Platform.fileStatus(atPath: link, followingLinks: true).fileType == .regular)
    #expect(try Platform.fileStatus(atPath: fifo, followingLinks: false).fileType == .fifo)
    #expect(
      try Platform.fileStatus(atPath: folder.path, followingLinks: false).fileType == .directory)
    #expect(
      try Platform.fileStatus(atPath: "/dev/null", followingLinks: true).fileType
        == .characterDevice)
    #expect(try Platform.linkTarget(ofPath: link) == "file")
  }

  @Test func failuresAreTheirErrnoByName() throws {
    let path = try makeFile("taken", "x")
    #expect(throws: SystemCallError(Platform.ErrorNumber.exists)) {
      try Platform.openFile(path, [.writeOnly, .create, .exclusive])
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.noSuchFile)) {
      try Platform.fileStatus(atPath: folder.file("missing"), followingLinks: false)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.notADirectory)) {
      try Platform.openFile(path + "/below", .readOnly)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.isADirectory)) {
      try Platform.openFile(folder.path, .writeOnly)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.invalidArgument)) {
      try Platform.linkTarget(ofPath: path)
    }
    #expect(Platform.errorDescription(Platform.ErrorNumber.noSpace) == "No space left on device")
  }

  @Test func aLinkTakesANameOnlyWhenItIsFree() throws {
    let first = try makeFile("first", "1")
    let second = try makeFile("second", "2")
    #expect(throws: SystemCallError(Platform.ErrorNumber.exists)) {
      try Platform.makeLink(to: first, at: second)
    }
    try Platform.makeLink(to: first, at: folder.file("third"))
    #expect(try Platform.fileStatus(atPath: first, followingLinks: false).linkCount == 2)
    try Platform.renameFile(folder.file("third"), to: second)
    #expect(try contents(of: second) == Array("1".utf8))
    try Platform.removeFile(second)
    #expect(try folder.entries() == ["first"])
  }

  @Test func aLockHeldByOneOpenFileKeepsAnotherOut() throws {
    let path = try makeFile("roster.json", "{}")
    let holder = try Platform.openFile(path, [.readOnly, .closeOnExec])
    defer { Platform.closeFile(holder) }
    let other = try Platform.openFile(path, [.readOnly, .closeOnExec])
    defer { Platform.closeFile(other) }
    try Platform.lockFile(holder, .exclusive)
    #expect(throws: SystemCallError(Platform.ErrorNumber.wouldBlock)) {
      try Platform.lockFile(other, .exclusiveWithoutWaiting)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.wouldBlock)) {
      try Platform.lockFile(other, .sharedWithoutWaiting)
    }
    try Platform.lockFile(holder, .unlock)
    try Platform.lockFile(other, .exclusiveWithoutWaiting)
  }

  @Test func aFolderCanBeSynchronizedToo() throws {
    let descriptor = try Platform.openFile(folder.path, [.readOnly, .directory, .closeOnExec])
    defer { Platform.closeFile(descriptor) }
    try Platform.synchronize(descriptor)
  }

  @Test func modeAndOwnerAreSetOnAnOpenFile() throws {
    let path = try makeFile("file", "x")
    let descriptor = try Platform.openFile(path, .readOnly)
    defer { Platform.closeFile(descriptor) }
    try Platform.setMode(0o4751, of: descriptor)
    let status = try Platform.fileStatus(descriptor)
    #expect(status.permissions == 0o4751)
    try Platform.setOwner(status.owner, group: status.group, of: descriptor)
  }

  @Test func aPipeCarriesBytesAndEnds() throws {
    let pipe = try Platform.makePipe()
    _ = try Array("keys".utf8).withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in try Platform.writeBytes(pipe.write, buffer) }
    }.get()
    Platform.closeFile(pipe.write)
    #expect(try Platform.waitUntilReadable([pipe.read], milliseconds: 1000) == [true])
    #expect(try Platform.readBytes(pipe.read, upTo: 10) == Array("keys".utf8))
    #expect(try Platform.readBytes(pipe.read, upTo: 10).isEmpty)
    Platform.closeFile(pipe.read)
  }

  @Test func aWaitForNothingReadableEndsWithNothingReady() throws {
    let pipe = try Platform.makePipe()
    defer {
      Platform.closeFile(pipe.read)
      Platform.closeFile(pipe.write)
    }
    #expect(try Platform.waitUntilReadable([pipe.read, -1], milliseconds: 0) == [false, false])
  }

  @Test func aTemporaryFolderIsNewAndPrivate() throws {
    let made = try Platform.makeTemporaryFolder(prefix: folder.path + "/scratch-")
    #expect(made.hasPrefix(folder.path + "/scratch-") && made.count == folder.path.count + 15)
    #expect(try Platform.fileStatus(atPath: made, followingLinks: false).permissions == 0o700)
    try Platform.removeFolder(made)
    #expect(try folder.entries().isEmpty)
  }
}
