import Testing

@Suite struct ShowCommandTests {
  @Test func printsTheCardOfASeededMonster() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["show", "Cat-Bot"])
        == .card(
          "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png",
          weapon: "sword (sword.png)"))
  }

  @Test(arguments: ["mini-tomato-bot", "MINI-TOMATO-BOT", "Mini-Tomato-Bot", "mINI-tOMATO-bOT"])
  func findsTheMonsterInAnyCase(_ name: String) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["show", name])
        == .card(
          "Mini-Tomato-Bot", description: "Extremely Handsome", icon: "meetminitomatobot.png",
          weapon: "ninjaStar (ninjastar.png)"))
  }

  @Test func showsTheNameColour() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "ice-bot", "--name-color", "#ff8800"]).code == .success)
    #expect(
      harness.run(["show", "ice-bot"])
        == .card(
          "Ice-Bot", description: "Has A Chilling Effect", icon: "meeticebot.png",
          weapon: "fire (fire.png)", nameColour: "#FF8800"))
  }

  @Test func printsTheMonsterAsJSON() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["show", "ice-bot", "--format", "json"])
        == CommandResult(
          .success,
          output: MonsterFields(
            name: "Ice-Bot", description: "Has A Chilling Effect", icon: "meeticebot.png",
            weapon: "fire"
          ).shown))
    #expect(
      harness.run(["show", "--format=json", "ice-bot"])
        == harness.run(["show", "ice-bot", "--format", "json"]))
  }

  @Test func jsonKeepsTheNameColourAndKeysItDoesNotKnow() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      """
      {"version": 1, "monsters": [
        {"weapon": "smoke", "name": "Robo-Bot", "icon": "r.png", "description": "tab\\there \\"q\\" é",
         "nameColor": "#ff8800", "zz": 1e10, "yy": {"k": [true, null]}}
      ]}
      """)
    #expect(
      harness.run(["show", "robo-bot", "--format", "json"])
        == CommandResult(
          .success,
          output: """
            {
              "name": "Robo-Bot",
              "description": "tab\\there \\"q\\" é",
              "icon": "r.png",
              "weapon": "smoke",
              "nameColor": "#FF8800",
              "zz": 1e10,
              "yy": {
                "k": [
                  true,
                  null
                ]
              }
            }

            """))
  }

  @Test func refusesAnUnknownFormat() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["show", "cat-bot", "--format", "xml"])
        == usageFailure("Unknown format 'xml'. Choose one of: text, json.", command: "show"))
    #expect(
      harness.run(["show", "cat-bot", "--format", "jsn"])
        == usageFailure(
          "Unknown format 'jsn'. Did you mean 'json'? Choose one of: text, json.",
          command: "show"))
  }

  @Test func anUnknownMonsterGetsASuggestion() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["show", "Cat-Bott"])
        == CommandResult(
          .failure, errors: "Error: No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?\n"))
    #expect(
      harness.run(["show", "Godzilla"])
        == CommandResult(.failure, errors: "Error: No monster named 'Godzilla'.\n"))
  }

  @Test func needsExactlyOneMonster() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["show"])
        == usageFailure("Missing expected argument '<monster>'.", command: "show"))
    #expect(
      harness.run(["show", "cat-bot", "dog-bot"])
        == usageFailure(
          "Unexpected argument 'dog-bot'; quote a name with spaces: "
            + "monsters show 'cat-bot dog-bot'", command: "show"))
  }

  @Test func jsonOnATerminalEscapesDeleteAndC1Controls() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON([MonsterFields(name: "A", description: "a\u{7F}b\u{9B}c")]))
    #expect(
      harness.run(["show", "A", "--format", "json"], terminal: true).output.contains(
        #""description": "a\u007fb\u009bc""#))
    #expect(
      harness.run(["show", "A", "--format", "json"]).output.contains(
        "\"description\": \"a\u{7F}b\u{9B}c\""))
  }
}
