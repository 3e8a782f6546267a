import Foundation
import MonsterKit
import MonstersSystem
import ProcessPlatform
import TestSupport
import Testing

@testable import MonstersCLI

/// `monsters edit` with scripted editors: shell scripts that edit the file they are given,
/// save an error and then its fix, fail, or wait while another process edits the roster.
/// The runs are in-process, with a pseudo-terminal as standard input.
@Suite struct EditCommandTests {
  /// A roster in a folder of its own, a pseudo-terminal, and a folder for the temporary
  /// files (`TMPDIR`), which each edit must leave empty.
  private final class Editing {
    let harness: CommandLineHarness
    let terminal: (main: Int32, secondary: Int32)
    var temporary: String { harness.path("tmp") }

    init() throws {
      harness = try CommandLineHarness()
      terminal = try Platform.openPseudoTerminal()
      try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
      #expect(harness.run(["init"]).code == .success)
    }

    deinit {
      Platform.closeFile(terminal.main)
      Platform.closeFile(terminal.secondary)
    }

    /// Writes an editor: a shell script, with `$DIR` the harness's folder, run as
    /// `sh script FILE`. (Not run as a program: a file another test's process may hold open
    /// for writing, as it starts a program while this one is written, cannot be run.)
    func editor(_ body: String, named name: String = "editor.sh") throws -> String {
      let path = harness.path(name)
      try harness.write("DIR='\(harness.folder)'\n" + body + "\n", to: path)
      return "sh '\(path)'"
    }

    /// Writes an editor that runs `firstRound` on the file the first time, and the second
    /// time keeps a copy of what opens again (`second`) and saves it unchanged, which
    /// cancels the edit.
    func editorKeepingWhatOpensAgain(_ firstRound: String) throws -> String {
      try editor(
        """
        if [ ! -f "$DIR/first" ]; then
          touch "$DIR/first"
        \(firstRound)
        else
          cp "$1" "$DIR/second"
        fi
        """)
    }

    /// Runs `monsters` with the editor, the terminal as standard input and output.
    func run(
      _ arguments: [String], editor: String, environment: [String: String] = [:],
      terminal isTerminal: Bool = true
    ) -> CommandResult {
      let output = OutputChannel(capturingAsTerminal: isTerminal)
      let errors = OutputChannel(capturingAsTerminal: false)
      let input = isTerminal ? InputChannel(descriptor: terminal.secondary) : InputChannel()
      var variables = [
        "EDITOR": editor, "PATH": "/usr/bin:/bin", "TMPDIR": temporary, "NO_COLOR": "1",
      ]
      variables.merge(environment) { $1 }
      let code = MonstersCommandLine.run(
        arguments, environment: variables,
        console: Console(input: input, output: output, errors: errors),
        defaultRosterFile: harness.rosterPath)
      return CommandResult(code, output: output.text, errors: errors.text)
    }

    /// A file of the harness's folder, as text.
    func text(_ name: String) -> String? {
      try? String(contentsOfFile: harness.path(name), encoding: .utf8)
    }

