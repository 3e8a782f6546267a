import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// A pipe whose write end another thread fills with `bytes` and closes.
private final class FilledPipe: Sendable {
  let readEnd: Int32

  init(_ bytes: [UInt8]) throws {
    let ends = try Platform.makePipe()
    readEnd = ends.read
    let writeEnd = ends.write
    Thread.detachNewThread {
      _ = bytes.withUnsafeBytes { buffer in
        Result { () throws(SystemCallError) in
          try SystemFileSystem().writeAll(buffer, to: writeEnd)
        }
      }
      Platform.closeFile(writeEnd)
    }
  }

  /// Reads what is left before closing, so that the writer never writes to a pipe with no
  /// reader, which would raise `SIGPIPE` in the whole test process.
  deinit {
    while let rest = try? Platform.readBytes(readEnd, upTo: 1 << 16), !rest.isEmpty {}
    Platform.closeFile(readEnd)
  }
}

@Suite struct FileSystemReadWriteAllTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// More than a pipe holds at once, and more than one of the reader's chunks.
  private static let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

  @Test(arguments: [nil, 1, 4096] as [Int?])
  func aPipeIsReadToItsEndHoweverTheReadsCome(maximumRead: Int?) throws {
    let pipe = try FilledPipe(Self.bytes)
    let fileSystem = FaultyFileSystem(maximumRead: maximumRead)
    #expect(try fileSystem.readAll(pipe.readEnd) == Self.bytes)
  }

  @Test func anEmptyStreamIsNoBytes() throws {
    let pipe = try FilledPipe([])
    #expect(try SystemFileSystem().readAll(pipe.readEnd) == [])
  }

  @Test func readingPastTheLimitIsFileTooLarge() throws {
    let pipe = try FilledPipe(Self.bytes)
    #expect(throws: SystemCallError(Platform.ErrorNumber.fileTooLarge)) {
      try SystemFileSystem().readAll(pipe.readEnd, limit: 100_000)
    }
    let exact = try FilledPipe(Array(Self.bytes[..<100_000]))
    #expect(try SystemFileSystem().readAll(exact.readEnd, limit: 100_000).count == 100_000)
  }

  @Test func aFailedReadIsItsErrno() {
    #expect(throws: SystemCallError(Platform.ErrorNumber.badDescriptor)) {
      try SystemFileSystem().readAll(-1)
    }
    #expect(throws: SystemCallError(Platform.ErrorNumber.badDescriptor)) {
      try SystemFileSystem().readAll(-1, sizeHint: 10)
    }
  }

  @Test(arguments: [nil, 1, 3, 1000] as [Int?])
  func everyByteIsWrittenHoweverShortTheWrites(maximumWrite: Int?) throws {
    let path = folder.file("out")
    let fileSystem = FaultyFileSystem(maximumWrite: maximumWrite)
    let descriptor = try fileSystem.open(
      path, options: [.writeOnly, .create, .exclusive], mode: 0o600)
    defer { fileSystem.close(descriptor) }
    let bytes = Array(Self.bytes[..<10_000])
    try bytes.withUnsafeBytes { try fileSystem.writeAll($0, to: descriptor) }
    #expect(try contents(of: path) == bytes)
    let calls = fileSystem.log.count(.write)
    #expect(calls == maximumWrite.map { (bytes.count + $0 - 1) / $0 } ?? 1)
  }

  @Test func aWriteThatTakesNoByteIsAnError() throws {
    let fileSystem = FaultyFileSystem(maximumWrite: 0)
    let descriptor = try fileSystem.open(
      folder.file("out"), options: [.writeOnly, .create, .exclusive], mode: 0o600)
    defer { fileSystem.close(descriptor) }
    #expect(throws: SystemCallError(Platform.ErrorNumber.inputOutput)) {
      try [UInt8(1)].withUnsafeBytes { try fileSystem.writeAll($0, to: descriptor) }
    }
    // Nothing to write is no write at all.
    try [UInt8]().withUnsafeBytes { try fileSystem.writeAll($0, to: descriptor) }
    #expect(fileSystem.log.count(.write) == 1)
  }

  #if os(Linux)
    /// `/dev/full`, whose every write fails with `ENOSPC`, is Linux's.
    @Test func aFailedWriteIsItsErrno() throws {
      let full = try Platform.openFile("/dev/full", [.writeOnly, .closeOnExec])
      defer { Platform.closeFile(full) }
      #expect(throws: SystemCallError(Platform.ErrorNumber.noSpace)) {
        try [UInt8(1)].withUnsafeBytes { try SystemFileSystem().writeAll($0, to: full) }
      }
    }
  #endif

  // MARK: - Reading an input whole

  @Test func aDeviceIsRefusedBeforeAByteIsRead() throws {
    let fileSystem = FaultyFileSystem()
    let descriptor = try Platform.openFile("/dev/zero", [.readOnly, .closeOnExec])
    defer { Platform.closeFile(descriptor) }
    #expect(throws: WholeReadError.device) { try fileSystem.readWhole(descriptor, limit: 10) }
    #expect(fileSystem.log.count(.read) == 0)
  }

  @Test func aRegularFileOverTheLimitIsRefusedByItsSize() throws {
    try write(Array(repeating: 7, count: 100), to: folder.file("big"))
    let fileSystem = FaultyFileSystem()
    let descriptor = try Platform.openFile(folder.file("big"), [.readOnly, .closeOnExec])
    defer { Platform.closeFile(descriptor) }
    #expect(throws: WholeReadError.tooLarge) { try fileSystem.readWhole(descriptor, limit: 99) }
    #expect(fileSystem.log.count(.read) == 0)
    #expect(try fileSystem.readWhole(descriptor, limit: 100) == Array(repeating: 7, count: 100))
  }

  @Test func aStreamIsReadToItsEndButNotPastTheLimit() throws {
    let whole = try FilledPipe(Self.bytes)
    #expect(try SystemFileSystem().readWhole(whole.readEnd, limit: Self.bytes.count) == Self.bytes)
    let endless = try FilledPipe(Self.bytes)
    #expect(throws: WholeReadError.tooLarge) {
      try SystemFileSystem().readWhole(endless.readEnd, limit: 100_000)
    }
  }

  @Test func aFolderIsAFailedRead() throws {
    let descriptor = try Platform.openFile(folder.path, [.readOnly, .directory, .closeOnExec])
    defer { Platform.closeFile(descriptor) }
    #expect(throws: WholeReadError.failed(Platform.ErrorNumber.isADirectory)) {
      try SystemFileSystem().readWhole(descriptor, limit: 10)
    }
  }
}
