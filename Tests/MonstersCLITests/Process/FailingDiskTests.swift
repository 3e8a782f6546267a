import Foundation
import MonsterKit
import MonstersSystem
import Testing

/// A small `tmpfs` mounted on a fresh folder for one test, unmounted when it goes away.
final class ScratchDisk {
  /// The folder the file system is mounted on.
  let path: String

  /// Mounts a `tmpfs` with the given options (such as `size=64k`) on a new folder in
  /// `folder`.
  init(in folder: String, options: String) throws {
    path = folder + "/disk"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let result = try Self.mount(["-t", "tmpfs", "-o", options, "tmpfs", path])
    guard result.status == 0 else { throw ScratchDiskError.notMounted(result.errors) }
  }

  deinit {
    _ = try? Self.run(["umount", path])
  }

  /// Makes the file system read-only.
  func remountReadOnly() throws {
    let result = try Self.mount(["-o", "remount,ro", path])
    guard result.status == 0 else { throw ScratchDiskError.notMounted(result.errors) }
  }

  /// Fills the file system with files of one page each until it is full, then removes
  /// `pages` of them again.
  func fill(leaving pages: Int) throws {
    let page = [UInt8](repeating: 0x2E, count: 4096)
    var fillers: [String] = []
    while true {
      let filler = path + "/filler-\(fillers.count)"
      let descriptor: Int32
      do throws(SystemCallError) {
        descriptor = try Platform.openFile(filler, [.writeOnly, .create, .exclusive], mode: 0o644)
      } catch {
        throw ScratchDiskError.cannotFill(error.code)
      }
      let written = page.withUnsafeBytes { (try? Platform.writeBytes(descriptor, $0)) ?? 0 }
      Platform.closeFile(descriptor)
      fillers.append(filler)
      if written < page.count { break }
    }
    for filler in fillers.suffix(pages + 1) {
      try? Platform.removeFile(filler)
    }
  }

  /// Whether this machine lets the tests mount a `tmpfs`: they run as root where it does.
  static let isAllowed: Bool = {
    let folder =
      FileManager.default.temporaryDirectory.path + "/monsters-mount-probe-"
      + UUID().uuidString
    guard
      (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false))
        != nil
    else { return false }
    // The disk is unmounted as soon as it is made, before its folder is removed.
    let mounted = (try? ScratchDisk(in: folder, options: "size=16k")) != nil
    try? FileManager.default.removeItem(atPath: folder)
    if !mounted {
      print("FailingDiskTests: cannot mount a tmpfs here; the full and read-only disk tests skip")
    }
    return mounted
  }()

  private static func mount(_ arguments: [String]) throws -> ProcessResult {
    try run(["mount"] + arguments)
  }

  private static func run(_ arguments: [String]) throws -> ProcessResult {
    try BuiltTool.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: "/")
  }
}

enum ScratchDiskError: Error {
  case notMounted(String)
  case cannotFill(Int32)
}

/// Edits on disks that fail them: full, read-only, a folder that is missing, a folder where
/// the file should be. Each fails with 74, leaves the roster byte for byte as it was, and
/// leaves no temporary file.
@Suite struct FailingDiskTests {
  let harness: CommandLineHarness

  init() throws {
    harness = try CommandLineHarness()
  }

  /// Runs an edit on a roster that cannot be written, and checks that it fails with 74 and
  /// the message, that the roster is as it was, and that nothing is left beside it.
  ///
  /// - Parameter named: Whether the roster is named with `--file`, which needs it to exist,
  ///   or is the default roster, which an edit creates.
  private func expectFailedEdit(
    _ arguments: [String], roster path: String, message: String, named: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = FileManager.default.contents(atPath: path)
    let folder = (path as NSString).deletingLastPathComponent
    let entriesBefore = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let result =
      named
      ? harness.run(["--file", path] + arguments)
      : harness.run(arguments, defaultRosterFile: path)
    #expect(
      result == CommandResult(.ioError, errors: "Error: \(message)\n"),
      "monsters \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
    #expect(FileManager.default.contents(atPath: path) == before, sourceLocation: sourceLocation)
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    #expect(entries.sorted() == entriesBefore.sorted(), sourceLocation: sourceLocation)
  }

  /// The message of a write that fails with an error.
  private func writeFailure(_ path: String, _ reason: String) -> String {
    "Cannot write \(path): \(reason). The file is as it was."
  }

  /// The edits tried on each failing disk.
  static let edits: [[String]] = [
    ["set", "cat-bot", "--weapon", "fire"],
    [
      "add", "Robo-Bot", "--weapon", "smoke", "--description",
      String(repeating: "x", count: 12_000),
    ],
    ["remove", "dog-bot"],
    ["rename", "ice-bot", "Frost-Bot"],
    ["init", "--force"],
  ]

  // MARK: - A full disk

