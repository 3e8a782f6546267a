import Foundation
import MonstersSystem
import ProgramRunning
import Testing

@testable import MonstersCLI

// Values after --where FIELD=, lists of fields, names once; and paths without compopt.
extension CompletionTests {
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
  func fishComplete(_ line: String, harness: CommandLineHarness) throws -> [String] {
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
}
