import Foundation
import MonstersSystem
import ProgramRunning
import Testing

@testable import MonstersCLI

@Suite struct CompletionTests {
  func script(_ shell: String) throws -> String {
    let harness = try CommandLineHarness()
    let result = harness.run(["completions", shell])
    #expect(result.code == .success && result.errors.isEmpty)
    return result.output
  }

  /// A shell's path: bash and zsh are every system's (macOS has them in /bin), fish where it
  /// is installed; where it is not, the test is cancelled, and says so.
  func shellPath(_ shell: String) throws -> URL {
    guard let path = installedProgram(shell) else {
      try Test.cancel("\(shell) is not installed: its completions are not run")
    }
    return URL(fileURLWithPath: path)
  }

  /// Runs a shell's program, as `BuiltTool.run` does, for 20 seconds at most: a completion
  /// that waits for input is killed, so that the test fails rather than hangs. (GNU
  /// `timeout(1)`, which would do it, is not macOS's.)
  private func runForAWhile(
    _ shell: URL, _ arguments: [String], in folder: String, environment: [String: String]
  ) throws -> ProcessResult {
    let output = folder + "/shell.out"
    // In the folder: /bin/sh goes there first.
    let process = try SpawnedProcess(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: (["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", folder, shell.path] + arguments)
        .map { Array($0.utf8) },
      environment: environment, output: output, errors: output + ".errors")
    var termination = process.wait(until: .now + .seconds(20))
    if termination == nil {
      process.kill()
      termination = process.wait()
      Issue.record("\(shell.lastPathComponent) ran for over 20 seconds, and was killed")
    }
    let status: Int32 =
      switch termination {
      case .exited(let code): code
      case .signaled(let signal): 128 + signal
      case nil: -1
      }
    return ProcessResult(
      status: status, output: try String(contentsOfFile: output, encoding: .utf8),
      errors: try String(contentsOfFile: output + ".errors", encoding: .utf8))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptsAreValidShell(_ shell: String) throws {
    let shellPath = try shellPath(shell)
    let harness = try CommandLineHarness()
    let path = harness.path("completion.\(shell)")
    try harness.write(try script(shell), to: path)
    let result = try BuiltTool.run(shellPath, ["-n", path], in: harness.folder)
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test func scriptsOfferEverySubcommandAndOption() throws {
    for shell in CompletionScript.shells {
      let text = try script(shell)
      for command in Subcommand.specs {
        // An action (`weapons add`) is its subcommand's word, then its own.
        for word in command.name.split(separator: " ") {
          #expect(text.contains(word), "\(shell): \(command.name)")
        }
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
  func binaryFolder() throws -> String {
    try #require(BuiltTool.url, "the monsters binary could not be found or built")
      .deletingLastPathComponent().path
  }

  /// The words bash makes of a word of the line for completion: it splits at `=` and `:`,
  /// which are in `COMP_WORDBREAKS`, keeping each run of them as a word of its own.
  static func bashCompletionWords(_ word: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inBreak = false
    for character in word {
      let isBreak = character == "=" || character == ":"
      if isBreak != inBreak, !current.isEmpty {
        words.append(current)
        current = ""
      }
      inBreak = isBreak
      current.append(character)
    }
    words.append(current)
    return words
  }

  /// Completes a line in bash with the script loaded, and returns the candidates, each
  /// without the space that ends it (`raw` keeps it).
  ///
  /// The words are those of the line; each is split as bash splits it for completion, and
  /// the line is set as bash sets `COMP_LINE` and `COMP_POINT` with the cursor at its end.
  func bashComplete(
    _ words: [String], harness: CommandLineHarness, environment: [String: String] = [:],
    raw: Bool = false, bash: String = "/bin/bash"
  ) throws -> [String] {
    let scriptPath = harness.path("monsters.bash")
    try harness.write(try script("bash"), to: scriptPath)
    let split = words.enumerated().flatMap { index, word in
      index == 0 ? [word] : Self.bashCompletionWords(word)
    }
    func quoted(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let line = words.joined(separator: " ")
    let program = """
      source \(scriptPath)
      COMP_WORDS=(\(split.map(quoted).joined(separator: " ")))
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE=\(quoted(line))
      COMP_POINT=${#COMP_LINE}
      _monsters
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try BuiltTool.run(
      URL(fileURLWithPath: bash), ["-c", program], in: harness.folder,
      environment: environment.merging(["PATH": try binaryFolder() + ":/usr/bin:/bin"]) { $1 })
    #expect(result.errors.isEmpty, "\(result.errors)")
    let replies = result.output.split(separator: "\n").map(String.init)
    return raw ? replies : replies.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }
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

  /// Completion never blocks the shell: names are read only from a roster path that is a
  /// regular file, never from standard input, a terminal or a FIFO, which could wait for
  /// input forever; and monsters is run with no standard input.
  @Test func bashReadsNoNamesFromAStream() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let fifo = harness.path("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let scriptPath = harness.path("monsters.bash")
    try harness.write(try script("bash"), to: scriptPath)
    // Each line completes `show C` with the roster given as the words before it say; the
    // shell's standard input is the FIFO, open for reading and writing, so that a read of
    // it waits, as a read of a terminal would.
    let program = """
      source \(scriptPath)
      complete_names() {
        COMP_WORDS=("$@" show C)
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="${COMP_WORDS[*]}"
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        _monsters
        printf '%s|' "${COMPREPLY[@]}"
        printf '\\n'
      }
      exec 0<>\(fifo)
      for file in - /dev/stdin /dev/tty \(fifo); do
        complete_names monsters -f "$file"
        complete_names monsters --file="$file"
        MONSTERS_FILE=$file complete_names monsters
      done
      complete_names monsters -f monsters.json
      """
    // A read that waits is killed, the shell with it, so that the test fails, not hangs.
    let clock = ContinuousClock()
    let start = clock.now
    let result = try runForAWhile(
      URL(fileURLWithPath: "/bin/bash"), ["-c", program], in: harness.folder,
      environment: ["PATH": try binaryFolder() + ":/usr/bin:/bin"])
    #expect(clock.now - start < .seconds(10))
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == String(repeating: "|\n", count: 12) + "Cat-Bot |\n")
  }

  /// A FIFO where the roster is found (`monsters.json`, named by no option) gives no names
  /// at once: completion does not wait the lock's wait for a writer of it.
  @Test(arguments: ["bash", "fish"])
  func aFIFOFoundAsTheRosterCompletesWithoutWaiting(_ shell: String) throws {
    let shellPath = try shellPath(shell)
    let harness = try CommandLineHarness()
    #expect(mkfifo(harness.rosterPath, 0o600) == 0)
    let scriptPath = harness.path("monsters.\(shell)")
    try harness.write(try script(shell), to: scriptPath)
    let program =
      shell == "bash"
      ? """
      source \(scriptPath)
      COMP_WORDS=(monsters show C)
      COMP_CWORD=2
      COMP_LINE="monsters show C"
      COMP_POINT=${#COMP_LINE}
      _monsters
      printf '%s|' "${COMPREPLY[@]}"
      """
      : "source \(scriptPath); complete -C 'monsters show C'; printf '|'"
    let clock = ContinuousClock()
    let start = clock.now
    let result = try runForAWhile(
      shellPath, ["-c", program], in: harness.folder,
      environment: ["PATH": try binaryFolder() + ":/usr/bin:/bin"])
    #expect(clock.now - start < .seconds(5))
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "|")
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

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishCompletesNamesAsTextWhereFishIsInstalled() throws {
    let fish = try shellPath("fish")
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "$(touch pwned)"), MonsterFields(name: "Cat-Bot")]))
    let scriptPath = harness.path("monsters.fish")
    try harness.write(try script("fish"), to: scriptPath)
    let result = try BuiltTool.run(
      fish, ["-c", "source \(scriptPath); complete -C 'monsters show '"], in: harness.folder,
      environment: [
        "PATH": try binaryFolder() + ":/usr/bin:/bin", "MONSTERS_FILE": harness.rosterPath,
      ])
    #expect(result.output == "$(touch pwned)\nCat-Bot\n")
    #expect(!FileManager.default.fileExists(atPath: harness.path("pwned")))
  }

  /// As in bash, fish reads names from no stream: a roster path that is not a regular
  /// file is not read.
  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishReadsNoNamesFromAStreamWhereFishIsInstalled() throws {
    let fish = try shellPath("fish")
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let fifo = harness.path("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let scriptPath = harness.path("monsters.fish")
    try harness.write(try script("fish"), to: scriptPath)
    var lines = ["source \(scriptPath)"]
    for file in ["-", "/dev/stdin", "/dev/tty", fifo, "monsters.json"] {
      lines.append("set r (complete -C 'monsters -f \(file) show C'); echo \"$r|\"")
      lines.append(
        "begin; set -lx MONSTERS_FILE \(file); set r (complete -C 'monsters show C'); end; "
          + "echo \"$r|\"")
    }
    let program = lines.joined(separator: "\n")
    let result = try runForAWhile(
      URL(fileURLWithPath: "/bin/bash"),
      ["-c", "exec 0<>\"$2\"; exec \"$3\" -c \"$1\"", "-", program, fifo, fish.path],
      in: harness.folder, environment: ["PATH": try binaryFolder() + ":/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == String(repeating: "|\n", count: 8) + "Cat-Bot|\nCat-Bot|\n")
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

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishOffersANameThatStartsWithADashOnlyAfterDoubleDash() throws {
    let fish = try shellPath("fish")
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "-Bot"), MonsterFields(name: "Cat-Bot")]))
    let scriptPath = harness.path("monsters.fish")
    try harness.write(try script("fish"), to: scriptPath)
    func complete(_ line: String) throws -> String {
      try BuiltTool.run(
        fish, ["-c", "source \(scriptPath); complete -C '\(line)'"], in: harness.folder,
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
