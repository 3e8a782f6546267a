import Foundation
import MonstersCLI
import Testing

/// A command line that is a usage error, and the message it gets.
struct UsageCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var message: String
  /// The subcommand whose usage follows the message; empty for `monsters` itself.
  var command: String

  init(_ arguments: [String], _ message: String, usage command: String) {
    self.arguments = arguments
    self.message = message
    self.command = command
  }

  var testDescription: String {
    "monsters " + arguments.joined(separator: " ")
  }
}

@Suite struct ErrorTests {
  static let weapons = "Choose one of: blowgun, ninjaStar, fire, sword, smoke."
  static let colours = "Use black, red, green, yellow, blue, magenta, cyan, white, none or #RRGGBB."

  static let usageCases: [UsageCase] = [
    // Subcommands.
    UsageCase(["lst"], "Unknown subcommand 'lst'. Did you mean 'list'?", usage: ""),
    UsageCase(["sho", "cat-bot"], "Unknown subcommand 'sho'. Did you mean 'show'?", usage: ""),
    UsageCase(["frobnicate"], "Unknown subcommand 'frobnicate'.", usage: ""),
    UsageCase(["li\u{1B}[2Jst"], "Unknown subcommand 'li\\u{1B}[2Jst'.", usage: ""),
    UsageCase(["help", "sett"], "Unknown subcommand 'sett'. Did you mean 'set'?", usage: "help"),
    // Options.
    UsageCase(
      ["list", "--wepon", "fire"], "Unknown option '--wepon'. Did you mean '--weapon'?",
      usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--colour", "red"], "Unknown option '--colour'.", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--name-colr=red"],
      "Unknown option '--name-colr'. Did you mean '--name-color'?", usage: "set"),
    UsageCase(
      ["--fiel", "x", "list"], "Unknown option '--fiel'. Did you mean '--file'?", usage: ""),
    UsageCase(["list", "-x"], "Unknown option '-x'.", usage: "list"),
    UsageCase(
      ["list", "--no-colour"], "Unknown option '--no-colour'. Did you mean '--no-color'?",
      usage: "list"),
    UsageCase(["init", "--dry-run"], "Unknown option '--dry-run'.", usage: "init"),
    // Values.
    UsageCase(["list", "--weapon"], "Missing value for '--weapon <weapon>'.", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "--description", "x"],
      "Missing value for '--weapon <weapon>'.", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--description", "-h"], "Missing value for '--description <text>'.",
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "--", "fire"], "Missing value for '--weapon <weapon>'.",
      usage: "set"),
    UsageCase(["--file"], "Missing value for '--file <path>'.", usage: ""),
    UsageCase(["list", "-f"], "Missing value for '--file <path>'.", usage: "list"),
    UsageCase(["init", "--force=yes"], "The flag '--force' takes no value.", usage: "init"),
    UsageCase(["--no-color=1", "list"], "The flag '--no-color' takes no value.", usage: ""),
    UsageCase(["list", "--help=please"], "The flag '--help' takes no value.", usage: "list"),
    // Repeats.
    UsageCase(
      ["list", "--format", "names", "--format=table"],
      "The option '--format' was given more than once.", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fire", "--weapon", "fire"],
      "The option '--weapon' was given more than once.", usage: "set"),
    UsageCase(
      ["-f", "a.json", "show", "cat-bot", "--file", "b.json"],
      "The option '--file' was given more than once.", usage: "show"),
    UsageCase(
      ["init", "--force", "--force"], "The option '--force' was given more than once.",
      usage: "init"),
    UsageCase(
      ["--no-color", "list", "--no-color"], "The option '--no-color' was given more than once.",
      usage: "list"),
    // Arguments.
    UsageCase(["show"], "Missing expected argument '<monster>'.", usage: "show"),
    UsageCase(["set", "--weapon", "fire"], "Missing expected argument '<monster>'.", usage: "set"),
    UsageCase(["show", "cat-bot", "extra"], "Unexpected argument 'extra'.", usage: "show"),
    UsageCase(
      ["set", "cat-bot", "dog-bot", "--weapon", "fire"], "Unexpected argument 'dog-bot'.",
      usage: "set"),
    UsageCase(["list", "all"], "Unexpected argument 'all'.", usage: "list"),
    UsageCase(["help", "list", "show"], "Unexpected argument 'show'.", usage: "help"),
    // Values that are not allowed.
    UsageCase(
      ["set", "cat-bot", "--weapon", "axe"], "Unknown weapon 'axe'. \(weapons)", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fir"],
      "Unknown weapon 'fir'. Did you mean 'fire'? \(weapons)",
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon=ninja star!"],
      "Unknown weapon 'ninja star!'. Did you mean 'ninjaStar'? \(weapons)",
      usage: "set"),
    UsageCase(["list", "--weapon="], "Unknown weapon ''. \(weapons)", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--name-color", "purple"], "Unknown colour 'purple'. \(colours)",
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--name-color", "#12345G"], "Unknown colour '#12345G'. \(colours)",
      usage: "set"),
    UsageCase(
      ["show", "cat-bot", "--format", "yaml"], "Unknown format 'yaml'. Choose one of: text, json.",
      usage: "show"),
    UsageCase(
      ["list", "--format", "tables"],
      "Unknown format 'tables'. Did you mean 'table'? Choose one of: table, names, json, ndjson, "
        + "tsv.", usage: "list"),
    UsageCase(
      ["set", "cat-bot"], "Nothing to set: give --weapon, --description, --icon or --name-color.",
      usage: "set"),
    // Global values.
    UsageCase(
      ["list", "--lock-timeout", "abc"],
      "Invalid value for '--lock-timeout <seconds>': 'abc'; give a number of seconds from 0 to "
        + "1000000.", usage: "list"),
    UsageCase(
      ["--lock-timeout", "-1", "set", "cat-bot", "--weapon", "fire"],
      "Invalid value for '--lock-timeout <seconds>': '-1'; give a number of seconds from 0 to "
        + "1000000.", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fire", "--lock-timeout=nan"],
      "Invalid value for '--lock-timeout <seconds>': 'nan'; give a number of seconds from 0 to "
        + "1000000.", usage: "set"),
    UsageCase(
      ["init", "--lock-timeout", "1e7"],
      "Invalid value for '--lock-timeout <seconds>': '1e7'; give a number of seconds from 0 to "
        + "1000000.", usage: "init"),
    UsageCase(["--file", "", "list"], "The roster file's path is empty.", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fire", "--file="], "The roster file's path is empty.",
      usage: "set"),
    UsageCase(["init", "-f", ""], "The roster file's path is empty.", usage: "init"),
  ]

  @Test(arguments: usageCases)
  func usageErrorsSayWhatIsWrongAndHowToUse(_ usageCase: UsageCase) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(usageCase.arguments)
        == usageFailure(usageCase.message, command: usageCase.command))
  }

  @Test(arguments: usageCases)
  func usageErrorsLeaveTheFileAsItWas(_ usageCase: UsageCase) throws {
    let harness = try CommandLineHarness()
    // Not in canonical form, so that any rewrite would show.
    let text =
      "{\"version\": 1, \"monsters\": [{\"name\": \"Cat-Bot\", \"description\": \"x\","
      + " \"icon\": \"c.png\", \"weapon\": \"fire\"}, {\"name\": \"Dog-Bot\","
      + " \"description\": \"y\", \"icon\": \"d.png\", \"weapon\": \"smoke\"}]}"
    try harness.writeRoster(text)
    #expect(harness.run(usageCase.arguments).code == .usage)
    #expect(harness.rosterText() == text)
  }

  @Test(arguments: usageCases)
  func usageErrorsCreateNoFile(_ usageCase: UsageCase) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(usageCase.arguments).code == .usage)
    #expect(harness.rosterBytes() == nil)
  }

  // MARK: - The roster file

  /// The commands that read the roster, each of which must fail the same way on a bad file;
  /// the edits among them must leave it as it was.
  static let readingCommands: [[String]] = [
    ["list"], ["list", "--format", "names"], ["show", "cat-bot"],
    ["show", "cat-bot", "--format", "json"], ["set", "cat-bot", "--weapon", "fire"],
    ["set", "cat-bot", "--weapon", "sword"],
  ]

  /// Runs every reading command on a file holding `text` and checks each fails with
  /// `code` and `Error: ` + `message`, and the file is left as it was.
  private func expectEveryCommandFails(
    on text: String, code: ExitCode, message: (String) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(text)
    for arguments in Self.readingCommands {
      #expect(
        harness.run(arguments)
          == CommandResult(code, errors: "Error: " + message(harness.rosterPath) + "\n"),
        "monsters \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
      #expect(harness.rosterText() == text, sourceLocation: sourceLocation)
    }
  }

  @Test func badJSONIsADataErrorWithLineAndColumn() throws {
    try expectEveryCommandFails(
      on: """
        {
          "version": 1,
          "monsters": [
            {
              "name": "Cat-Bot"
              "description": "x"
            }
          ]
        }
        """,
      code: .dataError, message: { "\($0):6:7: expected ',' or '}' after an object member" })
  }

  @Test func columnsCountCharacters() throws {
    try expectEveryCommandFails(
      on: "{\"version\": 1, \"monsters\": [{\"name\": \"Ça-Bot—é\" x",
      code: .dataError, message: { "\($0):1:49: expected ',' or '}' after an object member" })
  }

  @Test func anEmptyFileIsADataError() throws {
    try expectEveryCommandFails(
      on: "", code: .dataError,
      message: { "\($0):1:1: the file is empty; expected a JSON object" })
  }

  @Test func anInvalidRosterIsADataError() throws {
    try expectEveryCommandFails(
      on: """
        {
          "version": 1,
          "monsters": [
            {
              "name": "Cat-Bot",
              "icon": "c.png",
              "weapon": "fire"
            }
          ]
        }
        """,
      code: .dataError, message: { "\($0):4:5: monster 1 ('Cat-Bot'): no 'description'" })
  }

  @Test func everyProblemIsCounted() throws {
    try expectEveryCommandFails(
      on: """
        {
          "version": 1,
          "monsters": [
            {
              "name": "Cat-Bot",
              "icon": "c.png",
              "weapon": "axe"
            },
            {
              "name": "cat-bot",
              "description": "d",
              "icon": "c.png",
              "weapon": "fire"
            }
          ]
        }
        """,
      code: .dataError,
      message: {
        "\($0):4:5: monster 1 ('Cat-Bot'): no 'description' "
          + "(and 2 more problems; run 'monsters check')"
      })
  }

  @Test func aNewerVersionIsRefused() throws {
    try expectEveryCommandFails(
      on: "{\n  \"version\": 2,\n  \"monsters\": []\n}\n", code: .dataError,
      message: {
        "\($0):2:14: the file is roster version 2, newer than this monsters reads (1); "
          + "use a newer monsters"
      })
  }

  @Test func aFolderWhereTheFileShouldBeIsAnIOError() throws {
    let harness = try CommandLineHarness()
    try FileManager.default.createDirectory(
      atPath: harness.rosterPath, withIntermediateDirectories: false)
    for arguments in Self.readingCommands {
      #expect(
        harness.run(arguments)
          == CommandResult(
            .ioError, errors: "Error: Cannot read \(harness.rosterPath): Is a directory.\n"))
    }
    for arguments in [["init"], ["init", "--force"]] {
      #expect(
        harness.run(arguments)
          == CommandResult(
            .ioError, errors: "Error: Cannot write \(harness.rosterPath): Is a directory.\n"))
    }
    let contents = try FileManager.default.contentsOfDirectory(atPath: harness.rosterPath)
    #expect(contents.isEmpty)
  }

  @Test func aMissingFolderIsAnIOErrorForAnEdit() throws {
    let harness = try CommandLineHarness()
    let path = harness.path("nowhere/monsters.json")
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire", "--file", path])
        == CommandResult(
          .ioError, errors: "Error: Cannot lock \(path): No such file or directory.\n"))
    #expect(
      harness.run(["list", "--format", "names", "--file", path])
        == CommandResult(.success, output: seededNames))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
  func aLockHeldByAnotherProcessTimesOut() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = try #require(harness.rosterBytes())
    let holder = try LockHolder(path: harness.rosterPath + ".lock")
    let result = harness.run(["set", "cat-bot", "--weapon", "fire", "--lock-timeout", "0.2"])
    let initResult = harness.run(["init", "--force", "--lock-timeout=0"])
    try holder.release()
    #expect(
      result
        == CommandResult(
          .lockBusy,
          errors: "Error: Another monsters is editing \(harness.rosterPath) (it held "
            + "\(harness.rosterPath).lock for over 0.2 s); try again, or raise --lock-timeout.\n"
        ))
    #expect(
      initResult
        == CommandResult(
          .lockBusy,
          errors: "Error: Another monsters is editing \(harness.rosterPath) (it held "
            + "\(harness.rosterPath).lock for over 0 s); try again, or raise --lock-timeout.\n"))
    #expect(harness.rosterBytes() == before)
    // Once the other process lets go, an edit goes through.
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire", "--lock-timeout", "0.2"])
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire.\n"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
  func readingNeedsNoLock() throws {
    let harness = try CommandLineHarness()
    let holder = try LockHolder(path: harness.rosterPath + ".lock")
    defer { try? holder.release() }
    #expect(
      harness.run(["list", "--lock-timeout", "0"]) == CommandResult(.success, output: seededTable))
  }
}

