import Foundation
import ProgramRunning
import Testing

@testable import MonstersCLI

/// README.md is the public contract: its examples are run against the built binary, and it
/// names every command, option and exit code there is. The examples of the Scripting
/// recipes article, which README points to, are run in the same way.
@Suite struct ReadmeExampleTests {
  static let readme = page("README.md")
  static let transcript = try? ReadmeTranscript(markdown: readme)
  static let headings = transcript?.scenes.map(\.heading) ?? []

  static let recipesPath = "Sources/MonsterKit/MonsterKit.docc/ScriptingRecipes.md"
  static let recipes = page(recipesPath)
  static let recipeHeadings =
    (try? ReadmeTranscript(markdown: recipes))?.scenes.map(\.heading) ?? []

  /// A page of the package, or nothing if it cannot be read.
  private static func page(_ path: String) -> String {
    let url = packageRoot.appendingPathComponent(path)
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// The folder of the built `monsters`.
  private func binaryFolder() throws -> String {
    try #require(BuiltTool.url, "the monsters binary could not be found or built")
      .deletingLastPathComponent().path
  }

  /// Runs a page's examples and returns where they differ from it.
  private func differences(inPage markdown: String) throws -> [String] {
    let folder = try binaryFolder()
    return try ReadmeTranscript(markdown: markdown).scenes.flatMap { scene in
      ReadmeTranscript.differences(
        scene, try ReadmeTranscript.run(scene, binaryFolder: folder))
    }
  }

  // MARK: - README.md

  /// Checks that every example of a page is read as one to run.
  private func expectEveryTranscriptLineRuns(_ markdown: String, name: String) throws {
    let transcript = try ReadmeTranscript(markdown: markdown)
    let commands = transcript.scenes.flatMap(\.commands)
    let headings = transcript.scenes.map(\.heading)
    let shown = transcript.shownBlocks.sorted { $0.key < $1.key }
      .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    let shownText = shown.isEmpty ? "none" : shown
    print(
      "\(name): \(commands.count) commands in \(transcript.runnableBlocks) console blocks, "
        + "under \(transcript.scenes.count) headings, are run; blocks shown only: \(shownText).")
    #expect(transcript.runnableBlocks > 0, "\(name) has no example")
    #expect(!commands.isEmpty)
    // Counted without the reader: every console fence is a block, and every `$ ` line of
    // the page is a command that runs, so none sits in a block that is only shown.
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop { $0 == " " } }
    #expect(lines.filter { $0 == "```console" }.count == transcript.runnableBlocks)
    #expect(lines.filter { $0.hasPrefix("$ ") }.count == commands.count)
    #expect(Set(headings).count == headings.count, "two scenes under one heading")
  }

  /// Runs the examples under one heading of a page and records where they differ from it.
  private func runExamples(under heading: String, of markdown: String, name: String) throws {
    let transcript = try ReadmeTranscript(markdown: markdown)
    let scene = try #require(transcript.scenes.first { $0.heading == heading })
    let outcomes = try ReadmeTranscript.run(scene, binaryFolder: try binaryFolder())
    #expect(outcomes.count == scene.commands.count)
    for difference in ReadmeTranscript.differences(scene, outcomes) {
      Issue.record(Comment(rawValue: "\(name) " + difference))
    }
  }

  @Test func theReadmeRunsAnExampleForEveryTranscriptLine() throws {
    try expectEveryTranscriptLineRuns(Self.readme, name: "README.md")
  }

  @Test(arguments: headings)
  func theExamplesUnder(_ heading: String) throws {
    try runExamples(under: heading, of: Self.readme, name: "README.md")
  }

  // MARK: - The Scripting recipes article

  @Test func theScriptingRecipesRunAnExampleForEveryTranscriptLine() throws {
    try expectEveryTranscriptLineRuns(Self.recipes, name: Self.recipesPath)
  }

  @Test(arguments: recipeHeadings)
  func theScriptingRecipesUnder(_ heading: String) throws {
    try runExamples(under: heading, of: Self.recipes, name: Self.recipesPath)
  }

  @Test func theReadmeLinksTheScriptingRecipes() {
    #expect(Self.readme.contains("](\(Self.recipesPath))"))
  }

