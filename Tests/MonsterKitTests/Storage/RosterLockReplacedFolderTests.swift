import Dispatch
import Foundation
import MonstersSystem
import Synchronization
import Testing

@testable import MonsterKit

// Linux only: the test tells that the edit waits for the lock from the descriptors listed
// in /proc/self/fd, which only Linux has.
#if os(Linux)

  /// The folder an edit locks is replaced while the edit waits for its lock: by a script that
  /// holds the lock and moves the folder aside, or by a link to the folder that is pointed
  /// elsewhere, as a deployment swaps releases. Once the edit has the lock, the roster's path
  /// must still lead into the folder it locked, or the edit lands in a folder the path no
  /// longer names, and is lost while it reports success.
  @Suite struct RosterLockReplacedFolderTests {
    let folder: TemporaryFolder

    init() throws {
      folder = try TemporaryFolder()
    }

    @Test func anEditWaitingWhileItsFolderIsMovedAsideEditsTheFolderNowAtThePath() throws {
      let data = folder.file("data")
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
      try write(try Fixture.seeded(), to: data + "/monsters.json")
      let lock = try holdLock(on: data)
      let edit = try startEdit(of: data + "/monsters.json", waitingOn: data)
      // The script holding the lock moves the folder aside and puts a copy in its place.
      try Platform.renameFile(data, to: folder.file("data.old"))
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
      try write(try Fixture.seeded(), to: data + "/monsters.json")
      Platform.closeFile(lock)
      try edit.finish()
      #expect(try contents(of: data + "/monsters.json") == (try seededWithCatTakingFire()))
      #expect(try contents(of: folder.file("data.old/monsters.json")) == (try Fixture.seeded()))
    }

    @Test func anEditWaitingWhileALinkToItsFolderIsSwappedEditsTheNewFolder() throws {
      for release in ["one", "two"] {
        try FileManager.default.createDirectory(
          atPath: folder.file(release), withIntermediateDirectories: false)
        try write(try Fixture.seeded(), to: folder.file(release + "/monsters.json"))
      }
      try Platform.makeSymbolicLink(at: folder.file("current"), pointingTo: "one")
      let path = folder.file("current/monsters.json")
      let lock = try holdLock(on: folder.file("one"))
      let edit = try startEdit(of: path, waitingOn: folder.file("one"))
      // `current` now leads to the other release, in one rename.
      try Platform.makeSymbolicLink(at: folder.file("current.new"), pointingTo: "two")
      try Platform.renameFile(folder.file("current.new"), to: folder.file("current"))
      Platform.closeFile(lock)
      try edit.finish()
      #expect(try contents(of: path) == (try seededWithCatTakingFire()))
      #expect(try contents(of: folder.file("one/monsters.json")) == (try Fixture.seeded()))
    }

    /// Locks a folder as `flock(1)` would, through a descriptor of this process's own.
    private func holdLock(on folderPath: String) throws -> Int32 {
      let lock = try Platform.openFile(folderPath, [.readOnly, .directory, .closeOnExec])
      try Platform.lockFile(lock, .exclusiveWithoutWaiting)
      return lock
    }

    /// Starts an edit (Cat-Bot takes fire) on a thread of its own, and returns once the edit
    /// has opened the folder it waits to lock: this process then has two descriptors of it,
    /// the held lock's and the edit's.
    private func startEdit(of path: String, waitingOn folderPath: String) throws -> RunningEdit {
      let edit = RunningEdit()
      Thread.detachNewThread {
        let outcome: Result<Void, RosterError>
        do throws(RosterError) {
          try RosterFile(path: path, lockTimeout: .seconds(60)).apply([catTakesFire])
          outcome = .success(())
        } catch {
          outcome = .failure(error)
        }
        edit.outcome.withLock { $0 = outcome }
        edit.done.signal()
      }
      let target = URL(fileURLWithPath: folderPath).resolvingSymlinksInPath().path
      while openDescriptors(of: target) < 2 {
        #expect(edit.outcome.withLock { $0 } == nil, "the edit ended without waiting")
        if edit.outcome.withLock({ $0 }) != nil { break }
        Platform.sleep(nanoseconds: 1_000_000)
      }
      return edit
    }

    /// How many of this process's descriptors are open on a path.
    private func openDescriptors(of path: String) -> Int {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return names.count { name in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name))
          == path
      }
    }
  }

  /// An edit running on a thread of its own.
  private final class RunningEdit: Sendable {
    let outcome = Mutex<Result<Void, RosterError>?>(nil)
    let done = DispatchSemaphore(value: 0)

    /// Waits for the edit to end, and gives its error.
    func finish() throws {
      done.wait()
      try outcome.withLock { $0 }?.get()
    }
  }

#endif
