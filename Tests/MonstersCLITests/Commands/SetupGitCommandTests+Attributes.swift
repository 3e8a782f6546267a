import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

// The line setup-git adds to an attributes file: how it names the roster, where it goes,
// which lines already count, and where git's own settings are read from.
extension SetupGitCommandTests {
  @Test func anAttributesFileWithoutAFinalLineBreakKeepsItsLines() throws {
    #expect(
      try Repository().setUp(withAttributes: "*.png binary").1
        == "*.png binary\nmonsters.json merge=monsters diff=monsters\n")
  }

  @Test func aRosterInASubfolderWithAnOddNameIsMatchedAlone() throws {
    let repository = try Repository()
    let folder = repository.harness.path("team roster")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let roster = folder + "/my [monsters]*.json"
    let result = repository.run(["setup-git"], roster: roster)
    #expect(result.code == .success)
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")
        == "\"team roster/my \\\\[monsters]\\\\*.json\" merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["check-attr", "merge", "--", "team roster/my [monsters]*.json"])
        == "team roster/my [monsters]*.json: merge: monsters\n")
    #expect(
      try repository.git(["check-attr", "merge", "--", "team roster/my [monsters]x.json"])
        == "team roster/my [monsters]x.json: merge: unspecified\n")
  }

  /// git keeps a symbolic link as a link and merges and diffs the file it leads to: the
  /// line sends that file to the drivers, not the link.
  @Test func aRosterThatIsASymbolicLinkSendsTheFileItLeadsToTheDrivers() throws {
    let repository = try Repository()
    let folder = repository.harness.path("data")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try repository.harness.write("{\"version\": 1, \"monsters\": []}\n", to: folder + "/team.json")
    try FileManager.default.createSymbolicLink(
      atPath: repository.harness.rosterPath, withDestinationPath: "data/team.json")
    let result = repository.run(["setup-git"])
    #expect(result.code == .success)
    #expect(
      result.output.hasPrefix(
        "Added to \(repository.harness.folder)/.gitattributes: data/team.json merge=monsters "
          + "diff=monsters\n"))
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")
        == "data/team.json merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["check-attr", "merge", "diff", "--", "data/team.json"])
        == "data/team.json: merge: monsters\ndata/team.json: diff: monsters\n")
  }

  /// A link to a roster outside the work tree leaves git only the link to keep: the
  /// message names the link, not just a folder that is not in a work tree.
  @Test func aRosterLinkedFromOutsideTheWorkTreeIsNamedAsALink() throws {
    let repository = try Repository()
    let outside = try CommandLineHarness()
    try outside.writeRoster("{\"version\": 1, \"monsters\": []}\n")
    try FileManager.default.createSymbolicLink(
      atPath: repository.harness.rosterPath, withDestinationPath: outside.rosterPath)
    let result = repository.run(["setup-git"])
    #expect(result.code == .failure)
    #expect(
      result.errors.hasPrefix(
        "Error: \(repository.harness.rosterPath) is a symbolic link to \(outside.rosterPath), "
          + "the file git would merge, and \(outside.folder) is not in a git work tree (run "
          + "'git init', or use --global): fatal: not a git repository"))
    #expect(repository.text(repository.harness.folder + "/.gitattributes") == nil)
  }

  @Test(arguments: [
    "team r\u{F6}ster.json", "say \"hi\".json", "sub dir/\u{E9}quipe \u{1F916}.json",
    "tab\there.json", "back\\slash [x].json", "#hash.json",
    // A combining mark after a glob character leaves it one to git.
    "*\u{301}.json", "[\u{301}x].json", "#\u{301}.json",
  ])
  func aPathIsQuotedAsGitQuotesItAndGitAppliesTheDrivers(_ name: String) throws {
    let repository = try Repository()
    let roster = repository.harness.path(name)
    if name.contains("/") {
      try FileManager.default.createDirectory(
        atPath: (roster as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }
    #expect(repository.run(["setup-git"], roster: roster).code == .success)
    #expect(
      try repository.git(["check-attr", "-z", "merge", "--", name]).hasSuffix("\0monsters\0"))
    #expect(try repository.git(["check-attr", "-z", "diff", "--", name]).hasSuffix("\0monsters\0"))
    // Only that file.
    for other in [name + "x", "a\u{301}.json", "x.json"] {
      #expect(
        try repository.git(["check-attr", "-z", "merge", "--", other]).hasSuffix(
          "\0unspecified\0"), "\(other)")
    }
    // And once only, however often it runs.
    _ = repository.run(["setup-git"], roster: roster)
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")?.split(separator: "\n")
        .count == 1)
  }

  @Test func aCRLFAttributesFileKeepsItsLineBreaks() throws {
    let repository = try Repository()
    let expected = "*.png binary\r\n*.txt text\r\nmonsters.json merge=monsters diff=monsters\r\n"
    #expect(try repository.setUp(withAttributes: "*.png binary\r\n*.txt text\r\n").1 == expected)
    #expect(try repository.setUp(withAttributes: "*.png binary\r\n*.txt text").1 == expected)
  }

  /// A line that sends monsters.json to both drivers counts however it is spelled; one for
  /// another file or one driver does not, nor one that holds both but that git reads
  /// otherwise (a later line or attribute takes one away, or git rejects the line). git
  /// decides; a line that does not count is added once, and git then uses both drivers.
  @Test(arguments: [
    ("/monsters.json merge=monsters diff=monsters\n", true),
    ("monsters.json\tdiff=monsters  merge=monsters\r\n", true),
    ("\"monsters.json\" merge=monsters diff=monsters\n", true),
    ("*.json merge=monsters diff=monsters\n", true),
    ("# the roster\n/monsters.json  merge=monsters diff=monsters -text\n", true),
    ("/other.json merge=monsters diff=monsters\n", false),
    ("monsters.json merge=monsters\n", false),
    ("monsters.json merge=monsters diff=monsters\nmonsters.json -merge -diff\n", false),
    ("monsters.json merge=monsters diff=monsters !merge\n", false),
    ("monsters.json merge=monsters diff=monsters merge\n", false),
    ("monsters.json merge=monsters diff=monsters # keep\n", false),
  ])
  func aLineCountsAsGitReadsIt(_ text: String, counts: Bool) throws {
    let repository = try Repository()
    let attributes = repository.harness.folder + "/.gitattributes"
    let (result, after) = try repository.setUp(withAttributes: text)
    let said =
      counts ? "\(attributes) sends monsters.json to the drivers already" : "Added to \(attributes)"
    let expected = counts ? text : text + "monsters.json merge=monsters diff=monsters\n"
    #expect(result.output.hasPrefix(said), "\(result.output)")
    #expect(after == expected)
    #expect(
      try repository.git(["check-attr", "merge", "diff", "--", "monsters.json"])
        == "monsters.json: merge: monsters\nmonsters.json: diff: monsters\n")
    _ = repository.run(["setup-git"])
    #expect(repository.text(attributes) == expected)
  }

  /// An attributes file git reads after `.gitattributes` takes the drivers away: the line
  /// is added once, and a note says why git still does not use them.
  @Test func anAttributesFileThatOverridesTheLineIsNamedAndTheLineAddedOnce() throws {
    let repository = try Repository()
    let folder = repository.harness.folder
    try repository.harness.write("monsters.json -merge\n", to: folder + "/.git/info/attributes")
    let note =
      "monsters setup-git: git still does not send monsters.json to the drivers: an attributes "
      + "file it reads after \(folder)/.gitattributes (a .gitattributes in a folder nearer the "
      + "roster, or .git/info/attributes) gives it other merge or diff attributes; take those "
      + "out.\n"
    let first = repository.run(["setup-git"])
    #expect(first.output.hasPrefix("Added to \(folder)/.gitattributes"))
    #expect(first.errors == note + Self.note)
    let second = repository.run(["setup-git"])
    #expect(
      second.output.hasPrefix(
        "\(folder)/.gitattributes ends with the line already: "
          + "monsters.json merge=monsters diff=monsters\n"))
    #expect(second.errors == note + Self.note)
    #expect(
      repository.text(folder + "/.gitattributes") == "monsters.json merge=monsters diff=monsters\n")
  }

  @Test func theAttributesFileIsNamedFromTheCurrentFolderWithoutDetours() throws {
    let repository = try Repository()
    let folder = repository.harness.path("sub dir")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let binary = try #require(BuiltTool.url)
    let environment = repository.environment(roster: "sub dir/monsters.json")
    let fromTop = try BuiltTool.run(
      binary, ["setup-git"], in: repository.harness.folder, environment: environment)
    #expect(
      fromTop.output.hasPrefix(
        "Added to .gitattributes: \"sub dir/monsters.json\" merge=monsters diff=monsters\n"))
    let fromBelow = try BuiltTool.run(
      binary, ["setup-git"], in: folder,
      environment: repository.environment(roster: "monsters.json"))
    #expect(fromBelow.output.hasPrefix("../.gitattributes sends sub dir/monsters.json to the"))
  }

  /// git reads a relative `GIT_DIR` from the folder it runs in, and setup-git runs it in the
  /// roster's: the variable is read from the folder it was set in, as the user meant it.
  @Test func aRelativeGitDirIsReadFromTheFolderItWasSetIn() throws {
    let repository = try Repository()
    let folder = repository.harness.path("below")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    var environment = repository.environment(roster: "../monsters.json")
    environment["GIT_DIR"] = "../.git"
    let result = try BuiltTool.run(
      try #require(BuiltTool.url), ["setup-git"], in: folder, environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      repository.text(repository.harness.folder + "/.gitattributes")
        == "monsters.json merge=monsters diff=monsters\n")
    #expect(
      try repository.git(["config", "--get", "merge.monsters.driver"])
        == "monsters merge --marker-size=%L --path=%P --ours-label=%X --theirs-label=%Y -- %O %A %B\n"
    )
  }
}
