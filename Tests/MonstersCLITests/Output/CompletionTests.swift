import Foundation
import MonstersSystem
import ProgramRunning
import Testing

@testable import MonstersCLI

@Suite struct CompletionTests {
  private func script(_ shell: String) throws -> String {
    let harness = try CommandLineHarness()
    let result = harness.run(["completions", shell])
    #expect(result.code == .success && result.errors.isEmpty)
    return result.output
  }

  /// A shell's path: bash and zsh are every system's (macOS has them in /bin), fish where it
  /// is installed; where it is not, the test is cancelled, and says so.
  private func shellPath(_ shell: String) throws -> URL {
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
  private func binaryFolder() throws -> String {
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
  private func bashComplete(
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

  // MARK: - Values after --where FIELD=, lists of fields, names once

  /// bash splits `weapon=f` at the `=`: the script joins the words again, completes the
  /// field's values, and replies with what follows the `=`, which bash leaves in place.
  @Test func bashCompletesAFieldsValuesAfterWhere() throws {
    let harness = try CommandLineHarness()
    let set = ["monsters", "set"]
    #expect(try bashComplete(set + ["--where", "weapon=f"], harness: harness) == ["fire"])
    #expect(try bashComplete(set + ["--where", "WEAPON=N"], harness: harness) == ["ninjaStar"])
    #expect(try bashComplete(set + ["--where=weapon=s"], harness: harness) == ["sword", "smoke"])
    #expect(try bashComplete(set + ["--where", "name=i"], harness: harness) == ["Ice-Bot"])
    #expect(
      try bashComplete(["monsters", "list", "--where", "nameColor=r"], harness: harness)
        == ["red"])
    #expect(try bashComplete(set + ["--where", "description="], harness: harness) == [])
    #expect(
      try bashComplete(set + ["--where", "weapon="], harness: harness)
        == ["blowgun", "ninjaStar", "fire", "sword", "smoke"])
    // A field's name is followed by its =, with no space, to go on typing its value.
    #expect(
      try bashComplete(set + ["--where", "na"], harness: harness, raw: true)
        == ["name=", "nameColor="])
    #expect(
      try bashComplete(set + ["--where", "weapon=f"], harness: harness, raw: true) == ["fire "])
  }

  @Test func bashCompletesTheFieldsOfAListEachOnce() throws {
    let harness = try CommandLineHarness()
    let list = ["monsters", "list", "--fields"]
    #expect(
      try bashComplete(list + ["name,"], harness: harness, raw: true)
        == ["name,weapon", "name,description", "name,icon", "name,nameColor"])
    #expect(try bashComplete(list + ["Name,w"], harness: harness) == ["Name,weapon"])
    #expect(
      try bashComplete(["monsters", "list", "--fields=name,d"], harness: harness) == [
        "name,description"
      ])
    #expect(
      try bashComplete(list + ["name,weapon,description,icon,"], harness: harness) == [
        "name,weapon,description,icon,nameColor"
      ])
    #expect(try bashComplete(list + [""], harness: harness).count == 5)
  }

  @Test func bashOffersNoNameThatIsOnTheLineAlready() throws {
    let harness = try CommandLineHarness()
    #expect(
      try bashComplete(["monsters", "set", "cat-bot", "'Dog-Bot'", ""], harness: harness)
        == ["Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
    #expect(try bashComplete(["monsters", "remove", "FIRE-BOT", "Fi"], harness: harness) == [])
    #expect(
      try bashComplete(["monsters", "remove", "Fire-Bot", "--dry-run", "Fi"], harness: harness)
        == [])
    // A value of an option is no name on the line.
    #expect(
      try bashComplete(
        ["monsters", "set", "--where", "name=cat-bot", "--where", "name=c"], harness: harness)
        == ["Cat-Bot"])
  }

  @Test func bashReadsOptionsAgainAfterTheArgumentsThatFollowDoubleDash() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "-Odd-Bot"), MonsterFields(name: "--weapon")]))
    #expect(
      try bashComplete(["monsters", "add", "--", "-New-Bot", "--w"], harness: harness) == [
        "--weapon"
      ])
    #expect(
      try bashComplete(["monsters", "add", "--", "-New-Bot", "--weapon", "f"], harness: harness)
        == ["fire"])
    // set takes any number of names: after --, a dash starts a name.
    #expect(
      try bashComplete(["monsters", "set", "--", "-Odd-Bot", "--w"], harness: harness) == [
        "--weapon"
      ])
    #expect(
      try bashComplete(["monsters", "set", "--", "-Odd-Bot", "--"], harness: harness) == [
        "--weapon"
      ])
  }

  /// A name from the roster is data after `--where name=` too: quoted, never run.
  @Test func bashNeverRunsANameAsCodeInAFieldsValue() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "$(touch pwned)"), MonsterFields(name: "`touch pwned2`")]))
    #expect(
      try bashComplete(["monsters", "set", "--where", "name="], harness: harness)
        == [#"\$\(touch\ pwned\)"#, #"\`touch\ pwned2\`"#])
    #expect(!FileManager.default.fileExists(atPath: harness.path("pwned")))
    #expect(!FileManager.default.fileExists(atPath: harness.path("pwned2")))
  }

  /// Completes a line in fish with the script loaded, and returns the candidates, each
  /// without its description.
  private func fishComplete(_ line: String, harness: CommandLineHarness) throws -> [String] {
    let scriptPath = harness.path("monsters.fish")
    try harness.write(try script("fish"), to: scriptPath)
    return try BuiltTool.run(
      try shellPath("fish"), ["-c", "source \(scriptPath); complete -C '\(line)'"],
      in: harness.folder,
      environment: [
        "PATH": try binaryFolder() + ":/usr/bin:/bin", "MONSTERS_FILE": harness.rosterPath,
      ]
    ).output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
  }

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishCompletesFieldValuesListsOfFieldsAndNamesOnceWhereFishIsInstalled() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    func complete(_ line: String) throws -> [String] {
      try fishComplete(line, harness: harness)
    }
    #expect(try complete("monsters set --where weapon=f") == ["weapon=fire"])
    #expect(try complete("monsters set --where name=i") == ["name=Ice-Bot"])
    #expect(try complete("monsters set --where na") == ["name=", "nameColor="])
    #expect(try complete("monsters list --fields name,w") == ["name,weapon"])
    #expect(
      try complete("monsters set cat-bot dog-bot ")
        == ["Explode-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
  }

  /// Without compopt (bash 4), the script completes paths itself: a folder with its / and
  /// no space after it, a file with a space, names with spaces quoted.
  @Test func bashCompletesPathsWithoutCompopt() throws {
    let harness = try CommandLineHarness()
    try harness.write("{}", to: harness.path("a roster.json"))
    try FileManager.default.createDirectory(
      atPath: harness.path("archive"), withIntermediateDirectories: false)
    #expect(
      try bashComplete(["monsters", "check", "a"], harness: harness, raw: true).sorted()
        == [#"a\ roster.json "#, "archive/"])
    #expect(
      try bashComplete(["monsters", "--file=arc"], harness: harness, raw: true) == ["archive/"])
    #expect(
      try bashComplete(["monsters", "list", "-f", "a\\ r"], harness: harness, raw: true)
        == [#"a\ roster.json "#])
  }

  // MARK: - bash 3.2

  /// macOS's `/bin/bash` is bash 3.2: the script uses nothing bash 4 or later added. Each
  /// pattern is a construct that bash 3.2 refuses or reads otherwise.
  static let bash4Constructs: [(name: String, pattern: String)] = [
    (
      "a case-changing expansion, such as ${1,,} or ${x^}",
      #"\$\{[!#]?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(\[[^\]]*\])?[,^~]"#
    ),
    ("an associative array", #"(declare|local|typeset|readonly)\s+-[a-zA-Z]*A"#),
    ("a name reference", #"(declare|local|typeset)\s+-[a-zA-Z]*n"#),
    ("a global declaration", #"(declare|local|typeset)\s+-[a-zA-Z]*g"#),
    ("mapfile or readarray", #"\b(mapfile|readarray)\b"#),
    ("compopt", #"\bcompopt\b"#),
    ("coproc", #"\bcoproc\b"#),
    ("a case fall-through (;& or ;;&)", #";;?&"#),
    ("|& or &>>", #"\|&|&>>"#),
    ("[[ -v ]]", #"\[\[\s+-v\s"#),
    ("a transformation such as ${x@Q}", #"\$\{[^}]*@[QEPAaUuLKk]\}"#),
    ("a negative subscript", #"\[-[0-9]+\]"#),
    ("a named file descriptor", #"\{[A-Za-z_][A-Za-z0-9_]*\}[<>]"#),
    ("a bash 4 shell option", #"\b(globstar|lastpipe|autocd|checkjobs|direxpand|dirspell)\b"#),
    ("a bash 4 variable", #"\b(BASHPID|EPOCHSECONDS|EPOCHREALTIME|SRANDOM|BASH_ARGV0)\b"#),
    ("wait -n", #"\bwait\s+-n"#),
  ]

  @Test func theBashScriptUsesNoConstructNewerThanBash32() throws {
    let text = try script("bash")
    let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("#") }
      .joined(separator: "\n")
    for construct in Self.bash4Constructs {
      let regex = try Regex(construct.pattern)
      let found = code.matches(of: regex).map { String(code[$0.range]) }
      #expect(found.isEmpty, "\(construct.name): \(found)")
    }
    // The patterns find what they look for.
    let samples = [
      "x=${1,,}", "${cur^^}", "declare -A m", "local -A seen=()", "mapfile -t a",
      "compopt -o default",
      "a) x ;& ", "[[ -v x ]]", "${x@Q}", "${a[-1]}", "exec {fd}>f", "shopt -s globstar",
    ]
    for sample in samples {
      #expect(
        Self.bash4Constructs.contains { !sample.matches(of: try! Regex($0.pattern)).isEmpty },
        "\(sample)")
    }
  }

  /// bash in its 3.2 compatibility mode completes as it does otherwise.
  @Test func bashCompletesTheSameInItsBash32CompatibilityMode() throws {
    let harness = try CommandLineHarness()
    for (words, expected) in [
      (["monsters", "set", "--where", "weapon=f"], ["fire"]),
      (["monsters", "set", "cat-bot", "i"], ["Ice-Bot"]),
      (["monsters", "list", "--fields", "name,w"], ["name,weapon"]),
      (["monsters", "li"], ["list"]),
    ] {
      #expect(
        try bashComplete(words, harness: harness, environment: ["BASH_COMPAT": "32"])
          == expected)
    }
  }

  // MARK: - What the roster declares

  /// Weapons, fields and their values are read from the roster the line names, and a
  /// subcommand's actions are completed after it.
  @Test func bashCompletesTheRostersWeaponsFieldsAndActions() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    let environment = ["MONSTERS_FILE": harness.rosterPath]
    func complete(_ words: [String]) throws -> [String] {
      try bashComplete(["monsters"] + words, harness: harness, environment: environment)
    }
    #expect(try complete(["set", "cat-bot", "--weapon", "l"]) == ["laser"])
    #expect(try complete(["set", "--where", "team="]) == ["red", "blue"])
    // Every comparison: at the first of them, as the command line reads it.
    #expect(try complete(["set", "--where", "team!=b"]) == ["blue"])
    #expect(try complete(["list", "--where", "team<=r"]) == ["red"])
    #expect(try complete(["list", "--where", "team<b"]) == ["team\\<blue"])
    #expect(try complete(["list", "--where", "team>"]) == ["team\\>red", "team\\>blue"])
    #expect(try complete(["remove", "--where", "name!=cat"]) == ["Cat-Bot"])
    #expect(try complete(["add", "X", "--field", "t"]) == ["team="])
    #expect(try complete(["set", "cat-bot", "--field", "team=b"]) == ["blue"])
    #expect(try complete(["list", "--where", "health="]) == [])
    #expect(try complete(["list", "--fields", "name,h"]) == ["name,health"])
    #expect(try complete(["show", "cat-bot", "--field", "n"]) == ["name", "nameColor", "notes"])
    #expect(try complete(["weapons", ""]) == ["add", "remove", "rename", "change"])
    #expect(try complete(["fields", ""]) == ["add", "remove", "change", "rename", "other-keys"])
    #expect(try complete(["fields", "other-keys", ""]) == ["keep", "refuse"])
    #expect(try complete(["fields", "change", ""]) == ["team", "health", "notes"])
    #expect(
      try complete(["fields", "change", "team", "--r"]) == ["--remove-values", "--required"])
    #expect(try complete(["weapons", "rename", ""]) == ["sword", "laser"])
    #expect(try complete(["weapons", "remove", ""]) == ["sword", "laser"])
    #expect(try complete(["fields", "remove", ""]) == ["team", "health", "notes"])
    #expect(try complete(["fields", "add", "x", "--i"]) == ["--integer"])
    #expect(try complete(["weapons", "add", "x", "--f"]) == ["--file"])
    #expect(try complete(["weapons", "--f"]) == ["--format", "--file"])
    #expect(try complete(["help", "sch"]) == ["schema"])
    // Another roster on the line is read instead.
    #expect(
      try bashComplete(
        ["monsters", "--file", harness.path("none.json"), "set", "x", "--weapon", "l"],
        harness: harness, environment: environment) == [])
  }

  /// `--field` takes the declared fields alone (a built-in one has its own option), so
  /// they are all it offers; `--where` offers every field.
  @Test func bashOffersOnlyDeclaredFieldsAfterField() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    let environment = ["MONSTERS_FILE": harness.rosterPath]
    func complete(_ words: [String]) throws -> [String] {
      try bashComplete(["monsters"] + words, harness: harness, environment: environment)
    }
    #expect(try complete(["set", "cat-bot", "--field", ""]) == ["team=", "health=", "notes="])
    #expect(try complete(["add", "X", "--field", "n"]) == ["notes="])
    #expect(try complete(["set", "--where", "n"]) == ["name=", "nameColor=", "notes="])
  }

  /// A roster whose declared fields' names and values are shell code.
  private static let hostileDeclarations = #"""
    {"version": 1, "fields": [
      {"name": "$(touch pwned)", "values": ["$(touch pwned2)", "`touch pwned3`", "a;touch pwned4"]},
      {"name": "`touch pwned5`"}, {"name": "it's"}], "monsters": []}
    """#

  /// Declared fields' names and values are data to completion, as monster names are: quoted,
  /// never run.
  @Test func bashNeverRunsADeclaredFieldOrValueAsCode() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.hostileDeclarations)
    #expect(
      try bashComplete(["monsters", "set", "x", "--field", ""], harness: harness)
        == [#"\$\(touch\ pwned\)="#, #"\`touch\ pwned5\`="#, #"it\'s="#])
    #expect(
      try bashComplete(["monsters", "set", "--where", #"\$\(touch\ pwned\)="#], harness: harness)
        == [#"\$\(touch\ pwned2\)"#, #"\`touch\ pwned3\`"#, #"a\;touch\ pwned4"#])
    #expect(
      try bashComplete(["monsters", "fields", "remove", ""], harness: harness)
        == [#"\$\(touch\ pwned\)"#, #"\`touch\ pwned5\`"#, #"it\'s"#])
    for file in ["pwned", "pwned2", "pwned3", "pwned4", "pwned5"] {
      #expect(!FileManager.default.fileExists(atPath: harness.path(file)), "\(file)")
    }
  }

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishNeverRunsADeclaredFieldOrValueAsCodeWhereFishIsInstalled() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.hostileDeclarations)
    #expect(
      try fishComplete("monsters set x --field ", harness: harness)
        == ["$(touch pwned)=", "`touch pwned5`=", "it's="])
    #expect(
      try fishComplete(#"monsters set --where \$\(touch\ pwned\)="#, harness: harness)
        == [
          "$(touch pwned)=$(touch pwned2)", "$(touch pwned)=`touch pwned3`",
          "$(touch pwned)=a;touch pwned4",
        ])
    for file in ["pwned", "pwned2", "pwned3", "pwned4", "pwned5"] {
      #expect(!FileManager.default.fileExists(atPath: harness.path(file)), "\(file)")
    }
  }

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishCompletesTheRostersWeaponsFieldsAndActions() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    func complete(_ line: String) throws -> [String] {
      try fishComplete(line, harness: harness)
    }
    #expect(try complete("monsters set cat-bot --weapon l") == ["laser"])
    #expect(try complete("monsters set --where team=") == ["team=red", "team=blue"])
    #expect(try complete("monsters set --where team!=b") == ["team!=blue"])
    #expect(try complete("monsters list --where team\\<=r") == ["team<=red"])
    #expect(try complete("monsters set cat-bot --field team=b") == ["team=blue"])
    #expect(try complete("monsters set cat-bot --field n") == ["notes="])
    #expect(try complete("monsters set cat-bot --field=team=b") == ["--field=team=blue"])
    // fish sorts words it is given.
    #expect(try complete("monsters weapons ") == ["add", "change", "remove", "rename"])
    #expect(try complete("monsters weapons remove ") == ["sword", "laser"])
    #expect(try complete("monsters fields other-keys ") == ["keep", "refuse"])
    #expect(try complete("monsters fields remove ") == ["team", "health", "notes"])
    let addOptions = try complete("monsters weapons add laser --")
    #expect(addOptions.contains("--image") && !addOptions.contains("--format"))
    #expect(!(try complete("monsters add X --")).contains("--image"))
  }

  // MARK: - In a real terminal

  /// The line a shell shows after a Tab, typed in a real terminal (tmux), with the script
  /// loaded as README says.
  private func completedLine(
    _ typed: String, shell: String, setup: [String], in tmux: PickerTmux
  ) throws -> String {
    try tmux.waitForScreen { $0.hasPrefix("$") }
    for line in setup {
      try tmux.send(line, literally: true)
      try tmux.send("Enter")
    }
    try tmux.send("clear", literally: true)
    try tmux.send("Enter")
    try tmux.waitForScreen { screen in
      screen.split(separator: "\n", omittingEmptySubsequences: false).first?
        .trimmingCharacters(in: .whitespaces) == "$"
    }
    try tmux.send(typed, literally: true)
    try tmux.send("Tab")
    var line = ""
    try tmux.waitForScreen { screen in
      line = String(screen.prefix { $0 != "\n" })
      return line.count > typed.count + 2
    }
    return line
  }

  @Test(.enabled(if: PickerTmux.isAvailable, "tmux is not installed"))
  func inARealBashTabCompletesTheValueOfAFieldNotAName() throws {
    let tmux = try PickerTmux(
      pick: [], roster: PickerTmux.seededRoster,
      shell: "env PS1='$ ' bash --norc --noprofile -i")
    let scriptPath = tmux.folder + "/monsters.bash"
    try script(for: "bash", to: scriptPath)
    let line = try completedLine(
      "monsters set --where weapon=f", shell: "bash",
      setup: ["source '\(scriptPath)'", "export MONSTERS_FILE=monsters.json"], in: tmux)
    #expect(line == "$ monsters set --where weapon=fire")
    try tmux.send("C-u")
    try tmux.send("monsters set cat-bot ice-bot M", literally: true)
    try tmux.send("Tab")
    try tmux.waitForScreen { $0.hasPrefix("$ monsters set cat-bot ice-bot Mini-Tomato-Bot") }
  }

  @Test(
    .enabled(
      if: PickerTmux.isAvailable && installedProgram("zsh") != nil,
      "tmux or zsh is not installed"))
  func inARealZshTabCompletesTheValueOfAFieldNotAName() throws {
    // zsh reads its startup file as it starts: it is written first, in a folder of its own.
    let harness = try CommandLineHarness()
    try FileManager.default.createDirectory(
      atPath: harness.path("functions"), withIntermediateDirectories: true)
    try script(for: "zsh", to: harness.path("functions/_monsters"))
    try """
    fpath=(\(harness.folder)/functions $fpath)
    autoload -U compinit && compinit -u
    PS1='$ '
    export MONSTERS_FILE=monsters.json

    """.write(toFile: harness.path(".zshrc"), atomically: true, encoding: .utf8)
    let tmux = try PickerTmux(
      pick: [], roster: PickerTmux.seededRoster,
      shell: "env ZDOTDIR=\(PickerTmux.quoted(harness.folder)) zsh -i")
    let line = try completedLine(
      "monsters set --where weapon=f", shell: "zsh", setup: [], in: tmux)
    #expect(line.hasPrefix("$ monsters set --where weapon=fire"))
    try tmux.send("C-u")
    try tmux.send("monsters weapons rem", literally: true)
    try tmux.send("Tab")
    try tmux.waitForScreen { $0.hasPrefix("$ monsters weapons remove") }
    try tmux.send("C-u")
    try tmux.send("monsters set cat-bot ice-bot M", literally: true)
    try tmux.send("Tab")
    try tmux.waitForScreen { $0.hasPrefix("$ monsters set cat-bot ice-bot Mini-Tomato-Bot") }
  }

  /// Writes a shell's script to a file.
  private func script(for shell: String, to path: String) throws {
    try script(shell).write(toFile: path, atomically: true, encoding: .utf8)
  }
}
