import MonstersSystem
import Synchronization

@testable import MonsterKit

/// The kinds of system call a ``FaultyFileSystem`` counts and can make fail.
enum SystemCall: Hashable, Sendable, CaseIterable {
  /// `open` of the roster file itself.
  case openRoster
  /// `open` of the temporary file an edit writes.
  case openTemporary
  /// `open` of the roster's folder, to lock it.
  case openFolder
  /// `open` of anything else in the folder, such as a temporary file a killed edit left.
  case openOther
  case read
  case write
  /// Making a write durable: `fsync`, `F_FULLFSYNC` on Darwin.
  case fsync
  case fstat
  case lstat
  case readlink
  /// Asking whether the process may write a file: `faccessat`.
  case checkWritable
  case fchmod
  case fchown
  case flock
  case setBlocking
  case rename
  case link
  case unlink
  /// Listing a folder's names.
  case listFolder
  /// Listing, reading, setting or removing extended attributes, or copying an access
  /// control list.
  case attributes
}

/// Counts of the calls a file system has seen, shared between its copies.
final class CallLog: Sendable {
  private let counts = Mutex<[SystemCall: Int]>([:])
  private let sequence = Mutex<[SystemCall]>([])
  private let refusedLocks = Mutex(0)
  private let writable = Mutex<Set<Int32>>([])
  private let refusedForReading = Mutex(0)

  /// Counts a call; returns how many of its kind there have been and how many calls of any
  /// kind, this one included.
  func record(_ call: SystemCall) -> (ofItsKind: Int, inAll: Int) {
    let ofItsKind = counts.withLock { counts in
      counts[call, default: 0] += 1
      return counts[call, default: 0]
    }
    let inAll = sequence.withLock { sequence in
      sequence.append(call)
      return sequence.count
    }
    return (ofItsKind, inAll)
  }

  /// Every call counted so far, in the order they were made.
  var calls: [SystemCall] {
    sequence.withLock { $0 }
  }

  /// How many calls of a kind there have been.
  func count(_ call: SystemCall) -> Int {
    counts.withLock { $0[call, default: 0] }
  }

  /// Notes a `flock` that another holder of the lock refused.
  func recordRefusedLock() {
    refusedLocks.withLock { $0 += 1 }
  }

  /// How many times `flock` was refused because another holder had the lock.
  var refusedLockCount: Int {
    refusedLocks.withLock { $0 }
  }

  /// Notes that a descriptor is open for writing, or, with `false`, closed.
  func noteWritable(_ descriptor: Int32, _ isOpen: Bool) {
    writable.withLock { writable in
      if isOpen {
        writable.insert(descriptor)
      } else {
        writable.remove(descriptor)
      }
    }
  }

  /// Whether a descriptor is open for writing.
  func isWritable(_ descriptor: Int32) -> Bool {
    writable.withLock { $0.contains(descriptor) }
  }

  /// Notes an exclusive `flock` refused on a descriptor open for reading only, as NFS
  /// refuses it.
  func recordRefusalForReading() {
    refusedForReading.withLock { $0 += 1 }
  }

  /// How many exclusive locks were refused on descriptors open for reading only.
  var refusalsForReadingCount: Int {
    refusedForReading.withLock { $0 }
  }
}

/// The system's file system, except that one chosen call fails, the way a full disk or a
/// read-only folder makes it fail; it can also write fewer bytes a call than asked.
struct FaultyFileSystem: FileSystem {
  /// Which call fails: the `number`-th call (from 1) of a kind, or of any kind when `call`
  /// is `nil`, with an `errno`.
  struct Fault: Sendable, CustomStringConvertible {
    var call: SystemCall?
    var number: Int
    var errno: Int32

    var description: String {
      "\(call.map { "\($0)" } ?? "call") #\(number) fails with errno \(errno)"
    }
  }

  var fault: Fault?
  /// At most this many bytes are written a call, when set.
  var maximumWrite: Int?
  /// At most this many bytes are read a call, when set.
  var maximumRead: Int?
  /// The size `fstat` gives a file, when set, as for a file that grows while it is read.
  var reportedSize: Int?
  /// Whether `flock` acts as NFS's, which emulates it with POSIX locks: an exclusive lock
  /// needs a descriptor open for writing, and fails with `EBADF` on one open for reading
  /// only, as a folder always is.
  var locksAsNFS = false
  /// Called with each descriptor before it is locked exclusively, as another process
  /// could act just then.
  var beforeLocking: (@Sendable (Int32) -> Void)?
  let log = CallLog()
  private let base = SystemFileSystem()

  init(
    fault: Fault? = nil, maximumWrite: Int? = nil, maximumRead: Int? = nil,
    reportedSize: Int? = nil, locksAsNFS: Bool = false
  ) {
    self.fault = fault
    self.maximumWrite = maximumWrite
    self.maximumRead = maximumRead
    self.reportedSize = reportedSize
    self.locksAsNFS = locksAsNFS
  }

