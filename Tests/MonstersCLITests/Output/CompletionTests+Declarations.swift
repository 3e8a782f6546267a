import Foundation
import MonstersSystem
import ProgramRunning
import Testing

@testable import MonstersCLI

// What the roster declares: its weapons, fields, values and actions completed, and never
// run as code.
extension CompletionTests {
  /// Weapons, fields and their values are read from the roster the line names, and a
  /// subcommand's actions are completed after it.
  @Test func bashCompletesTheRostersWeaponsFieldsAndActions() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    let environment = ["MONSTERS_FILE": harness.rosterPath]
    func complete(_ words: [String]) throws -> [String] {
      try bashComplete(["monsters"] + words, harness: harness, environment: environment)
    }
    #expect(try complete(["set", "cat-bot", "--weapon", "l"]) == ["laser"])
    #expect(try complete(["set", "--where", "team="]) == ["red", "blue"])
    // Every comparison: at the first of them, as the command line reads it.
    #expect(try complete(["set", "--where", "team!=b"]) == ["blue"])
    #expect(try complete(["list", "--where", "team<=r"]) == ["red"])
    #expect(try complete(["list", "--where", "team<b"]) == ["team\\<blue"])
    #expect(try complete(["list", "--where", "team>"]) == ["team\\>red", "team\\>blue"])
    #expect(try complete(["remove", "--where", "name!=cat"]) == ["Cat-Bot"])
    #expect(try complete(["add", "X", "--field", "t"]) == ["team="])
    #expect(try complete(["set", "cat-bot", "--field", "team=b"]) == ["blue"])
    #expect(try complete(["list", "--where", "health="]) == [])
    #expect(try complete(["list", "--fields", "name,h"]) == ["name,health"])
    #expect(try complete(["show", "cat-bot", "--field", "n"]) == ["name", "nameColor", "notes"])
    #expect(try complete(["weapons", ""]) == ["add", "remove", "rename", "change"])
    #expect(try complete(["fields", ""]) == ["add", "remove", "change", "rename", "other-keys"])
    #expect(try complete(["fields", "other-keys", ""]) == ["keep", "refuse"])
    #expect(try complete(["fields", "change", ""]) == ["team", "health", "notes"])
    #expect(
      try complete(["fields", "change", "team", "--r"]) == ["--remove-values", "--required"])
    #expect(try complete(["weapons", "rename", ""]) == ["sword", "laser"])
    #expect(try complete(["weapons", "remove", ""]) == ["sword", "laser"])
    #expect(try complete(["fields", "remove", ""]) == ["team", "health", "notes"])
    #expect(try complete(["fields", "add", "x", "--i"]) == ["--integer"])
    #expect(try complete(["weapons", "add", "x", "--f"]) == ["--file"])
    #expect(try complete(["weapons", "--f"]) == ["--format", "--file"])
    #expect(try complete(["help", "sch"]) == ["schema"])
    // Another roster on the line is read instead.
    #expect(
      try bashComplete(
        ["monsters", "--file", harness.path("none.json"), "set", "x", "--weapon", "l"],
        harness: harness, environment: environment) == [])
  }

  /// `--field` takes the declared fields alone (a built-in one has its own option), so
  /// they are all it offers; `--where` offers every field.
  @Test func bashOffersOnlyDeclaredFieldsAfterField() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    let environment = ["MONSTERS_FILE": harness.rosterPath]
    func complete(_ words: [String]) throws -> [String] {
      try bashComplete(["monsters"] + words, harness: harness, environment: environment)
    }
    #expect(try complete(["set", "cat-bot", "--field", ""]) == ["team=", "health=", "notes="])
    #expect(try complete(["add", "X", "--field", "n"]) == ["notes="])
    #expect(try complete(["set", "--where", "n"]) == ["name=", "nameColor=", "notes="])
  }

  /// A roster whose declared fields' names and values are shell code.
  private static let hostileDeclarations = #"""
    {"version": 1, "fields": [
      {"name": "$(touch pwned)", "values": ["$(touch pwned2)", "`touch pwned3`", "a;touch pwned4"]},
      {"name": "`touch pwned5`"}, {"name": "it's"}], "monsters": []}
    """#

  /// Declared fields' names and values are data to completion, as monster names are: quoted,
  /// never run.
  @Test func bashNeverRunsADeclaredFieldOrValueAsCode() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.hostileDeclarations)
    #expect(
      try bashComplete(["monsters", "set", "x", "--field", ""], harness: harness)
        == [#"\$\(touch\ pwned\)="#, #"\`touch\ pwned5\`="#, #"it\'s="#])
    #expect(
      try bashComplete(["monsters", "set", "--where", #"\$\(touch\ pwned\)="#], harness: harness)
        == [#"\$\(touch\ pwned2\)"#, #"\`touch\ pwned3\`"#, #"a\;touch\ pwned4"#])
    #expect(
      try bashComplete(["monsters", "fields", "remove", ""], harness: harness)
        == [#"\$\(touch\ pwned\)"#, #"\`touch\ pwned5\`"#, #"it\'s"#])
    for file in ["pwned", "pwned2", "pwned3", "pwned4", "pwned5"] {
      #expect(!FileManager.default.fileExists(atPath: harness.path(file)), "\(file)")
    }
  }

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishNeverRunsADeclaredFieldOrValueAsCodeWhereFishIsInstalled() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.hostileDeclarations)
    #expect(
      try fishComplete("monsters set x --field ", harness: harness)
        == ["$(touch pwned)=", "`touch pwned5`=", "it's="])
    #expect(
      try fishComplete(#"monsters set --where \$\(touch\ pwned\)="#, harness: harness)
        == [
          "$(touch pwned)=$(touch pwned2)", "$(touch pwned)=`touch pwned3`",
          "$(touch pwned)=a;touch pwned4",
        ])
    for file in ["pwned", "pwned2", "pwned3", "pwned4", "pwned5"] {
      #expect(!FileManager.default.fileExists(atPath: harness.path(file)), "\(file)")
    }
  }

  @Test(.enabled(if: installedProgram("fish") != nil, "fish is not installed"))
  func fishCompletesTheRostersWeaponsFieldsAndActions() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(teamRosterText)
    func complete(_ line: String) throws -> [String] {
      try fishComplete(line, harness: harness)
    }
    #expect(try complete("monsters set cat-bot --weapon l") == ["laser"])
    #expect(try complete("monsters set --where team=") == ["team=red", "team=blue"])
    #expect(try complete("monsters set --where team!=b") == ["team!=blue"])
    #expect(try complete("monsters list --where team\\<=r") == ["team<=red"])
    #expect(try complete("monsters set cat-bot --field team=b") == ["team=blue"])
    #expect(try complete("monsters set cat-bot --field n") == ["notes="])
    #expect(try complete("monsters set cat-bot --field=team=b") == ["--field=team=blue"])
    // fish sorts words it is given.
    #expect(try complete("monsters weapons ") == ["add", "change", "remove", "rename"])
    #expect(try complete("monsters weapons remove ") == ["sword", "laser"])
    #expect(try complete("monsters fields other-keys ") == ["keep", "refuse"])
    #expect(try complete("monsters fields remove ") == ["team", "health", "notes"])
    let addOptions = try complete("monsters weapons add laser --")
    #expect(addOptions.contains("--image") && !addOptions.contains("--format"))
    #expect(!(try complete("monsters add X --")).contains("--image"))
  }
}