/// Another process that holds `flock(2)` on a file until released: `flock PATH -c ...`, which
/// says `locked` once it has the lock, and lets go when its `cat` reaches the end of input.
final class LockHolder {
  private let process = Process()
  private let input = Pipe()

  init(path: String) throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    process.arguments = [path, "-c", "echo locked; exec cat"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let echo = output.fileHandleForReading.availableData
    guard String(decoding: echo, as: UTF8.self) == "locked\n" else {
      throw LockHolderError.notLocked
    }
  }

  /// Ends `cat`, and with it the lock.
  func release() throws {
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  enum LockHolderError: Error {
    case notLocked
  }
}

/// The environment as the process gets it: values as bytes.
@Suite struct EnvironmentBytesTests {
  private func run(
    _ arguments: [String], environment: [String: [UInt8]], terminal: Bool = false
  ) -> CommandResult {
    let output = OutputChannel(capturingAsTerminal: terminal)
    let errors = OutputChannel(capturingAsTerminal: terminal)
    let code = MonstersCommandLine.run(
      bytes: arguments.map { Array($0.utf8) }, environment: Environment(bytes: environment),
      console: Console(input: InputChannel(), output: output, errors: errors))
    return CommandResult(code, output: output.text, errors: errors.text)
  }

  @Test func aRosterPathInTheEnvironmentThatIsNotUTF8IsRefused() throws {
    let harness = try CommandLineHarness()
    let path = Array(harness.path("caf").utf8) + [0xE9] + Array(".json".utf8)
    let result = run(["set", "cat-bot", "--weapon", "fire"], environment: ["MONSTERS_FILE": path])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: MONSTERS_FILE, '\(harness.path("caf"))\u{FFFD}.json', is not valid UTF-8.\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.folder).isEmpty)
  }

  @Test func otherVariablesThatAreNotUTF8AreNoReasonToStop() throws {
    let harness = try CommandLineHarness()
    let result = run(
      ["list", "--format", "names"],
      environment: ["MONSTERS_FILE": Array(harness.rosterPath.utf8), "LANG": [0xFF]])
    #expect(result == CommandResult(.success, output: seededNames))
  }

  @Test func noColorThatIsNotUTF8StillTurnsColourOff() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "Cat-Bot", "--name-color", "red"]).code == .success)
    let environment = [
      "MONSTERS_FILE": Array(harness.rosterPath.utf8), "TERM": Array("xterm".utf8),
    ]
    let coloured = run(["show", "Cat-Bot"], environment: environment, terminal: true)
    #expect(coloured.output.contains("\u{1B}["))
    let plain = run(
      ["show", "Cat-Bot"], environment: environment.merging(["NO_COLOR": [0xFF]]) { $1 },
      terminal: true)
    #expect(plain.code == .success && !plain.output.contains("\u{1B}"))
  }
}

