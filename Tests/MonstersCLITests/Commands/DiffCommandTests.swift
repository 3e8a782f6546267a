import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct DiffCommandTests {
  /// A harness with `old.json`, the seeded roster, and `new.json`, the seeded roster edited
  /// by `edits` (an `apply` script).
  private func rosters(_ edits: String) throws -> CommandLineHarness {
    let harness = try CommandLineHarness()
    try harness.write(seededRosterText, to: harness.path("old.json"))
    try harness.write(seededRosterText, to: harness.path("new.json"))
    let applied = harness.run(["-f", harness.path("new.json"), "apply", "-"], input: edits)
    #expect(applied.code == .success, "\(applied.errors)")
    return harness
  }

  private let edits = """
    set Cat-Bot --weapon fire --description 'Purr | purr'
    rename Fire-Bot Blaze-Bot
    remove Dog-Bot
    add Robo-Bot --weapon smoke --description 'Beep'
    """

  @Test func aRosterComparedWithItselfPrintsNothingAndExitsZero() throws {
    let harness = try rosters("")
    #expect(
      harness.run(["diff", harness.path("old.json"), harness.path("new.json")])
        == CommandResult(.success))
    #expect(
      harness.run([
        "diff", "--format", "markdown", harness.path("old.json"), harness.path("old.json"),
      ])
        == CommandResult(.success, output: "No changes to the roster.\n"))
    #expect(
      harness.run(["diff", "--format", "json", harness.path("old.json"), harness.path("new.json")])
        == CommandResult(.success, output: "[]\n"))
  }

  @Test func eachChangeIsALineInTheRostersWords() throws {
    let harness = try rosters(edits)
    #expect(
      harness.run(["diff", harness.path("old.json"), harness.path("new.json")])
        == CommandResult(
          .failure,
          output: """
            Cat-Bot: description 'MEE-OW' -> 'Purr | purr'
            Cat-Bot: weapon sword -> fire
            removed Dog-Bot
            renamed Fire-Bot -> Blaze-Bot
            added Robo-Bot

            """))
  }

  @Test func markdownIsATableForAPullRequest() throws {
    let harness = try rosters(edits)
    #expect(
      harness.run([
        "diff", "--format", "markdown", harness.path("old.json"), harness.path("new.json"),
      ])
        == CommandResult(
          .failure,
          output: """
            **5 changes to the roster:** 1 added, 1 removed, 1 renamed, 2 changed

            | Monster | Change |
            | --- | --- |
            | `Cat-Bot` | description: `MEE-OW` → `Purr \\| purr` |
            | `Cat-Bot` | weapon: `sword` → `fire` |
            | `Dog-Bot` | removed |
            | `Blaze-Bot` | renamed from `Fire-Bot` |
            | `Robo-Bot` | added |

            """))
  }

  @Test func jsonIsAnArrayOfChangesForScripts() throws {
    let harness = try rosters(edits)
    let result = harness.run(
      ["diff", "--format", "json", harness.path("old.json"), harness.path("new.json")])
    #expect(result.code == .failure)
    #expect(
      result.output == """
        [
          {"change":"changed","name":"Cat-Bot","field":"description","old":"MEE-OW","new":"Purr | purr"},
          {"change":"changed","name":"Cat-Bot","field":"weapon","old":"sword","new":"fire"},
          {"change":"removed","name":"Dog-Bot","monster":{"name":"Dog-Bot","description":"BOW-WOW","icon":"meetdogbot.png","weapon":"blowgun"}},
          {"change":"renamed","from":"Fire-Bot","to":"Blaze-Bot"},
          {"change":"added","name":"Robo-Bot","monster":{"name":"Robo-Bot","description":"Beep","icon":"meetrobobot.png","weapon":"smoke"}}
        ]

        """)
    let decoded = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Any]
    #expect(decoded?.count == 5)
  }

  @Test func eitherSideMayBeStandardInput() throws {
    let harness = try rosters("set Ice-Bot --weapon smoke")
    let newText = try String(contentsOfFile: harness.path("new.json"), encoding: .utf8)
    #expect(
      harness.run(["diff", harness.path("old.json"), "-"], input: newText)
        == CommandResult(.failure, output: "Ice-Bot: weapon fire -> smoke\n"))
    #expect(
      harness.run(["diff", "-", harness.path("old.json")], input: newText)
        == CommandResult(.failure, output: "Ice-Bot: weapon smoke -> fire\n"))
  }

  @Test func bothSidesCannotBeStandardInput() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["diff", "-", "-"])
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: OLD and NEW are both '-': standard input can be read once.\n"
          + "Usage: monsters diff <old> [<new>]"))
  }

  @Test func aMissingSideIsNoInputNamingTheSide() throws {
    let harness = try rosters("")
    let missing = harness.path("missing.json")
    #expect(
      harness.run(["diff", harness.path("old.json"), missing])
        == CommandResult(.noInput, errors: "Error: NEW: \(missing): no such file.\n"))
  }

  @Test func aSideThatIsNotARosterIsADataErrorNamingTheSide() throws {
    let harness = try rosters("")
    try harness.write("{\"version\": 1, \"monsters\": [}\n", to: harness.path("bad.json"))
    #expect(
      harness.run(["diff", harness.path("bad.json"), harness.path("old.json")])
        == CommandResult(
          .dataError,
          errors: "Error: OLD: \(harness.path("bad.json")):1:29: unexpected '}'; expected a value\n"
        ))
    #expect(
      harness.run(["diff", harness.path("old.json"), "-"], input: "[]")
        == CommandResult(
          .dataError,
          errors: "Error: NEW: <stdin>:1:1: a roster is a JSON object with 'version' and "
            + "'monsters'\n"))
  }

  @Test func aNewSideIsNeededButWithTextconv() throws {
    let harness = try rosters("")
    let result = harness.run(["diff", harness.path("old.json")])
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: Missing expected argument '<new>'.\n"))
  }

  @Test func hostileTextIsShownEscaped() throws {
    let harness = try rosters(
      "set Cat-Bot --description \"$(printf 'x\\033[2J\\u202e|y')\"".replacingOccurrences(
        of: "$(printf 'x\\033[2J\\u202e|y')", with: "x\u{1B}[2J\u{202E}`|y"))
    let text = harness.run(["diff", harness.path("old.json"), harness.path("new.json")])
    #expect(text.output == "Cat-Bot: description 'MEE-OW' -> 'x\\u{1B}[2J\\u{202E}`|y'\n")
    let markdown = harness.run(
      ["diff", "--format", "markdown", harness.path("old.json"), harness.path("new.json")])
    #expect(
      markdown.output.contains(
        "| `Cat-Bot` | description: `MEE-OW` → ``x\\u{1B}[2J\\u{202E}`\\|y`` |"))
    let json = harness.run(
      ["diff", "--format", "json", harness.path("old.json"), harness.path("new.json")],
      terminal: true)
    #expect(json.output.contains(#""new":"x\u001b[2J\u202e`|y""#))
  }

  /// What `diff --textconv` prints of a roster file, for git's diff driver.
  private func textconv(_ roster: String) throws -> CommandResult {
    let harness = try CommandLineHarness()
    try harness.write(roster, to: harness.path("r.json"))
    return harness.run(["diff", "--textconv", harness.path("r.json")])
  }

  @Test func textconvPrintsOneMonsterALine() throws {
    #expect(
      try textconv(
        """
        {"version": 1, "owner": "ann", "monsters": [
          {"name": "Cat-Bot", "description": "MEE-OW", "icon": "c.png", "weapon": "sword", "tags": [1]},
          {"name": "Dog-Bot", "description": "d\\u202e", "icon": "d.png", "weapon": "fire"}]}
        """)
        == CommandResult(
          .success,
          output: """
            {"version":1,"owner":"ann"}
            {"name":"Cat-Bot","description":"MEE-OW","icon":"c.png","weapon":"sword","tags":[1]}
            {"name":"Dog-Bot","description":"d\\u202e","icon":"d.png","weapon":"fire"}

            """))
  }

  /// A weapon or field declared, changed or removed is a change git must show.
  @Test func textconvPrintsTheWeaponsAndFieldsTheRosterDeclares() throws {
    #expect(
      try textconv(
        """
        {"version": 1, "owner": "ann", "weapons": ["sword", {"name": "laser", "image": "l.png"}],
         "fields": [{"name": "team", "values": ["red", "blue"]}], "monsters": [
          {"name": "Cat-Bot", "description": "MEE-OW", "icon": "c.png", "weapon": "laser"}]}
        """)
        == CommandResult(
          .success,
          output: """
            {"version":1,"weapons":["sword",{"name":"laser","image":"l.png"}],\
            "fields":[{"name":"team","values":["red","blue"]}],"owner":"ann"}
            {"name":"Cat-Bot","description":"MEE-OW","icon":"c.png","weapon":"laser"}

            """))
  }

  @Test func textconvPrintsAFileThatIsNotARosterAsItIs() throws {
    let harness = try CommandLineHarness()
    let text = "<<<<<<< ours\nnot a roster\n"
    try harness.write(text, to: harness.path("r.json"))
    #expect(
      harness.run(["diff", "--textconv", "--", harness.path("r.json")])
        == CommandResult(.success, output: text))
    #expect(harness.run(["diff", "--textconv", "a", "b"]).code == .usage)
  }

  /// An escape sequence, a C1 control (CSI, as UTF-8 and as the raw byte 0x9B, which a
  /// terminal reading 8 bits takes for one), DEL and a bidirectional control.
  @Test func textconvShowsAFileThatIsNotARosterEscaped() throws {
    let harness = try CommandLineHarness()
    let bytes: [UInt8] =
      Array("{\"x\": \"\u{1B}[2J".utf8) + [0xC2, 0x9B] + Array("31m".utf8) + [0x9B, 0x7F]
      + Array("\u{202E}\"\n\tnot a roster\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: harness.path("r.json")))
    func run(terminal: Bool) -> [UInt8] {
      let output = OutputChannel(capturingAsTerminal: terminal)
      let console = Console(input: InputChannel(), output: output, errors: OutputChannel())
      let code = MonstersCommandLine.run(
        ["diff", "--textconv", harness.path("r.json")], environment: [:], console: console)
      #expect(code == .success)
      return output.bytes
    }
    // On a terminal, and for git, which reads a pipe but shows what it reads to a person.
    for terminal in [true, false] {
      let shown = run(terminal: terminal)
      #expect(
        String(decoding: shown, as: UTF8.self)
          == "{\"x\": \"\\u001b[2J\\u009b31m\u{FFFD}\\u007f\\u202e\"\n\tnot a roster\n")
      #expect(!shown.contains(0x1B) && !shown.contains(0x9B) && !shown.contains(0x7F))
    }
  }
}
