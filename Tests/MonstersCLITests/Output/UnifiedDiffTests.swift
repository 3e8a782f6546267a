import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct UnifiedDiffTests {
  private func diff(_ old: String, _ new: String) -> String {
    UnifiedDiff.text(old: Array(old.utf8), new: Array(new.utf8), oldName: "a", newName: "b")
  }

  private func lines(_ count: Int) -> String {
    (1...count).map { "line \($0)\n" }.joined()
  }

  @Test func sameTextsGiveNoDiff() {
    #expect(diff("", "") == "")
    #expect(diff(lines(5), lines(5)) == "")
  }

  @Test func oneChangedLineGetsThreeLinesOfContext() {
    let new = lines(10).replacingOccurrences(of: "line 5\n", with: "line five\n")
    #expect(
      diff(lines(10), new) == """
        --- a
        +++ b
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
  }

  @Test func changesFarApartGetHunksOfTheirOwnAndCloseOnesShareOne() {
    var new = lines(30).replacingOccurrences(of: "line 2\n", with: "two\n")
    new = new.replacingOccurrences(of: "line 25\n", with: "")
    new = new.replacingOccurrences(of: "line 28\n", with: "line 28\nextra\n")
    #expect(
      diff(lines(30), new) == """
        --- a
        +++ b
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +two
         line 3
         line 4
         line 5
        @@ -22,9 +22,9 @@
         line 22
         line 23
         line 24
        -line 25
         line 26
         line 27
         line 28
        +extra
         line 29
         line 30

        """)
  }

  @Test func aNewFileIsAddedWhole() {
    #expect(diff("", "a\nb\n") == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n")
  }

  @Test func aMissingFinalNewlineIsMarked() {
    #expect(
      diff("a\nb", "a\nb\n")
        == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
  }

  @Test func aRegionTooDifferentForMyersIsReplacedWhole() {
    let count = UnifiedDiff.maximumEditDistance + 10
    let old = (0..<count).map { "old \($0)\n" }.joined()
    let new = (0..<count).map { "new \($0)\n" }.joined()
    let text = diff("keep\n" + old + "keep\n", "keep\n" + new + "keep\n")
    #expect(text.hasPrefix("--- a\n+++ b\n@@ -1,\(count + 2) +1,\(count + 2) @@\n keep\n-old 0\n"))
    #expect(patch("keep\n" + old + "keep\n", with: text) == "keep\n" + new + "keep\n")
  }

  @Test func randomEditsRoundTripThroughThePatch() {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let old = (0..<Int(generator.next() % 40)).map { _ in "\(generator.next() % 8)\n" }
      var new = old
      for _ in 0..<Int(generator.next() % 6) {
        let position = new.isEmpty ? 0 : Int(generator.next() % UInt64(new.count))
        switch generator.next() % 3 {
        case 0 where !new.isEmpty: new.remove(at: position)
        case 1: new.insert("\(generator.next() % 8)\n", at: position)
        default: if !new.isEmpty { new[position] = "x\n" }
        }
      }
      let text = diff(old.joined(), new.joined())
      #expect(patch(old.joined(), with: text) == new.joined(), "\(old) -> \(new)")
    }
  }

  @Test(.enabled(if: GNUTool.diff, "GNU diff is not installed: BSD diff makes other hunks"))
  func hunksMatchGNUDiffWhereItIsInstalled() throws {
    var generator = SeededGenerator(seed: 7)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for _ in 0..<20 {
      let old = (0..<60).map { "line \($0)\n" }
      var new = old
      for _ in 0..<3 {
        new[Int(generator.next() % 60)] = "changed \(generator.next() % 100)\n"
      }
      try Data(old.joined().utf8).write(to: folder.appendingPathComponent("a"))
      try Data(new.joined().utf8).write(to: folder.appendingPathComponent("b"))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
      process.arguments = ["-u", "a", "b"]
      process.currentDirectoryURL = folder
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let gnu = String(decoding: output, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .filter { $0.hasPrefix("@@") }
      let ours = diff(old.joined(), new.joined()).split(separator: "\n").filter {
        $0.hasPrefix("@@")
      }
      #expect(ours == gnu)
    }
  }

  /// Applies a unified diff, as `patch` would, checking every context and removed line.
  private func patch(_ old: String, with diff: String) -> String? {
    var source = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if source.last == "" { source.removeLast() }
    var result: [String] = []
    var position = 0
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
      if line.hasPrefix("@@") {
        let oldStart = Int(line.split(separator: " ")[1].dropFirst().split(separator: ",")[0]) ?? 0
        let start = max(oldStart - 1, 0)
        let hunkStart = line.contains("-0,0") ? 0 : start
        result += source[position..<hunkStart]
        position = hunkStart
      } else if line.hasPrefix(" ") || line.hasPrefix("-") {
        guard position < source.count, source[position] == String(line.dropFirst()) else {
          return nil
        }
        if line.hasPrefix(" ") { result.append(source[position]) }
        position += 1
      } else if line.hasPrefix("+") {
        result.append(String(line.dropFirst()))
      }
    }
    result += source[position...]
    return result.map { $0 + "\n" }.joined()
  }

  // MARK: - Header names

  static let headerNames: [(String, String)] = [
    ("monsters.json", "monsters.json"),
    ("/dev/null", "/dev/null"),
    ("my roster.json", #""my roster.json""#),
    ("é.json", #""\303\251.json""#),
    ("q\"uote", #""q\"uote""#),
    ("back\\slash", #""back\\slash""#),
    ("tab\tnew\nline\r", #""tab\tnew\nline\r""#),
    ("tab\tx\ry\u{C}", #""tab\tx\ry\f""#),
    ("bell\u{7}\u{1B}", #""bell\a\033""#),
    ("del\u{7F}", "del\u{7F}"),
    ("a'b$c;d*e", "a'b$c;d*e"),
  ]

  @Test(arguments: headerNames)
  func headerNamesAreQuotedAsGNUDiffQuotesThem(_ name: String, _ header: String) {
    #expect(UnifiedDiff.headerName(name) == header)
    let text = UnifiedDiff.text(old: Array("a\n".utf8), new: [], oldName: name, newName: name)
    #expect(text.hasPrefix("--- \(header)\n+++ \(header)\n@@ -1,1 +0,0 @@\n"))
  }

  /// The same names through GNU diff, where it is installed (macOS's diff is BSD's, which
  /// quotes no name).
  @Test(.enabled(if: GNUTool.diff, "GNU diff is not installed: BSD diff quotes no name"))
  func headerNamesAreWhatDiffPrints() throws {
    let harness = try CommandLineHarness()
    let folder = harness.folder
    let empty = folder + "/empty"
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    for (name, _) in Self.headerNames where !name.hasPrefix("/") && !name.contains("\n") {
      let path = folder + "/" + name
      #expect(FileManager.default.createFile(atPath: path, contents: Data("a\n".utf8)))
      let result = try BuiltTool.run(
        URL(fileURLWithPath: "/usr/bin/diff"), ["-u", name, "empty"], in: folder)
      let header = result.output.split(separator: "\n").first.map(String.init) ?? ""
      let expected = "--- " + UnifiedDiff.headerName(name) + "\t"
      #expect(header.hasPrefix(expected), "\(name.debugDescription): \(header.debugDescription)")
    }
  }

  /// A dry run's diff of a roster with an awkward name, applied by GNU `patch -p0` and by
  /// `git apply -p0` where they are installed, makes the file the edit would have made.
  /// (BSD patch, macOS's, reads no quoted name: it is not tried.)
  @Test(arguments: ["my roster.json", "é \"q\" \\.json", "tab\tname.json"])
  func aDryRunsDiffAppliesWithPatch(_ name: String) throws {
    let harness = try CommandLineHarness()
    let edited = harness.path("edited.json")
    try harness.write(seededRosterText, to: edited)
    #expect(harness.run(["--file", edited, "set", "cat-bot", "--weapon", "fire"]).code == .success)
    for (tool, arguments, usable) in [
      ("/usr/bin/patch", ["-p0", "-s", "-i"], GNUTool.patch),
      (
        "/usr/bin/git", ["apply", "-p0"],
        FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
      ),
    ] {
      guard usable else {
        print("\(tool) is not installed, or not GNU's; the diff is not applied with it.")
        continue
      }
      try harness.write(seededRosterText, to: harness.path(name))
      // The built tool, run in the folder, so that the diff names the file as given.
      let binary = try #require(BuiltTool.url, "the monsters binary could not be found or built")
      let dryRun = try BuiltTool.run(
        binary, ["--file", name, "set", "cat-bot", "--weapon", "fire", "--dry-run"],
        in: harness.folder)
      #expect(dryRun.status == 0, "\(dryRun.errors)")
      try harness.write(dryRun.output, to: harness.path("edit.patch"))
      let applied = try BuiltTool.run(
        URL(fileURLWithPath: tool), arguments + ["edit.patch"], in: harness.folder)
      #expect(applied.status == 0, "\(tool): \(applied.output) \(applied.errors)")
      #expect(
        FileManager.default.contents(atPath: harness.path(name))
          == FileManager.default.contents(atPath: edited), "\(tool)")
    }
  }
}

/// Whether GNU's tools are what `/usr/bin` has: GNU diff quotes a name as the dry run's
/// diff does, and GNU patch reads such a name; the BSD tools of macOS do neither.
private enum GNUTool {
  static let diff = isGNU("/usr/bin/diff")
  static let patch = isGNU("/usr/bin/patch")

  /// Whether a tool is installed and says it is GNU's when asked its version.
  private static func isGNU(_ tool: String) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.contains("GNU")
  }
}
