import Foundation
import MonsterKit
import Testing

@testable import MonstersCLI

/// Names on the command line: one name however it is cased or composed, names that look
/// like others refused, and rosters written before those rules reported where to fix them.
@Suite struct NameRulesCommandTests {
  @Test(arguments: [
    ("Ice-Bot\u{A0}", "it ends with white space, U+00A0 (NO-BREAK SPACE)"),
    ("Ice-Bot ", "it ends with white space, U+0020 (SPACE)"),
    ("Ice\u{200B}-Bot", "it holds a format character, U+200B (ZERO WIDTH SPACE)"),
    ("\u{FEFF}Ice-Bot", "it holds a format character, U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ("Ice-Bot\u{202E}", "it holds a format character, U+202E (RIGHT-TO-LEFT OVERRIDE)"),
  ])
  func aNameThatLooksLikeAnotherIsAUsageError(_ name: String, _ reason: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let message = "Error: '\(escapedForMessage(name))' cannot be a monster's name: \(reason).\n"
    for arguments in [["add", name, "--weapon", "fire"], ["rename", "cat-bot", name]] {
      let result = harness.run(arguments)
      #expect(result.code == .usage)
      #expect(result.errors.hasPrefix(message + "Usage: monsters \(arguments[0]) "))
    }
    let script = harness.run(["apply"], input: "rename cat-bot '\(name)'\n")
    #expect(script.code == .usage)
    #expect(script.errors.hasPrefix("Error: <stdin>:1: " + message.dropFirst("Error: ".count)))
    #expect(harness.rosterText() == seededRosterText)
  }

  /// A zero-width space, a byte order mark or a tag character in a name the command line
  /// gives makes it another name than the one it looks like: the message shows it.
  @Test(arguments: [
    ("Ice\u{200B}-Bot", #"Ice\u{200B}-Bot"#), ("\u{FEFF}Ice-Bot", #"\u{FEFF}Ice-Bot"#),
    ("Ice-Bot\u{E0041}\u{E007F}", #"Ice-Bot\u{E0041}\u{E007F}"#),
    ("Ice\u{2060}-Bot", #"Ice\u{2060}-Bot"#),
  ])
  func invisibleFormatCharactersAreShownInMessages(_ name: String, _ shown: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(seededRosterText)
    let result = harness.run(["show", name])
    #expect(result.code == .failure)
    #expect(result.errors.hasPrefix("Error: No monster named '\(shown)'."), "\(result.errors)")
    #expect(harness.run(["remove", name, "--if-exists"]).errors.contains("'\(shown)'"))
  }

  @Test func namesAreTheSameUnderUnicodeCaseFolding() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "Straße"), MonsterFields(name: "Café")]))
    let before = harness.rosterText()
    for name in ["STRASSE", "STRAẞE", "strasse"] {
      #expect(
        harness.run(["add", name, "--weapon", "fire"])
          == CommandResult(
            .failure,
            errors: "Error: The name '\(name)' is taken: there is a monster named 'Straße' "
              + "(names are compared ignoring case).\n"))
      #expect(harness.run(["show", name, "--format", "json"]).output.contains(#""Straße""#))
    }
    #expect(harness.run(["rename", "café", "Cafe\u{301}-Bot"]).code == .success)
    #expect(harness.run(["rename", "STRASSE", "CAFE\u{301}-BOT"]).code == .failure)
    #expect(harness.run(["remove", "CAFÉ-BOT"]).code == .success)
    #expect(harness.run(["list", "--format", "names"]).output == "Straße\n")
    #expect(harness.rosterText() != before)
  }

  @Test func aRosterWithANameThatLooksLikeAnotherIsReportedWithWhereToFixIt() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: "Ice-Bot"), MonsterFields(name: "Ice-Bot\u{A0}")]))
    let before = harness.rosterText()
    let problem =
      "\(harness.rosterPath):11:15: monster 2: the name ends with white space, U+00A0 "
      + "(NO-BREAK SPACE); correct it in the file"
    #expect(
      harness.run(["check"])
        == CommandResult(
          .failure, output: problem + "\n",
          errors: "Error: 1 problem in \(harness.rosterPath).\n"))
    for arguments in [["list"], ["show", "ice-bot"], ["set", "ice-bot", "--weapon", "fire"]] {
      #expect(harness.run(arguments) == CommandResult(.dataError, errors: "Error: \(problem)\n"))
    }
    #expect(harness.rosterText() == before)
  }

  @Test func bidirectionalControlsInTextAreEscapedOnATerminal() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: "Cat-Bot", description: "evil\u{202E}txt.exe", icon: "a\u{2066}.png")
      ]))
    let table = harness.run(["list"], terminal: true).output
    #expect(table.contains("evil\\u{202E}txt.exe") && !table.contains("\u{202E}"))
    let card = harness.run(["show", "cat-bot"], terminal: true).output
    #expect(card.contains("evil\\u{202E}txt.exe") && card.contains("a\\u{2066}.png"))
    let tsv = harness.run(["list", "--format", "tsv"], terminal: true).output
    #expect(tsv.contains("evil\\u{202E}txt.exe") && !tsv.contains("\u{202E}"))
    let json = harness.run(["list", "--format", "json"], terminal: true).output
    #expect(json.contains(#"evil\u202etxt.exe"#) && json.contains(#"a\u2066.png"#))
    // Data for a pipe is the data as it is.
    #expect(harness.run(["list", "--format", "tsv"]).output.contains("evil\u{202E}txt.exe"))
    #expect(harness.run(["list", "--format", "json"]).output.contains("evil\u{202E}txt.exe"))
  }

  /// Every message quotes at most 200 characters of a value, however long the value.
  @Test func aMegabyteValueIsQuotedInPartEverywhere() throws {
    let harness = try CommandLineHarness()
    let long = String(repeating: "x", count: 1 << 20)
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: long), MonsterFields(name: "Cat-Bot")]))
    let cases: [[String]] = [
      ["add", long.uppercased(), "--weapon", "fire"],
      ["rename", "cat-bot", long.uppercased()],
      ["show", long + "y"],
      ["set", long + "y", "--weapon", "fire"],
      ["set", "cat-bot", "--weapon", long],
      ["set", "cat-bot", "--name-color", long],
      ["list", "--format", long],
      ["list", "--lock-timeout", long],
      ["--file", harness.path(long), "list"],
      ["--file", harness.path(long), "set", "cat-bot", "--weapon", "fire"],
      ["apply", harness.path(long)],
      ["add", long + "\u{A0}", "--weapon", "fire"],
    ]
    for arguments in cases {
      let result = harness.run(arguments)
      #expect(result.code != .success, "\(arguments.map { $0.prefix(20) })")
      #expect(result.errors.count < 2000, "\(arguments.map { $0.prefix(20) })")
      #expect(result.errors.contains("more characters)"), "\(arguments.map { $0.prefix(20) })")
    }
    // Two monsters of one megabyte name: every read command says so, briefly.
    try harness.writeRoster(
      rosterJSON([MonsterFields(name: long), MonsterFields(name: long.uppercased())]))
    for arguments in [["list"], ["show", "x"], ["check"]] {
      let result = harness.run(arguments)
      #expect(result.output.count + result.errors.count < 2000, "\(arguments)")
      #expect((result.output + result.errors).contains("the name is taken by monster 1"))
    }
  }
}
