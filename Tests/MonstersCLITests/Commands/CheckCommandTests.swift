import Foundation
import ProgramRunning
import Testing

@testable import MonstersCLI

@Suite struct CheckCommandTests {
  @Test func aCleanCanonicalFilePasses() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    #expect(
      harness.run(["check"])
        == CommandResult(
          .success, output: "\(harness.rosterPath): a valid roster, in canonical form.\n"))
  }

  @Test func everyProblemOfTheFixtureIsReported() throws {
    let harness = try CommandLineHarness()
    let fixture = packageRoot.appendingPathComponent("Fixtures/problems.json").path
    let result = harness.run(["--file", fixture, "check"])
    #expect(
      result
        == CommandResult(
          .failure,
          output: """
            \(fixture):8:17: monster 1 ('Cat-Bot'): unknown weapon 'axe'; the weapons are \
            blowgun, ninjaStar, fire, sword, smoke
            \(fixture):11:15: monster 2 ('cat-bot'): the name is taken by monster 1 \
            ('Cat-Bot'); names are compared ignoring case
            \(fixture):15:20: monster 2 ('cat-bot'): unknown name colour 'mauve'; use black, \
            red, green, yellow, blue, magenta, cyan, white or #RRGGBB
            \(fixture):18:15: monster 3: the name is empty; correct it in the file
            \(fixture):23:5: monster 4 ('Ice-Bot'): no 'icon'
            \(fixture):26:17: monster 4 ('Ice-Bot'): unknown weapon 'Fire'; the weapons are \
            blowgun, ninjaStar, fire, sword, smoke

            """,
          errors: "Error: 6 problems in \(fixture).\n"))
  }

  @Test func aNewerVersionIsAProblem() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{\"version\": 3, \"monsters\": []}\n")
    let result = harness.run(["check"])
    #expect(result.code == .failure)
    #expect(
      result.output
        == "\(harness.rosterPath):1:13: the file is roster version 3, newer than this monsters "
        + "reads (1); use a newer monsters\n")
  }

  @Test func aValidFileThatIsNotCanonicalIsAProblemAtItsFirstDifferentLine() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      seededRosterText.replacingOccurrences(of: "\"Dog-Bot\",", with: "\"Dog-Bot\" ,"))
    let result = harness.run(["check"])
    #expect(result.code == .failure)
    #expect(
      result.output
        == "\(harness.rosterPath):11:1: the file is valid but not in canonical form from this "
        + "line on; the next edit writes it in canonical form, or 'monsters fmt' now\n")
  }

  @Test func aSyntaxErrorStopsTheCheckAtTheFirstOne() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{\n  \"version\": 1,\n  \"monsters\": [,]\n}\n")
    let result = harness.run(["check"])
    #expect(
      result
        == CommandResult(
          .failure, output: "\(harness.rosterPath):3:16: unexpected ','; expected a value\n",
          errors: "Error: 1 problem in \(harness.rosterPath).\n"))
  }

  @Test func aMissingFileIsNoInput() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["check"])
        == CommandResult(.noInput, errors: "Error: \(harness.rosterPath): no such file.\n"))
  }

  @Test func aDashChecksStandardInputAmongTheFiles() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(["check", "-", harness.rosterPath], input: "{\n")
    #expect(result.code == .failure)
    #expect(
      result.output
        == "<stdin>:2:1: unexpected end of file; expected a string key or '}'\n"
        + "\(harness.rosterPath): a valid roster, in canonical form.\n")
    #expect(harness.run(["check", "-"], input: seededRosterText).code == .success)
  }

  @Test func aDashNamedTwiceIsAUsageErrorNotAnEmptyFile() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    // Standard input is read once: the second '-' would read as an empty roster.
    let result = harness.run(["check", "-", harness.rosterPath, "-"], input: seededRosterText)
    #expect(result.code == .usage)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "Error: '-' is named twice: standard input can be read once.\nUsage: monsters check"))
  }

  /// GitHub reads `%25`, `%0D`, `%0A` and, in a property, `%3A` and `%2C` back as the
  /// characters they stand for; anything else in a path is shown escaped, as everywhere.
  @Test func githubAnnotationsEncodePathsAsGitHubReadsThem() throws {
    let harness = try CommandLineHarness()
    let path = harness.path("a\nb\r%c:d,e\u{1B}.json")
    try harness.write("{\"version\": 1, \"monsters\": [,]}\n", to: path)
    let result = harness.run(["check", "--format", "github", path])
    let folder = harness.folder.replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
    #expect(
      result.output
        == "::error file=\(folder)/a%0Ab%0D%25c%3Ad%2Ce\\u{1B}.json,line=1,col=29::"
        + "unexpected ','; expected a value\n")
    #expect(result.code == .failure)
  }
}
