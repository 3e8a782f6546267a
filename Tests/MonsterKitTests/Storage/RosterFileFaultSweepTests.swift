import MonstersSystem
import Testing

@testable import MonsterKit

/// A save of a roster file, set up in a folder and then made through a file system.
enum SaveScenario: String, CaseIterable, Sendable {
  /// An edit of a canonical file, written in one `write`.
  case editOfAFile
  /// The same edit where the disk takes at most 97 bytes a `write`.
  case editInShortWrites
  /// An edit of a roster of a few MiB, written in several chunks.
  case editOfALargeRoster
  /// The first edit, which creates the file.
  case firstEdit
  /// An edit that finds the temporary file of a killed edit and removes it first.
  case editAfterAKilledEdit
  /// An edit of a roster reached through a symbolic link.
  case editThroughALink
  /// `init --force` over a file.
  case initializeOverAFile

  /// The roster the file holds before the save, or `nil` for no file.
  var before: Roster? {
    switch self {
    case .firstEdit: nil
    case .editOfALargeRoster: SaveScenario.largeRoster
    default: .seeded
    }
  }

  /// The file's bytes before the save, or `nil` for no file.
  var beforeBytes: [UInt8]? {
    guard let before else { return nil }
    // `init --force` over a file that is not in canonical form, so that it changes bytes.
    return self == .initializeOverAFile
      ? Array(text(before.canonicalJSON()).replacing("\n", with: "\r\n").utf8)
      : before.canonicalJSON()
  }

  /// The roster the save writes.
  var after: Roster {
    get throws {
      if self == .initializeOverAFile { return .seeded }
      var roster = before ?? .seeded
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire, description: "Edited")))
      return roster
    }
  }

  /// At most this many bytes a `write`, when set.
  var maximumWrite: Int? {
    self == .editInShortWrites ? 97 : nil
  }

  /// Writes the files the save starts from, the roster's being ``beforeBytes``, and returns
  /// the path the save is made by.
  func prepare(in folder: TemporaryFolder, beforeBytes: [UInt8]?) throws -> String {
    let target = folder.file("monsters.json")
    removeIfPresent(target)
    for name in try folder.entries() where TemporaryName.isTemporary(name, of: "monsters.json") {
      removeIfPresent(folder.file(name))
    }
    if let beforeBytes {
      try write(beforeBytes, to: target)
    }
    switch self {
    case .editAfterAKilledEdit:
      try write("{\"version\": 1, \"monsters\": [{\"na", to: folder.file(Self.killedEditsFile))
    case .editThroughALink:
      let link = folder.file("link.json")
      removeIfPresent(link)
      try Platform.makeSymbolicLink(at: link, pointingTo: "monsters.json")
      return link
    default:
      break
    }
    return target
  }

  /// Makes the save.
  func save(_ file: RosterFile) throws(RosterError) {
    if self == .initializeOverAFile {
      try file.initialize(force: true)
    } else {
      try file.apply([.set("cat-bot", .init(weapon: .fire, description: "Edited"))])
    }
  }

  /// The temporary file a killed edit left.
  static let killedEditsFile = TemporaryName.prefix(for: "monsters.json") + "killed00.tmp"

  /// A roster of 20,000 monsters: about 3 MiB, written in several 1 MiB chunks.
  static let largeRoster: Roster = {
    let monsters = (0..<20_000).map {
      Monster(
        name: "Monster-\($0)", description: "Monster number \($0) of the large roster",
        icon: "meetmonster\($0).png", weapon: Weapon.builtIn[$0 % 5])
    }
    // Cat-Bot is the one the edit changes.
    return (try? Roster(Monster.seeded.prefix(1) + monsters)) ?? .seeded
  }()
}

/// Removes a file if there is one.
private func removeIfPresent(_ path: String) {
  try? Platform.removeFile(path)
}

