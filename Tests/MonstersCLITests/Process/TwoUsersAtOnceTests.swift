import Dispatch
import Foundation
import MonsterKit
import MonstersSystem
import ProgramRunning
import Synchronization
import TestSupport
import Testing

/// Two users adding monsters to one roster at once, each as themselves (through
/// `setpriv(1)`), in folders that let them do different things: every add a user was told
/// was made is in the roster at the end, whoever made it and however the two locked it.
@Suite(
  .enabled(
    if: Platform.effectiveUserID == 0
      && installedProgram("setpriv") != nil,
    "needs root, to run edits as two other users with setpriv"))
struct TwoUsersAtOnceTests {
  static let owner: uid_t = 4011
  static let other: uid_t = 4012
  static let lanesPerUser = 6
  static let addsPerLane = 20

  /// The folders: its mode, and whether the other user may edit in it.
  enum Folder: CaseIterable, CustomStringConvertible {
    /// The owner may read it; the other user may write and search it but not read it, so
    /// cannot lock it: the two take different locks unless the roster file is locked too.
    case writableNotReadable
    /// The other user may only search it: their edits are refused, the owner's kept.
    case searchOnly
    /// Sticky, as `/tmp` is: the other user may write it but not replace the owner's file.
    case sticky
    /// Both may read and write it.
    case open

    var mode: mode_t {
      switch self {
      case .writableNotReadable: 0o733
      case .searchOnly: 0o711
      case .sticky: 0o1777
      case .open: 0o777
      }
    }

    var description: String { String(mode, radix: 8) }
  }

  /// Runs the built `monsters` as a user on a roster.
  private static func monsters(as user: uid_t, _ arguments: [String], roster: String) throws
    -> (termination: Termination, errors: String)
  {
    let binary = try #require(BuiltTool.url)
    let line =
      ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", binary.path, "-f", roster]
      + arguments
    let result = try SpawnedProcess.run(
      URL(fileURLWithPath: try #require(installedProgram("setpriv"))),
      arguments: line.map { Array($0.utf8) },
      environment: [:])
    return (result.termination, String(decoding: result.errors, as: UTF8.self))
  }

  @Test(arguments: Folder.allCases)
  func everyAddEitherUserWasToldOfIsKept(_ folder: Folder) throws {
    let harness = try CommandLineHarness()
    let path = harness.path("team")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(chown(path, Self.owner, Self.owner) == 0)
    try Platform.setMode(folder.mode, ofPath: path)
    let roster = path + "/monsters.json"
    try harness.write(seededRosterText, to: roster)
    #expect(chown(roster, Self.owner, Self.owner) == 0)
    try Platform.setMode(0o666, ofPath: roster)

    let reported = Mutex<[String]>([])
    let refused = Mutex<[String]>([])
    let lanes = [Self.owner, Self.other].flatMap { user in
      (0..<Self.lanesPerUser).map { (user, $0) }
    }
    DispatchQueue.concurrentPerform(iterations: lanes.count) { lane in
      let (user, number) = lanes[lane]
      for add in 0..<Self.addsPerLane {
        let name = "U\(user)-L\(number)-\(add)"
        guard
          let result = try? Self.monsters(
            as: user, ["add", name, "--weapon", "fire"], roster: roster)
        else { continue }
        if result.termination == .exited(0) {
          reported.withLock { $0.append(name) }
        } else {
          refused.withLock { $0.append("\(name): \(result.termination) \(result.errors)") }
        }
      }
    }
    let kept = try Roster(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: roster))))
    let missing = reported.withLock { $0 }.filter { kept.monster(named: $0) == nil }
    #expect(missing.isEmpty, "\(folder): adds reported but lost: \(missing)")
    let ownersAdds = reported.withLock { $0 }.filter { $0.hasPrefix("U\(Self.owner)-") }
    #expect(ownersAdds.count == Self.lanesPerUser * Self.addsPerLane, "\(refused.withLock { $0 })")
    // The other user's edits are made where the folder lets them, and refused, with a reason
    // and nothing written, where it does not.
    let othersAdds = reported.withLock { $0 }.count - ownersAdds.count
    switch folder {
    case .writableNotReadable, .open:
      #expect(othersAdds == Self.lanesPerUser * Self.addsPerLane, "\(refused.withLock { $0 })")
    case .searchOnly, .sticky:
      for refusal in refused.withLock({ $0 }) {
        #expect(refusal.contains("exited with 74") && refusal.contains("Error:"), "\(refusal)")
        break
      }
    }
    // Nothing is left beside the roster: no lock file, no temporary file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["monsters.json"])
  }
}
