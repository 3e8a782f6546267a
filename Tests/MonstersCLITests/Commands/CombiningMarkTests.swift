import Foundation
import MonsterKit
import Testing

@testable import MonstersCLI

/// Text where a combining mark follows a delimiter: `/` in a path, `=` in `NAME=VALUE`, `,`
/// in a list, `'` in a shell word. Swift's strings make one Character of the delimiter and
/// the mark (`"/\u{338}"` holds no Character `/`); a file system, a shell and git read the
/// delimiter, and so does `monsters`.
@Suite struct CombiningMarkTests {
  private static let slashOverlay = "\u{338}"
  private static let acute = "\u{301}"

  /// The UTF-8 bytes of a monster's key in the roster file, or `nil` when it has none.
  private static func value(_ key: String, of name: String, in harness: CommandLineHarness)
    throws -> JSONValue?
  {
    let roster = try Roster(jsonBytes: Array(try #require(harness.rosterBytes())))
    let monster = try #require(roster.first { $0.name == name })
    return try #require(roster.field(named: key)).value(in: monster)
  }

  @Test func aFileNameThatStartsWithACombiningMarkIsInItsFolder() throws {
    let harness = try CommandLineHarness()
    let folder = harness.path("dir")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let path = folder + "/" + Self.slashOverlay + "x.json"
    #expect(harness.run(["init", "--file", path]).code == .success)
    #expect(harness.run(["set", "Cat-Bot", "--weapon", "fire", "--file", path]).code == .success)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.map { Array($0.utf8) } == [Array((Self.slashOverlay + "x.json").utf8)])
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder) == ["dir"])
    // A missing folder is named as the folder before the last `/`.
    let missing = harness.path("nowhere") + "/" + Self.slashOverlay + "x.json"
    let result = harness.run(["list", "--file", missing])
    #expect(result.code == .noInput)
    #expect(result.errors.contains("nor a folder \(harness.path("nowhere")) for it"), "\(result)")
  }

  @Test func aValueAfterAnEqualsSignMayStartWithACombiningMark() throws {
    let harness = try CommandLineHarness()
    let text = Self.acute + "x"
    #expect(harness.run(["set", "Cat-Bot", "--description=" + text]).code == .success)
    #expect(try Self.value("description", of: "Cat-Bot", in: harness) == .string(text))
    #expect(harness.run(["fields", "add", "note"]).code == .success)
    #expect(harness.run(["set", "Cat-Bot", "--field", "note=" + text]).code == .success)
    #expect(try Self.value("note", of: "Cat-Bot", in: harness) == .string(text))
    #expect(
      harness.run(["list", "--where", "note=" + text, "--format", "names"])
        == CommandResult(.success, output: "Cat-Bot\n"))
    // A list of values splits at each comma.
    #expect(harness.run(["fields", "add", "team", "--values", "a," + text]).code == .success)
    #expect(harness.run(["set", "Dog-Bot", "--field", "team=" + text]).code == .success)
    #expect(try Self.value("team", of: "Dog-Bot", in: harness) == .string(text))
    // A field's name holding `=` could not be given as NAME=VALUE.
    let refused = harness.run(["fields", "add", "k=" + Self.acute])
    #expect(refused.code == .usage)
    #expect(refused.errors.contains("holds '='"), "\(refused)")
  }

  @Test func aShellWordQuotesEveryQuote() throws {
    let harness = try CommandLineHarness()
    for word in ["it'\(Self.acute)s", "'\(Self.acute); touch pwned; '", "a/\(Self.slashOverlay)'"] {
      let quoted = ManPage.Example.shellQuoted(word)
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", "printf %s " + quoted]
      shell.currentDirectoryURL = URL(fileURLWithPath: harness.folder)
      let output = Pipe()
      shell.standardOutput = output
      try shell.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      shell.waitUntilExit()
      #expect(shell.terminationStatus == 0)
      #expect(Array(data) == Array(word.utf8), "\(quoted)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder).isEmpty)
  }

  @Test func anAttributesPatternIsReadCodePointByCodePoint() {
    let name = Self.slashOverlay + "x.json"
    #expect(GitAttributes.literallyMatches("/" + name, path: name) == .matches)
    #expect(GitAttributes.literallyMatches("sub/" + name, path: "sub/" + name) == .matches)
    #expect(GitAttributes.literallyMatches(name, path: "sub/" + name) == .matches)
    #expect(GitAttributes.literallyMatches("*" + Self.acute, path: "x") == .wildcard)
    // Another normal form is another file name to git.
    #expect(GitAttributes.literallyMatches("\u{E9}.json", path: "e\u{301}.json") == .doesNotMatch)
  }
}
