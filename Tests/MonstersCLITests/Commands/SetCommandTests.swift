import Foundation
import Testing

@Suite struct SetCommandTests {
  /// The lines of two texts that differ, as (old, new) pairs, for texts of as many lines.
  private func changedLines(from old: String, to new: String) -> [(String, String)] {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    guard oldLines.count == newLines.count else { return [("<line count>", "<differs>")] }
    return zip(oldLines, newLines).filter { $0 != $1 }.map { (String($0), String($1)) }
  }

  @Test func setsTheWeapon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "fire"])
        == CommandResult(
          .success, output: "Cat-Bot: weapon sword -> fire.\n", errors: harness.createdNote("set")))
    #expect(
      harness.run(["show", "cat-bot"]).output
        == cardText(
          "Cat-Bot", description: "MEE-OW", icon: "meetcatbot.png", weapon: "fire (fire.png)"))
  }

  @Test(arguments: ["ninja-star", "NinjaStar", "ninja_star", "ninjastar"])
  func weaponIsForgiving(_ spelling: String) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "Cat-Bot", "--weapon", spelling])
        == CommandResult(
          .success, output: "Cat-Bot: weapon sword -> ninjaStar.\n",
          errors: harness.createdNote("set")))
    let text = try #require(harness.rosterText())
    #expect(text.contains("\"weapon\": \"ninjaStar\""))
  }

  @Test func theFirstEditCreatesTheFileFromTheSeededRosterWithOneLineChanged() throws {
    let harness = try CommandLineHarness()
    #expect(harness.rosterBytes() == nil)
    #expect(harness.run(["set", "Dog-Bot", "--weapon", "smoke"]).code == .success)
    let text = try #require(harness.rosterText())
    let changes = changedLines(from: seededRosterText, to: text)
    #expect(changes.count == 1)
    #expect(changes.first?.0 == "      \"weapon\": \"blowgun\"")
    #expect(changes.first?.1 == "      \"weapon\": \"smoke\"")
  }

  @Test func changingTheDescriptionChangesOneLine() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let before = try #require(harness.rosterText())
    #expect(
      harness.run(["set", "explode-bot", "--description", "Kaboom \"now\""])
        == CommandResult(
          .success,
          output: "Explode-Bot: description 'Tick, tick, BOOM!' -> 'Kaboom \"now\"'.\n"))
    let after = try #require(harness.rosterText())
    let changes = changedLines(from: before, to: after)
    #expect(changes.count == 1)
    #expect(changes.first?.1 == "      \"description\": \"Kaboom \\\"now\\\"\",")
  }

  @Test func setsTheIcon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "fire-bot", "--icon", "hotbot.png"])
        == CommandResult(
          .success, output: "Fire-Bot: icon meetfirebot.png -> hotbot.png.\n",
          errors: harness.createdNote("set")))
    let changes = changedLines(from: seededRosterText, to: try #require(harness.rosterText()))
    #expect(changes.map(\.1) == ["      \"icon\": \"hotbot.png\","])
  }

  @Test func setsANamedColourAndRemovesIt() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "Red"])
        == CommandResult(
          .success, output: "Cat-Bot: name colour none -> red.\n",
          errors: harness.createdNote("set")))
    let withColour = try #require(harness.rosterText())
    #expect(
      withColour.contains(
        """
              "weapon": "sword",
              "nameColor": "red"
            },
        """))
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "none"])
        == CommandResult(.success, output: "Cat-Bot: name colour red -> none.\n"))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func setsAHexColourInUpperCase() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "#ff8800"])
        == CommandResult(
          .success, output: "Cat-Bot: name colour none -> #FF8800.\n",
          errors: harness.createdNote("set")))
    #expect(harness.rosterText()?.contains("\"nameColor\": \"#FF8800\"\n") == true)
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "#00ff7F"])
        == CommandResult(.success, output: "Cat-Bot: name colour #FF8800 -> #00FF7F.\n"))
  }

  @Test func setsSeveralFieldsAtOnce() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run([
        "set", "ICE-BOT", "--name-color", "cyan", "--icon", "ice.png", "--weapon", "Sword",
        "--description=Cool",
      ])
        == CommandResult(
          .success,
          output: "Ice-Bot: weapon fire -> sword, description 'Has A Chilling Effect' -> 'Cool', "
            + "icon meeticebot.png -> ice.png, name colour none -> cyan.\n",
          errors: harness.createdNote("set")))
    #expect(
      harness.run(["show", "ice-bot", "--format", "json"]).output
        == MonsterFields(
          name: "Ice-Bot", description: "Cool", icon: "ice.png", weapon: "sword", nameColor: "cyan"
        ).shown)
  }

  @Test func onlyTheFieldsThatChangeAreReported() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "sword", "--description", "Purr"])
        == CommandResult(
          .success, output: "Cat-Bot: description 'MEE-OW' -> 'Purr'.\n",
          errors: harness.createdNote("set")))
  }

  @Test func anEditThatChangesNothingLeavesTheFileAlone() throws {
    let harness = try CommandLineHarness()
    // Valid, but not in canonical form: a rewrite would show.
    let handWritten = """
      {"version": 1, "monsters": [{"name": "Cat-Bot", "description": "MEE-OW",
        "icon": "meetcatbot.png", "weapon": "sword", "nameColor": "#ff8800"}]}
      """
    try harness.writeRoster(handWritten)
    let before = try #require(harness.rosterBytes())
    for arguments in [
      ["set", "cat-bot", "--weapon", "sword"],
      ["set", "CAT-BOT", "--description", "MEE-OW", "--icon", "meetcatbot.png"],
      ["set", "cat-bot", "--name-color", "#FF8800"],
    ] {
      #expect(
        harness.run(arguments)
          == CommandResult(
            .success,
            errors: "monsters set: Nothing to change: \(harness.rosterPath) is as asked.\n"))
      #expect(harness.rosterBytes() == before)
    }
  }

  @Test func anEditThatChangesNothingCreatesNoFile() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "none"])
        == CommandResult(
          .success, errors: "monsters set: Nothing to change: \(harness.rosterPath) is as asked.\n")
    )
    #expect(harness.rosterBytes() == nil)
  }

  @Test func aHandWrittenFileIsPutInCanonicalFormByItsFirstEdit() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      "{\"monsters\":[{\"name\":\"A\",\"weapon\":\"fire\",\"icon\":\"a.png\","
        + "\"description\":\"x\",\"mood\":\"grumpy\"}],\"version\":1}")
    #expect(
      harness.run(["set", "a", "--weapon", "smoke"])
        == CommandResult(.success, output: "A: weapon fire -> smoke.\n"))
    #expect(
      harness.rosterText()
        == rosterJSON([
          MonsterFields(
            name: "A", description: "x", icon: "a.png", weapon: "smoke", others: ["mood": "grumpy"])
        ]))
  }

  @Test func needsSomethingToSet() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot"])
        == usageFailure(
          "Nothing to set: give --weapon, --description, --icon, --name-color or --field.",
          command: "set"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func refusesAnUnknownWeapon() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--weapon", "axe"])
        == usageFailure(
          "Unknown weapon 'axe'. Choose one of: blowgun, ninjaStar, fire, sword, smoke.",
          command: "set"))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func refusesABadColour() throws {
    let harness = try CommandLineHarness()
    let colours =
      "it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "purple"])
        == usageFailure("Invalid value 'purple' for 'nameColor': \(colours)", command: "set"))
    #expect(
      harness.run(["set", "cat-bot", "--name-color", "redd"])
        == usageFailure("Invalid value 'redd' for 'nameColor': \(colours)", command: "set"))
    for bad in ["#ff880", "#gg8800", "ff8800", "#ff88001"] {
      #expect(
        harness.run(["set", "cat-bot", "--name-color", bad])
          == usageFailure("Invalid value '\(bad)' for 'nameColor': \(colours)", command: "set"))
    }
    #expect(harness.rosterBytes() == nil)
  }

  @Test func anUnknownMonsterGetsASuggestionAndNothingIsWritten() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "Cat-Bott", "--weapon", "fire"])
        == CommandResult(
          .failure, errors: "Error: No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?\n"))
    #expect(harness.rosterBytes() == nil)
    #expect(harness.run(["init"]).code == .success)
    let before = try #require(harness.rosterBytes())
    #expect(
      harness.run(["set", "dog-bott", "--weapon", "fire"])
        == CommandResult(
          .failure, errors: "Error: No monster named 'dog-bott'. Did you mean 'Dog-Bot'?\n"))
    #expect(harness.rosterBytes() == before)
    // A character of four bytes pasted after a name is one edit from it, as a letter is.
    #expect(
      harness.run(["set", "Cat-Bot\u{E0001}", "--weapon", "fire"])
        == CommandResult(
          .failure,
          errors: "Error: No monster named 'Cat-Bot\\u{E0001}'. Did you mean 'Cat-Bot'?\n"))
    #expect(harness.rosterBytes() == before)
  }

  @Test func keepsTheFilesPermissions() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640], ofItemAtPath: harness.rosterPath)
    #expect(harness.run(["set", "cat-bot", "--weapon", "fire"]).code == .success)
    let attributes = try FileManager.default.attributesOfItem(atPath: harness.rosterPath)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
  }

  @Test func editsTheTargetOfASymbolicLinkAndKeepsTheLink() throws {
    let harness = try CommandLineHarness()
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      atPath: harness.path("real"), withIntermediateDirectories: false)
    let target = harness.path("real/roster.json")
    #expect(harness.run(["init", "--file", target]).code == .success)
    try fileManager.createSymbolicLink(
      atPath: harness.rosterPath, withDestinationPath: "real/roster.json")
    #expect(
      harness.run(["set", "dog-bot", "--weapon", "fire"])
        == CommandResult(.success, output: "Dog-Bot: weapon blowgun -> fire.\n"))
    #expect(
      try fileManager.destinationOfSymbolicLink(atPath: harness.rosterPath) == "real/roster.json")
    let edited = try String(contentsOfFile: target, encoding: .utf8)
    #expect(
      changedLines(from: seededRosterText, to: edited).map(\.1) == ["      \"weapon\": \"fire\""])
    #expect(
      try fileManager.contentsOfDirectory(atPath: harness.path("real")).sorted() == [
        "roster.json"
      ])
  }

  #if os(Linux)
    /// A link whose target's path is not UTF-8 (which Linux allows, and Darwin's file
    /// systems refuse) can be read through, but not named again to write its target: the
    /// edit says so, once, rather than that the file changed, to try again.
    @Test func aLinkToAPathThatIsNotUTF8IsReadButNotWrittenThrough() throws {
      let harness = try CommandLineHarness()
      #expect(harness.run(["init", "--file", harness.path("real.json")]).code == .success)
      func cPath(_ bytes: [UInt8]) -> [CChar] { (bytes + [0]).map { CChar(bitPattern: $0) } }
      let folder = Array(harness.folder.utf8) + Array("/r".utf8) + [0xFF]
      #expect(mkdir(cPath(folder), 0o755) == 0)
      #expect(rename(harness.path("real.json"), cPath(folder + Array("/x.json".utf8))) == 0)
      #expect(
        symlink(cPath(Array("r".utf8) + [0xFF] + Array("/x.json".utf8)), harness.rosterPath) == 0)
      #expect(
        harness.run(["show", "cat-bot", "--field", "weapon"])
          == CommandResult(.success, output: "sword\n"))
      let result = harness.run(["set", "cat-bot", "--weapon", "fire"])
      #expect(result.code == .ioError)
      #expect(result.errors.contains("Cannot write through the symbolic link "), "\(result)")
      #expect(!result.errors.contains("Try again"))
    }
  #endif
}
