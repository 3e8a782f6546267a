import Glibc
import Testing

@testable import MonsterKit

@Suite struct FileSystemTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  @Test func failedCallThrowsItsErrno() {
    let system = SystemFileSystem()
    #expect(throws: SystemCallError(ENOENT)) {
      try system.open(folder.file("missing"), options: .readOnly, mode: 0)
    }
    #expect(throws: SystemCallError(ENOENT)) { try system.lstat(folder.file("missing")) }
    #expect(throws: SystemCallError(EINVAL)) { try system.readlink(folder.path) }
    #expect(throws: SystemCallError(EBADF)) { try system.synchronize(-1) }
  }

  @Test func writtenBytesReadBack() throws {
    let system = SystemFileSystem()
    let path = folder.file("f")
    let descriptor = try system.open(path, options: [.readWrite, .create, .exclusive], mode: 0o600)
    defer { system.close(descriptor) }
    let bytes = Array("hello".utf8)
    #expect(try bytes.withUnsafeBytes { try system.write(descriptor, $0) } == 5)
    #expect(try system.fstat(descriptor).size == 5)
    #expect(lseek(descriptor, 0, SEEK_SET) == 0)
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = try buffer.withUnsafeMutableBytes { try system.read(descriptor, into: $0) }
    #expect(Array(buffer[..<count]) == bytes)
  }

  @Test func readlinkGivesTheLinksText() throws {
    let system = SystemFileSystem()
    #expect(symlink("../some where/é.json", folder.file("link")) == 0)
    #expect(try system.readlink(folder.file("link")) == "../some where/é.json")
    #expect(try system.lstat(folder.file("link")).fileType == .symbolicLink)
  }
}