  /// Notes a descriptor just opened, for ``locksAsNFS``.
  private func opened(_ descriptor: Int32, _ options: Platform.OpenOptions) -> Int32 {
    if locksAsNFS && (options.contains(.writeOnly) || options.contains(.readWrite)) {
      log.noteWritable(descriptor, true)
    }
    return descriptor
  }

  /// Whether the chosen call was reached, and so failed.
  var faultHappened: Bool {
    fault.map { ($0.call.map(log.count) ?? log.calls.count) >= $0.number } ?? false
  }

  private func check(_ call: SystemCall) throws(SystemCallError) {
    let (ofItsKind, inAll) = log.record(call)
    guard let fault else { return }
    if fault.call == nil ? fault.number == inAll : fault.call == call && fault.number == ofItsKind {
      throw SystemCallError(fault.errno)
    }
  }

  func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    try check(options.contains(.directory) ? .openFolder : .openRoster)
    return opened(try base.open(path, options: options, mode: mode), options)
  }

  func open(_ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    let call: SystemCall =
      if options.contains(.create) {
        .openTemporary
      } else if options.contains(.directory) || name.hasSuffix(".tmp") {
        .openOther
      } else {
        .openRoster
      }
    try check(call)
    return opened(try base.open(name, in: folder, options: options, mode: mode), options)
  }

  func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try check(.read)
    let count = min(buffer.count, maximumRead ?? buffer.count)
    return try base.read(
      descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
  }

  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
    try check(.write)
    let count = min(bytes.count, maximumWrite ?? bytes.count)
    return try base.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<count]))
  }

  func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    try check(.fsync)
    try base.synchronize(descriptor)
  }

  func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError) {
    try check(.fsync)
    try base.synchronizeFileSystem(of: descriptor)
  }

  func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus {
    try check(.fstat)
    var status = try base.fstat(descriptor)
    if let reportedSize { status.size = reportedSize }
    return status
  }

  func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus {
    try check(.lstat)
    return try base.lstat(path)
  }

  func lstat(_ name: String, in folder: Int32) throws(SystemCallError) -> Platform.FileStatus {
    try check(.lstat)
    return try base.lstat(name, in: folder)
  }

  func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError) {
    try check(.checkWritable)
    try base.checkWritable(name, in: folder)
  }

  func readlink(_ path: String) throws(SystemCallError) -> String {
    try check(.readlink)
    return try base.readlink(path)
  }

  func fchmod(_ descriptor: Int32, mode: Platform.Mode) throws(SystemCallError) {
    try check(.fchmod)
    try base.fchmod(descriptor, mode: mode)
  }

  func fchown(_ descriptor: Int32, owner: Platform.UserID, group: Platform.GroupID)
    throws(SystemCallError)
  {
    try check(.fchown)
    try base.fchown(descriptor, owner: owner, group: group)
  }

  func flock(_ descriptor: Int32, _ operation: Platform.LockOperation) throws(SystemCallError) {
    try check(.flock)
    if operation == .exclusive || operation == .exclusiveWithoutWaiting {
      beforeLocking?(descriptor)
    }
    if locksAsNFS, operation == .exclusive || operation == .exclusiveWithoutWaiting,
      !log.isWritable(descriptor)
    {
      log.recordRefusalForReading()
      throw SystemCallError(Platform.ErrorNumber.badDescriptor)
    }
    do throws(SystemCallError) {
      try base.flock(descriptor, operation)
    } catch {
      if error.code == Platform.ErrorNumber.wouldBlock { log.recordRefusedLock() }
      throw error
    }
  }

  func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    try check(.setBlocking)
    try base.setBlocking(descriptor)
  }

  func isTerminal(_ descriptor: Int32) -> Bool {
    base.isTerminal(descriptor)
  }

  func waitUntilReadable(_ descriptor: Int32, milliseconds: Int) throws(SystemCallError) -> Bool {
    try base.waitUntilReadable(descriptor, milliseconds: milliseconds)
  }

  func rename(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    try check(.rename)
    try base.rename(source, to: destination, in: folder)
  }

  func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    try check(.link)
    try base.link(source, to: destination, in: folder)
  }

  func unlink(_ name: String, in folder: Int32) throws(SystemCallError) {
    try check(.unlink)
    try base.unlink(name, in: folder)
  }

  func names(inFolder folder: Int32) throws(SystemCallError) -> [String] {
    try check(.listFolder)
    return try base.names(inFolder: folder)
  }

  func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [[UInt8]] {
    try check(.attributes)
    return try base.attributeNames(descriptor)
  }

  func attribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) -> [UInt8]? {
    try check(.attributes)
    return try base.attribute(name, of: descriptor)
  }

  func setAttribute(_ name: [UInt8], to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  {
    try check(.attributes)
    try base.setAttribute(name, to: value, of: descriptor)
  }

  func removeAttribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) {
    try check(.attributes)
    try base.removeAttribute(name, of: descriptor)
  }

  func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  {
    try check(.attributes)
    try base.copyAccessControlList(from: source, to: destination)
  }

  func close(_ descriptor: Int32) {
    if locksAsNFS { log.noteWritable(descriptor, false) }
    base.close(descriptor)
  }
}
