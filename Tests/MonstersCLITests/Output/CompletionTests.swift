import Foundation
import Testing

@testable import MonstersCLI

@Suite struct CompletionTests {
  private func script(_ shell: String) throws -> String {
    let harness = try CommandLineHarness()
    let result = harness.run(["completions", shell])
    #expect(result.code == .success && result.errors.isEmpty)
    return result.output
  }

  private func isInstalled(_ program: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/" + program)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptsAreValidShell(_ shell: String) throws {
    guard isInstalled(shell) else {
      print("\(shell) is not installed; its completion script is not checked.")
      return
    }
    let harness = try CommandLineHarness()
    let path = harness.path("completion.\(shell)")
    try harness.write(try script(shell), to: path)
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/" + shell), ["-n", path], in: harness.folder)
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test func scriptsOfferEverySubcommandAndOption() throws {
    for shell in CompletionScript.shells {
      let text = try script(shell)
      for command in Subcommand.specs {
        #expect(text.contains(command.name), "\(shell): \(command.name)")
        for option in command.options {
          #expect(text.contains(option.name), "\(shell): --\(option.name)")
        }
      }
    }
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["completions", "tcsh"])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix("Error: Unknown shell 'tcsh'. Choose one of: bash, zsh, fish.\n"))
  }

  /// The folder of the built `monsters`, to put on `PATH`.
  private func binaryFolder() throws -> String {
    try #require(BuiltTool.url, "the monsters binary could not be found or built")
      .deletingLastPathComponent().path
  }

  /// Completes a line in bash with the script loaded, and returns the candidates.
  private func bashComplete(
    _ words: [String], harness: CommandLineHarness, environment: [String: String] = [:]
  ) throws -> [String] {
    let scriptPath = harness.path("monsters.bash")
    try harness.write(try script("bash"), to: scriptPath)
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let program = """
      source \(scriptPath)
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      _monsters
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", program], in: harness.folder,
      environment: environment.merging(["PATH": try binaryFolder() + ":/usr/bin:/bin"]) { $1 })
    #expect(result.errors.isEmpty, "\(result.errors)")
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesMonsterNamesFromTheRoster() throws {
    let harness = try CommandLineHarness()
    #expect(try bashComplete(["monsters", "show", "C"], harness: harness) == ["Cat-Bot"])
    #expect(try bashComplete(["monsters", "set", "ice-b"], harness: harness) == ["Ice-Bot"])
  }

  @Test func bashCompletesOptionValues() throws {
    let harness = try CommandLineHarness()
    #expect(
      try bashComplete(["monsters", "set", "Cat-Bot", "--weapon", "s"], harness: harness)
        == ["sword", "smoke"])
    #expect(
      try bashComplete(["monsters", "list", "--format", "n"], harness: harness)
        == ["names", "ndjson"])
    #expect(
      try bashComplete(["monsters", "completions", ""], harness: harness) == [
        "bash", "zsh", "fish",
      ])
    #expect(try bashComplete(["monsters", "li"], harness: harness) == ["list"])
  }

  @Test func bashReadsNamesFromTheFileOnTheLine() throws {
    let harness = try CommandLineHarness()
    let other = harness.path("other.json")
    try harness.write(rosterJSON([MonsterFields(name: "Zed-Bot")]), to: other)
    #expect(
      try bashComplete(["monsters", "--file", other, "show", ""], harness: harness) == ["Zed-Bot"])
    #expect(try bashComplete(["monsters", "show", ""], harness: harness).count == 6)
  }

  @Test func bashNeverRunsANameAsCode() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "$(touch pwned)"), MonsterFields(name: "`touch pwned2`"),
        MonsterFields(name: "Cat-Bot"),
      ]))
    let names = try bashComplete(["monsters", "show", ""], harness: harness)
    #expect(names == [#"\$\(touch\ pwned\)"#, #"\`touch\ pwned2\`"#, "Cat-Bot"])
    let dollar = try bashComplete(["monsters", "show", "$"], harness: harness)
    #expect(dollar == [#"\$\(touch\ pwned\)"#])
    #expect(!FileManager.default.fileExists(atPath: harness.path("pwned")))
    #expect(!FileManager.default.fileExists(atPath: harness.path("pwned2")))
  }

  @Test func fishCompletesNamesAsTextWhereFishIsInstalled() throws {
    guard isInstalled("fish") else {
      print("fish is not installed; its completions are not run.")
      return
    }
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "$(touch pwned)"), MonsterFields(name: "Cat-Bot")]))
    let scriptPath = harness.path("monsters.fish")
    try harness.write(try script("fish"), to: scriptPath)
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/fish"),
      ["-c", "source \(scriptPath); complete -C 'monsters show '"], in: harness.folder,
      environment: [
        "PATH": try binaryFolder() + ":/usr/bin:/bin", "MONSTERS_FILE": harness.rosterPath,
      ])
    #expect(result.output == "$(touch pwned)\nCat-Bot\n")
    #expect(!FileManager.default.fileExists(atPath: harness.path("pwned")))
  }

  @Test func bashInsertsANameThatStartsWithADashAfterDoubleDash() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "-Bot"), MonsterFields(name: "--weapon"),
        MonsterFields(name: "Cat-Bot"),
      ]))
    #expect(
      try bashComplete(["monsters", "show", ""], harness: harness) == [
        "-- -Bot", "-- --weapon", "Cat-Bot",
      ])
    #expect(try bashComplete(["monsters", "remove", "-B"], harness: harness) == ["-- -Bot"])
    #expect(
      try bashComplete(["monsters", "show", "--", ""], harness: harness) == [
        "-Bot", "--weapon", "Cat-Bot",
      ])
    #expect(
      try bashComplete(["monsters", "rename", "--", "-"], harness: harness) == ["-Bot", "--weapon"])
    // Options are still offered where a dash starts an option.
    let options = try bashComplete(["monsters", "set", "-"], harness: harness)
    #expect(options.contains("--weapon") && options.contains("-- -Bot"))
    // set takes several names, so after one a dash may start an option or the next name.
    #expect(
      try bashComplete(["monsters", "set", "Cat-Bot", "--w"], harness: harness) == [
        "--weapon", "--where", "-- --weapon",
      ])
  }

  @Test func fishOffersANameThatStartsWithADashOnlyAfterDoubleDash() throws {
    guard isInstalled("fish") else {
      print("fish is not installed; its completions are not run.")
      return
    }
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "-Bot"), MonsterFields(name: "Cat-Bot")]))
    let scriptPath = harness.path("monsters.fish")
    try harness.write(try script("fish"), to: scriptPath)
    func complete(_ line: String) throws -> String {
      try BuiltTool.run(
        URL(fileURLWithPath: "/usr/bin/fish"),
        ["-c", "source \(scriptPath); complete -C '\(line)'"], in: harness.folder,
        environment: [
          "PATH": try binaryFolder() + ":/usr/bin:/bin", "MONSTERS_FILE": harness.rosterPath,
        ]
      ).output
    }
    #expect(try complete("monsters show ") == "Cat-Bot\n")
    #expect(try complete("monsters show -- ") == "Cat-Bot\n-Bot\n")
    #expect(try complete("monsters show -- -") == "-Bot\n")
  }
}

extension CompletionTests {
  @Test func bashCompletesNamesAtEveryPositionOfACommandThatTakesSeveral() throws {
    let harness = try CommandLineHarness()
    #expect(
      try bashComplete(["monsters", "set", "cat-bot", "dog-bot", "ice"], harness: harness) == [
        "Ice-Bot"
      ])
    #expect(
      try bashComplete(["monsters", "remove", "cat-bot", "Fi"], harness: harness) == ["Fire-Bot"])
    #expect(try bashComplete(["monsters", "show", "cat-bot", "Fi"], harness: harness) == [])
  }

  @Test func bashCompletesTheNewCommandsOptionsAndFields() throws {
    let harness = try CommandLineHarness()
    #expect(try bashComplete(["monsters", "im"], harness: harness) == ["import"])
    #expect(try bashComplete(["monsters", "fm"], harness: harness) == ["fmt"])
    #expect(
      try bashComplete(["monsters", "list", "--where", "we"], harness: harness) == ["weapon="])
    #expect(
      try bashComplete(["monsters", "show", "cat-bot", "--field", "n"], harness: harness)
        == ["name", "nameColor"])
    #expect(
      try bashComplete(["monsters", "check", "--format", "g"], harness: harness) == ["github"])
    #expect(
      try bashComplete(["monsters", "import", "--format", ""], harness: harness)
        == ["tsv", "csv", "ndjson", "json"])
    #expect(
      try bashComplete(["monsters", "add", "X", "--if"], harness: harness) == ["--if-missing"])
    #expect(
      try bashComplete(["monsters", "remove", "--if"], harness: harness) == ["--if-exists"])
    #expect(
      try bashComplete(["monsters", "set", "--dry-run", "--ex"], harness: harness)
        == ["--exit-code"])
  }

  @Test func zshRepeatsWhereAndTheNames() throws {
    let text = try script("zsh")
    #expect(text.contains("'*--where=["))
    #expect(text.contains("'*:monster:_monsters_names'"))
    #expect(text.contains("'*:file:_files'"))
  }
}
