import Testing

@Suite struct ArgumentParsingTests {
  /// A harness whose `MONSTERS_FILE` is missing (the seeded roster), with another roster of
  /// one monster, Robo-Bot, at `other.json`.
  private func harnessWithOtherRoster() throws -> (CommandLineHarness, String) {
    let harness = try CommandLineHarness()
    let other = harness.path("other.json")
    try harness.write(rosterJSON([MonsterFields(name: "Robo-Bot")]), to: other)
    return (harness, other)
  }

  @Test(arguments: [
    ["--file", "PATH", "list", "--format", "names"],
    ["list", "--file", "PATH", "--format", "names"],
    ["list", "--format", "names", "--file", "PATH"],
    ["--file=PATH", "list", "--format", "names"],
    ["list", "--format=names", "--file=PATH"],
    ["-f", "PATH", "list", "--format", "names"],
    ["list", "--format", "names", "-f", "PATH"],
    ["-fPATH", "list", "--format", "names"],
    ["list", "--format", "names", "-fPATH"],
    ["list", "-f=PATH", "--format", "names"],
  ])
  func fileMayStandAnywhereInAnySpelling(_ template: [String]) throws {
    let (harness, other) = try harnessWithOtherRoster()
    let arguments = template.map { $0.replacing("PATH", with: other) }
    #expect(harness.run(arguments) == CommandResult(.success, output: "Robo-Bot\n"))
  }

