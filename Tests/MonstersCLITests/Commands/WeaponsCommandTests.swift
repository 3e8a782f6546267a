import Testing

@Suite struct WeaponsCommandTests {
  @Test func printsTheWeaponsAndTheirImages() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons"])
        == CommandResult(
          .success,
          output: """
            WEAPON     IMAGE
            blowgun    blowgun.png
            ninjaStar  ninjastar.png
            fire       fire.png
            sword      sword.png
            smoke      smoke.png

            """))
    #expect(harness.run(["weapons", "--format", "table"]) == harness.run(["weapons"]))
  }

  @Test func printsOneNameALine() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons", "--format", "names"])
        == CommandResult(.success, output: "blowgun\nninjaStar\nfire\nsword\nsmoke\n"))
  }

  @Test func listsTheRostersWeaponsSoABrokenRosterIsAnError() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("not JSON")
    #expect(harness.run(["weapons", "--format", "names"]).code == .dataError)
  }

  @Test func refusesAnUnknownFormat() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons", "--format", "yaml"])
        == usageFailure(
          "Unknown format 'yaml'. Choose one of: table, names, json.", command: "weapons"))
  }

  @Test func takesNoArguments() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons", "fire"])
        == usageFailure("Unexpected argument 'fire'.", command: "weapons"))
  }

  @Test func weaponsComeAsATableNamesOrJSON() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons", "--format", "json"]).output.hasPrefix(
        "[\n  {\n    \"name\": \"blowgun\",\n    \"image\": \"blowgun.png\"\n  },\n"))
    #expect(
      harness.run(["weapons", "--format", "names"]).output
        == "blowgun\nninjaStar\nfire\nsword\nsmoke\n")
  }
}