/// SQLite's way of proving a save safe: count the system calls of one save that succeeds,
/// then, for every N, make the N-th call fail, whatever it is, and check that the roster is
/// whole each time.
@Suite struct RosterFileFaultSweepTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// The calls a save makes when nothing fails.
  private func callsOfASave(_ scenario: SaveScenario) throws -> [SystemCall] {
    let path = try scenario.prepare(in: folder, beforeBytes: scenario.beforeBytes)
    let fileSystem = FaultyFileSystem(maximumWrite: scenario.maximumWrite)
    try scenario.save(RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem))
    #expect(try contents(of: folder.file("monsters.json")) == (try scenario.after).canonicalJSON())
    return fileSystem.log.calls
  }

  /// Whether the lock of the roster's folder is free, as it must be once an edit has ended.
  ///
  /// A process that another test starts holds a copy of every descriptor of this one until
  /// it runs its program, and with it any lock taken through them: a lock that is taken is
  /// tried again for a while before it counts as held.
  private func lockIsFree() -> Bool {
    let giveUp = ContinuousClock.now + .seconds(30)
    repeat {
      guard
        let descriptor = try? Platform.openFile(
          folder.path, [.readOnly, .directory, .closeOnExec])
      else { return false }
      let isFree = (try? Platform.lockFile(descriptor, .exclusiveWithoutWaiting)) != nil
      Platform.closeFile(descriptor)
      if isFree { return true }
      Platform.sleep(nanoseconds: 1_000_000)
    } while ContinuousClock.now < giveUp
    return false
  }

  /// The steps of a save that may fail without failing it, by their place among its calls:
  /// the sweep for a killed edit's files, keeping the owner, locking the temporary file,
  /// and removing the temporary name once a new roster is linked to its own.
  private func bestEfforts(in calls: [SystemCall]) -> Set<Int> {
    var indices = Set(calls.indices.filter { calls[$0] == .fchown })
    if let list = calls.firstIndex(of: .listFolder),
      let roster = calls[list...].firstIndex(of: .openRoster)
    {
      indices.formUnion(list..<roster)
    }
    if let temporary = calls.firstIndex(of: .openTemporary), calls[temporary + 1] == .flock {
      indices.insert(temporary + 1)
    }
    if let link = calls.firstIndex(of: .link), calls[link + 1] == .unlink {
      indices.insert(link + 1)
    }
    // Once the new roster is in place, the check that it is the file written.
    if let placement = calls.lastIndex(where: { $0 == .rename || $0 == .link }) {
      indices.formUnion(
        calls.indices.filter { $0 > placement && [.fstat, .lstat].contains(calls[$0]) })
    }
    return indices
  }

  @Test(
    arguments: SaveScenario.allCases,
    [Platform.ErrorNumber.noSpace, Platform.ErrorNumber.inputOutput])
  func failingAnyOneCallOfASaveLeavesTheOldRosterOrTheNewOne(
    _ scenario: SaveScenario, code: Int32
  ) throws {
    let calls = try callsOfASave(scenario)
    let placement = try #require(calls.firstIndex { $0 == .rename || $0 == .link })
    let manyWrites = scenario == .editInShortWrites || scenario == .editOfALargeRoster
    #expect(calls.filter { $0 == .write }.count >= (manyWrites ? 3 : 1))
    let bestEfforts = bestEfforts(in: calls)
    // A killed edit's temporary file stays until the sweep gets as far as removing it.
    let staleRemoval =
      scenario == .editAfterAKilledEdit
      ? calls.firstIndex(of: .listFolder).flatMap { calls[$0...].firstIndex(of: .unlink) } : nil
    let oldBytes = scenario.beforeBytes
    let newBytes = try scenario.after.canonicalJSON()
    let target = folder.file("monsters.json")
    for index in calls.indices {
      let failing = calls[index]
      let path = try scenario.prepare(in: folder, beforeBytes: oldBytes)
      let fileSystem = FaultyFileSystem(
        fault: .init(call: nil, number: index + 1, errno: code),
        maximumWrite: scenario.maximumWrite)
      let label = "\(scenario) with call #\(index + 1) (\(failing)) failing"
      var thrown: RosterError?
      do throws(RosterError) {
        try scenario.save(
          RosterFile(path: path, whenMissing: .seededRoster, fileSystem: fileSystem))
      } catch {
        thrown = error
      }
      #expect(fileSystem.faultHappened, "\(label)")
      #expect(lockIsFree(), "\(label): the lock is held")
      var leftBehind = ["monsters.json"]
      if scenario == .editThroughALink { leftBehind.append("link.json") }
      if let staleRemoval, index <= staleRemoval { leftBehind.append(SaveScenario.killedEditsFile) }
      let bytes = try? contents(of: target)
      if bestEfforts.contains(index) {
        // The sweep, the owner, the temporary file's lock and name are best efforts: the
        // save goes on.
        #expect(thrown == nil, "\(label)")
        #expect(bytes == newBytes, "\(label)")
      } else if index > placement {
        // After the rename, only the folder's sync is left: the new roster is in place.
        #expect(
          thrown == .fileSystem(path: folder.path, action: .syncFolder, errno: code),
          "\(label)")
        #expect(bytes == newBytes, "\(label)")
      } else {
        guard case .fileSystem(let errorPath, let action, let errno) = thrown else {
          Issue.record("\(label): expected a file system error, got \(String(describing: thrown))")
          continue
        }
        #expect(errorPath == path, "\(label)")
        #expect([.read, .lock, .write].contains(action), "\(label)")
        #expect(errno == code, "\(label)")
        #expect(bytes == oldBytes, "\(label)")
        if oldBytes == nil { leftBehind.removeAll { $0 == "monsters.json" } }
      }
      // No temporary file of this save is left, but the second name of a new roster whose
      // temporary name could not be removed, which the next edit's sweep removes.
      var entries = try folder.entries()
      if failing == .unlink && bestEfforts.contains(index) && scenario == .firstEdit {
        #expect(entries.filter { TemporaryName.isTemporary($0, of: "monsters.json") }.count == 1)
        entries.removeAll { TemporaryName.isTemporary($0, of: "monsters.json") }
      }
      #expect(entries == leftBehind.sorted(), "\(label): \(entries)")
    }
  }

  @Test func theSweepReachesEveryStepOfTheSave() throws {
    let calls = try callsOfASave(.editAfterAKilledEdit)
    for step in [
      SystemCall.lstat, .openFolder, .flock, .listFolder, .openOther, .unlink, .openRoster,
      .fstat, .read, .openTemporary, .fchown, .attributes, .fchmod, .write, .fsync, .rename,
    ] {
      #expect(calls.contains(step), "\(step)")
    }
    // The temporary file is written, given its mode and synced before it replaces the
    // roster, and the folder is synced after.
    let rename = try #require(calls.firstIndex(of: .rename))
    #expect(calls[..<rename].contains(.fsync))
    #expect(calls[..<rename].contains(.write))
    let lastWrite = try #require(calls.lastIndex(of: .write))
    #expect(calls[lastWrite...].contains(.fchmod))
    // After the rename: the check that the roster is the file written, and the folder's sync.
    #expect(calls[(rename + 1)...] == [.fstat, .lstat, .fsync])
    // A new roster is linked to its name, which fails rather than replace a file.
    let first = try callsOfASave(.firstEdit)
    let link = try #require(first.firstIndex(of: .link))
    #expect(!first.contains(.rename))
    #expect(first[(link + 1)...] == [.unlink, .fstat, .lstat, .fsync])
  }
}