  @Test(
    .enabled(if: ScratchDisk.isAllowed, "needs to mount a tmpfs"),
    arguments: [0, 1, 2])
  func fullDiskFailsTheEditAndKeepsTheRoster(freePages: Int) throws {
    let disk = try ScratchDisk(in: harness.folder, options: "size=64k")
    let path = disk.path + "/monsters.json"
    #expect(harness.run(["--file", path, "init"]).code == .success)
    try disk.fill(leaving: freePages)
    // The new roster takes more pages than are free: the large description takes three.
    for edit in Self.edits where freePages == 0 || edit[0] == "add" {
      try expectFailedEdit(
        edit, roster: path, message: writeFailure(path, "No space left on device"))
    }
    let script = harness.path("edits.txt")
    try harness.write("set cat-bot --weapon fire\n\n# then\nremove dog-bot\n", to: script)
    if freePages == 0 {
      try expectFailedEdit(
        ["apply", script], roster: path, message: writeFailure(path, "No space left on device"))
    }
    // Reading still works.
    #expect(harness.run(["--file", path, "list", "--format", "names"]).output == seededNames)
  }

  @Test(.enabled(if: ScratchDisk.isAllowed, "needs to mount a tmpfs"))
  func fullDiskFailsTheFirstEditAndCreatesNoFile() throws {
    let disk = try ScratchDisk(in: harness.folder, options: "size=16k")
    try disk.fill(leaving: 0)
    let path = disk.path + "/monsters.json"
    for edit in Self.edits {
      try expectFailedEdit(
        edit, roster: path, message: writeFailure(path, "No space left on device"), named: false)
    }
    try expectFailedEdit(
      ["init"], roster: path, message: writeFailure(path, "No space left on device"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(.enabled(if: ScratchDisk.isAllowed, "needs to mount a tmpfs"))
  func diskWithoutFreeInodesFailsTheEdit() throws {
    // The folder, the roster and another file take the three inodes; the temporary file
    // finds none.
    let disk = try ScratchDisk(in: harness.folder, options: "size=64k,nr_inodes=3")
    let path = disk.path + "/monsters.json"
    #expect(harness.run(["--file", path, "init"]).code == .success)
    try harness.write("", to: disk.path + "/other")
    for edit in Self.edits {
      try expectFailedEdit(
        edit, roster: path, message: writeFailure(path, "No space left on device"))
    }
  }

  // MARK: - A read-only disk or folder

  @Test(.enabled(if: ScratchDisk.isAllowed, "needs to mount a tmpfs"))
  func readOnlyFileSystemFailsTheEditAndKeepsTheRoster() throws {
    let disk = try ScratchDisk(in: harness.folder, options: "size=64k")
    let path = disk.path + "/monsters.json"
    #expect(harness.run(["--file", path, "init"]).code == .success)
    try disk.remountReadOnly()
    for edit in Self.edits {
      try expectFailedEdit(
        edit, roster: path, message: writeFailure(path, "Read-only file system"))
    }
    #expect(harness.run(["--file", path, "list", "--format", "names"]).output == seededNames)
    #expect(harness.run(["--file", path, "check"]).code == .success)
  }

  @Test(.enabled(if: ScratchDisk.isAllowed, "needs to mount a tmpfs"))
  func readOnlyFileSystemFailsTheFirstEdit() throws {
    let disk = try ScratchDisk(in: harness.folder, options: "size=64k")
    try disk.remountReadOnly()
    let path = disk.path + "/monsters.json"
    for edit in Self.edits {
      try expectFailedEdit(
        edit, roster: path, message: writeFailure(path, "Read-only file system"), named: false)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
  }

  @Test(
    .enabled(
      if: Platform.effectiveUserID != 0, "root ignores permission bits; see the read-only tmpfs"))
  func folderWithoutWritePermissionFailsTheEdit() throws {
    let folder = harness.path("locked")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let path = folder + "/monsters.json"
    #expect(harness.run(["--file", path, "init"]).code == .success)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
    }
    for edit in Self.edits {
      try expectFailedEdit(edit, roster: path, message: writeFailure(path, "Permission denied"))
    }
  }

  // MARK: - Paths that are not a roster's

  @Test func missingFolderFailsTheEdit() throws {
    let folder = harness.path("missing")
    let path = folder + "/monsters.json"
    for edit in Self.edits {
      #expect(
        harness.run(edit, defaultRosterFile: path)
          == CommandResult(
            .noInput,
            errors: "Error: No roster file at \(path), nor a folder \(folder) for it. Create "
              + "both with: mkdir -p \(folder) && monsters init --file \(path)\n"),
        "monsters \(edit.joined(separator: " "))")
    }
    #expect(
      harness.run(["--file", path, "check"])
        == CommandResult(.noInput, errors: "Error: \(path): no such file.\n"))
    #expect(!FileManager.default.fileExists(atPath: harness.path("missing")))
  }

  @Test func folderWhereTheFileShouldBeFailsTheEdit() throws {
    let path = harness.rosterPath
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    for edit in Self.edits {
      let message =
        edit[0] == "init"
        ? writeFailure(path, "Is a directory") : "Cannot read \(path): Is a directory."
      try expectFailedEdit(edit, roster: path, message: message)
    }
    for reading in [["list"], ["check"], ["show", "cat-bot"]] {
      #expect(
        harness.run(["--file", path] + reading)
          == CommandResult(.ioError, errors: "Error: Cannot read \(path): Is a directory.\n"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
  }
}
