import MonstersSystem
import Testing

@testable import MonsterKit

@Suite struct FileSystemTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  @Test func failedCallThrowsItsErrno() {
    let system = SystemFileSystem()
    #expect(throws: SystemCallError(Platform.ErrorNumber.noSuchFile)) {
      try system.open(folder.file("missing"), options: .readOnly, mode: 0)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.noSuchFile)) {
      try system.lstat(folder.file("missing"))
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.invalidArgument)) {
      try system.readlink(folder.path)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.badDescriptor)) {
      try system.synchronize(-1)
    }
  }

  @Test func writtenBytesReadBack() throws {
    let system = SystemFileSystem()
    let path = folder.file("f")
    let descriptor = try system.open(path, options: [.readWrite, .create, .exclusive], mode: 0o600)
    defer { system.close(descriptor) }
    let bytes = Array("hello".utf8)
    #expect(try bytes.withUnsafeBytes { try system.write(descriptor, $0) } == 5)
    #expect(try system.fstat(descriptor).size == 5)
    let reader = try system.open(path, options: .readOnly, mode: 0)
    defer { system.close(reader) }
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = try buffer.withUnsafeMutableBytes { try system.read(reader, into: $0) }
    #expect(Array(buffer[..<count]) == bytes)
  }

  @Test func readlinkGivesTheLinksText() throws {
    let system = SystemFileSystem()
    try Platform.makeSymbolicLink(at: folder.file("link"), pointingTo: "../some where/é.json")
    #expect(try system.readlink(folder.file("link")) == "../some where/é.json")
    #expect(try system.lstat(folder.file("link")).fileType == .symbolicLink)
  }
}
