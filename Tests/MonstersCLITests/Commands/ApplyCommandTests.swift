import Foundation
import Testing

@testable import MonstersCLI

@Suite struct ApplyCommandTests {
  @Test func appliesEveryEditInOneWrite() throws {
    let harness = try CommandLineHarness()
    try harness.write(
      """
      # demo edits
      set Cat-Bot --weapon fire --name-color '#ff8800'
      add 'Space Bot' --weapon "ninja star" --description "Says \\"hi\\""

      rename Dog-Bot Hound-Bot
      remove Fire-Bot
      """, to: harness.path("edits.txt"))
    let result = harness.run(["apply", harness.path("edits.txt")])
    #expect(
      result
        == CommandResult(
          .success,
          output: """
            Cat-Bot: weapon sword -> fire, name colour none -> #FF8800.
            Added Space Bot.
            Renamed Dog-Bot to Hound-Bot.
            Removed Fire-Bot.
            Applied 4 edits to \(harness.rosterPath).

            """, errors: harness.createdNote("apply")))
    let names = harness.run(["list", "--format", "names"]).output
    #expect(names == "Cat-Bot\nHound-Bot\nExplode-Bot\nIce-Bot\nMini-Tomato-Bot\nSpace Bot\n")
    let cat = harness.run(["show", "cat-bot", "--format", "json"]).output
    #expect(cat.contains(#""weapon": "fire""#) && cat.contains(##""nameColor": "#FF8800""##))
    let space = harness.run(["show", "space bot", "--format", "json"]).output
    #expect(space.contains(#""description": "Says \"hi\"""#))
    #expect(space.contains(#""icon": "meetspacebot.png""#))
  }

  @Test func readsTheScriptFromStandardInput() throws {
    let harness = try CommandLineHarness()
    for arguments in [["apply"], ["apply", "-"]] {
      let result = harness.run(arguments, input: "set Ice-Bot --weapon sword\n")
      #expect(result.code == .success)
    }
    #expect(harness.run(["show", "Ice-Bot"]).output.contains("sword (sword.png)"))
  }

  @Test func aFailingLineIsNamedAndNothingIsWritten() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    try harness.write(
      "set Cat-Bot --weapon fire\n\nset Cat-Bott --weapon sword\nremove Dog-Bot\n",
      to: harness.path("edits.txt"))
    let result = harness.run(["apply", harness.path("edits.txt")])
    #expect(
      result
        == CommandResult(
          .failure,
          errors: "Error: \(harness.path("edits.txt")):3: No monster named 'Cat-Bott'. "
            + "Did you mean 'Cat-Bot'?\n"))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func aLineThatTakesANameTwiceFailsWithItsCode() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(
      ["apply"], input: "add Robo-Bot --weapon fire\nadd robo-bot --weapon smoke\n")
    #expect(result.code == .failure)
    #expect(result.errors.hasPrefix("Error: <stdin>:2: The name 'robo-bot' is taken"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aUsageErrorOnALineIsNamedWithTheLinesUsage() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "\nset Cat-Bot --weapon axe\n")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: <stdin>:2: Unknown weapon 'axe'. Choose one of: blowgun, ninjaStar, fire, "
          + "sword, smoke.\nUsage: monsters set [<monster>...]"), "\(result.errors)")
    #expect(harness.rosterBytes() == nil)
  }

  @Test(arguments: [
    (
      "list",
      "Error: <stdin>:1: 'list' does not edit the roster; a script line is an edit: set, add, "
        + "remove, rename, weapons add, weapons remove, weapons rename, weapons change, "
        + "fields add, fields remove, fields change, fields rename or fields other-keys."
    ),
    (
      "set Cat-Bot --weapon fire --file other.json",
      "Error: <stdin>:1: '--file' is an option of 'monsters apply', not of a script line."
    ),
    (
      "set Cat-Bot --weapon fire --dry-run",
      "Error: <stdin>:1: '--dry-run' is an option of 'monsters apply', not of a script line."
    ),
    // Without its arguments: help is not checked for them, and the line is still refused.
    (
      "remove --help",
      "Error: <stdin>:1: '--help' is an option of 'monsters apply', not of a script line."
    ),
    (
      "rename --version",
      "Error: <stdin>:1: '--version' is an option of 'monsters apply', not of a script line."
    ),
    (
      "add 'Bad\u{7}Name' --weapon fire",
      "Error: <stdin>:1: 'Bad\\u{07}Name' cannot be a monster's name: it holds a control character, U+0007."
    ),
    ("set Cat-Bot --description 'open", "Error: <stdin>:1: Unterminated single quote."),
  ])
  func scriptLinesThatAreNotEditsAreUsageErrors(_ line: String, _ message: String) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: line + "\n")
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix(message + "\n"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test(arguments: [
    "list --format names", "weapons", "frobnicate Cat-Bot", "set Cat-Bot --description 'open",
    "remove \\",
  ])
  func aLineThatIsNoEditShowsTheUsageOfApply(_ line: String) throws {
    // Not the usage of `monsters` itself, whose subcommands a line may mostly not use.
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "remove Dog-Bot\n" + line)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: <stdin>:2: "))
    #expect(
      result.errors.hasSuffix(
        "\nUsage: monsters apply [<script>] [--dry-run] [--exit-code]\n"
          + "  See 'monsters apply --help' for more information.\n"), "\(result.errors)")
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aBackslashAtTheEndOfTheScriptIsNamedNotTakenForAnEmptyName() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "set Cat-Bot --weapon fire\nremove \\")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: <stdin>:2: A backslash at the end of the script, with no line after it to "
          + "join; write '\\\\' for a backslash.\n"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aMissingScriptIsNoInput() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply", harness.path("missing.txt")])
    #expect(
      result
        == CommandResult(.noInput, errors: "Error: \(harness.path("missing.txt")): no such file.\n")
    )
  }

  @Test func aFolderForAScriptCannotBeRead() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply", harness.folder])
    #expect(
      result
        == CommandResult(
          .ioError, errors: "Error: Cannot read \(harness.folder): Is a directory.\n"))
  }

  @Test func aScriptThatChangesNothingWritesNothing() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "# nothing yet\nset Cat-Bot --weapon sword\n")
    #expect(
      result
        == CommandResult(
          .success,
          errors: "monsters apply: Nothing to change: \(harness.rosterPath) is as asked.\n"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func dryRunPrintsTheDiffOfAllTheEditsAndWritesNothing() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(
      ["apply", "--dry-run"], input: "set Cat-Bot --weapon fire\nremove Mini-Tomato-Bot\n")
    let path = harness.rosterPath
    #expect(
      result.output == """
        --- \(path)
        +++ \(path)
        @@ -5,7 +5,7 @@
               "name": "Cat-Bot",
               "description": "MEE-OW",
               "icon": "meetcatbot.png",
        -      "weapon": "sword"
        +      "weapon": "fire"
             },
             {
               "name": "Dog-Bot",
        @@ -30,12 +30,6 @@
               "description": "Has A Chilling Effect",
               "icon": "meeticebot.png",
               "weapon": "fire"
        -    },
        -    {
        -      "name": "Mini-Tomato-Bot",
        -      "description": "Extremely Handsome",
        -      "icon": "meetminitomatobot.png",
        -      "weapon": "ninjaStar"
             }
           ]
         }

        """)
    #expect(result.code == .success && result.errors.isEmpty)
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func aScriptWithAByteOrderMarkAndCRLFLinesIsApplied() throws {
    let harness = try CommandLineHarness()
    try harness.write(
      "\u{FEFF}set Cat-Bot --weapon fire\r\n# a note\r\nset Dog-Bot \\\r\n  --weapon smoke\r\n",
      to: harness.path("edits.txt"))
    let result = harness.run(["apply", harness.path("edits.txt")])
    #expect(
      result
        == CommandResult(
          .success,
          output: "Cat-Bot: weapon sword -> fire.\nDog-Bot: weapon blowgun -> smoke.\n"
            + "Applied 2 edits to \(harness.rosterPath).\n", errors: harness.createdNote("apply")))
    #expect(
      harness.run(["show", "dog-bot", "--format", "json"]).output.contains(#""weapon": "smoke""#))
  }

  @Test(arguments: [
    (
      Array("remove Cat-Bot\nremove Dog-Bot".utf8) + [0xFF, 0x0A],
      "2: Invalid UTF-8 (byte 0xFF); a script is UTF-8 text."
    ),
    (Array("remove Cat-Bot\n\n\nremove A\0B\n".utf8), "4: A NUL byte; a script is text."),
    (
      Array("remove Cat-Bot\rremove Dog-Bot\r".utf8),
      "1: A carriage return that does not end the line; lines end with LF or CRLF."
    ),
  ])
  func aScriptThatIsNotTextNamesItsLineAndChangesNothing(_ script: [UInt8], _ message: String)
    throws
  {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let path = harness.path("edits.txt")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(script)))
    let result = harness.run(["apply", path])
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: \(path):\(message)\n"), "\(result.errors)")
    #expect(harness.rosterText() == seededRosterText)
  }
}