/// Files that are not roster files, and values too long to quote whole.
@Suite struct UnusualInputTests {
  @Test func aDeviceOrAPipeIsNotARosterFile() throws {
    let harness = try CommandLineHarness()
    let fifo = harness.path("pipe.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in ["/dev/zero", "/dev/null", fifo] {
      for arguments in [["list"], ["set", "Cat-Bot", "--weapon", "fire"], ["check"]] {
        let result = harness.run(["--file", path] + arguments)
        #expect(
          result
            == CommandResult(
              .ioError, errors: "Error: \(path) is not a regular file; a roster is kept in one.\n"),
          "\(arguments)")
      }
    }
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func somethingInTheTemporaryFilesPlaceIsNamed() throws {
    let harness = try CommandLineHarness()
    try FileManager.default.createDirectory(
      atPath: harness.path(".monsters.json.tmp"), withIntermediateDirectories: false)
    let result = harness.run(["set", "Cat-Bot", "--weapon", "fire"])
    #expect(
      result
        == CommandResult(
          .ioError,
          errors: "Error: Cannot create the temporary file \(harness.path(".monsters.json.tmp")): "
            + "File exists.\n"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aLongValueIsQuotedInPart() throws {
    let harness = try CommandLineHarness()
    let weapon = String(repeating: "x", count: 5000)
    let result = harness.run(["set", "Cat-Bot", "--weapon", weapon])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: Unknown weapon '\(String(repeating: "x", count: 200))... (4800 more characters)'."))
    #expect(result.errors.count < 1000)
  }
}