  @Test func theReadmeNamesEveryCommandAndOption() throws {
    let table = try #require(
      Self.readme.split(separator: "\n## ").first { $0.hasPrefix("The commands\n") })
    for spec in Subcommand.specs {
      #expect(table.contains("| `monsters \(spec.name)"), "no row for \(spec.name)")
      for option in spec.allOptions {
        #expect(Self.readme.contains("--\(option.name)"), "\(spec.name) --\(option.name)")
      }
    }
    #expect(Self.readme.contains("--\(OptionSpec.version.name)"))
  }

  @Test func theReadmeExitCodeTableHasEveryExitCode() throws {
    let section = try #require(
      Self.readme.split(separator: "\n## ").first { $0.hasPrefix("Exit codes\n") })
    let codes = section.split(separator: "\n").compactMap { line -> Int32? in
      guard line.hasPrefix("| ") else { return nil }
      return Int32(line.dropFirst(2).prefix { $0 != " " })
    }
    #expect(codes == ExitCode.every.map(\.rawValue))
  }

  // MARK: - The runner itself

  @Test func outputThatDriftsFromThePageFails() throws {
    let page = """
      # Weapons
      ```console
      $ monsters weapons --format names
      blowgun
      ninjaStar
      fire
      sword
      ```
      """
    let differences = try differences(inPage: page)
    #expect(differences.count == 1)
    #expect(differences.first?.hasPrefix("line 3: '$ monsters weapons --format names'") == true)
  }

  @Test func aFailingStatusMustBeShown() throws {
    let command = "# Show\n```console\n$ monsters show nobody\nError: No monster named 'nobody'.\n"
    #expect(
      try differences(inPage: command + "```\n") == [
        "line 3: '$ monsters show nobody' exited with 1; show it with '$ echo $?' after it"
      ])
    #expect(try differences(inPage: command + "$ echo $?\n1\n```\n") == [])
    #expect(try differences(inPage: command + "$ echo $?\n0\n```\n").count == 1)
    let success = "# S\n```console\n$ monsters weapons --format names | head -1\nblowgun\n"
    #expect(try differences(inPage: success + "$ echo $?\n0\n```\n") == [])
    #expect(try differences(inPage: success + "$ echo $?\n1\n```\n").count == 1)
  }

  @Test func filesCarryWithinAHeadingAndNotPastIt() throws {
    let page = """
      # One
      ```console
      $ monsters set cat-bot --weapon fire
      Cat-Bot: weapon sword -> fire.
      monsters set: Created monsters.json from the seeded roster.
      ```
      Then, in a second block:
      ```console
      $ monsters list --weapon fire --format names
      Cat-Bot
      Ice-Bot
      $ greeting=hello
      ```
      ```console
      $ echo "$greeting"; ls
      hello
      monsters.json
      ```
      ## Two
      ```console
      $ ls; echo "[$greeting]"
      []
      ```
      """
    let transcript = try ReadmeTranscript(markdown: page)
    #expect(transcript.scenes.map(\.heading) == ["# One", "## Two"])
    #expect(transcript.scenes.map(\.commands.count) == [4, 1])
    #expect(try differences(inPage: page) == [])
  }

  @Test func continuationLinesAreTypedWithTheCommand() throws {
    let page = """
      # Here-document
      ```console
      $ monsters init
      Wrote the seeded roster to monsters.json.
      $ cat > script.txt <<'EOF'
      > set Cat-Bot --weapon fire
      > EOF
      $ monsters apply script.txt --dry-run | grep '^[-+] '
      -      "weapon": "sword"
      +      "weapon": "fire"
      ```
      """
    let transcript = try ReadmeTranscript(markdown: page)
    #expect(
      transcript.scenes.first?.commands.dropFirst().first?.text
        == "cat > script.txt <<'EOF'\nset Cat-Bot --weapon fire\nEOF")
    #expect(try differences(inPage: page) == [])
  }

  @Test func aBlockInAListItemIsRunToo() throws {
    let page =
      "# A\n- an item:\n\n  ```console\n  $ monsters weapons --format names | tail -1\n"
      + "  smoke\n  ```\n"
    let transcript = try ReadmeTranscript(markdown: page)
    #expect(
      transcript.scenes.first?.commands == [
        .init(line: 5, text: "monsters weapons --format names | tail -1", expected: "smoke\n")
      ])
    #expect(try differences(inPage: page) == [])
  }

  @Test func blocksThatAreShownOnlyAreNotRun() throws {
    let page = "# A\n```sh\n$ monsters list\nnot what it prints\n```\n```text\nx\n```\n"
    let transcript = try ReadmeTranscript(markdown: page)
    #expect(transcript.scenes.isEmpty)
    #expect(transcript.shownBlocks == ["sh": 1, "text": 1])
    #expect(transcript.runnableBlocks == 0)
  }

  @Test(arguments: [
    ("```\nx\n```\n", 1, "a fence needs the info string"),
    ("text\n```bash\nx\n```\n", 2, "not 'bash'"),
    ("```console\n$ monsters list\n", 1, "never closed"),
    ("```console\nNAME\n$ monsters list\n```\n", 2, "output before"),
  ])
  func aPageOutsideTheFormatIsRefused(_ page: String, line: Int, message: String) {
    #expect {
      _ = try ReadmeTranscript(markdown: page)
    } throws: { error in
      guard let problem = error as? ReadmeTranscript.Problem else { return false }
      return problem.line == line && problem.message.contains(message)
    }
  }

  @Test func aSceneThatHangsIsStoppedWithEverythingItStarted() throws {
    let pidFile =
      FileManager.default.temporaryDirectory.path + "/monsters-readme-pid-"
      + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let page = "# Hang\n```console\n$ sleep 60 & echo $! > \(pidFile); wait\n```\n"
    let scene = try #require(try ReadmeTranscript(markdown: page).scenes.first)
    #expect {
      _ = try ReadmeTranscript.run(scene, binaryFolder: try binaryFolder(), timeout: .seconds(1))
    } throws: { error in
      (error as? ReadmeTranscript.Problem)?.message.contains("did not run to their end") == true
    }
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    // Killed with its group; once its new parent has reaped it, the pid is gone.
    var alive = true
    for _ in 0..<100 where alive {
      alive = kill(pid, 0) == 0
      if alive { usleep(20_000) }
    }
    #expect(!alive, "sleep \(pid) is still running")
  }

  @Test func statusMarkersSplitTheOutputExactly() {
    let separator = "\u{1E}"
    let output =
      "a\nb\n\(separator)0\(separator)\n\(separator)1\(separator)\nno newline"
      + "\(separator)64\(separator)\n"
    #expect(
      ReadmeTranscript.outcomes(of: output) == [
        .init(output: "a\nb\n", status: 0), .init(output: "", status: 1),
        .init(output: "no newline", status: 64),
      ])
  }
}