/// What `apply` says about each edit, and when it writes.
@Suite struct ApplyReportTests {
  @Test func editsThatCancelOutDoNotRewriteTheFile() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let before = try #require(FileIdentity(path: harness.rosterPath))
    let result = harness.run(
      ["apply"],
      input: "set Cat-Bot --weapon fire\nadd Robo-Bot --weapon smoke\nremove robo-bot\n"
        + "set cat-bot --weapon sword\n")
    #expect(
      result
        == CommandResult(
          .success,
          output: "Cat-Bot: weapon sword -> fire.\nAdded Robo-Bot.\nRemoved Robo-Bot.\n"
            + "Cat-Bot: weapon fire -> sword.\n",
          errors:
            "monsters apply: Nothing to change: the edits leave \(harness.rosterPath) as it was.\n"
        ))
    #expect(FileIdentity(path: harness.rosterPath) == before)
  }

  @Test func notesNameTheLineTheyComeFrom() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(
      ["apply"],
      input: "# re-runnable\nadd Cat-Bot --weapon fire --if-missing\nremove Nobody --if-exists\n"
        + "set --where weapon=axe-less --weapon fire\n")
    #expect(result.code == .usage)
    let notes = harness.run(
      ["apply"],
      input: "# re-runnable\nadd Cat-Bot --weapon fire --if-missing\nremove Nobody --if-exists\n"
        + "set --where weapon=fire --where name=Cat-Bot --weapon smoke\n")
    #expect(
      notes
        == CommandResult(
          .success,
          errors: "monsters apply: <stdin>:2: Nothing to add to \(harness.rosterPath): there is "
            + "a monster named 'Cat-Bot' already.\n"
            + "monsters apply: <stdin>:3: Nothing to remove from \(harness.rosterPath): no "
            + "monster named 'Nobody'.\n"
            + "monsters apply: <stdin>:4: Nothing to change in \(harness.rosterPath): no monster "
            + "has weapon=fire and name=Cat-Bot.\n"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aLineMayEditSeveralMonsters() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(
      ["apply"], input: "set --where weapon=ninjaStar --weapon fire\nremove cat-bot dog-bot\n")
    #expect(
      result.output
        == "Fire-Bot: weapon ninjaStar -> fire.\nMini-Tomato-Bot: weapon ninjaStar -> fire.\n"
        + "Removed Cat-Bot.\nRemoved Dog-Bot.\nApplied 2 edits to \(harness.rosterPath).\n")
  }

  @Test func dryRunExitCodeSaysWhetherTheScriptWouldChangeTheFile() throws {
    let harness = try CommandLineHarness()
    let change = harness.run(["apply", "--dry-run", "--exit-code"], input: "remove cat-bot\n")
    #expect(change.code == .failure)
    #expect(change.output.hasPrefix("--- /dev/null\n"))
    let same = harness.run(
      ["apply", "--dry-run", "--exit-code"],
      input: "set cat-bot --weapon fire\nset cat-bot --weapon sword\n")
    #expect(same.code == .success)
    #expect(same.output.isEmpty)
    #expect(harness.rosterBytes() == nil)
    let bad = harness.run(["apply", "--exit-code"], input: "remove cat-bot\n")
    #expect(bad.code == .usage)
    #expect(harness.rosterBytes() == nil)
    let onALine = harness.run(["apply"], input: "remove cat-bot --dry-run --exit-code\n")
    #expect(
      onALine.errors.hasPrefix(
        "Error: <stdin>:1: '--dry-run' is an option of 'monsters apply', not of a script line."))
  }

  @Test func aLineWrittenAsAWholeCommandGetsAHint() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "\nmonsters set 'Cat-Bot' --description 'A b'\n")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: <stdin>:2: Unknown subcommand 'monsters'. Drop the leading 'monsters': set "
          + "Cat-Bot --description 'A b'\n"))
  }

  @Test func aValueThatAHashCutOffGetsAHint() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "set Cat-Bot --description #1 fan\n")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: <stdin>:1: Missing value for '--description <text>'. A # starts a comment; "
          + "quote the value: --description '#1'\n"))
    #expect(
      harness.run(["apply"], input: "set Cat-Bot --description '#1 fan'\n").code == .success)
  }

  @Test func theHintOfACutValueShowsItsControlCharactersEscaped() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["apply"], input: "set Cat-Bot --weapon #\u{1B}[2J\n")
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: <stdin>:1: Missing value for '--weapon <weapon>'. A # starts a comment; "
          + "quote the value: --weapon '#\\u{1B}[2J'\n"))
  }
}