  @Test func fileComesFromTheEnvironment() throws {
    let (harness, other) = try harnessWithOtherRoster()
    #expect(
      harness.run(["list", "--format", "names"], environment: ["MONSTERS_FILE": other])
        == CommandResult(.success, output: "Robo-Bot\n"))
  }

  @Test func fileOptionWinsOverTheEnvironment() throws {
    let (harness, other) = try harnessWithOtherRoster()
    #expect(
      harness.run(
        ["list", "--format", "names", "--file", other],
        environment: ["MONSTERS_FILE": harness.path("missing.json")])
        == CommandResult(.success, output: "Robo-Bot\n"))
    try harness.writeRoster(seededRosterText)
    #expect(
      harness.run(
        ["--file", harness.rosterPath, "list", "--format", "names"],
        environment: ["MONSTERS_FILE": other])
        == CommandResult(.success, output: seededNames))
  }

  @Test func anEditGoesToTheFileNamed() throws {
    let (harness, other) = try harnessWithOtherRoster()
    #expect(
      harness.run(["set", "robo-bot", "-f", other, "--weapon", "smoke"])
        == CommandResult(.success, output: "Robo-Bot: weapon fire -> smoke.\n"))
    #expect(harness.rosterBytes() == nil)
    #expect(
      harness.run(["--file", other, "list"])
        == CommandResult(
          .success,
          output: "NAME      WEAPON     DESCRIPTION\nRobo-Bot  smoke      d\n"))
  }

  @Test(arguments: [
    ["--lock-timeout", "2", "set", "cat-bot", "--weapon", "fire"],
    ["set", "--lock-timeout=2", "cat-bot", "--weapon", "fire"],
    ["set", "cat-bot", "--weapon", "fire", "--lock-timeout", "0"],
    ["--no-color", "set", "cat-bot", "--weapon", "fire"],
    ["set", "cat-bot", "--no-color", "--weapon=fire"],
  ])
  func globalOptionsMayStandAnywhere(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(arguments)
        == CommandResult(
          .success, output: "Cat-Bot: weapon sword -> fire.\n", errors: harness.createdNote("set")))
  }

  @Test func optionsMayComeBeforeTheArgument() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "--weapon", "fire", "--icon=cat.png", "cat-bot"])
        == CommandResult(
          .success, output: "Cat-Bot: weapon sword -> fire, icon meetcatbot.png -> cat.png.\n",
          errors: harness.createdNote("set")))
  }

  @Test func aValueMayStartWithADashOrHoldAnEqualsSign() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--description", "-purr-"])
        == CommandResult(
          .success, output: "Cat-Bot: description 'MEE-OW' -> '-purr-'.\n",
          errors: harness.createdNote("set")))
    #expect(
      harness.run(["set", "cat-bot", "--description=--weapon=a=b"])
        == CommandResult(.success, output: "Cat-Bot: description '-purr-' -> '--weapon=a=b'.\n"))
  }

  @Test func doubleDashEndsTheOptions() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["init"]).code == .success)
    let seeded = try #require(harness.rosterText())
    try harness.writeRoster(seeded.replacing("\"name\": \"Dog-Bot\"", with: "\"name\": \"-x-\""))
    #expect(
      harness.run(["show", "--", "-x-"])
        == .card(
          "-x-", description: "BOW-WOW", icon: "meetdogbot.png",
          weapon: "blowgun (blowgun.png)"))
    #expect(
      harness.run(["show", "--format", "json", "--", "-X-"]).output.hasPrefix(
        "{\n  \"name\": \"-x-\",\n"))
    #expect(
      harness.run(["show", "-x-"])
        == usageFailure("Unknown option '-x-'.", command: "show"))
    let before = try #require(harness.rosterBytes())
    #expect(
      harness.run(["set", "--", "-x-", "--weapon", "fire"])
        == usageFailure(
          "Nothing to set: give --weapon, --description, --icon, --name-color or --field. Did you mean "
            + "'--weapon fire'?", command: "set"))
    #expect(harness.rosterBytes() == before)
    #expect(
      harness.run(["set", "--weapon", "fire", "--", "-x-"])
        == CommandResult(.success, output: "-x-: weapon blowgun -> fire.\n"))
    #expect(
      harness.run(["list", "--format", "names"])
        == CommandResult(
          .success, output: "Cat-Bot\n-x-\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\n"))
  }

  @Test(arguments: [
    ["--version"], ["list", "--version"], ["--version", "show", "nobody"], ["show", "--version"],
    ["set", "--version"], ["show", "a", "b", "--version"],
  ])
  func versionPrintsTheVersion(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(arguments) == CommandResult(.success, output: "monsters 1.0.0\n"))
  }

  @Test func noSubcommandIsAUsageError() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run([]) == usageFailure("Missing subcommand.", command: ""))
    #expect(
      harness.run(["--file", harness.rosterPath])
        == usageFailure("Missing subcommand.", command: ""))
  }

  @Test func theSubcommandMayFollowTheEndOfOptions() throws {
    let harness = try CommandLineHarness()
    // list takes no arguments, so it has them all: the words after it are options again.
    #expect(harness.run(["--", "list", "--format", "names"]).output == seededNames)
    let shown = harness.run(["--", "show", "cat-bot"])
    #expect(shown.code == .success && shown == harness.run(["show", "cat-bot"]))
    #expect(
      harness.run(["--", "-list"])
        == usageFailure("Unknown subcommand '-list'. Did you mean 'list'?", command: ""))
  }

  @Test(arguments: [
    (
      ["remove", "cat-bot", "\u{2014}dry-run", "--if-exists"], "remove",
      "Unknown option '\u{2014}dry-run': it starts with U+2014 (EM DASH), not '-'. "
        + "Did you mean '--dry-run'?"
    ),
    (
      ["set", "cat-bot", "--weapon", "fire", "\u{2013}\u{2013}dry-run"], "set",
      "Unknown option '\u{2013}\u{2013}dry-run': it starts with U+2013 (EN DASH), not '-'. "
        + "Did you mean '--dry-run'?"
    ),
    (
      ["show", "cat-bot", "\u{2212}f", "other.json"], "show",
      "Unknown option '\u{2212}f': it starts with U+2212 (MINUS SIGN), not '-'. "
        + "Did you mean '-f'?"
    ),
    (
      ["\u{2014}help"], "",
      "Unknown option '\u{2014}help': it starts with U+2014 (EM DASH), not '-'. "
        + "Did you mean '--help'?"
    ),
  ])
  func anOptionWithADashThatOnlyLooksLikeOneIsRefusedNotTakenForAName(
    _ arguments: [String], _ command: String, _ message: String
  ) throws {
    // An editor's autocorrect makes `--dry-run` an em dash: taken for a name that
    // `--if-exists` lets pass, it removed Cat-Bot for real.
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(result.errors.hasPrefix("Error: \(message)\nUsage: monsters \(command)"))
    #expect(harness.rosterText() == seededRosterText)
  }

  @Test func aNameThatStartsWithADashLookalikeStandsAfterTheEndOfOptions() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["add", "--", "\u{2014}dry-run", "--weapon", "fire"])
        == CommandResult(
          .success, output: "Added \u{2014}dry-run.\n", errors: harness.createdNote("add")))
    #expect(
      harness.run(["show", "--field", "weapon", "--", "\u{2014}DRY-RUN"])
        == CommandResult(.success, output: "fire\n"))
  }

  @Test func subcommandOptionsDoNotStandBeforeTheSubcommand() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["--weapon", "fire", "list"])
        == usageFailure("Unknown option '--weapon'.", command: ""))
  }
}
