import MonstersCLI
import Testing

@Suite struct ListCommandTests {
  @Test func listsTheSeededRosterWhenThereIsNoFile() {
    let output = OutputChannel(capturingAsTerminal: false)
    let errors = OutputChannel(capturingAsTerminal: false)
    let code = MonstersCommandLine.run(
      ["--file", "/nonexistent/monsters.json", "list", "--format", "names"], environment: [:],
      console: Console(input: InputChannel(), output: output, errors: errors))
    #expect(code == .success)
    #expect(
      output.text
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\n")
    #expect(errors.text.isEmpty)
  }

  @Test func printsTheSeededTableByDefault() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["list"]) == CommandResult(.success, output: seededTable))
    #expect(
      harness.run(["list", "--format", "table"]) == CommandResult(.success, output: seededTable))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func readingDoesNotCreateTheFile() throws {
    let harness = try CommandLineHarness()
    _ = harness.run(["list"])
    _ = harness.run(["list", "--format", "names"])
    #expect(harness.rosterBytes() == nil)
  }

  @Test func listsTheFileAsItIs() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "Robo-Bot", description: "Beep", weapon: "smoke"),
        MonsterFields(
          name: "A-Very-Long-Monster-Name", description: "Long", weapon: "blowgun",
          nameColor: "red"),
        MonsterFields(name: "Z", description: "", weapon: "ninjaStar"),
      ]))
    #expect(
      harness.run(["list"])
        == CommandResult(
          .success,
          output: "NAME                      WEAPON     DESCRIPTION\n"
            + "Robo-Bot                  smoke      Beep\n"
            + "A-Very-Long-Monster-Name  blowgun    Long\n"
            // No trailing white space after an empty description.
            + "Z                         ninjaStar\n"))
    #expect(
      harness.run(["list", "--format", "names"])
        == CommandResult(.success, output: "Robo-Bot\nA-Very-Long-Monster-Name\nZ\n"))
  }

  @Test func alignsWideAndAccentedNamesByTheirColumns() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "ロボ", description: "wide"),
        MonsterFields(name: "Cafe\u{301}", description: "combining"),
      ]))
    #expect(
      harness.run(["list"])
        == CommandResult(
          .success,
          output: """
            NAME  WEAPON     DESCRIPTION
            ロボ  fire       wide
            Cafe\u{301}  fire       combining

            """))
  }

  @Test func filtersByWeapon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--weapon", "fire"])
        == CommandResult(
          .success,
          output: """
            NAME     WEAPON     DESCRIPTION
            Ice-Bot  fire       Has A Chilling Effect

            """))
    #expect(
      harness.run(["list", "--weapon", "ninjaStar", "--format", "names"])
        == CommandResult(.success, output: "Fire-Bot\nMini-Tomato-Bot\n"))
  }

  @Test(arguments: [
    "ninja-star", "NinjaStar", "ninja_star", "ninjastar", "NINJASTAR", "Ninja-Star",
  ])
  func weaponFilterIsForgiving(_ spelling: String) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--weapon", spelling])
        == CommandResult(
          .success,
          output: """
            NAME             WEAPON     DESCRIPTION
            Fire-Bot         ninjaStar  Will Make You Steamed
            Mini-Tomato-Bot  ninjaStar  Extremely Handsome

            """))
  }

  @Test func anEmptySelectionPrintsOnlyTheHeader() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "explode-bot", "--weapon", "fire"]).code == .success)
    #expect(
      harness.run(["list", "--weapon", "smoke"])
        == CommandResult(.success, output: "NAME  WEAPON     DESCRIPTION\n"))
    #expect(
      harness.run(["list", "--weapon", "smoke", "--format", "names"]) == CommandResult(.success))
  }

  @Test func anEmptyRosterPrintsOnlyTheHeader() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON([]))
    #expect(
      harness.run(["list"]) == CommandResult(.success, output: "NAME  WEAPON     DESCRIPTION\n"))
    #expect(harness.run(["list", "--format", "names"]) == CommandResult(.success))
  }

  @Test func showsAnEditAtOnce() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "Cat-Bot", "--weapon", "fire"]).code == .success)
    #expect(
      harness.run(["list", "--weapon", "fire", "--format", "names"])
        == CommandResult(.success, output: "Cat-Bot\nIce-Bot\n"))
  }

  @Test func refusesAnUnknownWeapon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--weapon", "sord"])
        == usageFailure(
          "Unknown weapon 'sord'. Did you mean 'sword'? "
            + "Choose one of: blowgun, ninjaStar, fire, sword, smoke.",
          command: "list"))
  }

  @Test func refusesAnUnknownFormat() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["list", "--format", "xml"])
        == usageFailure(
          "Unknown format 'xml'. Choose one of: table, names, json, ndjson, tsv.", command: "list"))
    #expect(
      harness.run(["list", "--format", "nmes"])
        == usageFailure(
          "Unknown format 'nmes'. Did you mean 'names'? "
            + "Choose one of: table, names, json, ndjson, tsv.",
          command: "list"))
  }
}
