import MonstersSystem
import Synchronization

@testable import MonsterKit

/// A file system that runs something just before the N-th call of a kind (or before every
/// one from the N-th on): another program acting on the folder while an edit works.
final class MeddlingFileSystem: FileSystem {
  let base = FaultyFileSystem()
  let call: SystemCall
  let number: Int
  let repeats: Bool
  let meddling: @Sendable () -> Void
  private let count = Mutex(0)

  init(
    before call: SystemCall, number: Int = 1, repeats: Bool = false,
    _ meddling: @escaping @Sendable () -> Void
  ) {
    self.call = call
    self.number = number
    self.repeats = repeats
    self.meddling = meddling
  }

  /// Counts a call, and meddles before the chosen ones.
  private func reach(_ kind: SystemCall) {
    guard kind == call else { return }
    if count.withLock({ count in
      count += 1
      return repeats ? count >= number : count == number
    }) {
      meddling()
    }
  }

  /// How many calls of a kind the edits made.
  func calls(_ kind: SystemCall) -> Int { base.log.count(kind) }

  func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    reach(options.contains(.directory) ? .openFolder : .openRoster)
    return try base.open(path, options: options, mode: mode)
  }
  func open(_ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    reach(options.contains(.create) ? .openTemporary : .openRoster)
    return try base.open(name, in: folder, options: options, mode: mode)
  }
  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    reach(.read)
    return try base.read(descriptor, into: buffer)
  }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    reach(.write)
    return try base.write(descriptor, bytes)
  }
  func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    reach(.fsync)
    try base.synchronize(descriptor)
  }
  func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError) {
    reach(.fsync)
    try base.synchronizeFileSystem(of: descriptor)
  }
  func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus {
    reach(.fstat)
    return try base.fstat(descriptor)
  }
  func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus {
    reach(.lstat)
    return try base.lstat(path)
  }
  func lstat(_ name: String, in folder: Int32) throws(SystemCallError) -> Platform.FileStatus {
    reach(.lstat)
    return try base.lstat(name, in: folder)
  }
  func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError) {
    reach(.checkWritable)
    try base.checkWritable(name, in: folder)
  }
  func readlink(_ path: String) throws(SystemCallError) -> String { try base.readlink(path) }
  func fchmod(_ descriptor: Int32, mode: Platform.Mode) throws(SystemCallError) {
    reach(.fchmod)
    try base.fchmod(descriptor, mode: mode)
  }
  func fchown(_ descriptor: Int32, owner: Platform.UserID, group: Platform.GroupID)
    throws(SystemCallError)
  {
    try base.fchown(descriptor, owner: owner, group: group)
  }
  func flock(_ descriptor: Int32, _ operation: Platform.LockOperation) throws(SystemCallError) {
    reach(.flock)
    try base.flock(descriptor, operation)
  }
  func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    try base.setBlocking(descriptor)
  }
  func isTerminal(_ descriptor: Int32) -> Bool { base.isTerminal(descriptor) }
  func waitUntilReadable(_ descriptor: Int32, milliseconds: Int) throws(SystemCallError) -> Bool {
    try base.waitUntilReadable(descriptor, milliseconds: milliseconds)
  }
  func rename(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    reach(.rename)
    try base.rename(source, to: destination, in: folder)
  }
  func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    reach(.link)
    try base.link(source, to: destination, in: folder)
  }
  func unlink(_ name: String, in folder: Int32) throws(SystemCallError) {
    try base.unlink(name, in: folder)
  }
  func names(inFolder folder: Int32) throws(SystemCallError) -> [String] {
    reach(.listFolder)
    return try base.names(inFolder: folder)
  }
  func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [[UInt8]] {
    try base.attributeNames(descriptor)
  }
  func attribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) -> [UInt8]? {
    try base.attribute(name, of: descriptor)
  }
  func setAttribute(_ name: [UInt8], to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  { try base.setAttribute(name, to: value, of: descriptor) }
  func removeAttribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) {
    try base.removeAttribute(name, of: descriptor)
  }
  func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  { try base.copyAccessControlList(from: source, to: destination) }
  func close(_ descriptor: Int32) { base.close(descriptor) }
}
