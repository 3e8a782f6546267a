import Foundation
import MonstersSystem
import Testing

@testable import MonsterKit

/// Whether the temporary folder's file system keeps `user.` extended attributes (tmpfs did
/// not before Linux 6.6).
private let attributesAreKept: Bool = {
  guard let folder = try? TemporaryFolder(), (try? write("x", to: folder.file("probe"))) != nil,
    let descriptor = try? Platform.openFile(folder.file("probe"), .readWrite)
  else { return false }
  defer { Platform.closeFile(descriptor) }
  return (try? Platform.setAttribute(Array("user.probe".utf8), to: [1], of: descriptor)) != nil
}()

/// Extended attributes, which an edit carries from the old file to the new one.
@Suite(.enabled(if: attributesAreKept, "the temporary folder keeps no extended attributes"))
struct PlatformAttributesTests {
  @Test func attributesAreSetReadListedAndCopied() throws {
    let folder = try TemporaryFolder()
    try write("old", to: folder.file("old"))
    try write("new", to: folder.file("new"))
    let old = try Platform.openFile(folder.file("old"), .readWrite)
    defer { Platform.closeFile(old) }
    let new = try Platform.openFile(folder.file("new"), .readWrite)
    defer { Platform.closeFile(new) }
    let name = Array("user.monsters.origin".utf8)
    let empty = Array("user.monsters.empty".utf8)
    #expect(try Platform.attribute(name, of: old) == nil)
    try Platform.setAttribute(name, to: [0, 1, 0xFF], of: old)
    try Platform.setAttribute(empty, to: [], of: old)
    #expect(try Platform.attribute(name, of: old) == [0, 1, 0xFF])
    #expect(try Platform.attribute(empty, of: old) == [])
    #expect(Set(try Platform.attributeNames(old)).isSuperset(of: [name, empty]))
    try Platform.copyAttributes(from: old, to: new)
    #expect(try Platform.attribute(name, of: new) == [0, 1, 0xFF])
    #expect(try Platform.attribute(empty, of: new) == [])
  }

  @Test func aLargeValueIsReadWhole() throws {
    let folder = try TemporaryFolder()
    try write("x", to: folder.file("file"))
    let descriptor = try Platform.openFile(folder.file("file"), .readWrite)
    defer { Platform.closeFile(descriptor) }
    let value = (0..<3000).map { UInt8(truncatingIfNeeded: $0) }
    try Platform.setAttribute(Array("user.large".utf8), to: value, of: descriptor)
    #expect(try Platform.attribute(Array("user.large".utf8), of: descriptor) == value)
  }
}
