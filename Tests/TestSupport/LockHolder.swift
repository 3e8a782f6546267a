import Foundation
import MonsterKit
import MonstersSystem
import ProcessPlatform
import ProgramRunning

/// Another process that holds a roster folder's lock until it is released: the package's
/// `lock-holder`, which takes `flock(2)` on the folder as README's `flock(1)` recipe does,
/// on every system (macOS has no flock(1)), says `locked` once it has it, and lets go when
/// its standard input ends.
public final class LockHolder {
  /// The built `lock-holder`.
  public static let program = builtProduct("lock-holder")

  private let process: Platform.ProcessID
  /// The writing end of the holder's standard input, or -1 once released.
  private var input: Int32

  /// Starts a holder and returns once it holds the lock.
  ///
  /// - Parameter folder: The folder to lock: a roster's folder.
  /// - Throws: ``LockHolderError`` when the holder cannot be started or does not get the
  ///   lock.
  public init(folder: String) throws {
    guard let program = Self.program else { throw LockHolderError.notBuilt }
    let toHolder = try Platform.makePipe()
    let fromHolder = try Platform.makePipe()
    // Kept from every other program this test process starts: a copy of the input's
    // writing end would keep the holder from seeing its end, and the lock held.
    for end in [toHolder.read, toHolder.write, fromHolder.read, fromHolder.write] {
      Platform.setCloseOnExec(end)
    }
    let spawned = Result { () throws(SystemCallError) in
      try Platform.spawn(
        program.path, arguments: [folder],
        fileActions: [.duplicate(toHolder.read, as: 0), .duplicate(fromHolder.write, as: 1)])
    }
    // The holder's ends are the holder's alone: its end of the output closed here, a read
    // of it ends when the holder does.
    Platform.closeFile(toHolder.read)
    Platform.closeFile(fromHolder.write)
    defer { Platform.closeFile(fromHolder.read) }
    do {
      process = try spawned.get()
    } catch {
      Platform.closeFile(toHolder.write)
      throw error
    }
    input = toHolder.write
    var said: [UInt8] = []
    while !said.contains(UInt8(ascii: "\n")),
      let bytes = try? Platform.readBytes(fromHolder.read, upTo: 64), !bytes.isEmpty
    {
      said += bytes
    }
    guard said == Array("locked\n".utf8) else {
      release()
      throw LockHolderError.notLocked(String(decoding: said, as: UTF8.self))
    }
  }

  deinit {
    release()
  }

  /// Ends the holder's input, and with it the lock; returns once the holder has ended.
  public func release() {
    guard input >= 0 else { return }
    Platform.closeFile(input)
    input = -1
    _ = Platform.waitForExit(process)
  }

  /// Why a holder could not be had.
  public enum LockHolderError: Error {
    /// `lock-holder` could be neither found nor built.
    case notBuilt
    /// The holder ended, or said something else, before it had the lock.
    case notLocked(String)
  }
}