    /// What the temporary folder holds: nothing, after every edit.
    func leftovers() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: temporary)
    }

    var names: String {
      harness.run(["list", "--format", "names"]).output
    }
  }

  /// The built binary, for an editor that edits the roster while it is open.
  private func binary() throws -> String {
    try #require(BuiltTool.url, "the monsters binary could not be found or built").path
  }

  /// The lines of the comments at the top of the file `edit` opens for the whole roster.
  private static func intro(_ path: String) -> String {
    """
    # monsters edit: \(path), the whole roster. Save and quit the editor to apply your
    # changes; save it unchanged, or empty, to cancel. Lines starting with '#' up here
    # are ignored.

    """
  }

  @Test func theEditorEditsTheWholeRosterInAPrivateFileThatIsRemoved() throws {
    let editing = try Editing()
    let editor = try editing.editor(
      """
      ls -l "$1" | cut -c1-10 > "$DIR/modes"
      ls -ld "$(dirname "$1")" | cut -c1-10 >> "$DIR/modes"
      basename "$1" > "$DIR/name"
      cp "$1" "$DIR/opened"
      sed -i.bak 's/"weapon": "sword"/"weapon": "fire"/' "$1"
      """)
    #expect(
      editing.run(["edit"], editor: editor)
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire\n"))
    #expect(editing.harness.run(["show", "cat-bot", "--field", "weapon"]).output == "fire\n")
    #expect(editing.text("modes") == "-rw-------\ndrwx------\n")
    #expect(editing.text("name") == "monsters.json\n")
    #expect(editing.text("opened") == Self.intro(editing.harness.rosterPath) + seededRosterText)
    // The file, its folder, and the backup the editor left beside it are gone.
    #expect(try editing.leftovers() == [])
  }

  @Test func anErrorIsListedAtTheTopWithItsLineUntilItIsFixed() throws {
    let editing = try Editing()
    let editor = try editing.editor(
      """
      if [ ! -f "$DIR/first" ]; then
        cp "$1" "$DIR/first"
        sed -i.bak 's/"weapon": "blowgun"/"weapon": "axe"/' "$1"
      else
        cp "$1" "$DIR/second"
        sed -i.bak 's/"weapon": "axe"/"weapon": "smoke"/' "$1"
      fi
      """)
    #expect(
      editing.run(["edit"], editor: editor)
        == CommandResult(.success, output: "Dog-Bot: weapon blowgun -> smoke\n"))
    let second = try #require(editing.text("second")).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(
      second[4]
        == "# It cannot be saved as it is; fix these, or save it unchanged or empty to cancel:")
    let problem = try #require(second.first { $0.hasPrefix("#   line ") })
    #expect(problem.contains(": monster 2 ('Dog-Bot'): unknown weapon 'axe'"))
    // The line named is the line of the weapon, in the text as it was opened again.
    let line = try #require(Int(problem.dropFirst("#   line ".count).prefix { $0 != "," }))
    #expect(second[line - 1] == "      \"weapon\": \"axe\"")
    #expect(try editing.leftovers() == [])
  }

  @Test func anEditorThatFailsWritesNothing() throws {
    let editing = try Editing()
    let before = editing.harness.rosterBytes()
    let editor = try editing.editor(
      "sed -i.bak 's/\"weapon\": \"sword\"/\"weapon\": \"fire\"/' \"$1\"\nexit 3")
    #expect(
      editing.run(["edit"], editor: editor)
        == CommandResult(
          .failure,
          errors: "Error: The editor (\(editor)) exited with 3; nothing was written: "
            + "\(editing.harness.rosterPath) is as it was.\n"))
    #expect(editing.harness.rosterBytes() == before)
    #expect(try editing.leftovers() == [])
  }

  @Test(arguments: [
    "exit 0", ": > \"$1\"", "printf '# a comment\\n\\n  \\n' > \"$1\"",
  ])
  func savedUnchangedOrEmptyItIsCancelled(script: String) throws {
    let editing = try Editing()
    let before = editing.harness.rosterBytes()
    #expect(
      editing.run(["edit"], editor: try editing.editor(script))
        == CommandResult(
          .failure,
          errors: "Error: Edit cancelled: the file was saved unchanged or empty; "
            + "\(editing.harness.rosterPath) is as it was.\n"))
    #expect(editing.harness.rosterBytes() == before)
    #expect(try editing.leftovers() == [])
  }

  @Test func editsMadeWhileTheEditorIsOpenAreMergedWithIt() throws {
    let editing = try Editing()
    let roster = editing.harness.rosterPath
    let editor = try editing.editor(
      """
      '\(try binary())' -f '\(roster)' set explode-bot --weapon fire > /dev/null
      '\(try binary())' -f '\(roster)' rename ice-bot Frost-Bot > /dev/null
      sed -i.bak 's/"name": "Dog-Bot"/"name": "Hound-Bot"/' "$1"
      """)
    #expect(
      editing.run(["edit"], editor: editor)
        == CommandResult(.success, output: "renamed Dog-Bot -> Hound-Bot\n"))
    #expect(
      editing.harness.run(["list"]).output
        == seededTable(changing: [
          "Dog-Bot": "Hound-Bot        blowgun    BOW-WOW",
          "Explode-Bot": "Explode-Bot      fire       Tick, tick, BOOM!",
          "Ice-Bot": "Frost-Bot        fire       Has A Chilling Effect",
        ]))
    #expect(try editing.leftovers() == [])
  }

  @Test func aConflictWithAnEditMadeMeanwhileOpensAgainMarked() throws {
    let editing = try Editing()
    let roster = editing.harness.rosterPath
    var resolved = try Roster([Monster.seeded[0]])
    try resolved.apply(.set("Cat-Bot", .init(weapon: .fire)))
    try editing.harness.write(
      String(decoding: resolved.canonicalJSON(), as: UTF8.self),
      to: editing.harness.path("resolved.json"))
    let editor = try editing.editor(
      """
      if [ ! -f "$DIR/first" ]; then
        touch "$DIR/first"
        '\(try binary())' -f '\(roster)' set cat-bot --weapon smoke > /dev/null
        sed -i.bak 's/"weapon": "sword"/"weapon": "blowgun"/' "$1"
      else
        cp "$1" "$DIR/conflict"
        cp "$DIR/resolved.json" "$1"
      fi
      """)
    #expect(
      editing.run(["edit", "cat-bot"], editor: editor)
        == CommandResult(.success, output: "Cat-Bot: weapon smoke -> fire\n"))
    let conflict = try #require(editing.text("conflict"))
    #expect(conflict.contains("#   Cat-Bot: weapon smoke in ours, blowgun in theirs\n"))
    #expect(
      conflict.contains(
        """
        <<<<<<< monsters.json now
            {
              "name": "Cat-Bot",
              "description": "MEE-OW",
              "icon": "meetcatbot.png",
              "weapon": "smoke"
            }
        =======
            {
              "name": "Cat-Bot",
              "description": "MEE-OW",
              "icon": "meetcatbot.png",
              "weapon": "blowgun"
            }
        >>>>>>> your edit
        """))
    #expect(editing.harness.run(["show", "cat-bot", "--field", "weapon"]).output == "fire\n")
    #expect(try editing.leftovers() == [])
  }

  @Test func aRosterBrokenWhileTheEditorIsOpenKeepsTheEditOpenUntilItIsSaved() throws {
    let editing = try Editing()
    let roster = editing.harness.rosterPath
    try editing.harness.write(seededRosterText, to: editing.harness.path("good.json"))
    let editor = try editing.editor(
      """
      if [ ! -f "$DIR/first" ]; then
        touch "$DIR/first"
        printf '{ "version": 1,' > '\(roster)'
        sed -i.bak 's/"weapon": "sword"/"weapon": "fire"/' "$1"
      else
        cp "$1" "$DIR/second"
        cp "$DIR/good.json" '\(roster)'
        echo >> "$1"
      fi
      """)
    #expect(
      editing.run(["edit"], editor: editor)
        == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire\n"))
    let second = try #require(editing.text("second"))
    #expect(
      second.contains(
        "# It could not be saved; save it again to try again, or save it unchanged or empty to "
          + "cancel:\n#   \(roster):1:16: "))
    #expect(second.contains("\"weapon\": \"fire\""))
    #expect(try editing.leftovers() == [])
  }

  @Test func onlyTheMonstersNamedAreReplacedRenamedAddedAndRemovedInPlace() throws {
    let editing = try Editing()
    var edited = try Roster([Monster.seeded[1]])
    try edited.apply(.rename("Dog-Bot", to: "Hound-Bot"))
    try edited.apply(.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .fire)))
    try editing.harness.write(
      String(decoding: edited.canonicalJSON(), as: UTF8.self),
      to: editing.harness.path("edited.json"))
    let editor = try editing.editor("cp \"$1\" \"$DIR/opened\"\ncp \"$DIR/edited.json\" \"$1\"")
    let result = editing.run(["edit", "fire-bot", "DOG-BOT"], editor: editor)
    #expect(result.code == .success)
    #expect(
      result.output == "renamed Dog-Bot -> Hound-Bot\nadded Robo-Bot\nremoved Fire-Bot\n")
    #expect(
      editing.names == "Cat-Bot\nHound-Bot\nRobo-Bot\nExplode-Bot\nIce-Bot\nMini-Tomato-Bot\n")
    let opened = try #require(editing.text("opened"))
    #expect(
      opened.hasPrefix("# monsters edit: 2 of the 6 monsters of \(editing.harness.rosterPath)."))
    #expect(
      opened.hasSuffix(
        String(
          decoding: try Roster([Monster.seeded[1], Monster.seeded[3]]).canonicalJSON(),
          as: UTF8.self)))
  }

  @Test func aNameAnotherMonsterHasIsAProblemAtItsLine() throws {
    let editing = try Editing()
    let editor = try editing.editorKeepingWhatOpensAgain(
      """
      sed -i.bak 's/"name": "Dog-Bot"/"name": "cat-BOT"/' "$1"
      """)
    #expect(editing.run(["edit", "dog-bot"], editor: editor).code == .failure)
    let second = try #require(editing.text("second")).split(
      separator: "\n", omittingEmptySubsequences: false)
    let problem = try #require(second.first { $0.hasPrefix("#   line ") })
    #expect(
      problem.hasSuffix(
        ": The name 'cat-BOT' is taken: there is a monster named 'Cat-Bot' (names are compared "
          + "ignoring case)."))
    let line = try #require(Int(problem.dropFirst("#   line ".count).prefix { $0 != ":" }))
    #expect(second[line - 1] == "      \"name\": \"cat-BOT\",")
    #expect(editing.names == seededNames)
  }

  @Test func theWeaponsOfAnEditOfSomeMonstersAreTheRosters() throws {
    let editing = try Editing()
    let editor = try editing.editorKeepingWhatOpensAgain(
      """
      sed -i.bak 's/"version": 1,/"version": 1, "weapons": ["sword"],/' "$1"
      """)
    #expect(editing.run(["edit", "cat-bot"], editor: editor).code == .failure)
    #expect(
      editing.text("second")?.contains(
        "#   the roster's weapons, fields and keys are changed by editing the whole roster") == true
    )
  }

  @Test func whereThatPicksNoMonsterOpensNothing() throws {
    let editing = try Editing()
    let editor = try editing.editor("touch \"$DIR/opened\"")
    #expect(
      editing.run(["edit", "--where", "name=Nobody"], editor: editor)
        == CommandResult(
          .success,
          errors: "monsters edit: Nothing to edit in \(editing.harness.rosterPath): no monster "
            + "has name=Nobody.\n"))
    #expect(editing.text("opened") == nil)
    let picked = try editing.editor("cp \"$1\" \"$DIR/opened\"", named: "picked.sh")
    #expect(editing.run(["edit", "--where", "weapon=ninja-star"], editor: picked).code == .failure)
    #expect(editing.text("opened")?.contains("# monsters edit: 2 of the 6 monsters of") == true)
  }

  @Test func withoutATerminalItPointsToSetAndApply() throws {
    let editing = try Editing()
    let result = editing.run(["edit"], editor: try editing.editor("exit 0"), terminal: false)
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: edit opens an editor, which needs a terminal; in a script, use 'monsters set' "
          + "or 'monsters apply'.\n"))
  }

  @Test func aDryRunPrintsTheDiffAndWritesNothing() throws {
    let editing = try Editing()
    let before = editing.harness.rosterBytes()
    let editor = try editing.editor(
      "sed -i.bak 's/\"weapon\": \"sword\"/\"weapon\": \"fire\"/' \"$1\"")
    let result = editing.run(["edit", "--dry-run", "--exit-code"], editor: editor)
    #expect(result.code == .failure)
    #expect(result.output.contains("-      \"weapon\": \"sword\"\n+      \"weapon\": \"fire\"\n"))
    #expect(editing.harness.rosterBytes() == before)
  }

  @Test func visualWinsOverEditorAndMayHoldArguments() throws {
    let editing = try Editing()
    let visual = try editing.editor(
      "echo \"$1\" > \"$DIR/argument\"\nsed -i.bak 's/\"weapon\": \"sword\"/\"weapon\": \"fire\"/' \"$2\"",
      named: "visual.sh")
    let result = editing.run(
      ["edit"], editor: try editing.editor("exit 1"),
      environment: ["VISUAL": visual + " --wait"])
    #expect(result == CommandResult(.success, output: "Cat-Bot: weapon sword -> fire\n"))
    #expect(editing.text("argument") == "--wait\n")
  }
}
