import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// The page size, read before a fault handler needs it.
private let pageSize = Platform.pageSize

/// What a `SIGBUS` handler does for a truncated mapped file: a page of zeros in place of the
/// page that is gone, at the address the fault names.
private let zeroTheFaultingPage: Platform.SignalInfoHandler = { signal, info, _ in
  guard let address = Platform.faultAddress(of: info),
    Platform.replaceWithZeros(pageAt: address, pageSize: pageSize)
  else {
    Platform.restoreDefaultAction(signal)
    return
  }
}

/// Mapping files, and the pieces of the guard that keeps a truncated mapping from ending the
/// process: the handler's field, the fault's address, and the page of zeros.
@Suite struct PlatformMemoryTests {
  @Test func aMappedFileReadsAsItsBytes() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("roster.json")
    try write("{\"version\": 1}\n", to: path)
    let descriptor = try Platform.openFile(path, .readOnly)
    defer { Platform.closeFile(descriptor) }
    let base = try #require(Platform.mapReadOnly(descriptor, count: 15))
    defer { Platform.unmap(base, count: 15) }
    Platform.adviseWillNeed(base, count: 15)
    #expect(
      Array(UnsafeRawBufferPointer(start: base, count: 15)) == Array("{\"version\": 1}\n".utf8))
    #expect(Platform.mapReadOnly(descriptor, count: 0) == nil)
  }

  @Test func aPageOfATruncatedMappingBecomesZerosThroughTheFaultAddress() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("roster.json")
    let count = 2 * pageSize
    try write([UInt8](repeating: 0x7B, count: count), to: path)
    let descriptor = try Platform.openFile(path, .readWrite)
    defer { Platform.closeFile(descriptor) }
    let base = try #require(Platform.mapReadOnly(descriptor, count: count))
    defer { Platform.unmap(base, count: count) }
    #expect(base.load(fromByteOffset: pageSize, as: UInt8.self) == 0x7B)
    // Another program truncates the file: its second page is gone.
    try FileHandle(forWritingAtPath: path).map { try $0.truncate(atOffset: UInt64(pageSize)) }
    #expect(Platform.setSignalInfoHandler(Platform.SignalNumber.busError, zeroTheFaultingPage))
    #expect(base.load(fromByteOffset: pageSize + 1, as: UInt8.self) == 0)
    #expect(base.load(fromByteOffset: 0, as: UInt8.self) == 0x7B)
  }

  @Test func hugePageAdviceTakesAnyBuffer() {
    for size in [0, 1, 4 << 20, (4 << 20) + 123] {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
      defer { buffer.deallocate() }
      Platform.adviseHugePages(buffer)
    }
  }
}
