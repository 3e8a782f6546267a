import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct MergeCommandTests {
  /// A harness with `base.json`, the seeded roster, and `ours.json` and `theirs.json`, the
  /// seeded roster edited by each script.
  private func sides(ours: String, theirs: String, folder: String = "") throws
    -> CommandLineHarness
  {
    let harness = try CommandLineHarness()
    if !folder.isEmpty {
      try FileManager.default.createDirectory(
        atPath: harness.path(folder), withIntermediateDirectories: false)
    }
    for (name, edits) in [("base", ""), ("ours", ours), ("theirs", theirs)] {
      let path = harness.path(folder + name + ".json")
      try harness.write(seededRosterText, to: path)
      let applied = harness.run(["-f", path, "apply", "-"], input: edits)
      #expect(applied.code == .success, "\(applied.errors)")
    }
    return harness
  }

  private func merge(_ harness: CommandLineHarness, _ options: [String] = [], folder: String = "")
    -> CommandResult
  {
    harness.run(
      ["merge"] + options + ["base", "ours", "theirs"].map { harness.path(folder + $0 + ".json") })
  }

  @Test func aCleanMergeWritesTheResultToOursAndExitsZero() throws {
    let harness = try sides(
      ours: "set Cat-Bot --weapon fire\nadd Robo-Bot --weapon smoke",
      theirs: "set Cat-Bot --description Purr\nadd Space-Bot --weapon fire\nremove Dog-Bot")
    #expect(merge(harness) == CommandResult(.success))
    let expected = try sides(
      ours: """
        set Cat-Bot --weapon fire --description Purr
        remove Dog-Bot
        add Robo-Bot --weapon smoke
        add Space-Bot --weapon fire
        """, theirs: "")
    #expect(
      try String(contentsOfFile: harness.path("ours.json"), encoding: .utf8)
        == String(contentsOfFile: expected.path("ours.json"), encoding: .utf8))
    #expect(harness.run(["-f", harness.path("ours.json"), "check"]).code == .success)
  }

  @Test func conflictsAreMarkedListedAndExitOne() throws {
    let harness = try sides(
      ours: "set Cat-Bot --weapon fire\nremove Ice-Bot\nrename Dog-Bot Robo-Bot",
      theirs: "set Cat-Bot --weapon smoke\nset Ice-Bot --icon ice.png\nrename Fire-Bot robo-bot")
    let ours = harness.path("ours.json")
    #expect(
      merge(harness)
        == CommandResult(
          .failure,
          errors: """
            \(ours): conflict: Cat-Bot: weapon fire in ours, smoke in theirs
            \(ours): conflict: Ice-Bot: removed in ours, changed in theirs (icon meeticebot.png -> ice.png)
            \(ours): conflict: 'Robo-Bot' and 'robo-bot' would be the same name
            Error: 3 conflicts in \(ours), marked in the file; resolve them and run 'monsters check'.

            """))
    // Cat-Bot and Ice-Bot each between markers of their own, to resolve alone; Dog-Bot
    // (Robo-Bot) and Fire-Bot (robo-bot), which would have one name, in one piece with the
    // monster between them, to resolve together.
    let text = try String(contentsOfFile: ours, encoding: .utf8)
    #expect(text.components(separatedBy: "\n<<<<<<< ours\n").count == 4)
    #expect(
      harness.run(["-f", ours, "list"])
        == CommandResult(
          .dataError,
          errors: "Error: \(ours):4: unresolved merge conflict (and 2 more; run 'monsters check')\n"
        ))
  }

  @Test func thePathLabelsTheMarkersAndTheMessages() throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Cat-Bot --weapon smoke")
    let result = merge(harness, ["--marker-size", "10", "--path", "my monsters.json"])
    #expect(
      result.errors.hasPrefix("my monsters.json: conflict: Cat-Bot: weapon fire in ours, smoke"))
    let lines = try String(contentsOfFile: harness.path("ours.json"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.contains("<<<<<<<<<< ours (my monsters.json)"))
    #expect(lines.contains("=========="))
    #expect(lines.contains(">>>>>>>>>> theirs (my monsters.json)"))
  }

  @Test func anEmptyBaseIsARosterWithNoMonsters() throws {
    let harness = try sides(ours: "add Robo-Bot --weapon fire", theirs: "")
    try harness.write("", to: harness.path("base.json"))
    #expect(merge(harness) == CommandResult(.success))
    #expect(
      harness.run(["-f", harness.path("ours.json"), "list", "--format", "names"]).output
        == seededNames + "Robo-Bot\n")
  }

  /// A driver that cannot merge for a bad marker size, one that is not a whole number from
  /// 1 or is past the longest markers written, still leaves a file every command refuses as
  /// conflicted, marked with git's default markers: git never takes it for a clean merge.
  @Test(
    arguments: ["0", "x", "-1", "1e3", "", "0x10"].map {
      ($0, "; give a whole number from 1 (git's %L)")
    }
      + ["1048577", "99999999999999999999999"].map {
        ($0, " is longer than the longest markers written, 1048576")
      })
  func aBadMarkerSizeIsAUsageErrorAndLeavesBothFilesWholeBetweenMarkers(
    _ size: String, _ why: String
  ) throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Dog-Bot --weapon smoke")
    let (ours, theirs) = try (
      String(contentsOfFile: harness.path("ours.json"), encoding: .utf8),
      String(contentsOfFile: harness.path("theirs.json"), encoding: .utf8)
    )
    let result = merge(harness, ["--marker-size", size, "--path", "monsters.json"])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: Invalid value for '--marker-size <n>': '\(size)'\(why).\nNothing was merged: "
          + "monsters.json holds all of ours and all of theirs between conflict markers."))
    #expect(
      try String(contentsOfFile: harness.path("ours.json"), encoding: .utf8)
        == "<<<<<<< ours (monsters.json)\n\(ours)=======\n\(theirs)>>>>>>> theirs (monsters.json)\n"
    )
  }

  /// git 2.44 and later pass what each side is (`%X`, `%Y`): the markers say it, and the
  /// conflicts resolve as any; an older git passes the placeholders as they are, and an
  /// escape in a label stays on its line.
  @Test(arguments: [
    (["main", "feature/x"], "ours: main (monsters.json)", "theirs: feature/x (monsters.json)"),
    (["%X", "%Y"], "ours (monsters.json)", "theirs (monsters.json)"),
    (["", ""], "ours (monsters.json)", "theirs (monsters.json)"),
    (["a\nb", "HEAD"], "ours: a\\nb (monsters.json)", "theirs: HEAD (monsters.json)"),
  ])
  func theMarkersNameWhatEachSideIsWhereGitSays(
    _ labels: [String], _ opening: String, _ closing: String
  ) throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Cat-Bot --weapon smoke")
    let result = merge(
      harness,
      ["--path=monsters.json", "--ours-label=\(labels[0])", "--theirs-label=\(labels[1])"])
    #expect(result.code == .failure)
    let lines = try String(contentsOfFile: harness.path("ours.json"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("<<<<<<< \(opening)"))
    #expect(lines.contains(">>>>>>> \(closing)"))
    let resolve = harness.run(["-f", harness.path("ours.json"), "resolve", "--theirs"])
    #expect(resolve.code == .success)
    #expect(
      harness.run(["-f", harness.path("ours.json"), "show", "cat-bot", "--format", "json"])
        .output.contains("\"weapon\": \"smoke\""))
  }

  @Test(arguments: [1, 3, 6, 7, 2000, 100_000])
  func markersAreAsLongAsAskedAndEveryCommandFindsThem(_ size: Int) throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Cat-Bot --weapon smoke")
    #expect(merge(harness, ["--marker-size=\(size)"]).code == .failure)
    let lines = try String(contentsOfFile: harness.path("ours.json"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.contains(Substring(String(repeating: "<", count: size) + " ours")))
    #expect(lines.contains(Substring(String(repeating: "=", count: size))))
    #expect(lines.contains(Substring(String(repeating: ">", count: size) + " theirs")))
    let list = harness.run(["-f", harness.path("ours.json"), "list"])
    #expect(list.code == .dataError)
    #expect(list.errors.hasSuffix(":4: unresolved merge conflict\n"))
  }

  @Test func oursCannotBeStandardInput() throws {
    let harness = try sides(ours: "", theirs: "")
    let result = harness.run(["merge", harness.path("base.json"), "-", harness.path("theirs.json")])
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: <ours> cannot be '-': the result is written to it.\n"))
  }

  @Test func theirsMayBeStandardInput() throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Dog-Bot --weapon fire")
    let theirs = try String(contentsOfFile: harness.path("theirs.json"), encoding: .utf8)
    let result = harness.run(
      ["merge", harness.path("base.json"), harness.path("ours.json"), "-"], input: theirs)
    #expect(result == CommandResult(.success))
    #expect(
      harness.run([
        "-f", harness.path("ours.json"), "list", "--weapon", "fire", "--format", "names",
      ])
      .output == "Cat-Bot\nDog-Bot\nIce-Bot\n")
  }

  @Test func aMissingSideIsNoInputAndOursIsLeftAsItWas() throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "")
    let before = try Data(contentsOf: URL(fileURLWithPath: harness.path("ours.json")))
    try FileManager.default.removeItem(atPath: harness.path("theirs.json"))
    #expect(
      merge(harness, ["--path", "monsters.json"])
        == CommandResult(.noInput, errors: "Error: monsters.json (theirs): no such file.\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: harness.path("ours.json"))) == before)
    #expect(
      merge(harness)
        == CommandResult(
          .noInput, errors: "Error: THEIRS: \(harness.path("theirs.json")): no such file.\n"))
  }

  @Test(arguments: ["base", "ours", "theirs"])
  func aSideThatIsNotARosterLeavesBothFilesWholeBetweenMarkers(_ broken: String) throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Dog-Bot --weapon smoke")
    let path = harness.path(broken + ".json")
    // An editor's byte order mark, before a roster that is otherwise fine.
    try harness.write("\u{FEFF}" + (try String(contentsOfFile: path, encoding: .utf8)), to: path)
    let (ours, theirs) = try (
      Data(contentsOf: URL(fileURLWithPath: harness.path("ours.json"))),
      Data(contentsOf: URL(fileURLWithPath: harness.path("theirs.json")))
    )
    #expect(
      merge(harness, ["--path", "team/monsters.json"])
        == CommandResult(
          .dataError,
          errors: "Error: team/monsters.json (\(broken)):1:1: the file starts with a UTF-8 byte "
            + "order mark; remove it\nNothing was merged: team/monsters.json holds all of ours "
            + "and all of theirs between conflict markers. Keep one side whole with 'monsters "
            + "resolve --ours' or 'monsters resolve --theirs', or fix the side and merge again.\n"
        ))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: harness.path("ours.json")))
        == Data("<<<<<<< ours (team/monsters.json)\n".utf8) + ours + Data("=======\n".utf8)
        + theirs + Data(">>>>>>> theirs (team/monsters.json)\n".utf8))
    let check = harness.run(["check", harness.path("ours.json")])
    #expect(check.code == .failure)
    #expect(check.output == "\(harness.path("ours.json")):1: unresolved merge conflict\n")
  }

  @Test func aSideThatIsNotARosterIsADataErrorNamingTheSide() throws {
    let harness = try sides(ours: "", theirs: "")
    try harness.write("{\"version\": 2, \"monsters\": []}", to: harness.path("base.json"))
    let result = merge(harness)
    #expect(result.code == .dataError)
    #expect(
      result.errors.hasPrefix(
        "Error: BASE: \(harness.path("base.json")):1:13: the file is roster version 2, "
          + "newer than this monsters reads (1); use a newer monsters\nNothing was merged: "))
  }

  @Test func oursMustBeARegularFile() throws {
    let harness = try sides(ours: "", theirs: "")
    let fifo = harness.path("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(
      harness.run(["merge", harness.path("base.json"), fifo, harness.path("theirs.json")])
        == CommandResult(
          .ioError, errors: "Error: OURS: \(fifo) is not a regular file; a roster is kept in one.\n"
        )
    )
  }

  @Test func pathsWithSpacesWork() throws {
    let harness = try sides(
      ours: "set Cat-Bot --weapon fire", theirs: "set Dog-Bot --weapon fire", folder: "a b/")
    #expect(merge(harness, folder: "a b/") == CommandResult(.success))
  }

  @Test func theResultKeepsOursPermissionsAndLink() throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Dog-Bot --weapon fire")
    let target = harness.path("ours.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
    try FileManager.default.createSymbolicLink(
      atPath: harness.path("link.json"), withDestinationPath: "ours.json")
    let result = harness.run(
      ["merge", harness.path("base.json"), harness.path("link.json"), harness.path("theirs.json")])
    #expect(result == CommandResult(.success))
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: harness.path("link.json"))
        == "ours.json")
    // Nothing beside the files (the edits that made them may leave their locks).
    #expect(
      try harness.entries().filter { !$0.hasSuffix(".lock") } == [
        "base.json", "link.json", "ours.json", "theirs.json",
      ])
  }

  @Test func aMergeIntoALockedRosterTimesOutAndLeavesOursAsItWas() throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "set Dog-Bot --weapon fire")
    let before = try Data(contentsOf: URL(fileURLWithPath: harness.path("ours.json")))
    let holder = try LockHolder(folder: harness.folder)
    let result = merge(harness, ["--lock-timeout", "0.2"])
    holder.release()
    #expect(result.code == .lockBusy)
    #expect(result.errors.hasPrefix("Error: OURS: Another monsters is editing "))
    #expect(try Data(contentsOf: URL(fileURLWithPath: harness.path("ours.json"))) == before)
    #expect(merge(harness) == CommandResult(.success))
  }

  @Test func aMergeThatChangesNothingOfOursWritesNothing() throws {
    let harness = try sides(ours: "set Cat-Bot --weapon fire", theirs: "")
    let inode = { () throws -> Int in
      try FileManager.default.attributesOfItem(atPath: harness.path("ours.json"))[.systemFileNumber]
        as? Int ?? -1
    }
    let before = try inode()
    #expect(merge(harness) == CommandResult(.success))
    #expect(try inode() == before)
  }
}

extension CommandLineHarness {
  /// The names in the harness's folder, sorted.
  func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }
}
